using System;
using System.Numerics;

namespace Jsonable;

/// <summary>
/// The shortest round-trip digits of a double or float without strings (netstandard2.0 has no UTF-8 <c>TryFormat</c>,
/// and .NET Framework's and older Mono's <c>ToString()</c> are not shortest): Ulf Adams' Ryū (PLDI 2018), which picks
/// the shortest digits inside the value's rounding interval, the closest of them to the value (ties to even), as .NET
/// Core 3.0+ does. Laid out as .NET lays out "R": positional, or scientific (<c>1E+17</c>, <c>1.5E-05</c>) when the
/// decimal exponent is below -4 or at least 17 (double) or 9 (float). The power-of-5 tables are computed once with
/// <see cref="BigInteger"/> (a few milliseconds, on the first floating-point number written).
/// A power of two has a narrower interval below it than above; the digit search this replaces (Formatting.Shortest,
/// kept for them) picks the closest digits at each length and so can give one more digit than Ryū there. Over the
/// powers of two from 2^-20 to 2^60 both give the same bytes (checked exhaustively, and on random values against it),
/// so only the powers outside that range are declined (-1) and left to the search, and no written byte changes.
/// </summary>
internal static partial class ShortestNumber
{
    private const int DoublePow5InvBitCount = 125;
    private const int DoublePow5BitCount = 125;
    private const int FloatPow5InvBitCount = 59;
    private const int FloatPow5BitCount = 61;

    /// <summary>Writes a finite double, or returns -1 for a power of two it leaves to the search; <paramref name="destination"/> has room for 25 bytes.</summary>
    public static int Format(double value, Span<byte> destination)
    {
        ulong bits = (ulong)BitConverter.DoubleToInt64Bits(value);
        bool negative = (bits >> 63) != 0;
        ulong ieeeMantissa = bits & ((1UL << 52) - 1);
        int ieeeExponent = (int)((bits >> 52) & 0x7FF);
        if (ieeeExponent == 0 && ieeeMantissa == 0)
        {
            return Zero(negative, destination);
        }

        if (ieeeMantissa == 0 && (ieeeExponent - 1023 < -20 || ieeeExponent - 1023 > 60))
        {
            return -1;
        }

        if (ieeeMantissa != 0 && ShortDecimals.TryDouble(negative ? -value : value, out ulong shortDigits, out int shortExponent))
        {
            return Layout(negative, shortDigits, shortExponent, 17, destination);
        }

        (ulong digits, int exponent) = Double(ieeeMantissa, ieeeExponent);
        return Layout(negative, digits, exponent, 17, destination);
    }

    /// <summary>Writes a finite float, or returns -1 for a power of two it leaves to the search; <paramref name="destination"/> has room for 17 bytes.</summary>
    public static int Format(float value, Span<byte> destination)
    {
        uint bits = SingleBits(value);
        bool negative = (bits >> 31) != 0;
        uint ieeeMantissa = bits & ((1u << 23) - 1);
        int ieeeExponent = (int)((bits >> 23) & 0xFF);
        if (ieeeExponent == 0 && ieeeMantissa == 0)
        {
            return Zero(negative, destination);
        }

        if (ieeeMantissa == 0 && (ieeeExponent - 127 < -20 || ieeeExponent - 127 > 60))
        {
            return -1;
        }

        if (ieeeMantissa != 0 && ShortDecimals.TrySingle(ieeeMantissa, ieeeExponent, out ulong shortDigits, out int shortExponent))
        {
            return Layout(negative, shortDigits, shortExponent, 9, destination);
        }

        (uint digits, int exponent) = Single(ieeeMantissa, ieeeExponent);
        return Layout(negative, digits, exponent, 9, destination);
    }

    private static unsafe uint SingleBits(float value) => *(uint*)&value;

