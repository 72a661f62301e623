using System;
using System.Globalization;
using System.Runtime.CompilerServices;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>Integers (through <see cref="IntegerFormatter"/>) and binary floating-point numbers.</summary>
public ref partial struct JsonableWriter
{
    /// <summary>Writes a signed integer.</summary>
    /// <param name="value">The value.</param>
    public void WriteNumber(long value)
    {
        // Reserve first, in its own statement: "_pos += Format(value, ref ReserveRef(n))" would read _pos before the
        // reservation could move to a new chunk (and reset it to 0), so a number written there would land after garbage.
        ref byte dest = ref ReserveRef(IntegerFormatter.MaxLength);
        _pos += IntegerFormatter.Format(value, ref dest);
    }

    /// <summary>Writes an unsigned integer.</summary>
    /// <param name="value">The value.</param>
    public void WriteNumber(ulong value)
    {
        ref byte dest = ref ReserveRef(IntegerFormatter.MaxLength); // in its own statement, as above
        _pos += IntegerFormatter.Format(value, ref dest);
    }

    /// <summary>Writes a double in its shortest round-trip form. NaN and infinities are an error: RFC 8259 has no token for them.</summary>
    /// <param name="value">The value.</param>
    public void WriteNumber(double value)
    {
        if (!double.IsFinite(value))
        {
            ThrowNonFinite(value.ToString(CultureInfo.InvariantCulture));
        }

        Span<byte> dest = Reserve(32);
        value.TryFormat(dest, out int written, default, CultureInfo.InvariantCulture);
        _pos += written;
    }

    /// <summary>Writes a float in its shortest round-trip form. NaN and infinities are an error.</summary>
    /// <param name="value">The value.</param>
    public void WriteNumber(float value)
    {
        if (!float.IsFinite(value))
        {
            ThrowNonFinite(value.ToString(CultureInfo.InvariantCulture));
        }

        Span<byte> dest = Reserve(32);
        value.TryFormat(dest, out int written, default, CultureInfo.InvariantCulture);
        _pos += written;
    }


    private readonly void ThrowNonFinite(string text) => throw new JsonableException(
        $"{text} cannot be written: JSON (RFC 8259) has no token for NaN or infinity.",
        BytesWritten);
}
