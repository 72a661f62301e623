using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace Jsonable.Runtime.Tests.Jmc1;

/// <summary>
/// Byte-exact JMC1 vectors (docs/jmc1.md). Every vector is also checked to strip to exactly the plain JSON, to parse
/// as JSONC with System.Text.Json, and to read back (from JMC1 and from JSON) to an equal object.
/// </summary>
public class Jmc1VectorTests
{
    [Fact]
    public void DesignExample_ArrayMember_IsExactlyTheDesignBytes()
    {
        var value = new Greeting { Name = "Hi", Nums = [1, 2, 3] };

        AssertVector(
            value,
            Jmc1Oracle.Latin1("/*JMC1*/{/*4\x01*/\"Name\":/*2\x01*/\"Hi\",/*4\x01*/\"Nums\":/*3\x01*/[1,2,3]}"),
            AssertSameGreeting);
        Jmc1Bytes.AssertEqual("{\"Name\":\"Hi\",\"Nums\":[1,2,3]}"u8, JsonableSerializer.SerializeToUtf8Bytes(value));
    }

    [Fact]
    public void DesignExample_ListMember_IsExactlyTheDesignBytes()
    {
        var value = new GreetingList { Name = "Hi", Nums = [1, 2, 3] };

        AssertVector(
            value,
            Jmc1Oracle.Latin1("/*JMC1*/{/*4\x01*/\"Name\":/*2\x01*/\"Hi\",/*4\x01*/\"Nums\":/*3\x01*/[1,2,3]}"),
            (expected, actual) =>
            {
                Assert.Equal(expected.Name, actual.Name);
                Assert.Equal(expected.Nums, actual.Nums);
            });
    }

    [Fact]
    public void DesignExample_GeneratedMembers_AllWriteTheSameBytes()
    {
        byte[] expectedJmc1 = Jmc1Oracle.Latin1("/*JMC1*/{/*4\x01*/\"Name\":/*2\x01*/\"Hi\",/*4\x01*/\"Nums\":/*3\x01*/[1,2,3]}");
        byte[] expectedJson = "{\"Name\":\"Hi\",\"Nums\":[1,2,3]}"u8.ToArray();
        var value = new Greeting { Name = "Hi", Nums = [1, 2, 3] };

        var viaToJsonUtf8 = new ArrayBufferWriter<byte>();
        value.ToJsonUtf8(viaToJsonUtf8);
        var viaToJsonableWriter = new ArrayBufferWriter<byte>();
        value.ToJsonable(viaToJsonableWriter);
        var viaPlain = new ArrayBufferWriter<byte>();
        value.ToJsonUtf8(viaPlain, emitMetadataComments: false);

        Jmc1Bytes.AssertEqual(expectedJmc1, value.ToJsonable().Span);
        Jmc1Bytes.AssertEqual(expectedJmc1, viaToJsonUtf8.WrittenSpan);
        Jmc1Bytes.AssertEqual(expectedJmc1, viaToJsonableWriter.WrittenSpan);
        Jmc1Bytes.AssertEqual(expectedJson, viaPlain.WrittenSpan);
        Jmc1Bytes.AssertEqual(expectedJson, Encoding.UTF8.GetBytes(value.ToJson()));
        AssertSameGreeting(value, Greeting.CreateFromJsonable(expectedJmc1));
        AssertSameGreeting(value, Greeting.CreateFromJson(expectedJson));
        var filled = new Greeting();
        filled.FromJsonable(expectedJmc1);
        AssertSameGreeting(value, filled);
    }

    [Fact]
    public void String_80Bytes_LengthCommentLowByteIs0x80()
    {
        var value = new Note { Text = new string('a', 80) };

        AssertVector(
            value,
            Jmc1Oracle.Build(Jmc1Oracle.Latin1("/*JMC1*/{/*4\x01*/\"Text\":"), new byte[] { 0x2F, 0x2A, 0x80, 0x01, 0x2A, 0x2F }, "\"" + value.Text + "\"}"),
            AssertSameNote);
    }