    private static (ulong Digits, int Exponent) Double(ulong ieeeMantissa, int ieeeExponent)
    {
        int e2;
        ulong m2;
        if (ieeeExponent == 0)
        {
            e2 = 1 - 1023 - 52 - 2;
            m2 = ieeeMantissa;
        }
        else
        {
            e2 = ieeeExponent - 1023 - 52 - 2;
            m2 = (1UL << 52) | ieeeMantissa;
        }

        bool acceptBounds = (m2 & 1) == 0;
        ulong mv = 4 * m2;
        uint mmShift = ieeeMantissa != 0 || ieeeExponent <= 1 ? 1u : 0u;
        ulong mp = mv + 2;
        ulong mm = mv - 1 - mmShift;

        ulong vr, vp, vm;
        int e10;
        bool vmIsTrailingZeros = false;
        bool vrIsTrailingZeros = false;
        if (e2 >= 0)
        {
            int q = Log10Pow2(e2) - (e2 > 3 ? 1 : 0);
            e10 = q;
            int k = DoublePow5InvBitCount + Pow5Bits(q) - 1;
            int i = -e2 + q + k;
            Tables t = Tables.Instance;
            vr = MulShift64(mv, t.DoubleInvLo[q], t.DoubleInvHi[q], i);
            vp = MulShift64(mp, t.DoubleInvLo[q], t.DoubleInvHi[q], i);
            vm = MulShift64(mm, t.DoubleInvLo[q], t.DoubleInvHi[q], i);
            if (q <= 21)
            {
                if (mv % 5 == 0)
                {
                    vrIsTrailingZeros = MultipleOfPowerOf5(mv, q);
                }
                else if (acceptBounds)
                {
                    vmIsTrailingZeros = MultipleOfPowerOf5(mm, q);
                }
                else
                {
                    vp -= MultipleOfPowerOf5(mp, q) ? 1UL : 0UL;
                }
            }
        }
        else
        {
            int q = Log10Pow5(-e2) - (-e2 > 1 ? 1 : 0);
            e10 = q + e2;
            int i = -e2 - q;
            int k = Pow5Bits(i) - DoublePow5BitCount;
            int j = q - k;
            Tables t = Tables.Instance;
            vr = MulShift64(mv, t.DoubleLo[i], t.DoubleHi[i], j);
            vp = MulShift64(mp, t.DoubleLo[i], t.DoubleHi[i], j);
            vm = MulShift64(mm, t.DoubleLo[i], t.DoubleHi[i], j);
            if (q <= 1)
            {
                // mv has at least q trailing 0 bits (it is a multiple of 4), so vr is exact.
                vrIsTrailingZeros = true;
                if (acceptBounds)
                {
                    vmIsTrailingZeros = mmShift == 1;
                }
                else
                {
                    vp--;
                }
            }
            else if (q < 63)
            {
                vrIsTrailingZeros = MultipleOfPowerOf2(mv, q);
            }
        }

        int removed = 0;
        int lastRemovedDigit = 0;
        ulong output;
        if (vmIsTrailingZeros || vrIsTrailingZeros)
        {
            while (vp / 10 > vm / 10)
            {
                vmIsTrailingZeros &= vm % 10 == 0;
                vrIsTrailingZeros &= lastRemovedDigit == 0;
                lastRemovedDigit = (int)(vr % 10);
                vr /= 10;
                vp /= 10;
                vm /= 10;
                removed++;
            }

            if (vmIsTrailingZeros)
            {
                while (vm % 10 == 0)
                {
                    vrIsTrailingZeros &= lastRemovedDigit == 0;
                    lastRemovedDigit = (int)(vr % 10);
                    vr /= 10;
                    vp /= 10;
                    vm /= 10;
                    removed++;
                }
            }

            if (vrIsTrailingZeros && lastRemovedDigit == 5 && vr % 2 == 0)
            {
                lastRemovedDigit = 4; // exactly halfway: round to even
            }

            output = vr + ((vr == vm && (!acceptBounds || !vmIsTrailingZeros)) || lastRemovedDigit >= 5 ? 1UL : 0UL);
        }
        else
        {
            bool roundUp = false;
            if (vp / 100 > vm / 100)
            {
                roundUp = vr % 100 >= 50;
                vr /= 100;
                vp /= 100;
                vm /= 100;
                removed += 2;
            }

            while (vp / 10 > vm / 10)
            {
                roundUp = vr % 10 >= 5;
                vr /= 10;
                vp /= 10;
                vm /= 10;
                removed++;
            }

            output = vr + (vr == vm || roundUp ? 1UL : 0UL);
        }

        return (output, e10 + removed);
    }

