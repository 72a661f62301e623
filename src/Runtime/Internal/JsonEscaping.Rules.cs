using System;

namespace Jsonable.Internal;

/// <summary>
/// The RFC 8259 escaping rules (docs/jmc1.md, docs/types.md): which characters are escaped, and how. The one source of them: the
/// generator compiles this file too, so that the member names it pre-encodes are escaped exactly as the writer escapes.
/// </summary>
internal static partial class JsonEscaping
{
    /// <summary>The most bytes one UTF-16 char (or one UTF-8 byte) can become: <c>\u00XX</c>.</summary>
    public const int MaxExpansion = 6;

    /// <summary>Every character a JSON string must escape: U+0000–U+001F, quotation mark and reverse solidus (all ASCII).</summary>
    public const string CharsToEscape =
        "\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F" +
        "\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F\"\\";

    /// <summary>Writes the escape of <paramref name="c"/> (one of <see cref="CharsToEscape"/>): a short form where JSON has one, else <c>\u00XX</c>.</summary>
    /// <returns>The number of bytes written (2 or 6).</returns>
    public static int WriteEscape(char c, Span<byte> dest)
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
