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
    public sbyte ReadSByte() => Utf8Parser.TryParse(ReadIntegerToken("SByte"), out sbyte v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("SByte");

    /// <summary>Reads an integer that fits <see cref="byte"/>.</summary>
    public byte ReadByte() => Utf8Parser.TryParse(ReadIntegerToken("Byte"), out byte v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Byte");

    /// <summary>Reads an integer that fits <see cref="short"/>.</summary>
    public short ReadInt16() => Utf8Parser.TryParse(ReadIntegerToken("Int16"), out short v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Int16");

    /// <summary>Reads an integer that fits <see cref="ushort"/>.</summary>
    public ushort ReadUInt16() => Utf8Parser.TryParse(ReadIntegerToken("UInt16"), out ushort v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("UInt16");

    /// <summary>Reads an integer that fits <see cref="int"/>.</summary>
    public int ReadInt32() => Utf8Parser.TryParse(ReadIntegerToken("Int32"), out int v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Int32");

    /// <summary>Reads an integer that fits <see cref="uint"/>.</summary>
    public uint ReadUInt32() => Utf8Parser.TryParse(ReadIntegerToken("UInt32"), out uint v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("UInt32");

    /// <summary>Reads an integer that fits <see cref="long"/>.</summary>
    public long ReadInt64() => Utf8Parser.TryParse(ReadIntegerToken("Int64"), out long v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Int64");

    /// <summary>Reads an integer that fits <see cref="ulong"/>.</summary>
    public ulong ReadUInt64() => Utf8Parser.TryParse(ReadIntegerToken("UInt64"), out ulong v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("UInt64");

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
