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

    // 5^0 to 5^12: with a float's 24-bit mantissa, products below 2^52.
    private static readonly ulong[] s_powersOf5 =
    {
        1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625, 48828125, 244140625,
    };

    /// <summary>
    /// For a float from 2^-16 to below 2^24 that is not a power of two (its IEEE fields): the decimal with the fewest
    /// fraction digits that reads back to it (at most 9 significant digits), nearest to it among those of its length, as
    /// Ryū picks; a decimal on the edge of the float's rounding interval, or halfway between two, is left to Ryū. Exact
    /// 64-bit integer arithmetic (a multiply and shifts per fraction digit tried), no divisions or double rounding.
    /// </summary>
    public static bool TrySingle(uint ieeeMantissa, int ieeeExponent, out ulong digits, out int exponent)
    {
        digits = 0;
        exponent = 0;

        // value = m × 2^-shift. From 2^24 on an ulp exceeds 1, and a shorter decimal may end in zeros before the point
        // (85096928 reads back from 85096930): that takes Ryū.
        int shift = 150 - ieeeExponent;
        if (shift < 0 || shift > 39)
        {
            return false;
        }

        ulong m = (1UL << 23) | ieeeMantissa;

        // ceil(shift × log10(2)): with 10^-last at most an ulp, some decimal of that many fraction digits lies within
        // half an ulp, so the search ends there (and last ≤ shift, so value × 10^k is m × 5^k / 2^(shift - k)).
        int last = ((shift * 78913) + (1 << 18) - 1) >> 18;
        ulong[] powers = s_powersOf5;
        for (int k = 0; k <= last; k++)
        {
            int t = shift - k;
            ulong scaled = m * powers[k]; // value × 10^k × 2^t, exact
            if (t == 0)
            {
                digits = scaled;
                exponent = -k;
                return true;
            }

            ulong n = (scaled + (1UL << (t - 1))) >> t; // the nearest integer to value × 10^k (halves up)
            long rest = (long)(scaled - (n << t)); // (value × 10^k - n) × 2^t, in [-2^(t-1), 2^(t-1))

            // n / 10^k reads back when it lies within half an ulp (5^k / 2^(t+1) at this scale) of the value; the
            // interval is symmetric as the value is not a power of two.
            ulong twice = (ulong)(rest < 0 ? -rest : rest) << 1;
            if (twice < powers[k])
            {
                if (rest == -(1L << (t - 1)))
                {
                    return false; // exactly halfway between n - 1 and n: Ryū's tie rules decide
                }

                digits = n;
                exponent = -k;
                return true;
            }

            if (twice == powers[k])
            {
                return false; // on the interval's edge: reading it back rounds to even
            }
        }

        return false;
    }
}
