using System;
using System.Buffers;
using System.Linq;
using System.Text;
using System.Text.Unicode;
using Jsonable.Internal;

namespace Jsonable.Runtime.Tests.Escaping;

/// <summary>
/// The reader's UTF-8 to UTF-16 kernel (vectors of ASCII, vectors of three-byte sequences, one sequence at a time for
/// the rest) accepts exactly the UTF-8 the BCL's transcoder accepts and gives the same chars, for every kind of
/// sequence, well-formed or not, at every offset around its 16-byte steps.
/// </summary>
public class Utf8DecodingTests
{
    /// <summary>Well-formed sequences of each kind the kernel tells apart, and the edges of each range.</summary>
    private static readonly string[] Valid =
    [
        "a", "\u0000", "\u007F", // one byte
        "\u0080", "é", "\u07FF", // two
        "\u0800", "日", "\uD7FF", "\uE000", "\uFFFF", // three, around the surrogates
        "😀", "\U00010000", "\U0010FFFF", // four
    ];

    /// <summary>Sequences that are not UTF-8, each with why.</summary>
    private static readonly byte[][] Invalid =
    [
        [0x80], // a continuation byte alone
        [0xBF],
        [0xC0, 0xAF], // overlong two-byte forms
        [0xC1, 0xBF],
        [0xC3], // cut off
        [0xC3, 0x41], // a lead without its continuation
        [0xE0, 0x80, 0xAF], // overlong three-byte form
        [0xE0, 0x9F, 0xBF],
        [0xED, 0xA0, 0x80], // an encoded surrogate
        [0xED, 0xBF, 0xBF],
        [0xE6, 0x97], // cut off
        [0xE6, 0x41, 0xA5],
        [0xE6, 0x97, 0x41],
        [0xF0, 0x8F, 0xBF, 0xBF], // overlong four-byte form
        [0xF4, 0x90, 0x80, 0x80], // past U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],
        [0xFF],
        [0xF0, 0x9F, 0x98], // cut off
    ];

    [Fact]
    public void Every_kind_of_sequence_at_every_offset_decodes_as_the_bcl_decodes_it()
    {
        byte[][] pieces = Valid.Select(Encoding.UTF8.GetBytes).Concat(Invalid).ToArray();
        foreach (byte[] filler in new[] { Encoding.UTF8.GetBytes("日"), "a"u8.ToArray() })
        {
            for (int count = 0; count <= 24; count++)
            {
                foreach (byte[] piece in pieces)
                {
                    for (int at = 0; at <= count; at++)
                    {
                        byte[] utf8 = [.. Repeat(filler, at), .. piece, .. Repeat(filler, count - at)];
                        AssertDecodes(utf8);
                    }
                }
            }
        }
    }

    [Fact]
    public void Random_mixes_decode_as_the_bcl_decodes_them()
    {
        var random = new Random(20261206);
        for (int n = 0; n < 20_000; n++)
        {
            var utf8 = new System.Collections.Generic.List<byte>();
            int pieces = random.Next(0, 30);
            bool withInvalid = n % 4 == 0;
            for (int p = 0; p < pieces; p++)
            {
                byte[] piece = withInvalid && random.Next(20) == 0
                    ? Invalid[random.Next(Invalid.Length)]
                    : Encoding.UTF8.GetBytes(Valid[random.Next(Valid.Length)]);
                utf8.AddRange(Repeat(piece, random.Next(1, 10)));
            }

            AssertDecodes(utf8.ToArray());
        }
    }

    [Fact]
    public void A_destination_shorter_than_the_bytes_is_refused()
    {
        var error = Assert.Throws<ArgumentException>(() => Utf8Decoding.TryToUtf16("日本"u8, new char[5], out _));
        Assert.Equal("chars", error.ParamName);
    }

    private static void AssertDecodes(byte[] utf8)
    {
        char[] expected = new char[utf8.Length];
        bool valid = Utf8.ToUtf16(utf8, expected, out _, out int expectedLength, replaceInvalidSequences: false) == OperationStatus.Done;
        char[] chars = new char[utf8.Length];
        bool decoded = Utf8Decoding.TryToUtf16(utf8, chars, out int written);
        if (decoded != valid || (valid && !chars.AsSpan(0, written).SequenceEqual(expected.AsSpan(0, expectedLength))))
        {
            Assert.Fail($"{Convert.ToHexString(utf8)}: decoded {decoded} ({written} chars: {Hex(chars.AsSpan(0, written))}), the BCL {valid} ({expectedLength} chars: {Hex(expected.AsSpan(0, expectedLength))})");
        }
    }

    private static string Hex(ReadOnlySpan<char> chars) => string.Join(" ", chars.ToArray().Select(c => ((int)c).ToString("X4")));

    private static byte[] Repeat(byte[] piece, int times) => Enumerable.Repeat(piece, times).SelectMany(b => b).ToArray();
}
