using System;

namespace Jsonable;

/// <summary>Ryū's digits laid out as .NET writes them: plain, or d.dddE±xx past the precision (ShortestNumber.cs).</summary>
internal static partial class ShortestNumber
{
    private static int Zero(bool negative, Span<byte> destination)
    {
        int n = 0;
        if (negative)
        {
            destination[n++] = (byte)'-';
        }

        destination[n++] = (byte)'0';
        return n;
    }

    /// <summary>Lays out <paramref name="digits"/> × 10^<paramref name="exponent"/>, right to left straight into <paramref name="destination"/>.</summary>
    private static int Layout(bool negative, ulong digits, int exponent, int maxPrecision, Span<byte> destination)
    {
        while (digits > uint.MaxValue && digits % 10 == 0)
        {
            digits /= 10;
            exponent++;
        }

        if (digits <= uint.MaxValue)
        {
            uint small = (uint)digits;
            while (small % 10 == 0)
            {
                small /= 10;
                exponent++;
            }

            digits = small;
        }

        int length = 1;
        for (ulong power = 10; length < 19 && digits >= power; power *= 10)
        {
            length++;
        }

        int scientific = exponent + length - 1; // the exponent of d.ddd
        int n = 0;
        if (negative)
        {
            destination[n++] = (byte)'-';
        }

        if (scientific < -4 || scientific >= maxPrecision)
        {
            // d[.ddd]E±xx (three exponent digits when needed)
            int e = scientific < 0 ? -scientific : scientific;
            int end = n + length + (length > 1 ? 1 : 0);
            WriteDigits(digits, destination, end - 1, length > 1 ? n + 1 : -1);
            destination[end++] = (byte)'E';
            destination[end++] = scientific < 0 ? (byte)'-' : (byte)'+';
            if (e >= 100)
            {
                destination[end++] = (byte)('0' + (e / 100));
                e %= 100;
            }

            destination[end++] = (byte)('0' + (e / 10));
            destination[end++] = (byte)('0' + (e % 10));
            return end;
        }

        if (scientific < 0)
        {
            // 0.000ddd
            destination[n++] = (byte)'0';
            destination[n++] = (byte)'.';
            for (int i = -1; i > scientific; i--)
            {
                destination[n++] = (byte)'0';
            }

            WriteDigits(digits, destination, n + length - 1, -1);
            return n + length;
        }

        if (length <= scientific + 1)
        {
            // ddd000
            WriteDigits(digits, destination, n + length - 1, -1);
            n += length;
            for (int i = length; i <= scientific; i++)
            {
                destination[n++] = (byte)'0';
            }

            return n;
        }

        // ddd.ddd
        WriteDigits(digits, destination, n + length, n + scientific + 1);
        return n + length + 1;
    }

    /// <summary>Writes the digits of <paramref name="value"/> ending at <paramref name="last"/>, leaving a '.' at <paramref name="dot"/> (-1: none).</summary>
    private static void WriteDigits(ulong value, Span<byte> destination, int last, int dot)
    {
        int at = last;
        while (value > uint.MaxValue)
        {
            if (at == dot)
            {
                destination[at--] = (byte)'.';
            }

            ulong quotient = value / 10;
            destination[at--] = (byte)('0' + (int)(value - (quotient * 10)));
            value = quotient;
        }

        // The rest in 32 bits: a 64-bit division is several times slower where the JIT does not turn it into a multiply.
        uint rest = (uint)value;
        while (true)
        {
            if (at == dot)
            {
                destination[at--] = (byte)'.';
            }

            uint quotient = rest / 10;
            destination[at--] = (byte)('0' + (int)(rest - (quotient * 10)));
            rest = quotient;
            if (rest == 0)
            {
                return;
            }
        }
    }
}
