#if NET
using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Jsonable.Internal;

/// <summary>
/// UTF-16 to escaped UTF-8 a vector of eight chars at a time: a run of plain ASCII at the vector's start is narrowed, a
/// run of chars that are three UTF-8 bytes each (CJK text, most of what is not ASCII in real payloads) is encoded with
/// shuffles, and any other char (an escape, a two- or four-byte character) is encoded alone before the next vector. The BCL's transcoder takes three-byte chars
/// one or two at a time, which made it the largest single cost of writing text that is not ASCII.
/// </summary>
internal static partial class JsonEscaping
{
    /// <summary>
    /// <see cref="EscapeUtf16"/> with vectors: the same bytes (escapes by <see cref="WriteEscape"/>, a lone surrogate as
    /// U+FFFD, as the BCL's transcoder replaces it).
    /// </summary>
    private static int EscapeUtf16Vectorized(ReadOnlySpan<char> src, Span<byte> dest)
    {
        int length = src.Length;

        // Every char takes at most MaxExpansion bytes and a vector step writes at most 24 bytes for 8 chars, so with this
        // much room no store below can pass the end of dest.
        if ((long)dest.Length < (long)length * MaxExpansion)
        {
            ThrowDestinationTooShort();
        }

        ref ushort from = ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(src));
        ref byte to = ref MemoryMarshal.GetReference(dest);
        int i = 0;
        int w = 0;
        while (i <= length - Vector128<ushort>.Count)
        {
            Vector128<ushort> chars = Vector128.LoadUnsafe(ref from, (nuint)i);
            uint notPlain = NotPlainAscii(chars).ExtractMostSignificantBits();
            if ((notPlain & 1) == 0)
            {
                // All eight, or the run of them up to the first other char: the narrowed bytes past the run are
                // overwritten by what follows (the room checked above holds all eight).
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, w), Vector128.Narrow(chars, chars).AsUInt64().ToScalar());
                if (notPlain == 0)
                {
                    // A constant step on a predicted branch: the next load does not wait for this mask.
                    i += Vector128<ushort>.Count;
                    w += Vector128<ushort>.Count;
                }
                else
                {
                    int run = BitOperations.TrailingZeroCount(notPlain);
                    i += run;
                    w += run;
                }

