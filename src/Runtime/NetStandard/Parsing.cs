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
            string text = Ascii(utf8Text);
            if (double.TryParse(text, style, provider, out result))
            {
                // .NET Framework and Mono read "-0" as 0; .NET Core 3.0+ keeps the sign.
                result = result == 0 && text.Length > 0 && text[0] == '-' ? -0.0 : result;
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