    private static (uint Digits, int Exponent) Single(uint ieeeMantissa, int ieeeExponent)
    {
        int e2;
        uint m2;
        if (ieeeExponent == 0)
        {
            e2 = 1 - 127 - 23 - 2;
            m2 = ieeeMantissa;
        }
        else
        {
            e2 = ieeeExponent - 127 - 23 - 2;
            m2 = (1u << 23) | ieeeMantissa;
        }

        bool acceptBounds = (m2 & 1) == 0;
        uint mv = 4 * m2;
        uint mp = mv + 2;
        uint mmShift = ieeeMantissa != 0 || ieeeExponent <= 1 ? 1u : 0u;
        uint mm = mv - 1 - mmShift;

        uint vr, vp, vm;
        int e10;
        bool vmIsTrailingZeros = false;
        bool vrIsTrailingZeros = false;
        int lastRemovedDigit = 0;
        Tables t = Tables.Instance;
        if (e2 >= 0)
        {
            int q = Log10Pow2(e2);
            e10 = q;
            int k = FloatPow5InvBitCount + Pow5Bits(q) - 1;
            int i = -e2 + q + k;
            vr = MulShift32(mv, t.FloatInv[q], i);
            vp = MulShift32(mp, t.FloatInv[q], i);
            vm = MulShift32(mm, t.FloatInv[q], i);
            if (q != 0 && (vp - 1) / 10 <= vm / 10)
            {
                // The loop below removes at most one digit; work out the one it would have needed.
                int l = FloatPow5InvBitCount + Pow5Bits(q - 1) - 1;
                lastRemovedDigit = (int)(MulShift32(mv, t.FloatInv[q - 1], -e2 + q - 1 + l) % 10);
            }

            if (q <= 9)
            {
                if (mv % 5 == 0)
                {
                    vrIsTrailingZeros = MultipleOfPowerOf5(mv, q);
                }
                else if (acceptBounds)
                {
                    vmIsTrailingZeros = MultipleOfPowerOf5(mm, q);
                }
                else
                {
                    vp -= MultipleOfPowerOf5(mp, q) ? 1u : 0u;
                }
            }
        }
        else
        {
            int q = Log10Pow5(-e2);
            e10 = q + e2;
            int i = -e2 - q;
            int k = Pow5Bits(i) - FloatPow5BitCount;
            int j = q - k;
            vr = MulShift32(mv, t.Float[i], j);
            vp = MulShift32(mp, t.Float[i], j);
            vm = MulShift32(mm, t.Float[i], j);
            if (q != 0 && (vp - 1) / 10 <= vm / 10)
            {
                j = q - 1 - (Pow5Bits(i + 1) - FloatPow5BitCount);
                lastRemovedDigit = (int)(MulShift32(mv, t.Float[i + 1], j) % 10);
            }

            if (q <= 1)
            {
                vrIsTrailingZeros = true;
                if (acceptBounds)
                {
                    vmIsTrailingZeros = mmShift == 1;
                }
                else
                {
                    vp--;
                }
            }
            else if (q < 31)
            {
                vrIsTrailingZeros = MultipleOfPowerOf2(mv, q - 1);
            }
        }

        int removed = 0;
        uint output;
        if (vmIsTrailingZeros || vrIsTrailingZeros)
        {
            while (vp / 10 > vm / 10)
            {
                vmIsTrailingZeros &= vm % 10 == 0;
                vrIsTrailingZeros &= lastRemovedDigit == 0;
                lastRemovedDigit = (int)(vr % 10);
                vr /= 10;
                vp /= 10;
                vm /= 10;
                removed++;
            }

            if (vmIsTrailingZeros)
            {
                while (vm % 10 == 0)
                {
                    vrIsTrailingZeros &= lastRemovedDigit == 0;
                    lastRemovedDigit = (int)(vr % 10);
                    vr /= 10;
                    vp /= 10;
                    vm /= 10;
                    removed++;
                }
            }

            if (vrIsTrailingZeros && lastRemovedDigit == 5 && vr % 2 == 0)
            {
                lastRemovedDigit = 4;
            }

            output = vr + ((vr == vm && (!acceptBounds || !vmIsTrailingZeros)) || lastRemovedDigit >= 5 ? 1u : 0u);
        }
        else
        {
            while (vp / 10 > vm / 10)
            {
                lastRemovedDigit = (int)(vr % 10);
                vr /= 10;
                vp /= 10;
                vm /= 10;
                removed++;
            }

            output = vr + (vr == vm || lastRemovedDigit >= 5 ? 1u : 0u);
        }

        return (output, e10 + removed);
    }

