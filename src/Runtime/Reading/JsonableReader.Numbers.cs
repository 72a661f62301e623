using System;
using System.Buffers.Text;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json.Serialization;

namespace Jsonable;

/// <summary>
/// Numbers: scanning a number token strictly (RFC 8259 grammar) and parsing it into the requested type; and, as the rare
/// branch, a quoted number where <see cref="JsonNumberHandling"/> allows one, parsed as System.Text.Json parses it.
/// </summary>
public ref partial struct JsonableReader
{
    /// <summary>Reads an integer that fits <see cref="sbyte"/>; a quoted one too, as ASP.NET Core's web defaults (<see cref="JsonNumberHandling.AllowReadingFromString"/>) read it.</summary>
    public sbyte ReadSByte() => TryReadPlainInteger(sbyte.MinValue, sbyte.MaxValue, out long v) ? (sbyte)v : ReadSByteSlow(WebNumberHandling);

    /// <summary>Reads an integer that fits <see cref="sbyte"/>, from a string too where <paramref name="handling"/> allows it.</summary>
    /// <param name="handling">Whether a quoted number is accepted (<see cref="JsonNumberHandling.AllowReadingFromString"/>).</param>
    public sbyte ReadSByte(JsonNumberHandling handling) => TryReadPlainInteger(sbyte.MinValue, sbyte.MaxValue, out long v) ? (sbyte)v : ReadSByteSlow(handling);

    private sbyte ReadSByteSlow(JsonNumberHandling handling)
    {
        int hint = SkipToValue();
        if (AtQuote)
        {
            ReadOnlySpan<byte> text = ReadQuotedNumberText(handling, "SByte", hint, out int start);
            return Utf8Parser.TryParse(text, out sbyte q, out int n) && n == text.Length ? q : throw NotAQuotedNumber(start, text, "SByte");
        }

        return Utf8Parser.TryParse(ReadIntegerToken("SByte"), out sbyte v, out int consumed) && consumed == _lastTokenLength ? v : throw OutOfRange("SByte");
    }

    /// <summary>Reads an integer that fits <see cref="byte"/>; a quoted one too, as ASP.NET Core's web defaults (<see cref="JsonNumberHandling.AllowReadingFromString"/>) read it.</summary>
    public byte ReadByte() => TryReadPlainInteger(0, byte.MaxValue, out long v) ? (byte)v : ReadByteSlow(WebNumberHandling);

    /// <summary>Reads an integer that fits <see cref="byte"/>, from a string too where <paramref name="handling"/> allows it.</summary>
    /// <param name="handling">Whether a quoted number is accepted (<see cref="JsonNumberHandling.AllowReadingFromString"/>).</param>
    public byte ReadByte(JsonNumberHandling handling) => TryReadPlainInteger(0, byte.MaxValue, out long v) ? (byte)v : ReadByteSlow(handling);

    private byte ReadByteSlow(JsonNumberHandling handling)
    {
        int hint = SkipToValue();
        if (AtQuote)
        {
            ReadOnlySpan<byte> text = ReadQuotedNumberText(handling, "Byte", hint, out int start);
            return Utf8Parser.TryParse(text, out byte q, out int n) && n == text.Length ? q : throw NotAQuotedNumber(start, text, "Byte");
        }

        return Utf8Parser.TryParse(ReadIntegerToken("Byte"), out byte v, out int consumed) && consumed == _lastTokenLength ? v : throw OutOfRange("Byte");
    }

    /// <summary>Reads an integer that fits <see cref="short"/>; a quoted one too, as ASP.NET Core's web defaults (<see cref="JsonNumberHandling.AllowReadingFromString"/>) read it.</summary>
    public short ReadInt16() => TryReadPlainInteger(short.MinValue, short.MaxValue, out long v) ? (short)v : ReadInt16Slow(WebNumberHandling);

    /// <summary>Reads an integer that fits <see cref="short"/>, from a string too where <paramref name="handling"/> allows it.</summary>
    /// <param name="handling">Whether a quoted number is accepted (<see cref="JsonNumberHandling.AllowReadingFromString"/>).</param>
    public short ReadInt16(JsonNumberHandling handling) => TryReadPlainInteger(short.MinValue, short.MaxValue, out long v) ? (short)v : ReadInt16Slow(handling);

    private short ReadInt16Slow(JsonNumberHandling handling)
    {
        int hint = SkipToValue();
        if (AtQuote)
        {
            ReadOnlySpan<byte> text = ReadQuotedNumberText(handling, "Int16", hint, out int start);
            return Utf8Parser.TryParse(text, out short q, out int n) && n == text.Length ? q : throw NotAQuotedNumber(start, text, "Int16");
        }

        return Utf8Parser.TryParse(ReadIntegerToken("Int16"), out short v, out int consumed) && consumed == _lastTokenLength ? v : throw OutOfRange("Int16");
    }

    /// <summary>Reads an integer that fits <see cref="ushort"/>; a quoted one too, as ASP.NET Core's web defaults (<see cref="JsonNumberHandling.AllowReadingFromString"/>) read it.</summary>
    public ushort ReadUInt16() => TryReadPlainInteger(0, ushort.MaxValue, out long v) ? (ushort)v : ReadUInt16Slow(WebNumberHandling);

    /// <summary>Reads an integer that fits <see cref="ushort"/>, from a string too where <paramref name="handling"/> allows it.</summary>
    /// <param name="handling">Whether a quoted number is accepted (<see cref="JsonNumberHandling.AllowReadingFromString"/>).</param>
    public ushort ReadUInt16(JsonNumberHandling handling) => TryReadPlainInteger(0, ushort.MaxValue, out long v) ? (ushort)v : ReadUInt16Slow(handling);

    private ushort ReadUInt16Slow(JsonNumberHandling handling)
    {
        int hint = SkipToValue();
        if (AtQuote)
        {
            ReadOnlySpan<byte> text = ReadQuotedNumberText(handling, "UInt16", hint, out int start);
            return Utf8Parser.TryParse(text, out ushort q, out int n) && n == text.Length ? q : throw NotAQuotedNumber(start, text, "UInt16");
        }

        return Utf8Parser.TryParse(ReadIntegerToken("UInt16"), out ushort v, out int consumed) && consumed == _lastTokenLength ? v : throw OutOfRange("UInt16");
    }

    /// <summary>Reads an integer that fits <see cref="int"/>; a quoted one too, as ASP.NET Core's web defaults (<see cref="JsonNumberHandling.AllowReadingFromString"/>) read it.</summary>
    public int ReadInt32() => TryReadPlainInteger(int.MinValue, int.MaxValue, out long v) ? (int)v : ReadInt32Slow(WebNumberHandling);

    /// <summary>Reads an integer that fits <see cref="int"/>, from a string too where <paramref name="handling"/> allows it.</summary>
    /// <param name="handling">Whether a quoted number is accepted (<see cref="JsonNumberHandling.AllowReadingFromString"/>).</param>
    public int ReadInt32(JsonNumberHandling handling) => TryReadPlainInteger(int.MinValue, int.MaxValue, out long v) ? (int)v : ReadInt32Slow(handling);

    private int ReadInt32Slow(JsonNumberHandling handling)
    {
        int hint = SkipToValue();
        if (AtQuote)
        {
            ReadOnlySpan<byte> text = ReadQuotedNumberText(handling, "Int32", hint, out int start);
            return Utf8Parser.TryParse(text, out int q, out int n) && n == text.Length ? q : throw NotAQuotedNumber(start, text, "Int32");
        }

        return Utf8Parser.TryParse(ReadIntegerToken("Int32"), out int v, out int consumed) && consumed == _lastTokenLength ? v : throw OutOfRange("Int32");
    }

    /// <summary>Reads an integer that fits <see cref="uint"/>; a quoted one too, as ASP.NET Core's web defaults (<see cref="JsonNumberHandling.AllowReadingFromString"/>) read it.</summary>
    public uint ReadUInt32() => TryReadPlainInteger(0, uint.MaxValue, out long v) ? (uint)v : ReadUInt32Slow(WebNumberHandling);

    /// <summary>Reads an integer that fits <see cref="uint"/>, from a string too where <paramref name="handling"/> allows it.</summary>
    /// <param name="handling">Whether a quoted number is accepted (<see cref="JsonNumberHandling.AllowReadingFromString"/>).</param>
    public uint ReadUInt32(JsonNumberHandling handling) => TryReadPlainInteger(0, uint.MaxValue, out long v) ? (uint)v : ReadUInt32Slow(handling);

    private uint ReadUInt32Slow(JsonNumberHandling handling)
    {
        int hint = SkipToValue();
        if (AtQuote)
        {
            ReadOnlySpan<byte> text = ReadQuotedNumberText(handling, "UInt32", hint, out int start);
            return Utf8Parser.TryParse(text, out uint q, out int n) && n == text.Length ? q : throw NotAQuotedNumber(start, text, "UInt32");
        }

        return Utf8Parser.TryParse(ReadIntegerToken("UInt32"), out uint v, out int consumed) && consumed == _lastTokenLength ? v : throw OutOfRange("UInt32");
    }

    /// <summary>Reads an integer that fits <see cref="long"/>; a quoted one too, as ASP.NET Core's web defaults (<see cref="JsonNumberHandling.AllowReadingFromString"/>) read it.</summary>
    public long ReadInt64() => TryReadPlainInteger(long.MinValue, long.MaxValue, out long v) ? v : ReadInt64Slow(WebNumberHandling);

    /// <summary>Reads an integer that fits <see cref="long"/>, from a string too where <paramref name="handling"/> allows it.</summary>
    /// <param name="handling">Whether a quoted number is accepted (<see cref="JsonNumberHandling.AllowReadingFromString"/>).</param>
    public long ReadInt64(JsonNumberHandling handling) => TryReadPlainInteger(long.MinValue, long.MaxValue, out long v) ? v : ReadInt64Slow(handling);

    private long ReadInt64Slow(JsonNumberHandling handling)
    {
        int hint = SkipToValue();
        if (AtQuote)
        {
            ReadOnlySpan<byte> text = ReadQuotedNumberText(handling, "Int64", hint, out int start);
            return Utf8Parser.TryParse(text, out long q, out int n) && n == text.Length ? q : throw NotAQuotedNumber(start, text, "Int64");
        }

        return Utf8Parser.TryParse(ReadIntegerToken("Int64"), out long v, out int consumed) && consumed == _lastTokenLength ? v : throw OutOfRange("Int64");
    }

    /// <summary>Reads an integer that fits <see cref="ulong"/>; a quoted one too, as ASP.NET Core's web defaults (<see cref="JsonNumberHandling.AllowReadingFromString"/>) read it.</summary>
    public ulong ReadUInt64() => TryReadPlainInteger(0, long.MaxValue, out long v) ? (ulong)v : ReadUInt64Slow(WebNumberHandling);

    /// <summary>Reads an integer that fits <see cref="ulong"/>, from a string too where <paramref name="handling"/> allows it.</summary>
    /// <param name="handling">Whether a quoted number is accepted (<see cref="JsonNumberHandling.AllowReadingFromString"/>).</param>
    public ulong ReadUInt64(JsonNumberHandling handling) => TryReadPlainInteger(0, long.MaxValue, out long v) ? (ulong)v : ReadUInt64Slow(handling);

    private ulong ReadUInt64Slow(JsonNumberHandling handling)
    {
        int hint = SkipToValue();
        if (AtQuote)
        {
            ReadOnlySpan<byte> text = ReadQuotedNumberText(handling, "UInt64", hint, out int start);
            return Utf8Parser.TryParse(text, out ulong q, out int n) && n == text.Length ? q : throw NotAQuotedNumber(start, text, "UInt64");
        }

        return Utf8Parser.TryParse(ReadIntegerToken("UInt64"), out ulong v, out int consumed) && consumed == _lastTokenLength ? v : throw OutOfRange("UInt64");
    }

    /// <summary>
    /// The common case in one pass: at an integer of at most 18 digits (no fraction, no exponent, no leading zero)
    /// between <paramref name="min"/> and <paramref name="max"/>, parses it and moves past it. Anything else
    /// (whitespace or a comment first, a longer or non-integer number, bad grammar, a value out of range, a minus sign
    /// where <paramref name="min"/> is 0) leaves the reader where it was for the token scanner and
    /// <see cref="Utf8Parser"/>, which know every rule and error.
    /// </summary>
#if NET
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
        if (i <= buf.Length - sizeof(ulong))
        {
            // The first eight bytes at once (ids are mostly 5 to 10 digits): the same digits and value the loop below
            // finds one byte at a time, which goes on from where this stops.
            ulong eight = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref MemoryMarshal.GetReference(buf), i));
            int n = LeadingDigitCount(eight, out ulong values);
            if (n != 0)
            {
                magnitude = ParseDigits(values, n);
                i += n;
            }
        }

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
#else
    // netstandard2.0: through a pointer, as System.Memory's portable span indexer is a call on Mono and IL2CPP.
    private unsafe bool TryReadPlainInteger(long min, long max, out long value)
    {
        int length = _buffer.Length;
        int start = _pos;
        int i = start;
        fixed (byte* buf = _buffer)
        {
            if (min < 0 && i < length && buf[i] == (byte)'-')
            {
                i++;
            }

            int digitsStart = i;
            ulong magnitude = 0;
            while (i < length)
            {
                uint digit = (uint)(buf[i] - '0');
                if (digit > 9)
                {
                    break;
                }

                magnitude = unchecked((magnitude * 10) + digit);
                i++;
            }

            int digits = i - digitsStart;
            if (digits is 0 or > MaxPlainIntegerDigits
                || (digits > 1 && buf[digitsStart] == (byte)'0')
                || (i < length && (buf[i] == (byte)'.' || (buf[i] | 0x20) == (byte)'e')))
            {
                value = 0;
                return false;
            }

            value = digitsStart > start ? -(long)magnitude : (long)magnitude;
        }

        if (value < min || value > max)
        {
            return false;
        }

        _pos = i;
        _lastTokenLength = i - start;
        return true;
    }
