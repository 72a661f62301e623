using System;

namespace Jsonable.Internal;

/// <summary>
/// The RFC 8259 escaping rules (docs/jmc1.md, docs/types.md): which characters are escaped, and how. The one source of
/// them: the writer's searches and its plain-ASCII kernel (JsonEscaping.cs) are made from these, and the generator
/// compiles this file too, so that the member names it pre-encodes are escaped exactly as the writer escapes.
/// </summary>
internal static partial class JsonEscaping
{
    /// <summary>The most bytes one UTF-16 char (or one UTF-8 byte) can become: <c>\u00XX</c>.</summary>
    public const int MaxExpansion = 6;

    /// <summary>The lowest char that is not a control character: every char below it is escaped.</summary>
    public const char FirstPrintable = ' ';

    /// <summary>The quotation mark, escaped as <c>\"</c>.</summary>
    public const char Quote = '"';

    /// <summary>The reverse solidus, escaped as <c>\\</c>.</summary>
    public const char ReverseSolidus = '\\';

    /// <summary>
    /// The rule: whether a JSON string must escape <paramref name="c"/> (U+0000–U+001F, quotation mark, reverse solidus,
    /// all ASCII). Every other char, non-ASCII included, is written as its UTF-8. The writer's vectorized kernels test
    /// the same three constants.
    /// </summary>
    public static bool MustEscape(char c) => c < FirstPrintable || c == Quote || c == ReverseSolidus;

    /// <summary>Every char <see cref="MustEscape"/> is true for, in order, for the searches that look for any of them.</summary>
    public static string CharsToEscape
    {
        get
        {
            // Only ASCII can be escaped (the rule names nothing above U+007F).
            var chars = new char[0x80];
            int n = 0;
            for (char c = (char)0; c < 0x80; c++)
            {
                if (MustEscape(c))
                {
                    chars[n++] = c;
                }
            }

            return new string(chars, 0, n);
        }
    }

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
