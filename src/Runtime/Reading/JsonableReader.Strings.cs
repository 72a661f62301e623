using System;
using System.Buffers;
using System.Buffers.Text;
using System.Numerics;
using System.Runtime.CompilerServices;
#if NET
using System.Runtime.InteropServices;
#endif
using System.Runtime.Intrinsics;
using System.Text;
using System.Text.Unicode;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>Strings, member names and base64: finding the end of a string, checking its JMC1 length claim, unescaping and transcoding.</summary>
public ref partial struct JsonableReader
{
    /// <summary>Reads a string (unescaped, UTF-8 validated) or <c>null</c>.</summary>
    public string? ReadString()
    {
        // JMC1's common case without a call: a length comment directly before the opening quote.
        int p = _pos;
        if (IsJmc && TryReadLengthComment(_buffer, p, out int claimed) && _buffer[p + Jmc1.LengthCommentSize] == (byte)'"')
        {
            _pos = p + Jmc1.LengthCommentSize;
            return ReadStringCore(claimed);
        }

        int hint = SkipToValue();
        if (_pos < _buffer.Length)
        {
            byte b = _buffer[_pos];
            if (b == (byte)'"')
            {
                return ReadStringCore(hint);
            }

            if (b == (byte)'n' && TryReadNullLiteral())
            {
                return null;
            }
        }

        throw Unexpected("a string");
    }

    /// <summary>Reads a base64 string as bytes (as System.Text.Json reads <c>byte[]</c>), or <c>null</c>.</summary>
    public byte[]? ReadBase64() => ReadBase64(null);

    /// <summary>
    /// Reads a base64 string (or <c>null</c>), decoding into <paramref name="existing"/> when the reader reuses
    /// instances and the decoded length matches it (a reused <c>byte[]</c> is overwritten in place,
    /// as other collections are filled in place).
    /// </summary>
    /// <param name="existing">The member's current array, or <see langword="null"/>.</param>
    public byte[]? ReadBase64(byte[]? existing)
    {
        int hint = SkipToValue();
        if (_pos < _buffer.Length && _buffer[_pos] == (byte)'n' && TryReadNullLiteral())
        {
            return null;
        }

        if (_pos >= _buffer.Length || _buffer[_pos] != (byte)'"')
        {
            throw Unexpected("a base64 string");
        }

        int start = _pos;
        ReadOnlySpan<byte> content = ReadRawString(hint, out StringContent kind);
        if (kind == StringContent.Escaped)
        {
            byte[] unescaped = Encoding.UTF8.GetBytes(UnescapeToString(content, start + 1));
            content = unescaped;
        }

        int maxLength = Base64.GetMaxDecodedFromUtf8Length(content.Length);
        bool reuse = ReuseInstance && existing is not null;
        byte[] decoded = reuse ? ArrayPool<byte>.Shared.Rent(Math.Max(maxLength, 1)) : new byte[maxLength];
        try
        {
            if (Base64.DecodeFromUtf8(content, decoded.AsSpan(0, maxLength), out int consumed, out int written) != OperationStatus.Done || consumed != content.Length)
            {
                ThrowAt(start, "The string is not valid base64.");
            }

            if (reuse && written == existing!.Length)
            {
                decoded.AsSpan(0, written).CopyTo(existing);
                return existing;
            }

            return !reuse && written == decoded.Length ? decoded : decoded.AsSpan(0, written).ToArray();
        }
        finally
        {
            if (reuse)
            {
                ArrayPool<byte>.Shared.Return(decoded);
            }
        }
    }

    /// <summary>Reads a member name; returns unescaped UTF-8 (allocating only when the name has escapes).</summary>
    private ReadOnlySpan<byte> ReadNameBytes()
    {
        int hint = SkipToValue();
        if (_pos >= _buffer.Length || _buffer[_pos] != (byte)'"')
        {
            throw Unexpected("a property name");
        }

        int start = _pos;
        ReadOnlySpan<byte> content = ReadRawString(hint, out StringContent kind);
        if (kind == StringContent.Escaped)
        {
            return Encoding.UTF8.GetBytes(UnescapeToString(content, start + 1));
        }

        return content;
    }

    private string ReadStringCore(int hint)
    {
        // A JMC1 length hint locates the closing quote directly (JsonableReader.StringFastPaths.cs); a hint that does not
        // hold, or content the fast path does not take, is read below exactly as without a hint.
        if (hint >= 0 && TryReadHintedString(hint) is { } hinted)
        {
            return hinted;
        }

        // The general path: finds the end of the string by scanning, checks the hint (if any) against it, then decodes.
        if (_pos >= _buffer.Length || _buffer[_pos] != (byte)'"')
        {
            throw Unexpected("a string");
        }

        int start = _pos;
        ReadOnlySpan<byte> content = ReadRawString(hint, out StringContent kind);
        return kind switch
        {
            // One scan found the end and showed every byte is printable ASCII: widening is the only work left,
            // into one string of exactly the right length.
            StringContent.Ascii => AsciiToString(content),
            StringContent.Utf8 => DecodeUtf8(content, start),
            _ => UnescapeToString(content, start + 1),
        };
    }

    /// <summary>Validates and transcodes in one pass into the scratch buffer, then copies into a string of the exact length.</summary>
    private string DecodeUtf8(ReadOnlySpan<byte> content, int quoteOffset)
    {
        Span<char> chars = Scratch(content.Length);
        if (!Utf8Decoding.TryToUtf16(content, chars, out int written))
        {
            ThrowAt(quoteOffset, "The string is not valid UTF-8.");
        }

        return chars.Slice(0, written).ToString();
    }

    /// <summary>
    /// A buffer for transcoding of at least <paramref name="length"/> chars, allocated once per document (a document read in
    /// windows passes it on from window to window) and grown
    /// only for a longer string, which the received bytes back (a string of n bytes is at most n chars); it at least
    /// doubles when it grows, but never past the input's length, so that strings of rising length do not each allocate.
    /// </summary>
    private Span<char> Scratch(int length)
    {
        char[]? chars = _chars;
        if (chars is null || chars.Length < length)
        {
            int grown = Math.Min(Math.Max(MinScratchChars, 2 * (chars?.Length ?? 0)), _buffer.Length);
            _chars = chars = new char[Math.Max(length, grown)];
            if (_window is not null)
            {
                _window.Chars = chars; // the next piece's reader starts with it
            }
        }

        return chars;
    }

    private const int MinScratchChars = 256;

    /// <summary>What a string's raw content needs before it is text.</summary>
    private enum StringContent
    {
        /// <summary>Printable ASCII only, no escapes: the bytes are the characters.</summary>
        Ascii,

        /// <summary>Non-ASCII bytes but no escapes: UTF-8 to validate and transcode.</summary>
        Utf8,

        /// <summary>At least one backslash: to unescape (which validates the UTF-8 between escapes).</summary>
        Escaped,
    }

    /// <summary>
    /// At an opening quote: finds the closing quote, checks the JMC1 length hint against it, and returns the raw
    /// (still escaped) content and what it needs to become text. Control characters must be escaped (RFC 8259 §7).
    /// The first scan stops at anything that is not printable ASCII, so most strings are classified in the same pass
    /// that finds their end.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)] // one call per string; escapes and errors are calls out of it
    private ReadOnlySpan<byte> ReadRawString(int hint, out StringContent kind)
    {
        int contentStart = _pos + 1;
        ReadOnlySpan<byte> rest = _buffer.Slice(contentStart);
        kind = StringContent.Ascii;
        int i = IndexOfNonAsciiOrStringStop(rest);
        while (true)
        {
            if (i < 0)
            {
                ThrowAt(_buffer.Length, "The string has no closing quote: the input ends inside it.");
            }

            byte b = rest[i];
            if (b == (byte)'"')
            {
                break;
            }

            if (b >= 0x80)
            {
                kind = kind == StringContent.Escaped ? kind : StringContent.Utf8;
                i++;
            }
            else if (b == (byte)'\\')
            {
                kind = StringContent.Escaped;
                i = SkipEscapes(rest, i);
                if (i > rest.Length)
                {
                    ThrowAt(_buffer.Length, "The string has no closing quote: the input ends inside it.");
                }
            }
            else
            {
                ThrowAt(contentStart + i, $"The control character 0x{b:X2} must be escaped inside a string.");
            }

            // Past the first non-ASCII byte or escape, only the bytes that end or break a string matter.
            int next = IndexOfStringStop(rest.Slice(i));
            i = next < 0 ? -1 : i + next;
        }

        if (hint >= 0 && hint != i)
        {
            ThrowAt(_pos, $"The length comment claims {hint} bytes but the string has {i}.");
        }

        _pos = contentStart + i + 1;
        return rest.Slice(0, i);
    }

    /// <summary>
    /// From a backslash at <paramref name="i"/>: the index after it and every escape directly following it (past the end
    /// of <paramref name="rest"/> when the last one is cut off). The escapes' details are checked when they are decoded;
    /// here only their extent matters. A <c>\uXXXX</c> with four hex digits is skipped whole (its digits are no string
    /// stop, so a search would pass them too), and an escape directly after another is taken here without a search: text
    /// escaped char by char is all escapes. Not inlined: it keeps the common scan (no escapes) small.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int SkipEscapes(ReadOnlySpan<byte> rest, int i)
    {
        do
        {
            i += i + 6 <= rest.Length && rest[i + 1] == (byte)'u' && Hex4(HexDigitValues, rest.Slice(i + 2, 4)) >= 0 ? 6 : 2;
        }
        while (i < rest.Length && rest[i] == (byte)'\\');

        return i;
    }

    /// <summary>The index of the first <c>"</c>, <c>\</c>, control character or non-ASCII byte; -1 if none.</summary>
    private static int IndexOfNonAsciiOrStringStop(ReadOnlySpan<byte> span) => IndexOfStringStop(span, stopAtNonAscii: true);

    /// <summary>The index of the first <c>"</c>, <c>\</c> or control character; -1 if none.</summary>
    private static int IndexOfStringStop(ReadOnlySpan<byte> span) => IndexOfStringStop(span, stopAtNonAscii: false);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int IndexOfStringStop(ReadOnlySpan<byte> span, bool stopAtNonAscii)
    {
        int i = 0;
#if NET
        if (Vector256.IsHardwareAccelerated && span.Length >= Vector256<byte>.Count)
        {
            // The span runs to the end of the input, so this almost always applies: texts, URLs and dates take one or
            // two 32-byte steps where they took two to six of 16; the 16-byte loop below finishes the input's tail.
            Vector256<byte> space = Vector256.Create((byte)' ');
            Vector256<byte> quote = Vector256.Create((byte)'"');
            Vector256<byte> backslash = Vector256.Create((byte)'\\');
            int last = span.Length - Vector256<byte>.Count;
            do
            {
                Vector256<byte> v = Vector256.LoadUnsafe(ref MemoryMarshal.GetReference(span), (nuint)i);
                Vector256<byte> below = stopAtNonAscii
                    ? Vector256.LessThan(v.AsSByte(), space.AsSByte()).AsByte()
                    : Vector256.LessThan(v, space);
                Vector256<byte> stops = below | Vector256.Equals(v, quote) | Vector256.Equals(v, backslash);
                if (stops != Vector256<byte>.Zero)
                {
                    return i + BitOperations.TrailingZeroCount(stops.ExtractMostSignificantBits());
                }

                i += Vector256<byte>.Count;
            }
            while (i <= last);
        }

        if (Vector128.IsHardwareAccelerated && span.Length - i >= Vector128<byte>.Count)
        {
            // As signed bytes, control characters (0x00-0x1F) and non-ASCII bytes (0x80-0xFF) are exactly those below
            // 0x20; as unsigned bytes, only control characters are.
            Vector128<byte> space = Vector128.Create((byte)' ');
            Vector128<byte> quote = Vector128.Create((byte)'"');
            Vector128<byte> backslash = Vector128.Create((byte)'\\');
            int last = span.Length - Vector128<byte>.Count;
            do
            {
                Vector128<byte> v = Vector128.Create(span.Slice(i, Vector128<byte>.Count));
                Vector128<byte> below = stopAtNonAscii
                    ? Vector128.LessThan(v.AsSByte(), space.AsSByte()).AsByte()
                    : Vector128.LessThan(v, space);
                Vector128<byte> stops = below | Vector128.Equals(v, quote) | Vector128.Equals(v, backslash);
                if (stops != Vector128<byte>.Zero)
                {
                    return i + BitOperations.TrailingZeroCount(stops.ExtractMostSignificantBits());
                }

                i += Vector128<byte>.Count;
            }
            while (i <= last);
        }
#else
        if (span.Length >= sizeof(ulong))
        {
            // netstandard2.0 (Unity: Mono, IL2CPP): eight bytes at a time in a ulong (Mono's JIT does not turn Vector<T>
            // into SIMD instructions and calls the portable span's indexer for each byte); the scalar loop below then
            // finds the stop within the first word that holds one.
            unsafe
            {
                fixed (byte* p = span)
                {
                    int last = span.Length - sizeof(ulong);
                    do
                    {
                        if (WordHasStringStop(Unsafe.ReadUnaligned<ulong>(p + i), stopAtNonAscii))
                        {
                            break;
                        }

                        i += sizeof(ulong);
                    }
                    while (i <= last);
                }
            }
        }
#endif

        for (; i < span.Length; i++)
        {
            byte b = span[i];
            if ((stopAtNonAscii ? (sbyte)b < (sbyte)' ' : b < (byte)' ') || b == (byte)'"' || b == (byte)'\\')
            {
                return i;
            }
        }

        return -1;
    }

#if !NET
    /// <summary>
    /// Whether any of the eight bytes is a control character, <c>"</c> or <c>\</c> (or, with
    /// <paramref name="stopAtNonAscii"/>, non-ASCII). The lowest such byte always sets its flag (no borrow reaches it
    /// from below), so the answer is exact; flags above it may be spurious, which is why only the answer is used.
    /// </summary>
    private static bool WordHasStringStop(ulong word, bool stopAtNonAscii)
    {
        const ulong Ones = 0x0101_0101_0101_0101;
        const ulong High = 0x8080_8080_8080_8080;
        ulong quote = word ^ (Ones * (byte)'"');
        ulong backslash = word ^ (Ones * (byte)'\\');
        ulong stops = ((word - (Ones * (byte)' ')) & ~word) | ((quote - Ones) & ~quote) | ((backslash - Ones) & ~backslash);
        return ((stops & High) | (stopAtNonAscii ? word & High : 0)) != 0;
    }
#endif

    /// <summary>Decodes escaped, UTF-8 string content in one pass (so <c>\\n</c> stays a backslash and an n).</summary>
    private string UnescapeToString(ReadOnlySpan<byte> content, int contentOffset)
    {
        Span<char> chars = Scratch(content.Length);
        if (TryDecodeString(content, chars, out int unescaped))
        {
            return chars.Slice(0, unescaped).ToString();
        }

        return UnescapeOrThrow(content, contentOffset, chars);
    }

    /// <summary>
    /// The escape-by-escape decoder that knows every error and its offset; reached only when <see cref="TryDecodeString"/>
    /// refused the content (which it does for exactly the content this rejects).
    /// </summary>
    private static string UnescapeOrThrow(ReadOnlySpan<byte> content, int contentOffset, Span<char> chars)
    {
        int written = 0;
        int i = 0;
        while (i < content.Length)
        {
            // Text escaped char by char (\uXXXX runs, what STJ's default encoder sends for non-ASCII) has no plain text
            // between escapes: go straight to the escape rather than search and transcode an empty run each time.
            int idx = content[i] == (byte)'\\' ? 0 : content.Slice(i).IndexOf((byte)'\\');
            if (idx != 0)
            {
                ReadOnlySpan<byte> plain = idx < 0 ? content.Slice(i) : content.Slice(i, idx);
                if (Utf8.ToUtf16(plain, chars.Slice(written), out _, out int w, replaceInvalidSequences: false) != OperationStatus.Done)
                {
                    ThrowAt(contentOffset + i, "The string is not valid UTF-8.");
                }

                written += w;
                if (idx < 0)
                {
                    break;
                }
            }

            i += idx + 1; // past the backslash
            byte e = content[i];
            char c;
            switch (e)
            {
                case (byte)'"': c = '"'; break;
                case (byte)'\\': c = '\\'; break;
                case (byte)'/': c = '/'; break;
                case (byte)'b': c = '\b'; break;
                case (byte)'f': c = '\f'; break;
                case (byte)'n': c = '\n'; break;
                case (byte)'r': c = '\r'; break;
                case (byte)'t': c = '\t'; break;
                case (byte)'u':
                    if (i + 5 > content.Length || !TryParseHex4(content.Slice(i + 1, 4), out c))
                    {
                        ThrowAt(contentOffset + i - 1, "A \\u escape needs four hexadecimal digits.");
                        c = default;
                    }

                    i += 4;
                    if (char.IsSurrogate(c))
                    {
                        // A string is Unicode text (RFC 8259 §8.2): a surrogate escape must be a high one
                        // directly followed by an escaped low one. STJ rejects the others the same way.
                        if (char.IsLowSurrogate(c)
                            || i + 7 > content.Length
                            || content[i + 1] != (byte)'\\'
                            || content[i + 2] != (byte)'u'
                            || !TryParseHex4(content.Slice(i + 3, 4), out char low)
                            || !char.IsLowSurrogate(low))
                        {
                            ThrowAt(contentOffset + i - 5, char.IsLowSurrogate(c)
                                ? $"The escape \\u{(int)c:X4} is a low surrogate without a high surrogate before it."
                                : $"The escape \\u{(int)c:X4} is a high surrogate not followed by an escaped low surrogate.");
                            low = default;
                        }

                        chars[written++] = c;
                        c = low;
                        i += 6;
                    }

                    break;
                default:
                    ThrowAt(contentOffset + i - 1, $"'\\{(char)e}' is not a valid JSON escape.");
                    c = default;
                    break;
            }

            chars[written++] = c;
            i++;
        }

        return chars.Slice(0, written).ToString();
    }

    private static bool TryParseHex4(ReadOnlySpan<byte> hex, out char c)
    {
        // One table lookup per digit; a non-digit is -1, so OR-ing the four values is negative iff any is.
        ReadOnlySpan<sbyte> digits = HexDigitValues;
        int d0 = digits[hex[0]], d1 = digits[hex[1]], d2 = digits[hex[2]], d3 = digits[hex[3]];
        if ((d0 | d1 | d2 | d3) < 0)
        {
            c = default;
            return false;
        }

        c = (char)((d0 << 12) | (d1 << 8) | (d2 << 4) | d3);
        return true;
    }

    /// <summary>The value of each byte as a hexadecimal digit, or -1.</summary>
    private static ReadOnlySpan<sbyte> HexDigitValues =>
    [
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1, -1, -1, -1,
        -1, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    ];
}
