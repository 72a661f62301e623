using System;

namespace Jsonable;

/// <summary>
/// The shortest digits of a double or float that is a short decimal (<c>12345.678</c>, <c>-1234.5677</c>, <c>0.25</c>:
/// what games and APIs mostly send), found by scaling with exact powers of ten instead of Ryū's chain of 64-bit
/// divisions, which Mono's JIT and IL2CPP do not turn into multiplications. The same digits as Ryū
/// (<see cref="ShortestNumber"/>); anything it cannot settle (more digits, ties, powers of two, tiny or huge values)
/// is left to Ryū.
/// </summary>
internal static class ShortDecimals
{
    // 10^0 to 10^22: exact doubles.
    private static readonly double[] s_powersOf10 =
    {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    };

    /// <summary>
    /// For a positive double that is not a power of two: the digits n and exponent -k of the decimal n × 10^-k with the
    /// fewest fraction digits k that reads back to it, when n has at most 15 digits. Decimals of at most 15 significant
    /// digits read as distinct doubles, so that decimal is the only one of its length, and Ryū's. n / 10^k is correctly
    /// rounded (both exact doubles), as reading the text is. Below 10^15 an ulp is under 1, so no shorter decimal ends in
    /// zeros before the point unless the double is that integer (k = 0).
    /// </summary>
    public static bool TryDouble(double magnitude, out ulong digits, out int exponent)
    {
        digits = 0;
        exponent = 0;
        if (!(magnitude < 1e15) || magnitude < 1e-7)
        {
            return false;
        }

        double[] powers = s_powersOf10;
        for (int k = 0; k < powers.Length; k++)
        {
            double scaled = magnitude * powers[k];
            if (scaled >= 1e15)
            {
                return false;
            }

            long n = (long)(scaled + 0.5); // exact: below 2^50 the sum needs no rounding
            double distance = scaled - n;
            // A candidate lies within half an ulp of the value (about scaled × 2^-53, and the product's rounding):
            // anything farther cannot read back, so only near-integers pay for the division.
            if ((distance < 0 ? -distance : distance) <= scaled * (1.0 / (1L << 50)) && n / powers[k] == magnitude)
            {
                digits = (ulong)n;
                exponent = -k;
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// For a positive float below 2^24 that is not a power of two: the decimal with the fewest fraction digits that reads
    /// back to it (at most 9 significant digits), nearest to it among those of its length, as Ryū picks. Several decimals of 7 to 9
    /// digits may read as the same float, so the nearest is taken (the float's interval is symmetric when it is not a
    /// power of two), and an exact tie is left to Ryū. A float is read through the double n / 10^k, which rounds to the
    /// float as the text does unless it lies exactly on a float midpoint (left to Ryū).
    /// </summary>
    public static bool TrySingle(float value, out ulong digits, out int exponent)
    {
        digits = 0;
        exponent = 0;
        double magnitude = value;
        if (!(magnitude < 16_777_216) || magnitude < 1e-5)
        {
            // From 2^24 on a float's ulp exceeds 1, and a shorter decimal may end in zeros before the point (85096928
            // reads back from 85096930): that takes Ryū.
            return false;
        }

        double[] powers = s_powersOf10;
        for (int k = 0; k < 15; k++)
        {
            double scaled = magnitude * powers[k];
            if (scaled >= 1e9)
            {
                return false;
            }

            long n = (long)(scaled + 0.5);
            double distance = scaled - n;
            if (distance < 0)
            {
                distance = -distance;
            }

            // Within half a float ulp (at most scaled × 2^-24) of the value, with room for the product's rounding.
            if (distance <= scaled * (1.0 / (1 << 23)))
            {
                if (distance > 0.5 - 1e-6)
                {
                    return false; // (nearly) halfway between two decimals: Ryū's tie rules decide
                }

                double q = n / powers[k];
                if ((BitConverter.DoubleToInt64Bits(q) & 0x1FFF_FFFF) == 0x1000_0000)
                {
                    return false; // on a float midpoint: rounding the double again may differ from reading the text
                }

                if ((float)q == value)
                {
                    digits = (ulong)n;
                    exponent = -k;
                    return true;
                }
            }
        }

        return false;
    }
}