    [Theory]
    [InlineData(0, true)]
    [InlineData(1, true)]
    [InlineData(207, true)] // 0x01FF: low byte 0xFF
    [InlineData(208, true)] // 0x0200: low byte NUL
    [InlineData(11769, true)] // 0x2F29: bytes 29 2F
    [InlineData(11770, false)] // 0x2F2A would read 2A 2F, closing the comment early
    [InlineData(11771, true)] // 0x2F2B
    [InlineData(32207, true)] // 0x7EFF, the largest encodable length
    [InlineData(32208, false)]
    [InlineData(40000, false)]
    public void String_AsciiOfLength_HasLengthCommentOnlyWhenEncodable(int length, bool hasComment)
    {
        var value = new Note { Text = new string('q', length) };

        AssertVector(value, NoteVector(hasComment ? length : -1, value.Text), AssertSameNote);
    }

    [Fact]
    public void String_Exactly11770Bytes_HasNoLengthCommentAndStillRoundTrips()
    {
        var value = new Note { Text = new string('x', 11770) };
        byte[] jmc1 = value.ToJsonable().ToArray();

        Jmc1Bytes.AssertEqual(NoteVector(-1, value.Text), jmc1);
        Assert.DoesNotContain("/**/*/", Encoding.Latin1.GetString(jmc1), StringComparison.Ordinal);
        Assert.Equal(value.Text, Note.CreateFromJsonable(jmc1).Text);
        Jmc1Bytes.AssertConsistent(jmc1, Encoding.UTF8.GetBytes(value.ToJson()));
    }

    [Fact]
    public void String_40000Bytes_HasNoLengthCommentAndStillRoundTrips()
    {
        var value = new Note { Text = string.Concat(Enumerable.Range(0, 4000).Select(i => (i % 10).ToString("D10", System.Globalization.CultureInfo.InvariantCulture))) };
        Assert.Equal(40000, value.Text.Length);
        byte[] jmc1 = value.ToJsonable().ToArray();

        Jmc1Bytes.AssertEqual(NoteVector(-1, value.Text), jmc1);
        Assert.Equal(value.Text, Note.CreateFromJsonable(jmc1).Text);
        Jmc1Bytes.AssertConsistent(jmc1, Encoding.UTF8.GetBytes(value.ToJson()));
    }

    [Theory]
    [InlineData(100, true)] // 200 bytes
    [InlineData(5885, false)] // 11770 bytes in 5885 chars
    [InlineData(16103, true)] // 32206 bytes
    [InlineData(16104, false)] // 32208 bytes in fewer chars than the limit
    [InlineData(20000, false)] // 40000 bytes
    public void String_TwoByteUtf8_LengthCommentCountsBytesNotChars(int chars, bool hasComment)
    {
        var value = new Note { Text = new string('é', chars) };

        AssertVector(value, NoteVector(hasComment ? chars * 2 : -1, value.Text), AssertSameNote);
    }

    [Theory]
    [InlineData("\n", 5885, false)] // escaped to 11770 bytes
    [InlineData("\n", 5884, true)] // 11768 bytes
    [InlineData("\u0001", 40, true)] // \u0001 is 6 bytes: 240
    [InlineData("\u0001", 5400, false)] // 32400 bytes from 5400 chars
    [InlineData("\"", 16103, true)] // 32206 bytes
    public void String_WithEscapes_LengthCommentCountsEscapedBytes(string unit, int repeat, bool hasComment)
    {
        var value = new Note { Text = string.Concat(Enumerable.Repeat(unit, repeat)) };
        string escaped = unit switch
        {
            "\n" => "\\n",
            "\"" => "\\\"",
            _ => "\\u0001",
        };
        string escapedText = string.Concat(Enumerable.Repeat(escaped, repeat));

        AssertVector(value, NoteVector(hasComment ? escapedText.Length : -1, escapedText), AssertSameNote);
    }

