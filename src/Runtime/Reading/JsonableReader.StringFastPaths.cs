using System;
using System.Buffers;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Text;
using System.Text.Unicode;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>
/// Fast paths for string values: a JMC1 length hint used to find the closing quote in O(1) and to check and decode the
/// content in one pass, and a tight loop for runs of escapes. Each one either produces exactly what the general path in
/// <c>JsonableReader.Strings.cs</c> would, or gives up having consumed nothing, and the general path then reads the
/// string (or reports its error, with the same message and offset as always).
/// </summary>
public ref partial struct JsonableReader
{
    /// <summary>
    /// At an opening quote with a length hint <paramref name="n"/>: when the byte n after the content is <c>"</c> and the
    /// n bytes between hold a well-formed string, reads it and returns it; otherwise returns <see langword="null"/> and
    /// moves nothing. The hint is not trusted: every byte it spans is checked (no <c>"</c>, control character or
    /// unpaired trailing backslash; valid UTF-8; valid escapes), so a lie of any kind ends here and the general path
    /// reports it.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)] // keeps the JSON path's string reader small enough to inline its scan
    private string? TryReadHintedString(int n)
    {
        ReadOnlySpan<byte> buf = _buffer;
        int quote = _pos;
        int end = quote + 1 + n;
        if ((uint)end >= (uint)buf.Length || buf[quote] != (byte)'"' || buf[end] != (byte)'"')
        {
            return null;
        }

        string? value = n == 0 ? string.Empty : TryDecodeContent(buf, quote + 1, n);
        if (value is not null)
        {
            _pos = end + 1;
        }

        return value;
    }

    /// <summary>
    /// For tests: <see cref="ReadString"/> as it reads without any fast path in this file (the hint only checked against
    /// the scanned end, escapes decoded by <see cref="UnescapeOrThrow"/>), the reference every fast path must match in
    /// value, bytes consumed, error message and error offset.
    /// </summary>
    internal string? ReadStringWithoutFastPaths()
    {
        int hint = SkipToValue();
        if (_pos < _buffer.Length && _buffer[_pos] == (byte)'n' && TryReadNullLiteral())
        {
            return null;
        }

        if (_pos >= _buffer.Length || _buffer[_pos] != (byte)'"')
        {
            throw Unexpected("a string");
        }

        int start = _pos;
        ReadOnlySpan<byte> content = ReadRawString(hint, out StringContent kind);
        return kind switch
        {
            StringContent.Ascii => AsciiToString(content),
            StringContent.Utf8 => DecodeUtf8(content, start),
            _ => UnescapeOrThrow(content, start + 1, new char[content.Length]),
        };
    }

    /// <summary>
    /// Decodes string content whose extent is already known (from a hint), or returns <see langword="null"/> when it
    /// holds anything the general path would reject or read differently, or is a string the general path reads as fast.
    /// Printable ASCII of up to 16 bytes (most strings) is checked with one vector and widened into a string of its exact
    /// length; 64 bytes or more are checked and decoded in one pass into the scratch buffer (<see cref="TryDecodeString"/>)
    /// and copied into a string of their exact length; everything else is left to the general path.
    /// </summary>
    private string? TryDecodeContent(ReadOnlySpan<byte> buf, int start, int length)
    {
        ReadOnlySpan<byte> content = buf.Slice(start, length);
#if NET
        if (length <= Vector128<byte>.Count)
        {
            // One vector when the input has 16 bytes from the start (the lanes past the content do not count).
            int printable = Vector128.IsHardwareAccelerated && start + Vector128<byte>.Count <= buf.Length
                ? PrintableAsciiPrefixOfVector(Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(buf), (nuint)start))
                : PrintableAsciiPrefix(content);
            return printable >= length ? AsciiToString(content) : null;
        }
#else
        if (length <= 16)
        {
            return PrintableAsciiPrefix(content) >= length ? Encoding.Latin1.GetString(content) : null;
        }
#endif

        if (length < LongHintedString)
        {
            // The general path's scan (whole vectors over the input, never a scalar tail) and decoding measured faster
            // here than a check bounded by the hint (see tests/Jsonable.Benchmarks/README.md, "Strings").
            return null;
        }

        // Into the scratch buffer, so that content found bad part-way has not allocated a string to throw away.
        Span<char> chars = Scratch(length);
        return TryDecodeString(content, chars, out int written) ? chars.Slice(0, written).ToString() : null;
    }

    /// <summary>Hinted content at least this long (bytes) is checked and decoded in one pass here.</summary>
    private const int LongHintedString = 64;

    /// <summary>
    /// Widens <paramref name="source"/> into <paramref name="chars"/> (as long) while checking it is printable ASCII
    /// without <c>"</c> or <c>\</c>; returns how many bytes were checked good (the source length when all were), all of
    /// them widened. Chars at and past that index are unspecified.
    /// </summary>
    private static int WidenPrintableAscii(ReadOnlySpan<byte> source, Span<char> chars)
    {
        ref byte src = ref MemoryMarshal.GetReference(source);
        ref ushort dst = ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(chars));
        int length = source.Length;
        int i = 0;