#endif

    // 10^18 - 1 fits a long with room to spare, so no overflow check is needed while parsing.
    private const int MaxPlainIntegerDigits = 18;

#if NET
    /// <summary>
    /// How many of eight bytes read as a little-endian word are ASCII digits before the first that is not (8: all of
    /// them); <paramref name="values"/> is the word with each digit byte turned into its value.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int LeadingDigitCount(ulong word, out ulong values)
    {
        if (!BitConverter.IsLittleEndian)
        {
            word = System.Buffers.Binary.BinaryPrimitives.ReverseEndianness(word);
        }

        values = word ^ 0x3030303030303030; // a digit becomes 0-9; any other byte 10 or more
        // The top bit of each byte set where the byte is 10 or more: its low seven bits plus 118 reach 128, or its
        // own top bit is set (the sum stays below 256, so nothing carries into the next byte).
        ulong notDigit = (((values & 0x7F7F7F7F7F7F7F7F) + 0x7676767676767676) | values) & 0x8080808080808080;
        return System.Numerics.BitOperations.TrailingZeroCount(notDigit) >> 3; // 64 >> 3 = 8 when there is none
    }

    /// <summary>The value of the first <paramref name="count"/> (1 to 8) digit values in the bytes of <paramref name="values"/>, the first the most significant.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ParseDigits(ulong values, int count)
    {
        // Shifted so that the digits fill the top bytes and leading zeros the rest, then combined pairwise: 2, 4, 8 digits.
        ulong v = values << ((sizeof(ulong) - count) * 8);
        v = (v * ((10 << 8) + 1)) >> 8;
        v = ((v & 0x00FF00FF00FF00FF) * ((100 << 16) + 1)) >> 16;
        return ((v & 0x0000FFFF0000FFFF) * ((10000UL << 32) + 1)) >> 32;
    }
