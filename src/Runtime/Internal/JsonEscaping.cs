using System;
using System.Buffers;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Text;
using System.Text.Unicode;

namespace Jsonable.Internal;

/// <summary>RFC 8259 string escaping shared by both formats (docs/jmc1.md): the fast paths (the rules are in JsonEscaping.Rules.cs).</summary>
internal static partial class JsonEscaping
{
    private static readonly SearchValues<char> s_charsToEscape = SearchValues.Create(CharsToEscape);

    private static readonly SearchValues<byte> s_bytesToEscape = SearchValues.Create(Encoding.ASCII.GetBytes(CharsToEscape));

    /// <summary>Escapes UTF-16 text into UTF-8; <paramref name="dest"/> must hold <see cref="MaxExpansion"/> bytes per char.</summary>
    /// <returns>The number of bytes written.</returns>
    public static int EscapeUtf16(ReadOnlySpan<char> src, Span<byte> dest)
    {
#if NET
        if (Vector128.IsHardwareAccelerated)
        {
            return EscapeUtf16Vectorized(src, dest);
        }
#endif

        int written = 0;
        while (true)
        {
            int idx = src.IndexOfAny(s_charsToEscape);
            ReadOnlySpan<char> plain = idx < 0 ? src : src.Slice(0, idx);
            // A lone surrogate has no UTF-8 form: it becomes U+FFFD, as System.Text.Json writes it, so every
            // document written is Unicode text that any reader (STJ included) accepts.
            Utf8.FromUtf16(plain, dest.Slice(written), out _, out int w, replaceInvalidSequences: true);
            written += w;
            if (idx < 0)
            {
                return written;
            }

            written += WriteEscape(src[idx], dest.Slice(written));
            src = src.Slice(idx + 1);
        }
    }

    /// <summary>Escapes valid UTF-8 text; <paramref name="dest"/> must hold <see cref="MaxExpansion"/> bytes per input byte.</summary>
    public static int EscapeUtf8(ReadOnlySpan<byte> src, Span<byte> dest)
    {
        int written = 0;
        while (true)
        {
            int idx = src.IndexOfAny(s_bytesToEscape);
            ReadOnlySpan<byte> plain = idx < 0 ? src : src.Slice(0, idx);
            plain.CopyTo(dest.Slice(written));
            written += plain.Length;
            if (idx < 0)
            {
                return written;
            }

            written += WriteEscape((char)src[idx], dest.Slice(written));
            src = src.Slice(idx + 1);
        }
    }

    /// <summary>Whether UTF-8 bytes need any escaping.</summary>
    public static bool NeedsEscaping(ReadOnlySpan<byte> utf8) => utf8.IndexOfAny(s_bytesToEscape) >= 0;

    /// <summary>
    /// Narrows the leading run of <paramref name="value"/> that is printable ASCII needing no escape (no char
    /// <see cref="MustEscape"/> is true for, no non-ASCII char) into <paramref name="to"/>, eight chars per vector
    /// compare and store: one pass where a scan for chars to escape and a transcode would make two. Bytes past the run may be written too (the caller's room
    /// holds the whole string, and what it writes next overwrites them).
    /// </summary>
    /// <returns>The length of the run: <c>value.Length</c> when the whole string is plain.</returns>
    public static int NarrowPlainAscii(scoped ReadOnlySpan<char> value, ref byte to)
    {
        ref ushort from = ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(value));
        int length = value.Length;
#if NET
        if (!Vector128.IsHardwareAccelerated || length < Vector128<ushort>.Count)
#endif
        {
            for (int i = 0; i < length; i++)
            {
                ushort c = Unsafe.Add(ref from, i);
                if ((uint)(c - FirstPrintable) >= 0x80 - FirstPrintable || c == Quote || c == ReverseSolidus)
                {
                    return i;
                }

                Unsafe.Add(ref to, i) = (byte)c;
            }

            return length;
        }

#if NET
        int at = 0;
        while (true)
        {
            // The last step overlaps the one before it rather than leaving a scalar tail.
            if (at > length - Vector128<ushort>.Count)
            {
                at = length - Vector128<ushort>.Count;
            }

            Vector128<ushort> chars = Vector128.LoadUnsafe(ref from, (nuint)at);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, at), Vector128.Narrow(chars, chars).AsUInt64().ToScalar());
            Vector128<ushort> stop = NotPlainAscii(chars);
            if (stop != Vector128<ushort>.Zero)
            {
                return at + BitOperations.TrailingZeroCount(stop.ExtractMostSignificantBits());
            }

            at += Vector128<ushort>.Count;
            if (at == length)
            {
                return length;
            }
        }
#endif
    }

#if NET
    /// <summary>All bits set in each lane whose char is not printable ASCII needing no escape (escaped, or not ASCII).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ushort> NotPlainAscii(Vector128<ushort> chars) =>
        Vector128.GreaterThanOrEqual(chars - Vector128.Create((ushort)FirstPrintable), Vector128.Create((ushort)(0x80 - FirstPrintable)))
            | Vector128.Equals(chars, Vector128.Create((ushort)Quote))
            | Vector128.Equals(chars, Vector128.Create((ushort)ReverseSolidus));
#endif
}
