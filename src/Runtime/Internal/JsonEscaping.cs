using System;
using System.Buffers;
using System.Text.Unicode;

namespace Jsonable.Internal;

/// <summary>RFC 8259 string escaping shared by both formats (DESIGN §4.1).</summary>
internal static class JsonEscaping
{
    /// <summary>The most bytes one UTF-16 char (or one UTF-8 byte) can become: <c>\u00XX</c>.</summary>
    public const int MaxExpansion = 6;

    private static readonly SearchValues<char> s_charsToEscape = SearchValues.Create(
        "\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F" +
        "\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F\"\\");

    private static readonly SearchValues<byte> s_bytesToEscape = SearchValues.Create(
        "\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F\"\\"u8);

    /// <summary>Escapes UTF-16 text into UTF-8; <paramref name="dest"/> must hold <see cref="MaxExpansion"/> bytes per char.</summary>
    /// <returns>The number of bytes written.</returns>
    public static int EscapeUtf16(ReadOnlySpan<char> src, Span<byte> dest)
    {
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

    private static int WriteEscape(char c, Span<byte> dest)
    {
        byte shortForm = c switch
        {
            '"' => (byte)'"',
            '\\' => (byte)'\\',
            '\b' => (byte)'b',
            '\f' => (byte)'f',
            '\n' => (byte)'n',
            '\r' => (byte)'r',
            '\t' => (byte)'t',
            _ => 0,
        };

        if (shortForm != 0)
        {
            dest[0] = (byte)'\\';
            dest[1] = shortForm;
            return 2;
        }

        return WriteUnicodeEscape(c, dest);
    }

    private static int WriteUnicodeEscape(char c, Span<byte> dest)
    {
        dest[0] = (byte)'\\';
        dest[1] = (byte)'u';
        dest[2] = HexDigit(c >> 12);
        dest[3] = HexDigit(c >> 8);
        dest[4] = HexDigit(c >> 4);
        dest[5] = HexDigit(c);
        return 6;
    }

    private static byte HexDigit(int value)
    {
        value &= 0xF;
        return (byte)(value < 10 ? '0' + value : 'A' + value - 10);
    }
}
