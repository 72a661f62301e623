using System;
using System.Linq;
using System.Text;
using Jsonable.Internal;

namespace Jsonable.Runtime.Tests.Escaping;

/// <summary>
/// The escaping rule has one source (JsonEscaping.Rules.cs): the list the vectorized searches use is made from it, and
/// the writer's plain-ASCII kernel stops at exactly the chars it names and at non-ASCII, on its scalar and vector paths.
/// </summary>
public class EscapeRuleTests
{
    [Fact]
    public void MustEscape_IsControlQuoteAndBackslash_AndCharsToEscapeListsExactlyThose()
    {
        string expected = new string(Enumerable.Range(0, 0x20).Select(c => (char)c).ToArray()) + "\"\\";
        Assert.Equal(expected, JsonEscaping.CharsToEscape);
        for (int c = 0; c <= char.MaxValue; c++)
        {
            Assert.Equal(expected.Contains((char)c, StringComparison.Ordinal), JsonEscaping.MustEscape((char)c));
        }
    }

    [Theory]
    [InlineData(3)] // shorter than a vector: the scalar loop
    [InlineData(8)] // one vector
    [InlineData(21)] // vectors and an overlapping last step
    public void NarrowPlainAscii_StopsAtEveryCharThatIsEscapedOrNotAscii_AndNowhereElse(int length)
    {
        byte[] to = new byte[length + 8];
        for (int c = 0; c <= char.MaxValue; c++)
        {
            bool stops = c >= 0x80 || JsonEscaping.MustEscape((char)c);
            for (int at = 0; at < length; at += Math.Max(1, length / 3))
            {
                char[] value = Enumerable.Repeat('a', length).ToArray();
                value[at] = (char)c;
                int run = JsonEscaping.NarrowPlainAscii(value, ref to[0]);
                Assert.True(run == (stops ? at : length), $"U+{c:X4} at {at} of {length}: run {run}");
                Assert.Equal(new string(value, 0, run), Encoding.ASCII.GetString(to, 0, run));
            }
        }
    }
}
