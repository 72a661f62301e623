using System;
using System.Buffers;
#if NET
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
#endif
using System.Text.Unicode;

namespace Jsonable.Internal;

/// <summary>
/// Validates UTF-8 and transcodes it to UTF-16 in one pass, a vector at a time: a run of ASCII at the vector's start is
/// widened, a run of three-byte sequences (CJK text, most of what is not ASCII in real payloads) is checked and decoded
/// four at a time, and any other sequence is decoded alone before the next vector. The BCL's transcoder takes three-byte
/// sequences one or two at a time, which made it the largest single cost of reading text that is not ASCII.
/// </summary>
internal static class Utf8Decoding
{
    /// <summary>
    /// Transcodes <paramref name="utf8"/> into <paramref name="chars"/> (at least as long: n bytes are at most n chars);
    /// false when it is not valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF, no cut-off
    /// sequence), exactly when <see cref="Utf8.ToUtf16(ReadOnlySpan{byte}, Span{char}, out int, out int, bool, bool)"/>
    /// without replacement reports invalid data.
    /// </summary>
    public static bool TryToUtf16(ReadOnlySpan<byte> utf8, Span<char> chars, out int written)
    {
        if (chars.Length < utf8.Length)
        {
            ThrowDestinationTooShort();
        }

#if NET
        if (Vector128.IsHardwareAccelerated)
        {
            return TryToUtf16Vectorized(utf8, chars, out written);
        }
#endif

        return Utf8.ToUtf16(utf8, chars, out _, out written, replaceInvalidSequences: false) == OperationStatus.Done;
    }

#if NET
    private static bool TryToUtf16Vectorized(ReadOnlySpan<byte> utf8, Span<char> chars, out int written)
    {
        ref byte from = ref MemoryMarshal.GetReference(utf8);
        ref ushort to = ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(chars));
        int length = utf8.Length;
        int i = 0;
        int w = 0;

        // Chars written never outrun bytes read, and chars is at least as long as utf8: a step that reads 16 bytes from
        // i writes at most 16 chars from w <= i, inside chars.
        while (i < length)
        {
            if (i <= length - Vector128<byte>.Count)
            {
                // The steps where a whole vector is good advance by a constant, on a branch the CPU predicts, so the
                // next load does not wait for this one's mask to be computed (runs of good vectors are most of a text).
                Vector128<byte> bytes = Vector128.LoadUnsafe(ref from, (nuint)i);
                uint nonAscii = bytes.ExtractMostSignificantBits();
                if ((nonAscii & 1) == 0)
                {
                    // All sixteen, or the ASCII run up to the first other byte (the chars past it are overwritten next).
                    (Vector128<ushort> lower, Vector128<ushort> upper) = Vector128.Widen(bytes);
                    lower.StoreUnsafe(ref to, (nuint)w);
                    upper.StoreUnsafe(ref to, (nuint)(w + Vector128<ushort>.Count));
                    if (nonAscii == 0)
                    {
                        i += Vector128<byte>.Count;
                        w += Vector128<byte>.Count;
                    }
                    else
                    {
                        int run = BitOperations.TrailingZeroCount(nonAscii);
                        i += run;
                        w += run;
                    }

                    continue;
                }

                int sequences = DecodeThreeByteSequences(bytes, ref Unsafe.Add(ref to, w));
                if (sequences == 4)
                {
                    i += 12;
                    w += 4;
                    continue;
                }

                if (sequences > 0)
                {
                    i += 3 * sequences;
                    w += sequences;
                    continue;
                }
            }

            // A sequence that is not a run of ASCII or of three-byte sequences, or the last bytes, one at a time.
            int read = DecodeOne(utf8, i, chars, w);
            if (read == 0)
            {
                written = 0;
                return false;
            }

            i += read;
            w += read == 4 ? 2 : 1;
        }

