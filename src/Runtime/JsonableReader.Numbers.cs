using System;
using System.Buffers.Text;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;

namespace Jsonable;

/// <summary>Numbers: scanning a number token strictly (RFC 8259 grammar) and parsing it into the requested type.</summary>
public ref partial struct JsonableReader
{
    /// <summary>Reads an integer that fits <see cref="sbyte"/>.</summary>
    public sbyte ReadSByte() => TryReadPlainInteger(sbyte.MinValue, sbyte.MaxValue, out long v) ? (sbyte)v : ReadSByteToken();

    private sbyte ReadSByteToken() => Utf8Parser.TryParse(ReadIntegerToken("SByte"), out sbyte v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("SByte");

    /// <summary>Reads an integer that fits <see cref="byte"/>.</summary>
    public byte ReadByte() => TryReadPlainInteger(0, byte.MaxValue, out long v) ? (byte)v : ReadByteToken();

    private byte ReadByteToken() => Utf8Parser.TryParse(ReadIntegerToken("Byte"), out byte v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Byte");

    /// <summary>Reads an integer that fits <see cref="short"/>.</summary>
    public short ReadInt16() => TryReadPlainInteger(short.MinValue, short.MaxValue, out long v) ? (short)v : ReadInt16Token();

    private short ReadInt16Token() => Utf8Parser.TryParse(ReadIntegerToken("Int16"), out short v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Int16");

    /// <summary>Reads an integer that fits <see cref="ushort"/>.</summary>
    public ushort ReadUInt16() => TryReadPlainInteger(0, ushort.MaxValue, out long v) ? (ushort)v : ReadUInt16Token();

    private ushort ReadUInt16Token() => Utf8Parser.TryParse(ReadIntegerToken("UInt16"), out ushort v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("UInt16");

    /// <summary>Reads an integer that fits <see cref="int"/>.</summary>
    public int ReadInt32() => TryReadPlainInteger(int.MinValue, int.MaxValue, out long v) ? (int)v : ReadInt32Token();

    private int ReadInt32Token() => Utf8Parser.TryParse(ReadIntegerToken("Int32"), out int v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Int32");

    /// <summary>Reads an integer that fits <see cref="uint"/>.</summary>
    public uint ReadUInt32() => TryReadPlainInteger(0, uint.MaxValue, out long v) ? (uint)v : ReadUInt32Token();

    private uint ReadUInt32Token() => Utf8Parser.TryParse(ReadIntegerToken("UInt32"), out uint v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("UInt32");

    /// <summary>Reads an integer that fits <see cref="long"/>.</summary>
    public long ReadInt64() => TryReadPlainInteger(long.MinValue, long.MaxValue, out long v) ? v : ReadInt64Token();

    private long ReadInt64Token() => Utf8Parser.TryParse(ReadIntegerToken("Int64"), out long v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Int64");

    /// <summary>Reads an integer that fits <see cref="ulong"/>.</summary>
    public ulong ReadUInt64() => TryReadPlainInteger(0, long.MaxValue, out long v) ? (ulong)v : ReadUInt64Token();

    private ulong ReadUInt64Token() => Utf8Parser.TryParse(ReadIntegerToken("UInt64"), out ulong v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("UInt64");

    /// <summary>
    /// The common case in one pass: at an integer of at most 18 digits (no fraction, no exponent, no leading zero)
    /// between <paramref name="min"/> and <paramref name="max"/>, parses it and moves past it. Anything else
    /// (whitespace or a comment first, a longer or non-integer number, bad grammar, a value out of range, a minus sign
    /// where <paramref name="min"/> is 0) leaves the reader where it was for the token scanner and
    /// <see cref="Utf8Parser"/>, which know every rule and error.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadPlainInteger(long min, long max, out long value)
    {
        ReadOnlySpan<byte> buf = _buffer;
        int start = _pos;
        int i = start;
        if (min < 0 && (uint)i < (uint)buf.Length && buf[i] == (byte)'-')
        {
            i++;
        }

        int digitsStart = i;
        ulong magnitude = 0;
        while ((uint)i < (uint)buf.Length)
        {
            uint digit = (uint)(buf[i] - '0');
            if (digit > 9)
            {
                break;
            }

            magnitude = unchecked((magnitude * 10) + digit); // wraps only past 19 digits, which are rejected below
            i++;
        }

        int digits = i - digitsStart;
        if (digits is 0 or > MaxPlainIntegerDigits
            || (digits > 1 && buf[digitsStart] == (byte)'0')
            || ((uint)i < (uint)buf.Length && (buf[i] == (byte)'.' || (buf[i] | 0x20) == (byte)'e')))
        {
            value = 0;
            return false;
        }

        value = digitsStart > start ? -(long)magnitude : (long)magnitude;
        if (value < min || value > max)
        {
            return false;
        }

        _pos = i;
        _lastTokenLength = i - start;
        return true;
    }

    // 10^18 - 1 fits a long with room to spare, so no overflow check is needed while parsing.
    private const int MaxPlainIntegerDigits = 18;

    /// <summary>Reads a number as <see cref="double"/>; one too large for it is an error, not infinity.</summary>
    public double ReadDouble()
    {
        ReadOnlySpan<byte> token = ReadNumberToken("Double", out _);
        if (double.TryParse(token, NumberStyles.Float, CultureInfo.InvariantCulture, out double v) && double.IsFinite(v))
        {
            return v;
        }

        throw OutOfRange("Double");
    }

    /// <summary>Reads a number as <see cref="float"/>; one too large for it is an error, not infinity.</summary>
    public float ReadSingle()
    {
        ReadOnlySpan<byte> token = ReadNumberToken("Single", out _);
        if (float.TryParse(token, NumberStyles.Float, CultureInfo.InvariantCulture, out float v) && float.IsFinite(v))
        {
            return v;
        }

        throw OutOfRange("Single");
    }

    private ReadOnlySpan<byte> ReadIntegerToken(string typeName)
    {
        ReadOnlySpan<byte> token = ReadNumberToken(typeName, out bool isInteger);
        if (!isInteger)
        {
            ThrowAt(_pos - token.Length, $"The number {Encoding.UTF8.GetString(token)} is not an integer, so it cannot be read as {typeName}.");
        }

        return token;
    }

    private ReadOnlySpan<byte> ReadNumberToken(string typeName, out bool isInteger)
    {
        SkipToValue();
        ReadOnlySpan<byte> buf = _buffer;
        int start = _pos;
        int i = start;
        if (i < buf.Length && buf[i] == (byte)'-')
        {
            i++;
        }

        if (i >= buf.Length)
        {
            ThrowTruncated();
        }

        if (buf[i] == (byte)'0')
        {
            i++;
        }
        else if (IsDigit(buf[i]))
        {
            i++;
            while (i < buf.Length && IsDigit(buf[i]))
            {
                i++;
            }
        }
        else
        {
            throw Unexpected("a number", typeName);
        }

        isInteger = true;
        if (i < buf.Length && buf[i] == (byte)'.')
        {
            isInteger = false;
            i++;
            if (i >= buf.Length || !IsDigit(buf[i]))
            {
                ThrowAt(i, "A digit must follow the decimal point.");
            }

            while (i < buf.Length && IsDigit(buf[i]))
            {
                i++;
            }
        }

        if (i < buf.Length && (buf[i] | 0x20) == (byte)'e')
        {
            isInteger = false;
            i++;
            if (i < buf.Length && (buf[i] == (byte)'+' || buf[i] == (byte)'-'))
            {
                i++;
            }

            if (i >= buf.Length || !IsDigit(buf[i]))
            {
                ThrowAt(i, "A digit must follow the exponent.");
            }

            while (i < buf.Length && IsDigit(buf[i]))
            {
                i++;
            }
        }

        _pos = i;
        _lastTokenLength = i - start;
        return buf.Slice(start, i - start);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsDigit(byte b) => (uint)(b - '0') <= 9;
}