    [Fact]
    public void String_LongerThanOneWriteChunk_SurrogatePairsAndEscapesAcrossChunkEdgesSurvive()
    {
        // Longer than any length comment, so the writer streams it; put a pair and escapes on every 8k edge.
        var text = new StringBuilder();
        for (int chunk = 0; chunk < 6; chunk++)
        {
            text.Append('a', 8191 - (text.Length % 8192));
            text.Append(chunk % 2 == 0 ? "\U0001F600" : "\"\\\n");
            text.Append('é', 50);
        }

        text.Append('\uD800'); // a lone high surrogate as the very last char: written as U+FFFD
        var value = new Note { Text = text.ToString() };
        Assert.True(value.Text.Length > 32207);

        byte[] jmc1 = JsonableSerializer.SerializeToUtf8Bytes(value, JsonableFormat.Jmc1);
        byte[] json = JsonableSerializer.SerializeToUtf8Bytes(value, JsonableFormat.Json);

        string expected = value.Text[..^1] + "\uFFFD";
        Assert.Equal(expected, Note.CreateFromJsonable(jmc1).Text);
        Assert.Equal(expected, Note.CreateFromJson(json).Text);
        Jmc1Bytes.AssertEqual(json, Jmc1Oracle.StripComments(jmc1));
        byte[] start = Jmc1Oracle.Latin1("/*JMC1*/{/*4\x01*/\"Text\":\"aaaa"); // no length comment before the value
        Jmc1Bytes.AssertEqual(start, jmc1.AsSpan(0, start.Length));
        Assert.EndsWith("\uFFFD\"}", Encoding.UTF8.GetString(json), StringComparison.Ordinal);
    }

    [Fact]
    public void Array_208Elements_CountCommentIs00_02()
    {
        var value = new Greeting { Nums = Enumerable.Range(0, 208).ToArray() };

        AssertVector(
            value,
            Jmc1Oracle.Build(
                Jmc1Oracle.Latin1("/*JMC1*/{/*4\x01*/\"Name\":null,/*4\x01*/\"Nums\":"),
                new byte[] { 0x2F, 0x2A, 0x00, 0x02, 0x2A, 0x2F },
                "[" + string.Join(',', value.Nums) + "]}"),
            AssertSameGreeting);
    }

    [Theory]
    [InlineData(0, true)]
    [InlineData(1, true)]
    [InlineData(11769, true)]
    [InlineData(11770, false)]
    [InlineData(32207, true)]
    [InlineData(32208, false)]
    public void Array_OfCount_HasCountCommentOnlyWhenEncodable(int count, bool hasComment)
    {
        var value = new GreetingList { Name = "n", Nums = Enumerable.Repeat(7, count).ToList() };

        AssertVector(
            value,
            Jmc1Oracle.Build(
                Jmc1Oracle.Latin1("/*JMC1*/{/*4\x01*/\"Name\":/*1\x01*/\"n\",/*4\x01*/\"Nums\":"),
                hasComment ? Jmc1Oracle.LengthComment(count) : [],
                "[" + string.Join(',', value.Nums) + "]}"),
            (expected, actual) => Assert.Equal(expected.Nums, actual.Nums));
    }

    [Fact]
    public void NestedObjects_EachStartsWithItsOwnHeader()
    {
        var value = new Outer
        {
            Label = "x",
            Child = new Inner { Id = 7, Leaf = new Leaf { Flag = true } },
            Leaves = [new Leaf { Flag = false }, null!, new Leaf { Flag = true }],
        };

        AssertVector(
            value,
            Jmc1Oracle.Latin1(
                "/*JMC1*/{/*5\x01*/\"Label\":/*1\x01*/\"x\","
                + "/*5\x01*/\"Child\":/*JMC1*/{/*2\x01*/\"Id\":7,/*4\x01*/\"Leaf\":/*JMC1*/{/*4\x01*/\"Flag\":true}},"
                + "/*6\x01*/\"Leaves\":/*3\x01*/[/*JMC1*/{/*4\x01*/\"Flag\":false},null,/*JMC1*/{/*4\x01*/\"Flag\":true}]}"),
            AssertSameOuter);
    }

    [Fact]
    public void NestedObjects_NullChildren_WriteNullWithoutHeader()
    {
        var value = new Outer { Label = null, Child = new Inner { Id = -1, Leaf = null }, Leaves = [] };

        AssertVector(
            value,
            Jmc1Oracle.Latin1(
                "/*JMC1*/{/*5\x01*/\"Label\":null,/*5\x01*/\"Child\":/*JMC1*/{/*2\x01*/\"Id\":-1,/*4\x01*/\"Leaf\":null},"
                + "/*6\x01*/\"Leaves\":/*0\x01*/[]}"),
            AssertSameOuter);
    }