#if NET
        if (Vector128.IsHardwareAccelerated && length >= Vector128<byte>.Count)
        {
            int last = length - Vector128<byte>.Count;
            while (true)
            {
                // Widened and stored before the check, so that the good bytes before a stop are in place too.
                Vector128<byte> v = Vector128.LoadUnsafe(ref src, (nuint)i);
                (Vector128<ushort> lower, Vector128<ushort> upper) = Vector128.Widen(v);
                lower.StoreUnsafe(ref dst, (nuint)i);
                upper.StoreUnsafe(ref dst, (nuint)(i + Vector128<ushort>.Count));
                if (HasStringStopOrNonAscii(v))
                {
                    return i + PrintableAsciiPrefixOfVector(v);
                }

                if (i == last)
                {
                    return length;
                }

                // The last vector overlaps the one before rather than leave a scalar tail.
                i = Math.Min(i + Vector128<byte>.Count, last);
            }
        }
#endif

        for (; i < length; i++)
        {
            byte b = Unsafe.Add(ref src, i);
            if (!IsPrintableAsciiNotStop(b))
            {
                return i;
            }

            Unsafe.Add(ref dst, i) = b;
        }

        return length;
    }

#if NET
    /// <summary>Whether <paramref name="v"/> holds a byte below 0x20, at or above 0x80, <c>"</c> or <c>\</c>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool HasStringStopOrNonAscii(Vector128<byte> v)
    {
        // As signed bytes, control characters and non-ASCII bytes are exactly those below 0x20.
        Vector128<byte> stops = Vector128.LessThan(v.AsSByte(), Vector128.Create((sbyte)' ')).AsByte()
            | Vector128.Equals(v, Vector128.Create((byte)'"'))
            | Vector128.Equals(v, Vector128.Create((byte)'\\'));
        return stops != Vector128<byte>.Zero;
    }

    /// <summary>How many leading bytes of <paramref name="v"/> are printable ASCII other than <c>"</c> and <c>\</c> (16 if all).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int PrintableAsciiPrefixOfVector(Vector128<byte> v)
    {
        Vector128<byte> stops = Vector128.LessThan(v.AsSByte(), Vector128.Create((sbyte)' ')).AsByte()
            | Vector128.Equals(v, Vector128.Create((byte)'"'))
            | Vector128.Equals(v, Vector128.Create((byte)'\\'));
        return BitOperations.TrailingZeroCount(stops.ExtractMostSignificantBits() | 0x10000u);
    }
