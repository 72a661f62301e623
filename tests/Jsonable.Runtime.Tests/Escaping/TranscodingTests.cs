using System;
using System.Linq;
using System.Text;
using Jsonable.Internal;
using Jsonable.Runtime.Tests.Writing;

namespace Jsonable.Runtime.Tests.Escaping;

/// <summary>
/// The writer's UTF-16 to UTF-8 kernel (vectors of ASCII, vectors of three-byte chars, char by char for the rest) writes
/// exactly what the rule and the BCL's encoder give: each char the rule names as its escape, everything else as its UTF-8,
/// a lone surrogate as U+FFFD. Strings mix every kind of char at every offset around the eight-char vector steps.
/// </summary>
public class TranscodingTests
{
    /// <summary>One char of each kind the kernel tells apart, and the edges of each range.</summary>
    private static readonly string[] Pieces =
    [
        "a", "~", " ", "\"", "\\", "\n", "\u0001", "\u001F", "\u007F", // ASCII: plain, escaped, the last one
        "\u0080", "é", "\u07FF", // two bytes
        "\u0800", "日", "本", "\uD7FF", "\uE000", "\uFFFF", "、", // three bytes, around the surrogates
        "😀", "\uDBFF\uDFFF", // four bytes (a pair)
        "\uD800", "\uDFFF", "\uDC00x", // lone surrogates
    ];

    [Fact]
    public void Every_kind_of_char_at_every_offset_is_written_as_the_rule_and_the_utf8_encoder_write_it()
    {
        for (int length = 0; length <= 40; length++)
        {
            foreach (string piece in Pieces)
            {
                for (int at = 0; at <= length; at++)
                {
                    AssertTranscodes(new string('日', at) + piece + new string('語', length - at));
                    AssertTranscodes(new string('a', at) + piece + new string('b', length - at));
                }
            }
        }
    }

    [Fact]
    public void Random_mixes_are_written_as_the_rule_and_the_utf8_encoder_write_them()
    {
        var random = new Random(20261206);
        for (int n = 0; n < 20_000; n++)
        {
            var text = new StringBuilder();
            int pieces = random.Next(0, 30);
            for (int p = 0; p < pieces; p++)
            {
                // Runs of one kind (as real text has) and single chars of another.
                string piece = Pieces[random.Next(Pieces.Length)];
                text.Insert(0, piece, random.Next(1, 10));
            }

            AssertTranscodes(text.ToString());
        }
    }

    [Fact]
    public void A_destination_without_room_for_the_longest_escapes_is_refused()
    {
        var error = Assert.Throws<ArgumentException>(() => JsonEscaping.EscapeUtf16("日本語", new byte[17]));
        Assert.Equal("dest", error.ParamName);
    }

    private static void AssertTranscodes(string text)
    {
        byte[] dest = new byte[(text.Length * JsonEscaping.MaxExpansion) + 1];
        int written = JsonEscaping.EscapeUtf16(text, dest);
        byte[] expected = Expected(text);
        if (!dest.AsSpan(0, written).SequenceEqual(expected))
        {
            Assert.Fail($"{Show(text)}: wrote {Convert.ToHexString(dest, 0, written)}, expected {Convert.ToHexString(expected)}");
        }
    }

    // The writer's rule spelled out independently (a lone surrogate as U+FFFD), then the BCL's UTF-8.
    private static byte[] Expected(string text) => Encoding.UTF8.GetBytes(WriterFastPathTests.ReferenceEscape(text));

    private static string Show(string text) => string.Concat(text.Select(c => c is >= ' ' and < '\u007F' ? c.ToString() : $"\\u{(int)c:X4}"));
}