    [Fact]
    public void RootListOfObjects_HasOneDocumentHeaderThenCountThenAHeaderPerElement()
    {
        var value = new List<Item> { new() { Id = 1, Name = "a" }, new() { Id = 2, Name = null } };
        byte[] expected = Jmc1Oracle.Latin1(
            "/*JMC1*//*2\x01*/[/*JMC1*/{/*2\x01*/\"Id\":1,/*4\x01*/\"Name\":/*1\x01*/\"a\"},/*JMC1*/{/*2\x01*/\"Id\":2,/*4\x01*/\"Name\":null}]");

        AssertVector(value, expected, AssertSameItems);
        AssertVector(value.ToArray(), expected, (e, a) => AssertSameItems(e.ToList(), a.ToList()));
        AssertVector<IReadOnlyList<Item>>(value, expected, (e, a) => AssertSameItems(e.ToList(), a.ToList()));
        Assert.DoesNotContain("/*JMC1*//*JMC1*/", Encoding.Latin1.GetString(expected), StringComparison.Ordinal);
    }

    [Fact]
    public void RootListOfObjects_EmptyAndWithNullElement_HaveExactBytes()
    {
        AssertVector(new List<Item>(), Jmc1Oracle.Latin1("/*JMC1*//*0\x01*/[]"), AssertSameItems);
        AssertVector(
            new List<Item> { null!, new() { Id = 3 } },
            Jmc1Oracle.Latin1("/*JMC1*//*2\x01*/[null,/*JMC1*/{/*2\x01*/\"Id\":3,/*4\x01*/\"Name\":null}]"),
            AssertSameItems);
    }

    [Fact]
    public void RootObject_ThroughTheSerializer_HasExactlyOneHeader()
    {
        var value = new Item { Id = 5, Name = "z" };
        byte[] expected = Jmc1Oracle.Latin1("/*JMC1*/{/*2\x01*/\"Id\":5,/*4\x01*/\"Name\":/*1\x01*/\"z\"}");

        Jmc1Bytes.AssertEqual(expected, JsonableSerializer.SerializeToUtf8Bytes(value, JsonableFormat.Jmc1));
        Jmc1Bytes.AssertEqual(expected, JsonableSerializer.SerializeToUtf8Bytes(value, typeof(Item), JsonableFormat.Jmc1));
        Jmc1Bytes.AssertEqual(expected, value.ToJsonable().Span);
    }

    [Fact]
    public void RootNullObject_IsHeaderThenNull()
    {
        Jmc1Bytes.AssertEqual("/*JMC1*/null"u8, JsonableSerializer.SerializeToUtf8Bytes<Item?>(null, JsonableFormat.Jmc1));
        Jmc1Bytes.AssertEqual("null"u8, JsonableSerializer.SerializeToUtf8Bytes<Item?>(null, JsonableFormat.Json));
        Assert.Null(JsonableSerializer.Deserialize<Item>("/*JMC1*/null"u8, JsonableFormat.Jmc1));
    }

    [Fact]
    public void DictionaryMember_HasEntryCountAndNoHeader_KeysHaveLengthComments()
    {
        var value = new Lookup
        {
            Map = new Dictionary<string, int> { ["a"] = 1, ["bc"] = -2, ["q\"\\é"] = 3, [string.Empty] = 0 },
            Leaves = new Dictionary<string, Leaf?> { ["x"] = new Leaf { Flag = true }, ["y"] = null },
        };

        AssertVector(
            value,
            Jmc1Oracle.Build(
                Jmc1Oracle.Latin1(
                    "/*JMC1*/{/*3\x01*/\"Map\":/*4\x01*/{/*1\x01*/\"a\":1,/*2\x01*/\"bc\":-2,/*7\x01*/\"q\\\"\\\\"),
                    "é",
                Jmc1Oracle.Latin1(
                    "\":3,/*0\x01*/\"\":0},"
                    + "/*6\x01*/\"Leaves\":/*2\x01*/{/*1\x01*/\"x\":/*JMC1*/{/*4\x01*/\"Flag\":true},/*1\x01*/\"y\":null}}")),
            AssertSameLookup);
    }

    [Fact]
    public void DictionaryMember_EmptyAndNull_HaveExactBytes()
    {
        AssertVector(
            new Lookup { Map = [], Leaves = null },
            Jmc1Oracle.Latin1("/*JMC1*/{/*3\x01*/\"Map\":/*0\x01*/{},/*6\x01*/\"Leaves\":null}"),
            AssertSameLookup);
    }