#endif

    /// <summary>How many leading bytes of <paramref name="span"/> are printable ASCII other than <c>"</c> and <c>\</c>.</summary>
    private static int PrintableAsciiPrefix(ReadOnlySpan<byte> span)
    {
        int i = 0;
        while (i < span.Length && IsPrintableAsciiNotStop(span[i]))
        {
            i++;
        }

        return i;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsPrintableAsciiNotStop(byte b) => (uint)(b - 0x20) < 0x60 && b != (byte)'"' && b != (byte)'\\';

    /// <summary>
    /// Decodes <paramref name="content"/> (the bytes between the quotes, escaped or not) into <paramref name="chars"/>
    /// (at least as long) in one pass: printable ASCII is checked and widened a vector at a time, other UTF-8 is
    /// validated and transcoded up to the next escape, and runs of escapes are decoded in a tight loop. Returns false,
    /// with <paramref name="written"/> meaningless, on anything the general path would reject or read differently: an
    /// unescaped <c>"</c>, a control character, a backslash with nothing after it, an unknown escape, a <c>\u</c> without
    /// four hex digits, a surrogate escape not in a high-low pair, or invalid UTF-8. The general path then reports the
    /// error. Plain text between escapes is mostly short (a space, punctuation between <c>\uXXXX</c> runs), which the
    /// vector widening handles without the calls a search and a transcoder would cost per run.
    /// </summary>
    private static bool TryDecodeString(ReadOnlySpan<byte> content, Span<char> chars, out int written)
    {
        ReadOnlySpan<sbyte> hex = HexDigitValues;
        int w = 0;
        int i = 0;
        int length = content.Length;
        while (i < length)
        {
            if (content[i] != (byte)'\\')
            {
                // Printable ASCII, widened as it is checked (chars written never outrun bytes read, so it fits).
                int ascii = WidenPrintableAscii(content.Slice(i), chars.Slice(w));
                w += ascii;
                i += ascii;
                if (i == length)
                {
                    break;
                }

                byte b = content[i];
                if (b >= 0x80)
                {
                    // Other UTF-8 up to the next escape (or the end); a quote or control character is not content.
                    int stop = IndexOfStringStop(content.Slice(i));
                    int run = stop < 0 ? length - i : stop;
                    if (stop >= 0 && content[i + stop] != (byte)'\\')
                    {
                        written = 0;
                        return false;
                    }

                    if (!Utf8Decoding.TryToUtf16(content.Slice(i, run), chars.Slice(w), out int runChars))
                    {
                        written = 0;
                        return false;
                    }

                    w += runChars;
                    i += run;
                    if (stop < 0)
                    {
                        break;
                    }
                }
                else if (b != (byte)'\\')
                {
                    written = 0; // a quote or a control character
                    return false;
                }
            }

            // A run of escapes, one after another without text between (how STJ's default encoder writes non-ASCII text).
            do
            {
                if (i + 1 >= length)
                {
                    written = 0;
                    return false;
                }

                byte e = content[i + 1];
                if (e == (byte)'u')
                {
                    int c;
                    if (i + 6 > length || (c = Hex4(hex, content.Slice(i + 2, 4))) < 0)
                    {
                        written = 0;
                        return false;
                    }

                    if ((uint)(c - 0xD800) < 0x800)
                    {
                        // A surrogate must be a high one directly followed by an escaped low one (RFC 8259 §8.2).
                        int low;
                        if (c >= 0xDC00
                            || i + 12 > length
                            || content[i + 6] != (byte)'\\'
                            || content[i + 7] != (byte)'u'
                            || (low = Hex4(hex, content.Slice(i + 8, 4))) < 0xDC00
                            || low > 0xDFFF)
                        {
                            written = 0;
                            return false;
                        }

                        chars[w] = (char)c;
                        chars[w + 1] = (char)low;
                        w += 2;
                        i += 12;
                    }
                    else
                    {
                        chars[w++] = (char)c;
                        i += 6;
                    }
                }
                else
                {
                    char c = ShortEscapeValue(e);
                    if (c == '\0')
                    {
                        written = 0;
                        return false;
                    }

                    chars[w++] = c;
                    i += 2;
                }
            }
            while (i < length && content[i] == (byte)'\\');
        }

        written = w;
        return true;
    }

    /// <summary>The value of four hexadecimal digits, or a negative number when any is not one.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Hex4(ReadOnlySpan<sbyte> digits, ReadOnlySpan<byte> hex)
    {
        int d0 = digits[hex[0]], d1 = digits[hex[1]], d2 = digits[hex[2]], d3 = digits[hex[3]];
        int value = (d0 << 12) | (d1 << 8) | (d2 << 4) | d3;

        // A -1 digit sets every bit above its position, so the OR of the digits is negative exactly when one is.
        return (d0 | d1 | d2 | d3) < 0 ? -1 : value;
    }

    /// <summary>The character a two-byte escape <c>\e</c> stands for, or <c>'\0'</c> when <paramref name="e"/> is not one.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static char ShortEscapeValue(byte e) => e switch
    {
        (byte)'"' => '"',
        (byte)'\\' => '\\',
        (byte)'/' => '/',
        (byte)'b' => '\b',
        (byte)'f' => '\f',
        (byte)'n' => '\n',
        (byte)'r' => '\r',
        (byte)'t' => '\t',
        _ => '\0',
    };
    /// <summary>
    /// Printable ASCII (already checked) as a string: allocated at its exact length and widened into directly.
    /// <c>Encoding.Latin1.GetString</c> does the same widening behind virtual calls and checks, which on short strings
    /// (most member values) cost as much as the widening.
    /// </summary>
    private static string AsciiToString(ReadOnlySpan<byte> ascii)
    {
#if NET
        if (ascii.IsEmpty)
        {
            return string.Empty;
        }

        return Vector128.IsHardwareAccelerated
            ? string.Create(ascii.Length, ascii, static (chars, bytes) => WidenAscii(bytes, chars))
            : Encoding.Latin1.GetString(ascii);
#else
        return Encoding.Latin1.GetString(ascii);
#endif
    }

#if NET
    /// <summary>Widens bytes to chars of the same length: 16 at a time (the last 16 overlapping), 8 at a time below 16.</summary>
    private static void WidenAscii(ReadOnlySpan<byte> bytes, Span<char> chars)
    {
        ref byte src = ref MemoryMarshal.GetReference(bytes);
        ref ushort dst = ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(chars));
        nuint n = (nuint)bytes.Length;
        if (n >= (nuint)Vector128<byte>.Count)
        {
            nuint last = n - (nuint)Vector128<byte>.Count;
            nuint i = 0;
            while (true)
            {
                Vector128<byte> v = Vector128.LoadUnsafe(ref src, i);
                Vector128.WidenLower(v).StoreUnsafe(ref dst, i);
                Vector128.WidenUpper(v).StoreUnsafe(ref dst, i + 8);
                i += (nuint)Vector128<byte>.Count;
                if (i > last)
                {
                    break;
                }
            }

            if (i != n)
            {
                Vector128<byte> v = Vector128.LoadUnsafe(ref src, last);
                Vector128.WidenLower(v).StoreUnsafe(ref dst, last);
                Vector128.WidenUpper(v).StoreUnsafe(ref dst, last + 8);
            }
        }
        else if (n >= sizeof(ulong))
        {
            Vector128<byte> head = Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<ulong>(ref src)).AsByte();
            Vector128<byte> tail = Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref src, n - sizeof(ulong)))).AsByte();
            Vector128.WidenLower(head).StoreUnsafe(ref dst);
            Vector128.WidenLower(tail).StoreUnsafe(ref dst, n - sizeof(ulong));
        }
        else
        {
            for (nuint i = 0; i < n; i++)
            {
                Unsafe.Add(ref dst, i) = Unsafe.Add(ref src, i);
            }
        }
    }
#endif
}
