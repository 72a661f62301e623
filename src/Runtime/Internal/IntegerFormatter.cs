using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Jsonable.Internal;

/// <summary>
/// Formats integers as JSON numbers (decimal digits, a leading minus sign, nothing else), the bytes
/// <c>long.ToString</c>/<c>ulong.ToString</c> produce with the invariant culture, written straight into the writer's
/// reserved room: no span slicing, no culture lookup, and for values below 2^32 (nearly every integer on the wire)
/// no loop. The IntegerWrite scenario of the benchmark harness measures it against System.Text.Json's.
/// </summary>
internal static class IntegerFormatter
{
    /// <summary>The most bytes a call may write: the 20 digits of <see cref="ulong.MaxValue"/>, or a sign and 19 digits.</summary>
    public const int MaxLength = 20;

    /// <summary>Writes <paramref name="value"/> at <paramref name="dest"/>, which must have room for <see cref="MaxLength"/> bytes.</summary>
    /// <returns>The number of bytes of the number.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Format(long value, ref byte dest)
    {
        if (value >= 0)
        {
            return Format((ulong)value, ref dest);
        }

        dest = (byte)'-';
        return 1 + Format(unchecked((ulong)-value), ref Unsafe.Add(ref dest, 1)); // long.MinValue negates to itself, as 2^63 unsigned
    }

    /// <summary>
    /// Writes the decimal digits of <paramref name="value"/> at <paramref name="dest"/>, which must have room for
    /// <see cref="MaxLength"/> bytes: bytes past the digits may be overwritten (the caller writes over them next).
    /// </summary>
    /// <returns>The number of digits.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Format(ulong value, ref byte dest) =>
        value <= uint.MaxValue ? FormatUInt32((uint)value, ref dest) : FormatUInt64(value, ref dest);

    /// <summary>
    /// <see cref="Format(ulong, ref byte)"/> for a value that fits 32 bits (ids, counts, prices: nearly every integer on the wire):
    /// the last eight digits are made at once in one 64-bit register (<see cref="EightDigits"/>: no loop, no table,
    /// no dependent chain of divisions) and stored in one 8-byte write; the one or two above them, if any, from the pair table.
    /// </summary>
    private static int FormatUInt32(uint value, ref byte dest)
    {
        if (value < 10)
        {
            dest = (byte)('0' + value);
            return 1;
        }

        if (!BitConverter.IsLittleEndian)
        {
            return FormatUInt64(value, ref dest);
        }

        if (value < 100_000_000)
        {
            // Leading zero digits are the low bytes that are 0 (the most significant digit is stored first): shift them out.
            ulong digits = EightDigits(value);
            int leadingZeros = BitOperations.TrailingZeroCount(digits) >> 3;
            Unsafe.WriteUnaligned(ref dest, (digits + 0x3030_3030_3030_3030UL) >> (leadingZeros * 8));
            return 8 - leadingZeros;
        }

        uint high = value / 100_000_000; // 1..42
        ulong low = EightDigits(value - (high * 100_000_000)) + 0x3030_3030_3030_3030UL;
        if (high < 10)
        {
            dest = (byte)('0' + high);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref dest, 1), low);
            return 9;
        }

        Unsafe.WriteUnaligned(ref dest, Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref MemoryMarshal.GetReference(TwoDigits), (nint)(high * 2))));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref dest, 2), low);
        return 10;
    }

    /// <summary>
    /// The eight decimal digits of <paramref name="value"/> (below 10^8, leading zeros included) as the values 0–9, one a
    /// byte, most significant in the lowest byte (the order they are stored in on a little-endian machine). Split by
    /// 10^4 into two 32-bit lanes, then each lane by 100 into 16-bit lanes, then each by 10 into bytes: the divisions of
    /// all lanes at a step are one multiply and shift (exact for these ranges: x × 5243 >> 19 is x / 100 below 43,699,
    /// x × 103 >> 10 is x / 10 below 179).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong EightDigits(uint value)
    {
        uint upper = value / 10_000;
        ulong x = upper | ((ulong)(value - (upper * 10_000)) << 32);
        ulong hundreds = ((x * 5243) >> 19) & 0x0000_007F_0000_007FUL;
        x = hundreds | ((x - (hundreds * 100)) << 16);
        ulong tens = ((x * 103) >> 10) & 0x000F_000F_000F_000FUL;
        return tens | ((x - (tens * 10)) << 8);
    }

    /// <summary><see cref="Format(ulong, ref byte)"/> for any value of 10 or more: two digits at a time, from the right.</summary>
    private static int FormatUInt64(ulong value, ref byte dest)
    {
        int digits = CountDigits(value);
        ref byte pairs = ref MemoryMarshal.GetReference(TwoDigits);
        int at = digits;
        while (value >= 100)
        {
            ulong quotient = value / 100;
            int pair = (int)(value - (quotient * 100)) * 2;
            value = quotient;
            at -= 2;
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref dest, at), Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref pairs, pair)));
        }

        if (value >= 10)
        {
            Unsafe.WriteUnaligned(ref dest, Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref pairs, (int)value * 2)));
        }
        else
        {
            dest = (byte)('0' + value);
        }

        return digits;
    }

    /// <summary>The number of decimal digits of a value of at least 1: from its bit length, corrected by one power of ten.</summary>
    private static int CountDigits(ulong value)
    {
        int bits = 64 - BitOperations.LeadingZeroCount(value | 1);
        int guess = (bits * 1233) >> 12; // bits × log10(2)
        return guess + 1 - (value < PowersOfTen[guess] ? 1 : 0);
    }

    private static ReadOnlySpan<ulong> PowersOfTen =>
    [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ];

    private static ReadOnlySpan<byte> TwoDigits =>
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"u8;
}