    [Fact]
    public void NullMembers_AreBareNullWithoutLengthComment()
    {
        AssertVector(
            new Greeting(),
            Jmc1Oracle.Latin1("/*JMC1*/{/*4\x01*/\"Name\":null,/*4\x01*/\"Nums\":null}"),
            AssertSameGreeting);
    }

    [Fact]
    public void EmptyStringAndEmptyArray_HaveLengthCommentOfZero()
    {
        byte[] expected = Jmc1Oracle.Latin1("/*JMC1*/{/*4\x01*/\"Name\":/*0\x01*/\"\",/*4\x01*/\"Nums\":/*0\x01*/[]}");

        AssertVector(new Greeting { Name = string.Empty, Nums = [] }, expected, AssertSameGreeting);
        Assert.Equal(new byte[] { 0x2F, 0x2A, 0x30, 0x01, 0x2A, 0x2F }, expected.AsSpan(22, 6).ToArray());
    }

    /// <summary>The vector of a <see cref="Note"/>; <paramref name="comment"/> is the string's length comment or -1 for none.</summary>
    private static byte[] NoteVector(int comment, string escapedText) => Jmc1Oracle.Build(
        Jmc1Oracle.Latin1("/*JMC1*/{/*4\x01*/\"Text\":"),
        comment >= 0 ? Jmc1Oracle.LengthComment(comment) : [],
        "\"" + escapedText + "\"}");

    private static void AssertVector<T>(T value, byte[] expectedJmc1, Action<T, T> assertSame)
    {
        byte[] jmc1 = JsonableSerializer.SerializeToUtf8Bytes(value, JsonableFormat.Jmc1);
        byte[] json = JsonableSerializer.SerializeToUtf8Bytes(value, JsonableFormat.Json);

        Jmc1Bytes.AssertEqual(expectedJmc1, jmc1);
        Jmc1Bytes.AssertConsistent(jmc1, json);
        assertSame(value, JsonableSerializer.Deserialize<T>(jmc1, JsonableFormat.Jmc1)!);
        assertSame(value, JsonableSerializer.Deserialize<T>(json, JsonableFormat.Json)!);
    }

    private static void AssertSameGreeting(Greeting expected, Greeting actual)
    {
        Assert.Equal(expected.Name, actual.Name);
        Assert.Equal(expected.Nums, actual.Nums);
    }

    private static void AssertSameNote(Note expected, Note actual) => Assert.Equal(expected.Text, actual.Text);

    private static void AssertSameLeaf(Leaf? expected, Leaf? actual)
    {
        Assert.Equal(expected is null, actual is null);
        Assert.Equal(expected?.Flag, actual?.Flag);
    }

    private static void AssertSameOuter(Outer expected, Outer actual)
    {
        Assert.Equal(expected.Label, actual.Label);
        Assert.Equal(expected.Child is null, actual.Child is null);
        Assert.Equal(expected.Child?.Id, actual.Child?.Id);
        AssertSameLeaf(expected.Child?.Leaf, actual.Child?.Leaf);
        Assert.Equal(expected.Leaves?.Count, actual.Leaves?.Count);
        for (int i = 0; i < (expected.Leaves?.Count ?? 0); i++)
        {
            AssertSameLeaf(expected.Leaves![i], actual.Leaves![i]);
        }
    }

    private static void AssertSameItems(List<Item> expected, List<Item> actual)
    {
        Assert.Equal(expected.Count, actual.Count);
        for (int i = 0; i < expected.Count; i++)
        {
            Assert.Equal(expected[i]?.Id, actual[i]?.Id);
            Assert.Equal(expected[i]?.Name, actual[i]?.Name);
        }
    }

    private static void AssertSameLookup(Lookup expected, Lookup actual)
    {
        Assert.Equal(expected.Map, actual.Map);
        Assert.Equal(expected.Leaves?.Keys, actual.Leaves?.Keys);
        foreach (string key in expected.Leaves?.Keys ?? Enumerable.Empty<string>())
        {
            AssertSameLeaf(expected.Leaves![key], actual.Leaves![key]);
        }
    }
}