    // ⌈log2(5^e)⌉ (1 for e = 0), ⌊log10(2^e)⌋ and ⌊log10(5^e)⌋, exact over the ranges used.
    private static int Pow5Bits(int e) => (int)(((uint)e * 1217359) >> 19) + 1;

    private static int Log10Pow2(int e) => (int)(((uint)e * 78913) >> 18);

    private static int Log10Pow5(int e) => (int)(((uint)e * 732923) >> 20);

    private static bool MultipleOfPowerOf5(ulong value, int p)
    {
        int count = 0;
        while (value % 5 == 0 && value != 0)
        {
            value /= 5;
            count++;
        }

        return count >= p;
    }

    private static bool MultipleOfPowerOf2(ulong value, int p) => (value & ((1UL << p) - 1)) == 0;

    private static uint MulShift32(uint m, ulong factor, int shift)
    {
        ulong bits0 = (ulong)m * (uint)factor;
        ulong bits1 = (ulong)m * (uint)(factor >> 32);
        ulong sum = (bits0 >> 32) + bits1;
        return (uint)(sum >> (shift - 32));
    }

    /// <summary>(m × (hi·2^64 + lo)) >> j, for j in (64, 128): m is under 2^55, so the sum fits 128 bits.</summary>
    private static ulong MulShift64(ulong m, ulong lo, ulong hi, int j)
    {
        ulong b0Hi = MultiplyHigh(m, lo);
        ulong b2Lo = m * hi;
        ulong b2Hi = MultiplyHigh(m, hi);
        ulong sumLo = b2Lo + b0Hi;
        ulong sumHi = b2Hi + (sumLo < b2Lo ? 1UL : 0UL);
        int shift = j - 64;
        return shift == 0 ? sumLo : (sumHi << (64 - shift)) | (sumLo >> shift);
    }

    private static ulong MultiplyHigh(ulong a, ulong b)
    {
        ulong aLo = (uint)a;
        ulong aHi = a >> 32;
        ulong bLo = (uint)b;
        ulong bHi = b >> 32;
        ulong loLo = aLo * bLo;
        ulong hiLo = aHi * bLo;
        ulong loHi = aLo * bHi;
        ulong hiHi = aHi * bHi;
        ulong cross = (loLo >> 32) + (uint)hiLo + loHi;
        return hiHi + (hiLo >> 32) + (cross >> 32);
    }

    /// <summary>Ryū's power-of-5 multipliers, built once from their definitions.</summary>
    private sealed class Tables
    {
        public static readonly Tables Instance = new();

        public readonly ulong[] DoubleInvLo = new ulong[342];
        public readonly ulong[] DoubleInvHi = new ulong[342];
        public readonly ulong[] DoubleLo = new ulong[326];
        public readonly ulong[] DoubleHi = new ulong[326];
        public readonly ulong[] FloatInv = new ulong[32];
        public readonly ulong[] Float = new ulong[48];

        private Tables()
        {
            BigInteger mask64 = (BigInteger.One << 64) - 1;
            BigInteger pow5 = BigInteger.One;
            for (int i = 0; i < 342; i++, pow5 *= 5)
            {
                int bits = Pow5Bits(i);
                if (i < DoubleInvLo.Length)
                {
                    // ⌊2^(bits - 1 + 125) / 5^i⌋ + 1
                    BigInteger inv = (BigInteger.One << (bits - 1 + DoublePow5InvBitCount)) / pow5 + 1;
                    DoubleInvLo[i] = (ulong)(inv & mask64);
                    DoubleInvHi[i] = (ulong)(inv >> 64);
                }

                if (i < DoubleLo.Length)
                {
                    // 5^i's top 125 bits
                    BigInteger top = Shift(pow5, bits - DoublePow5BitCount);
                    DoubleLo[i] = (ulong)(top & mask64);
                    DoubleHi[i] = (ulong)(top >> 64);
                }

                if (i < FloatInv.Length)
                {
                    FloatInv[i] = (ulong)((BigInteger.One << (bits - 1 + FloatPow5InvBitCount)) / pow5 + 1);
                }

                if (i < Float.Length)
                {
                    Float[i] = (ulong)Shift(pow5, bits - FloatPow5BitCount);
                }
            }
        }

        private static BigInteger Shift(BigInteger value, int right) => right >= 0 ? value >> right : value << -right;
    }
}
