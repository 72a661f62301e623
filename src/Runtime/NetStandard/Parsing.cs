using System;
using System.Collections.Generic;
using System.Globalization;

namespace Jsonable;

/// <summary>netstandard2.0 stand-ins for the UTF-8 and span <c>TryParse</c> overloads (.NET 7+) and a few span-taking members.</summary>
internal static class Parsing
{
    extension(double)
    {
        public static bool TryParse(ReadOnlySpan<byte> utf8Text, NumberStyles style, IFormatProvider? provider, out double result)
        {
            if (TrySimple(utf8Text, 15, 22, out bool negative, out ulong digits, out int exponent))
            {
                // Clinger's fast path: both operands are exact doubles, so the one operation rounds correctly.
                result = exponent < 0 ? digits / s_powersOf10[-exponent] : digits * s_powersOf10[exponent];
                result = negative ? -result : result;
                return true;
            }

            string text = Ascii(utf8Text);
            if (double.TryParse(text, style, provider, out result))
            {
                // .NET Framework and Mono read "-0" as 0; .NET Core 3.0+ keeps the sign.
                result = result == 0 && text.Length > 0 && text[0] == '-' ? -0.0 : NearestDouble.Correct(utf8Text, result);
                return true;
            }

            // .NET Framework and older Mono refuse a number beyond the range; .NET Core 3.0+ (and STJ) read infinity.
            result = text.Length > 0 && text[0] == '-' ? double.NegativeInfinity : double.PositiveInfinity;
            return IsNumber(text);
        }
    }

    extension(float)
    {
        public static bool TryParse(ReadOnlySpan<byte> utf8Text, NumberStyles style, IFormatProvider? provider, out float result)
        {
            if (TrySimple(utf8Text, 15, 22, out bool negative, out ulong digits, out int exponent))
            {
                // The correctly rounded double, then float: no float midpoint lies strictly between the number and that
                // double (a midpoint is a double, and would be closer), so rounding it gives the number's float unless it
                // is a midpoint itself (its low 29 mantissa bits 1 followed by zeros), which the string parse settles.
                // The fast path's range (1e-22 to 1e37) holds only normal floats.
                double value = exponent < 0 ? digits / s_powersOf10[-exponent] : digits * s_powersOf10[exponent];
                if ((BitConverter.DoubleToInt64Bits(value) & 0x1FFF_FFFF) != 0x1000_0000)
                {
                    result = (float)(negative ? -value : value);
                    return true;
                }
            }

            string text = Ascii(utf8Text);
            if (float.TryParse(text, style, provider, out result))
            {
                result = result == 0 && text.Length > 0 && text[0] == '-' ? -0.0f : result;
                return true;
            }

            result = text.Length > 0 && text[0] == '-' ? float.NegativeInfinity : float.PositiveInfinity;
            return IsNumber(text);
        }
    }

    extension(decimal)
    {
        public static bool TryParse(ReadOnlySpan<byte> utf8Text, NumberStyles style, IFormatProvider? provider, out decimal result) =>
            decimal.TryParse(Ascii(utf8Text), style, provider, out result);
    }

    extension(long)
    {
        public static bool TryParse(ReadOnlySpan<char> text, NumberStyles style, IFormatProvider? provider, out long result) =>
            long.TryParse(text.ToString(), style, provider, out result);
    }

    extension(ulong)
    {
        public static bool TryParse(ReadOnlySpan<char> text, NumberStyles style, IFormatProvider? provider, out ulong result) =>
            ulong.TryParse(text.ToString(), style, provider, out result);
    }

    extension(string text)
    {
        public int IndexOf(char value, StringComparison comparison) =>
            comparison == StringComparison.Ordinal ? text.IndexOf(value) : text.IndexOf(value.ToString(), comparison);
    }

    extension<T>(List<T> list)
    {
        public void AddRange(ReadOnlySpan<T> items)
        {
            list.Capacity = Math.Max(list.Capacity, list.Count + items.Length);
            foreach (T item in items)
            {
                list.Add(item);
            }
        }
    }

    private static readonly double[] s_powersOf10 =
    {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    };

    /// <summary>
    /// <c>-?digits(.digits)?([eE][+-]?digits)?</c> with at most <paramref name="maxDigits"/> significant digits and a
    /// decimal exponent within ±<paramref name="maxExponent"/> (what the string parse would give exactly); anything else
    /// (longer, larger, or another spelling a quoted number may use) goes to the string parse.
    /// </summary>
    private static unsafe bool TrySimple(ReadOnlySpan<byte> text, int maxDigits, int maxExponent, out bool negative, out ulong digits, out int exponent)
    {
        int length = text.Length;
        fixed (byte* p = text) // the portable span indexer is a call on Mono and IL2CPP
        {
            digits = 0;
            exponent = 0;
            int i = 0;
            negative = length > 0 && p[0] == '-';
            if (negative)
            {
                i++;
            }

            int significant = 0;
            int integerStart = i;
            for (; i < length && (uint)(p[i] - '0') <= 9; i++)
            {
                if (digits != 0 || p[i] != '0')
                {
                    digits = (digits * 10) + (uint)(p[i] - '0');
                    significant++;
                }
            }

            if (i == integerStart)
            {
                return false;
            }

            if (i < length && p[i] == '.')
            {
                int fractionStart = ++i;
                for (; i < length && (uint)(p[i] - '0') <= 9; i++)
                {
                    if (digits != 0 || p[i] != '0')
                    {
                        digits = (digits * 10) + (uint)(p[i] - '0');
                        significant++;
                    }

                    exponent--;
                }

                if (i == fractionStart)
                {
                    return false;
                }
            }

            if (significant > maxDigits)
            {
                return false;
            }

            if (i < length && (p[i] | 0x20) == 'e')
            {
                bool negativeExponent = false;
                if (++i < length && (p[i] == '+' || p[i] == '-'))
                {
                    negativeExponent = p[i++] == '-';
                }

                int exponentStart = i;
                int e = 0;
                for (; i < length && (uint)(p[i] - '0') <= 9; i++)
                {
                    if (e > 10_000)
                    {
                        return false;
                    }

                    e = (e * 10) + (p[i] - '0');
                }

                if (i == exponentStart)
                {
                    return false;
                }

                exponent += negativeExponent ? -e : e;
            }

            if (digits == 0)
            {
                exponent = 0; // zero whatever its exponent (the sign stays: -0 as .NET Core 3.0+ reads it)
            }

            return i == length && exponent >= -maxExponent && exponent <= maxExponent;
        }
    }

    // A JSON number token (already checked) or a quoted number's text: anything else is a real parse failure.
    private static bool IsNumber(string text)
    {
        bool digit = false;
        foreach (char c in text)
        {
            if ((uint)(c - '0') <= 9)
            {
                digit = true;
            }
            else if (c != '-' && c != '+' && c != '.' && c != 'e' && c != 'E')
            {
                return false;
            }
        }

        return digit;
    }

    private static string Ascii(ReadOnlySpan<byte> utf8Text)
    {
        char[] chars = new char[utf8Text.Length];
        for (int i = 0; i < chars.Length; i++)
        {
            chars[i] = (char)utf8Text[i];
        }

        return new string(chars);
    }
}
