using System;
using System.Numerics;

namespace Jsonable;

/// <summary>
/// Mono's <c>double.Parse</c> (6.8, and the .NET Framework-era code it shares) is one unit in the last place off for
/// some inputs of 16 or more digits: "4.404991457427383E-80", the shortest form .NET writes for a double, reads back as
/// the double above it. The inputs the exact fast path cannot take go through it, so its answer is checked here
/// against the decimal itself, exactly (<see cref="BigInteger"/>), and moved to the nearest double (ties to even).
/// </summary>
internal static class NearestDouble
{
    public static double Correct(ReadOnlySpan<byte> text, double candidate)
    {
        if (candidate == 0 || double.IsInfinity(candidate) || double.IsNaN(candidate) || !TryDecimal(text, out BigInteger digits, out int exponent) || digits.IsZero)
        {
            return candidate;
        }

        long bits = BitConverter.DoubleToInt64Bits(candidate);
        bool negative = bits < 0;
        bits &= long.MaxValue;
        for (int steps = 0; steps < 4; steps++)
        {
            long mantissaField = bits & ((1L << 52) - 1);
            int exponentField = (int)(bits >> 52);
            if (exponentField >= 0x7FF)
            {
                break; // stepped past the largest double: leave the parse's answer
            }

            BigInteger m = exponentField == 0 ? mantissaField : mantissaField | (1L << 52);
            int e = (exponentField == 0 ? 1 : exponentField) - 1075; // value = m × 2^e

            // Above the midpoint with the next double up (or on it, with an odd mantissa): step up.
            int up = Compare(digits, exponent, (2 * m) + 1, e - 1);
            if (up > 0 || (up == 0 && !m.IsEven))
            {
                bits++;
                continue;
            }

            // Below the midpoint with the next double down (a power of two has a closer one): step down.
            bool narrowBelow = mantissaField == 0 && exponentField > 1;
            int down = narrowBelow ? Compare(digits, exponent, (4 * m) - 1, e - 2) : Compare(digits, exponent, (2 * m) - 1, e - 1);
            if (down < 0 || (down == 0 && !m.IsEven))
            {
                bits--;
                continue;
            }

            break;
        }

        double value = BitConverter.Int64BitsToDouble(bits);
        return negative ? -value : value;
    }

    /// <summary>The sign of digits × 10^exponent − m × 2^e.</summary>
    private static int Compare(BigInteger digits, int exponent, BigInteger m, int e)
    {
        BigInteger left = digits;
        BigInteger right = m;
        if (exponent >= 0)
        {
            left *= BigInteger.Pow(10, exponent);
        }
        else
        {
            right *= BigInteger.Pow(10, -exponent);
        }

        if (e >= 0)
        {
            right <<= e;
        }
        else
        {
            left <<= -e;
        }

        return left.CompareTo(right);
    }

    /// <summary><c>[-]digits[.digits][e[±]digits]</c> as its digits (sign dropped) and a power of ten; false for anything else.</summary>
    private static bool TryDecimal(ReadOnlySpan<byte> text, out BigInteger digits, out int exponent)
    {
        digits = BigInteger.Zero;
        exponent = 0;
        int i = text.Length > 0 && (text[0] == '-' || text[0] == '+') ? 1 : 0;
        int start = i;
        ulong chunk = 0;
        int chunkDigits = 0;
        bool point = false;
        for (; i < text.Length; i++)
        {
            byte b = text[i];
            if (b == '.' && !point)
            {
                point = true;
                continue;
            }

            if ((uint)(b - '0') > 9)
            {
                break;
            }

            chunk = (chunk * 10) + (uint)(b - '0');
            if (++chunkDigits == 18)
            {
                digits = (digits * 1_000_000_000_000_000_000L) + chunk;
                chunk = 0;
                chunkDigits = 0;
            }

            if (point)
            {
                exponent--;
            }
        }

        if (i == start)
        {
            return false;
        }

        digits = (digits * BigInteger.Pow(10, chunkDigits)) + chunk;
        if (i < text.Length && (text[i] | 0x20) == 'e')
        {
            i++;
            bool negativeExponent = i < text.Length && text[i] == '-';
            if (i < text.Length && (text[i] == '-' || text[i] == '+'))
            {
                i++;
            }

            int e = 0;
            int exponentStart = i;
            for (; i < text.Length && (uint)(text[i] - '0') <= 9; i++)
            {
                if (e > 100_000)
                {
                    return false;
                }

                e = (e * 10) + (text[i] - '0');
            }

            if (i == exponentStart)
            {
                return false;
            }

            exponent += negativeExponent ? -e : e;
        }

        return i == text.Length;
    }
}
