using System;
using System.Globalization;

namespace Jsonable;

/// <summary>
/// netstandard2.0 stand-ins for the UTF-8 <c>TryFormat</c> members (.NET 8+): the same invariant text through
/// <see cref="string"/>. Numbers get .NET Core 3.0's shortest round-trip form, which .NET Framework's and older Mono's
/// <c>ToString()</c> do not give, so that every target writes the same bytes: <see cref="ShortestNumber"/> without strings,
/// the digit search below for the few powers of two it declines.
/// </summary>
internal static class Formatting
{
    extension(double value)
    {
        public bool TryFormat(Span<byte> destination, out int bytesWritten, ReadOnlySpan<char> format, IFormatProvider? provider) =>
            destination.Length >= 25 && (bytesWritten = ShortestNumber.Format(value, destination)) >= 0
                ? true
                : value == 0 ? CopyAscii(BitConverter.DoubleToInt64Bits(value) < 0 ? "-0" : "0", destination, out bytesWritten) : CopyAscii(Shortest(value, 17, (s) => double.TryParse(s, NumberStyles.Float, CultureInfo.InvariantCulture, out double d) && d == value), destination, out bytesWritten);
    }

    extension(float value)
    {
        public bool TryFormat(Span<byte> destination, out int bytesWritten, ReadOnlySpan<char> format, IFormatProvider? provider) =>
            destination.Length >= 17 && (bytesWritten = ShortestNumber.Format(value, destination)) >= 0
                ? true
                : value == 0 ? CopyAscii(BitConverter.DoubleToInt64Bits(value) < 0 ? "-0" : "0", destination, out bytesWritten) : CopyAscii(Shortest(value, 9, (s) => float.TryParse(s, NumberStyles.Float, CultureInfo.InvariantCulture, out float f) && f == value), destination, out bytesWritten);
    }

    extension(DateTime value)
    {
        public bool TryFormat(Span<byte> destination, out int bytesWritten, ReadOnlySpan<char> format, IFormatProvider? provider) =>
            CopyAscii(value.ToString(format.ToString(), provider), destination, out bytesWritten);
    }

    extension(DateTimeOffset value)
    {
        public bool TryFormat(Span<byte> destination, out int bytesWritten, ReadOnlySpan<char> format, IFormatProvider? provider) =>
            CopyAscii(value.ToString(format.ToString(), provider), destination, out bytesWritten);
    }

    extension(TimeSpan value)
    {
        public bool TryFormat(Span<byte> destination, out int bytesWritten, ReadOnlySpan<char> format, IFormatProvider? provider) =>
            CopyAscii(value.ToString(format.ToString(), provider), destination, out bytesWritten);
    }

    extension(Guid value)
    {
        public bool TryFormat(Span<byte> destination, out int bytesWritten, ReadOnlySpan<char> format) =>
            CopyAscii(value.ToString(format.ToString()), destination, out bytesWritten);
    }

    private static bool CopyAscii(string text, Span<byte> destination, out int bytesWritten)
    {
        if (text.Length > destination.Length)
        {
            bytesWritten = 0;
            return false;
        }

        for (int i = 0; i < text.Length; i++)
        {
            destination[i] = (byte)text[i];
        }

        bytesWritten = text.Length;
        return true;
    }

    /// <summary>
    /// The shortest digits that parse back to the value (the closest such, as each precision rounds correctly), laid
    /// out as .NET Core 3.0+ lays them out: scientific (<c>1E+17</c>, <c>1.5E-05</c>) when the decimal exponent is below
    /// -4 or at least <paramref name="maxPrecision"/> (17 for double, 9 for float), else positional.
    /// </summary>
    private static string Shortest<T>(T value, int maxPrecision, Func<string, bool> roundTrips)
        where T : IFormattable
    {
        string e = string.Empty;
        for (int p = 1; p <= maxPrecision; p++)
        {
            // "E" with p-1 decimals: d.ddddE+xxx, correctly rounded to p significant digits.
            e = value.ToString("E" + (p - 1).ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
            if (p == maxPrecision || roundTrips(e))
            {
                break;
            }
        }

        bool negative = e[0] == '-';
        int ePos = e.IndexOf('E');
        string mantissa = e.Substring(negative ? 1 : 0, ePos - (negative ? 1 : 0)).Replace(".", string.Empty).TrimEnd('0');
        int exponent = int.Parse(e.Substring(ePos + 1), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
        if (mantissa.Length == 0)
        {
            return negative ? "-0" : "0";
        }

        string sign = negative ? "-" : string.Empty;
        if (exponent < -4 || exponent >= maxPrecision)
        {
            string digits = mantissa.Length == 1 ? mantissa : mantissa.Substring(0, 1) + "." + mantissa.Substring(1);
            string exp = Math.Abs(exponent).ToString("00", CultureInfo.InvariantCulture);
            return sign + digits + "E" + (exponent < 0 ? "-" : "+") + exp;
        }

        if (exponent < 0)
        {
            return sign + "0." + new string('0', -exponent - 1) + mantissa;
        }

        return mantissa.Length <= exponent + 1
            ? sign + mantissa + new string('0', exponent + 1 - mantissa.Length)
            : sign + mantissa.Substring(0, exponent + 1) + "." + mantissa.Substring(exponent + 1);
    }
}
