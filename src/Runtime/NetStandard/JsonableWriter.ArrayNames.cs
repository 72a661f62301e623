using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace Jsonable;

/// <summary>
/// The fused name writes of JsonableWriter.Fused.cs taking the names as arrays, which the generator's netstandard2.0
/// shape holds them in: System.Memory's portable span is built and passed by calls Mono's JIT (and IL2CPP) does not
/// inline, which cost more than the bytes they copy; an array is one reference. Same bytes as the span overloads.
/// </summary>
public ref partial struct JsonableWriter
{
    /// <summary>Starts an object and writes its first member's name (see the span overload).</summary>
    /// <param name="jmc1">The name as JMC1 bytes with the leading comma.</param>
    /// <param name="json">The name as JSON bytes with the leading comma.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public void WriteObjectStartAndName(byte[] jmc1, byte[] json)
    {
        Enter();
        if (EmitMetadata)
        {
            ref byte dest = ref ReserveRef(8 + jmc1.Length);
            Unsafe.WriteUnaligned(ref dest, Jmc1HeaderBytes);
            CopyBytes(ref Unsafe.Add(ref dest, 8), ref jmc1[0], jmc1.Length);
            Unsafe.Add(ref dest, 8) = (byte)'{';
            _pos += 8 + jmc1.Length;
        }
        else
        {
            ref byte dest = ref ReserveRef(json.Length);
            CopyBytes(ref dest, ref json[0], json.Length);
            dest = (byte)'{';
            _pos += json.Length;
        }
    }

    /// <summary>Writes a pre-encoded member name (see the span overload).</summary>
    /// <param name="jmc1">The name as JMC1 bytes.</param>
    /// <param name="json">The name as JSON bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public void WritePreEncodedName(byte[] jmc1, byte[] json)
    {
        byte[] name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(name.Length);
        CopyBytes(ref dest, ref name[0], name.Length);
        _pos += name.Length;
    }

    /// <summary>Writes <c>true</c> or <c>false</c> and then the next member's pre-encoded name (see the span overload).</summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes.</param>
    /// <param name="json">The next name as JSON bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public void WriteBooleanAndName(bool value, byte[] jmc1, byte[] json)
    {
        byte[] name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(8 + name.Length);
        Unsafe.WriteUnaligned(ref dest, value ? TrueBytes : FalseBytes);
        int n = value ? 4 : 5;
        CopyBytes(ref Unsafe.Add(ref dest, n), ref name[0], name.Length);
        _pos += n + name.Length;
    }

    /// <summary>Writes a signed integer and then the next member's pre-encoded name (see the span overload).</summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes.</param>
    /// <param name="json">The next name as JSON bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public void WriteNumberAndName(long value, byte[] jmc1, byte[] json)
    {
        byte[] name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(Internal.IntegerFormatter.MaxLength + name.Length);
        int n = Internal.IntegerFormatter.Format(value, ref dest);
        CopyBytes(ref Unsafe.Add(ref dest, n), ref name[0], name.Length);
        _pos += n + name.Length;
    }

    /// <summary>Writes an unsigned integer and then the next member's pre-encoded name (see the span overload).</summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes.</param>
    /// <param name="json">The next name as JSON bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public void WriteNumberAndName(ulong value, byte[] jmc1, byte[] json)
    {
        byte[] name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(Internal.IntegerFormatter.MaxLength + name.Length);
        int n = Internal.IntegerFormatter.Format(value, ref dest);
        CopyBytes(ref Unsafe.Add(ref dest, n), ref name[0], name.Length);
        _pos += n + name.Length;
    }

    /// <summary>Writes a string (or <c>null</c>) and then the next member's pre-encoded name (see the span overload).</summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes.</param>
    /// <param name="json">The next name as JSON bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public void WriteStringAndName(string? value, byte[] jmc1, byte[] json)
    {
        byte[] name = EmitMetadata ? jmc1 : json;
        if (value is null)
        {
            ref byte dest = ref ReserveRef(4 + name.Length);
            Unsafe.WriteUnaligned(ref dest, NullBytes);
            CopyBytes(ref Unsafe.Add(ref dest, 4), ref name[0], name.Length);
            _pos += 4 + name.Length;
        }
        else
        {
            WriteStringThen(value.AsSpan(), name);
        }
    }
}