        written = w;
        return true;
    }

    /// <summary>
    /// Decodes the run of well-formed three-byte sequences (U+0800–U+FFFF outside the surrogates) among the first four at
    /// the vector's start and stores their chars (four chars are stored; those past the run are overwritten next).
    /// </summary>
    /// <returns>How many sequences were good, 0 to 4.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int DecodeThreeByteSequences(Vector128<byte> bytes, ref ushort to)
    {
        // Each sequence's bytes as one number, the lead byte highest: 1110aaaa 10bbbbbb 10cccccc in bits 23..0.
        Vector128<uint> sequence = Vector128.Shuffle(bytes, Vector128.Create((byte)2, 1, 0, 0xFF, 5, 4, 3, 0xFF, 8, 7, 6, 0xFF, 11, 10, 9, 0xFF)).AsUInt32();
        Vector128<uint> wellFormed = Vector128.Equals(sequence & Vector128.Create(0x00F0C0C0u), Vector128.Create(0x00E08080u));
        Vector128<uint> value = (Vector128.ShiftRightLogical(sequence, 4) & Vector128.Create(0xF000u))
            | (Vector128.ShiftRightLogical(sequence, 2) & Vector128.Create(0x0FC0u))
            | (sequence & Vector128.Create(0x3Fu));

        // Not overlong (U+0800 or above) and not a surrogate (U+D800–U+DFFF).
        Vector128<uint> good = wellFormed
            & Vector128.GreaterThanOrEqual(value, Vector128.Create(0x800u))
            & ~Vector128.Equals(value & Vector128.Create(0xF800u), Vector128.Create(0xD800u));
        uint lanes = good.ExtractMostSignificantBits();
        if ((lanes & 1) == 0)
        {
            return 0;
        }

        Vector128<ushort> decoded = Vector128.Narrow(value, value);
        Unsafe.WriteUnaligned(ref Unsafe.As<ushort, byte>(ref to), decoded.AsUInt64().ToScalar());
        return BitOperations.TrailingZeroCount(~lanes); // 4 when all are: the mask has four bits
    }
#endif

    /// <summary>
    /// Decodes the one sequence at <paramref name="i"/> (validated) into <paramref name="chars"/> at <paramref name="w"/>.
    /// Returns its length in bytes (a four-byte sequence is two chars, any other one), or 0 when it is not well-formed.
    /// Positions are passed and returned by value so that the caller's loop keeps them in registers.
    /// </summary>
    private static int DecodeOne(ReadOnlySpan<byte> utf8, int i, Span<char> chars, int w)
    {
        int b0 = utf8[i];
        if (b0 < 0x80)
        {
            chars[w] = (char)b0;
            return 1;
        }

        int left = utf8.Length - i;
        if (b0 < 0xC2)
        {
            return 0; // a continuation byte, or the lead of an overlong two-byte form
        }

        if (b0 < 0xE0)
        {
            if (left < 2 || !IsContinuation(utf8[i + 1]))
            {
                return 0;
            }

            chars[w] = (char)(((b0 & 0x1F) << 6) | (utf8[i + 1] & 0x3F));
            return 2;
        }

        if (b0 < 0xF0)
        {
            if (left < 3 || !IsContinuation(utf8[i + 1]) || !IsContinuation(utf8[i + 2]))
            {
                return 0;
            }

            int c = ((b0 & 0x0F) << 12) | ((utf8[i + 1] & 0x3F) << 6) | (utf8[i + 2] & 0x3F);
            if (c < 0x800 || (c & 0xF800) == 0xD800)
            {
                return 0; // overlong, or a surrogate
            }

            chars[w] = (char)c;
            return 3;
        }

        if (b0 < 0xF5)
        {
            if (left < 4 || !IsContinuation(utf8[i + 1]) || !IsContinuation(utf8[i + 2]) || !IsContinuation(utf8[i + 3]))
            {
                return 0;
            }

            int scalar = ((b0 & 0x07) << 18) | ((utf8[i + 1] & 0x3F) << 12) | ((utf8[i + 2] & 0x3F) << 6) | (utf8[i + 3] & 0x3F);
            if (scalar < 0x10000 || scalar > 0x10FFFF)
            {
                return 0; // overlong, or past Unicode
            }

            scalar -= 0x10000;
            chars[w] = (char)(0xD800 + (scalar >> 10));
            chars[w + 1] = (char)(0xDC00 + (scalar & 0x3FF));
            return 4;
        }

        return 0;
    }

    private static bool IsContinuation(byte b) => (b & 0xC0) == 0x80;

    private static void ThrowDestinationTooShort() =>
        throw new ArgumentException("The destination must hold a char per byte.", "chars");
}