                continue;
            }

            uint threeBytes = ThreeByteLanes(chars);
            if ((threeBytes & 1) != 0)
            {
                // The same for a run of three-byte chars (CJK text with ASCII or emoji between its runs).
                WriteThreeByteChars(chars, ref Unsafe.Add(ref to, w));
                if (threeBytes == AllLanes)
                {
                    i += Vector128<ushort>.Count;
                    w += 3 * Vector128<ushort>.Count;
                }
                else
                {
                    int run = BitOperations.TrailingZeroCount(~threeBytes);
                    i += run;
                    w += 3 * run;
                }

                continue;
            }

            // An escape, a two-byte char or a surrogate: one char (a pair whole), then the vectors again.
            int bytes = EncodeOne(src, i, dest, w);
            i += bytes == 4 ? 2 : 1;
            w += bytes;
        }

        while (i < length)
        {
            int bytes = EncodeOne(src, i, dest, w);
            i += bytes == 4 ? 2 : 1;
            w += bytes;
        }

        return w;
    }

    /// <summary>
    /// Encodes the char at <paramref name="i"/> (with the low surrogate after it, for a pair) into <paramref name="dest"/>
    /// at <paramref name="w"/>. Returns the bytes written: 4 only for a pair (two chars), any other count for one char.
    /// Positions are passed and returned by value so that the caller's loop keeps them in registers.
    /// </summary>
    private static int EncodeOne(ReadOnlySpan<char> src, int i, Span<byte> dest, int w)
    {
        char c = src[i];
        if (c < 0x80)
        {
            if (MustEscape(c))
            {
                return WriteEscape(c, dest.Slice(w));
            }

            dest[w] = (byte)c;
            return 1;
        }

        if (c < 0x800)
        {
            dest[w] = (byte)(0xC0 | (c >> 6));
            dest[w + 1] = (byte)(0x80 | (c & 0x3F));
            return 2;
        }

        if (!char.IsSurrogate(c))
        {
            dest[w] = (byte)(0xE0 | (c >> 12));
            dest[w + 1] = (byte)(0x80 | ((c >> 6) & 0x3F));
            dest[w + 2] = (byte)(0x80 | (c & 0x3F));
            return 3;
        }

        if (char.IsHighSurrogate(c) && i + 1 < src.Length && char.IsLowSurrogate(src[i + 1]))
        {
            int scalar = char.ConvertToUtf32(c, src[i + 1]);
            dest[w] = (byte)(0xF0 | (scalar >> 18));
            dest[w + 1] = (byte)(0x80 | ((scalar >> 12) & 0x3F));
            dest[w + 2] = (byte)(0x80 | ((scalar >> 6) & 0x3F));
            dest[w + 3] = (byte)(0x80 | (scalar & 0x3F));
            return 4;
        }

        // A lone surrogate has no UTF-8 form: U+FFFD, as System.Text.Json writes it.
        dest[w] = 0xEF;
        dest[w + 1] = 0xBF;
        dest[w + 2] = 0xBD;
        return 3;
    }

    /// <summary>A mask with a bit for each of the eight lanes.</summary>
    private const uint AllLanes = 0xFF;

    /// <summary>A bit for each char in U+0800–U+FFFF outside the surrogates: three UTF-8 bytes each.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint ThreeByteLanes(Vector128<ushort> chars)
    {
        Vector128<ushort> threeBytes = Vector128.GreaterThanOrEqual(chars, Vector128.Create((ushort)0x800))
            & Vector128.GreaterThanOrEqual(chars - Vector128.Create((ushort)0xD800), Vector128.Create((ushort)0x800));
        return threeBytes.ExtractMostSignificantBits();
    }

    /// <summary>Writes eight three-byte chars as their 24 UTF-8 bytes (1110xxxx 10xxxxxx 10xxxxxx each).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteThreeByteChars(Vector128<ushort> chars, ref byte to)
    {
        Vector128<ushort> low6 = Vector128.Create((ushort)0x3F);
        Vector128<ushort> continuation = Vector128.Create((ushort)0x80);
        Vector128<ushort> lead = Vector128.ShiftRightLogical(chars, 12) | Vector128.Create((ushort)0xE0);
        Vector128<ushort> middle = (Vector128.ShiftRightLogical(chars, 6) & low6) | continuation;
        Vector128<ushort> last = (chars & low6) | continuation;

        // firstTwo holds each char's lead and middle byte side by side; lasts holds the eight last bytes.
        Vector128<byte> firstTwo = (lead | Vector128.ShiftLeft(middle, 8)).AsByte();
        Vector128<byte> lasts = Vector128.Narrow(last, last);
        Vector128<byte> head = Vector128.Shuffle(firstTwo, Vector128.Create((byte)0, 1, 0xFF, 2, 3, 0xFF, 4, 5, 0xFF, 6, 7, 0xFF, 8, 9, 0xFF, 10))
            | Vector128.Shuffle(lasts, Vector128.Create((byte)0xFF, 0xFF, 0, 0xFF, 0xFF, 1, 0xFF, 0xFF, 2, 0xFF, 0xFF, 3, 0xFF, 0xFF, 4, 0xFF));
        Vector128<byte> tail = Vector128.Shuffle(firstTwo, Vector128.Create((byte)11, 0xFF, 12, 13, 0xFF, 14, 15, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF))
            | Vector128.Shuffle(lasts, Vector128.Create((byte)0xFF, 5, 0xFF, 0xFF, 6, 0xFF, 0xFF, 7, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF));
        head.StoreUnsafe(ref to);
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, Vector128<byte>.Count), tail.AsUInt64().ToScalar());
    }

    private static void ThrowDestinationTooShort() =>
        throw new ArgumentException($"The destination must hold {MaxExpansion} bytes per char.", "dest");
}
#endif