#endif

    /// <summary>Reads a number as <see cref="double"/> (one too large for it is an error, where System.Text.Json reads infinity); a quoted one too, as the web defaults read it.</summary>
    public double ReadDouble() => ReadDouble(WebNumberHandling);

    /// <summary>Reads a number as <see cref="double"/>, from a string too where <paramref name="handling"/> allows it.</summary>
    /// <param name="handling">
    /// <see cref="JsonNumberHandling.AllowReadingFromString"/> accepts a quoted number, and (as System.Text.Json does) the quoted
    /// <c>"NaN"</c>, <c>"Infinity"</c> and <c>"-Infinity"</c>; <see cref="JsonNumberHandling.AllowNamedFloatingPointLiterals"/> alone accepts only those three.
    /// </param>
    public double ReadDouble(JsonNumberHandling handling)
    {
        int hint = SkipToValue();
        if (AtQuote)
        {
            return ReadQuotedDouble(handling, hint);
        }

        ReadOnlySpan<byte> token = ReadNumberToken("Double", out _);
        // A number beyond the range is refused rather than read as infinity (as System.Text.Json reads it): a stored
        // infinity cannot be written back, so one request would make every later response holding it fail.
        return double.TryParse(token, NumberStyles.Float, CultureInfo.InvariantCulture, out double v) && double.IsFinite(v) ? v : throw OutOfRange("Double");
    }

    /// <summary>Reads a number as <see cref="float"/> (one too large for it is an error, where System.Text.Json reads infinity); a quoted one too, as the web defaults read it.</summary>
    public float ReadSingle() => ReadSingle(WebNumberHandling);

    /// <summary>Reads a number as <see cref="float"/>, from a string too where <paramref name="handling"/> allows it (see <see cref="ReadDouble(JsonNumberHandling)"/>).</summary>
    /// <param name="handling">Which strings are accepted.</param>
    public float ReadSingle(JsonNumberHandling handling)
    {
        int hint = SkipToValue();
        if (AtQuote)
        {
            return ReadQuotedSingle(handling, hint);
        }

        ReadOnlySpan<byte> token = ReadNumberToken("Single", out _);
        // Beyond the range: refused, as for double.
        return float.TryParse(token, NumberStyles.Float, CultureInfo.InvariantCulture, out float v) && float.IsFinite(v) ? v : throw OutOfRange("Single");
    }

    /// <summary>Reads a number as <see cref="decimal"/>, keeping its scale; a quoted one too, as the web defaults read it.</summary>
    public decimal ReadDecimal() => ReadDecimal(WebNumberHandling);

    /// <summary>Reads a number as <see cref="decimal"/>, keeping its scale, from a string too where <paramref name="handling"/> allows it.</summary>
    /// <param name="handling">Whether a quoted number is accepted (<see cref="JsonNumberHandling.AllowReadingFromString"/>).</param>
    public decimal ReadDecimal(JsonNumberHandling handling)
    {
        int hint = SkipToValue();
        if (AtQuote)
        {
            ReadOnlySpan<byte> text = ReadQuotedNumberText(handling, "Decimal", hint, out int start);
            // As STJ: a sign, a decimal point and an exponent are allowed; whitespace is not.
            return decimal.TryParse(text, QuotedDecimalStyle, CultureInfo.InvariantCulture, out decimal q) ? q : throw NotAQuotedNumber(start, text, "Decimal");
        }

        ReadOnlySpan<byte> token = ReadNumberToken("Decimal", out _);
        return decimal.TryParse(token, NumberStyles.Float, CultureInfo.InvariantCulture, out decimal v) ? v : throw OutOfRange("Decimal");
    }

    private const NumberStyles QuotedDecimalStyle = NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint | NumberStyles.AllowExponent;

    /// <summary>What ASP.NET Core's web defaults (<c>JsonSerializerDefaults.Web</c>) use, and so what the parameterless readers do.</summary>
    private const JsonNumberHandling WebNumberHandling = JsonNumberHandling.AllowReadingFromString;

    /// <summary>Whether the reader is at a string (where a number was asked for: the rare branch of quoted numbers).</summary>
    private readonly bool AtQuote => _pos < _buffer.Length && _buffer[_pos] == (byte)'"';

    /// <summary>
    /// At a string where a number is read: its unescaped text when <paramref name="handling"/> allows quoted numbers,
    /// else the usual "expected a number" error.
    /// </summary>
    private ReadOnlySpan<byte> ReadQuotedNumberText(JsonNumberHandling handling, string typeName, int hint, out int start)
    {
        if ((handling & JsonNumberHandling.AllowReadingFromString) == 0)
        {
            throw Unexpected("a number", typeName);
        }

        start = _pos;
        return ReadQuotedText(hint);
    }

    /// <summary>The unescaped content of the string at the reader (its JMC1 length comment, if any, already skipped into <paramref name="hint"/>).</summary>
    private ReadOnlySpan<byte> ReadQuotedText(int hint)
    {
        int start = _pos;
        ReadOnlySpan<byte> content = ReadRawString(hint, out StringContent kind);
        return kind == StringContent.Escaped ? Encoding.UTF8.GetBytes(UnescapeToString(content, start + 1)) : content;
    }

    /// <summary>A quoted <see cref="double"/> as System.Text.Json reads it (see <see cref="ReadQuotedFloatingPoint"/>).</summary>
    private double ReadQuotedDouble(JsonNumberHandling handling, int hint)
    {
        if (ReadQuotedFloatingPoint(handling, hint, "Double", out ReadOnlySpan<byte> text, out int start) is { } named)
        {
            return named;
        }

        return Utf8Parser.TryParse(text, out double d, out int n) && n == text.Length && double.IsFinite(d) ? d : throw NotAQuotedNumber(start, text, "Double");
    }

    /// <summary>A quoted <see cref="float"/> as System.Text.Json reads it (see <see cref="ReadQuotedFloatingPoint"/>).</summary>
    private float ReadQuotedSingle(JsonNumberHandling handling, int hint)
    {
        if (ReadQuotedFloatingPoint(handling, hint, "Single", out ReadOnlySpan<byte> text, out int start) is { } named)
        {
            return (float)named;
        }

        return Utf8Parser.TryParse(text, out float f, out int n) && n == text.Length && float.IsFinite(f) ? f : throw NotAQuotedNumber(start, text, "Single");
    }

    /// <summary>
    /// The common part of a quoted floating-point number as System.Text.Json reads it: the exact names <c>NaN</c>,
    /// <c>Infinity</c>, <c>-Infinity</c> are accepted with either flag (STJ's web defaults accept them too); anything else only
    /// with <see cref="JsonNumberHandling.AllowReadingFromString"/>, for the caller to parse whole (and finite) from <paramref name="text"/>.
    /// </summary>
    /// <returns>The named value, or <see langword="null"/> when the caller must parse <paramref name="text"/>.</returns>
    private double? ReadQuotedFloatingPoint(JsonNumberHandling handling, int hint, string typeName, out ReadOnlySpan<byte> text, out int start)
    {
        const JsonNumberHandling FromStrings = JsonNumberHandling.AllowReadingFromString | JsonNumberHandling.AllowNamedFloatingPointLiterals;
        if ((handling & FromStrings) == 0)
        {
            throw Unexpected("a number", typeName);
        }

        start = _pos;
        text = ReadQuotedText(hint);
        if (text.SequenceEqual("NaN"u8))
        {
            return double.NaN;
        }

        if (text.SequenceEqual("Infinity"u8))
        {
            return double.PositiveInfinity;
        }

        if (text.SequenceEqual("-Infinity"u8))
        {
            return double.NegativeInfinity;
        }

        return (handling & JsonNumberHandling.AllowReadingFromString) != 0 ? null : throw NotAQuotedNumber(start, text, typeName);
    }

    private static JsonableException NotAQuotedNumber(int start, ReadOnlySpan<byte> text, string typeName) =>
        new($"The string \"{Truncate(Encoding.UTF8.GetString(text))}\" is not a number that fits {typeName}.", start);

    private static string Truncate(string text) => text.Length <= 40 ? text : text.Substring(0, 40) + "...";

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
