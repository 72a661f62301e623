using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>
/// Pre-encoded member names, and the writes generated code makes of a value followed by the next member's name in one
/// reservation and one copy (each the same bytes as the value write and then <see cref="WritePreEncodedName(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>).
/// </summary>
public ref partial struct JsonableWriter
{
    /// <summary>
    /// Starts an object and writes its first member's name in one reservation and one copy: what
    /// <see cref="WriteObjectStart"/> then <see cref="WritePreEncodedName(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/> write, for generated code whose first member is
    /// always written. Takes the name in the same form as every other member's, with its leading comma, and writes
    /// <c>{</c> over that comma.
    /// </summary>
    /// <param name="jmc1">The name as JMC1 bytes with the leading comma, e.g. <c>,/*\x04\x01*/"Name":</c>.</param>
    /// <param name="json">The name as JSON bytes with the leading comma, e.g. <c>,"Name":</c>.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteObjectStartAndName(scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        Enter();
        if (EmitMetadata)
        {
            ref byte dest = ref ReserveRef(8 + jmc1.Length);
            Unsafe.WriteUnaligned(ref dest, Jmc1HeaderBytes);
            CopyBytes(ref Unsafe.Add(ref dest, 8), ref MemoryMarshal.GetReference(jmc1), jmc1.Length);
            Unsafe.Add(ref dest, 8) = (byte)'{';
            _pos += 8 + jmc1.Length;
        }
        else
        {
            ref byte dest = ref ReserveRef(json.Length);
            CopyBytes(ref dest, ref MemoryMarshal.GetReference(json), json.Length);
            dest = (byte)'{';
            _pos += json.Length;
        }
    }

    /// <summary>
    /// Writes a pre-encoded member name. Generated code passes both encodings (with the leading comma where
    /// the member is not the first and the trailing colon) so that no name is escaped at run time.
    /// </summary>
    /// <param name="jmc1">The name as JMC1 bytes, e.g. <c>,/*\x04\x01*/"Name":</c>.</param>
    /// <param name="json">The name as JSON bytes, e.g. <c>,"Name":</c>.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WritePreEncodedName(scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        ReadOnlySpan<byte> name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(name.Length);
        CopyBytes(ref dest, ref MemoryMarshal.GetReference(name), name.Length);
        _pos += name.Length;
    }

    /// <summary>
    /// Writes <c>true</c> or <c>false</c> and then the next member's pre-encoded name (with its leading comma) in one
    /// reservation: what <see cref="WriteBoolean"/> then <see cref="WritePreEncodedName(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/> write.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes.</param>
    /// <param name="json">The next name as JSON bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteBooleanAndName(bool value, scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        ReadOnlySpan<byte> name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(8 + name.Length);
        Unsafe.WriteUnaligned(ref dest, value ? TrueBytes : FalseBytes);
        int n = value ? 4 : 5;
        CopyBytes(ref Unsafe.Add(ref dest, n), ref MemoryMarshal.GetReference(name), name.Length);
        _pos += n + name.Length;
    }

    /// <summary>
    /// Writes a signed integer and then the next member's pre-encoded name (with its leading comma) in one
    /// reservation: what <see cref="WriteNumber(long)"/> then <see cref="WritePreEncodedName(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/> write, for generated
    /// code where a number member is followed by one that is always written.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes, e.g. <c>,/*\x04\x01*/"Name":</c>.</param>
    /// <param name="json">The next name as JSON bytes, e.g. <c>,"Name":</c>.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteNumberAndName(long value, scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        ReadOnlySpan<byte> name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(IntegerFormatter.MaxLength + name.Length);
        int n = IntegerFormatter.Format(value, ref dest);

        CopyBytes(ref Unsafe.Add(ref dest, n), ref MemoryMarshal.GetReference(name), name.Length);
        _pos += n + name.Length;
    }

    /// <summary>
    /// Writes an unsigned integer and then the next member's pre-encoded name in one reservation (see
    /// <see cref="WriteNumberAndName(long, ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>).
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes.</param>
    /// <param name="json">The next name as JSON bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteNumberAndName(ulong value, scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        ReadOnlySpan<byte> name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(IntegerFormatter.MaxLength + name.Length);
        int n = IntegerFormatter.Format(value, ref dest);
        CopyBytes(ref Unsafe.Add(ref dest, n), ref MemoryMarshal.GetReference(name), name.Length);
        _pos += n + name.Length;
    }

    /// <summary>
    /// Writes a string (or <c>null</c>) and then the next member's pre-encoded name (with its leading comma) in one
    /// reservation: what <see cref="WriteString(string)"/> then <see cref="WritePreEncodedName(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/> write.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes.</param>
    /// <param name="json">The next name as JSON bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public void WriteStringAndName(string? value, scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        ReadOnlySpan<byte> name = EmitMetadata ? jmc1 : json;
        if (value is null)
        {
            ref byte dest = ref ReserveRef(4 + name.Length);
            Unsafe.WriteUnaligned(ref dest, NullBytes);
            CopyBytes(ref Unsafe.Add(ref dest, 4), ref MemoryMarshal.GetReference(name), name.Length);
            _pos += 4 + name.Length;
        }
        else
        {
            WriteStringThen(value.AsSpan(), name);
        }
    }
}
