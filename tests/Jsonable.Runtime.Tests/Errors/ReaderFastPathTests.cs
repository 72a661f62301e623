#nullable enable
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary>
/// The reader's fast paths (integers parsed while they are scanned, strings classified while their end is found and
/// transcoded through a per-document scratch buffer, JMC1 comments read from fixed byte positions) must give the same
/// values and the same errors as the general paths they skip. These are the inputs at their edges, in both formats,
/// with System.Text.Json as the reference.
/// </summary>
public sealed class ReaderFastPathTests
{
    /// <summary>Integers either side of the 18-digit fast path and of each type's range, and signs it must refuse.</summary>
    public static TheoryData<string, string> Integers()
    {
        var data = new TheoryData<string, string>();
        string[] edges =
        [
            "0", "-0", "7", "-7", "00", "-", "1.0", "1e1", "1E1",
            "999999999999999999", "-999999999999999999", // 18 digits: the longest the fast path parses
            "1000000000000000000", "-1000000000000000000", // 19 digits: left to the general parser
            "9223372036854775807", "-9223372036854775808", "9223372036854775808",
            "18446744073709551615", "18446744073709551616",
            "127", "128", "-128", "-129", "255", "256",
            "32767", "32768", "-32768", "-32769", "65535", "65536",
            "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
        ];
        foreach (string member in new[] { "i8", "u8", "i16", "u16", "count", "u32", "i64", "u64" })
        {
            foreach (string number in edges)
            {
                data.Add(member, number);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Integers))]
    public void Integer_AtTheEdgesOfTheFastPath_ReadsAsStjReadsIt(string member, string number)
    {
        byte[] json = Encoding.UTF8.GetBytes("{\"" + member + "\":" + number + "}");
        object? expected = ReadMember(member, () => JsonSerializer.Deserialize<Reading>(json), typeof(JsonException));

        object? fromJson = ReadMember(member, () => Reading.CreateFromJson(json), typeof(JsonableException));
        object? fromJmc1 = ReadMember(member, () => Reading.CreateFromJsonable([.. "/*JMC1*/"u8, .. json]), typeof(JsonableException));

        Assert.Equal(expected, fromJson);
        Assert.Equal(expected, fromJmc1);
    }

    /// <summary>
    /// Integers of every length from 1 to 19 digits (every digit value in every position), signed and not, followed by
    /// what can follow a number or must stop it (bytes either side of '0'-'9', a non-ASCII byte, a fraction, an exponent),
    /// with the document's end directly after them or further on: the first eight bytes are read as one word.
    /// </summary>
    public static TheoryData<string, string> IntegersOfEveryLength()
    {
        var data = new TheoryData<string, string>();
        string[] after = ["}", "        }", ",\"flag\":true}", "/}", ":}", "\u00e9}", ".5}", "e2}", "0}"];
        for (int length = 1; length <= 19; length++)
        {
            string digits = (char)('1' + (length % 9)) + string.Concat(Enumerable.Range(1, length - 1).Select(k => (char)('0' + ((length + k) % 10))));
            foreach (string sign in new[] { "", "-" })
            {
                foreach (string tail in after)
                {
                    data.Add(sign + digits, tail);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(IntegersOfEveryLength))]
    public void Integer_OfEveryLength_ReadsAsStjReadsIt(string number, string after)
    {
        foreach (string member in new[] { "count", "i64", "u64" })
        {
            byte[] json = Encoding.UTF8.GetBytes("{\"" + member + "\":" + number + after);
            object? expected = ReadMember(member, () => JsonSerializer.Deserialize<Reading>(json), typeof(JsonException));

            object? fromJson = ReadMember(member, () => Reading.CreateFromJson(json), typeof(JsonableException));
            object? fromJmc1 = ReadMember(member, () => Reading.CreateFromJsonable([.. "/*JMC1*/"u8, .. json]), typeof(JsonableException));

            Assert.Equal(expected, fromJson);
            Assert.Equal(expected, fromJmc1);
        }
    }

    [Fact]
    public void IntegerTheory_HoldsValuesThatReadAndValuesThatFail()
    {
        // The theory above compares outcomes; it proves something only if both outcomes occur in it.
        var outcomes = Integers().Select(row => ReadMember(
            (string)row[0],
            () => Reading.CreateFromJson(Encoding.UTF8.GetBytes("{\"" + (string)row[0] + "\":" + (string)row[1] + "}")),
            typeof(JsonableException)) is null).ToList();

        Assert.Contains(true, outcomes);
        Assert.Contains(false, outcomes);
    }

    /// <summary>
    /// String contents around the classification (printable ASCII, non-ASCII, escapes, in every order) and the
    /// 16-byte blocks the first scan reads, and strings long and short in one document (the scratch buffer grows
    /// and is reused).
    /// </summary>
    private static readonly Dictionary<string, string[]> s_strings = new()
    {
        ["empty"] = [""],
        ["ASCII of 15, 16, 17, 31, 32 and 33 bytes"] = [.. new[] { 15, 16, 17, 31, 32, 33 }.Select(n => new string('a', n))],
        ["raw DEL, the last ASCII byte"] = ["\u007F", new string('a', 20) + "\u007F"],
        ["non-ASCII first, last, and after a 16-byte block"] = ["é", "abcé", new string('a', 16) + "é" + new string('b', 20)],
        ["escape after non-ASCII, non-ASCII after escape"] = ["é\n", "\nday 日本", new string('é', 40) + "\"" + new string('x', 40)],
        ["long non-ASCII, then short, then longer with an escape"] = [new string('日', 700), "é", new string('é', 2000) + "\t"],
        ["supplementary characters"] = ["\U0001F600", new string('a', 17) + "\U0001F600\\"],
    };

    public static TheoryData<string> StringCases() => [.. s_strings.Keys];

    [Theory]
    [MemberData(nameof(StringCases))]
    public void Strings_OfEveryKind_ReadAsStjReadsThem(string name)
    {
        string[] values = s_strings[name];
        var station = new Station { name = values[0], items = [.. values.Select(v => new Reading { label = v })] };
        byte[] json = JsonSerializer.SerializeToUtf8Bytes(station);

        byte[] fromJson = JsonSerializer.SerializeToUtf8Bytes(Station.CreateFromJson(json));
        byte[] fromJmc1 = JsonSerializer.SerializeToUtf8Bytes(Station.CreateFromJsonable(station.ToJsonable().Span));

        Assert.Equal(Encoding.UTF8.GetString(json), Encoding.UTF8.GetString(fromJson));
        Assert.Equal(Encoding.UTF8.GetString(json), Encoding.UTF8.GetString(fromJmc1));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void InvalidUtf8_AfterAnAsciiBlock_IsRejectedAtTheString(bool jmc1)
    {
        byte[] content = [.. Encoding.ASCII.GetBytes(new string('a', 20)), 0xFF, (byte)'b'];
        byte[] doc = Document(content, jmc1);

        JsonableException ex = Assert.Throws<JsonableException>(() => Read(doc, jmc1));

        Assert.Contains("not valid UTF-8", ex.Reason, StringComparison.Ordinal);
        Assert.Equal(doc.AsSpan().IndexOf("\"a"u8), ex.BytePosition);
        Assert.Equal("$.label", ex.Path);
    }

    [Theory]
    [InlineData(false, "é")]
    [InlineData(true, "é")]
    [InlineData(false, "\\n")]
    [InlineData(true, "\\n")]
    public void ControlCharacter_AfterNonAsciiOrAnEscape_IsRejectedWhereItIs(bool jmc1, string before)
    {
        byte[] content = [.. Encoding.UTF8.GetBytes(before + new string('a', 20)), 0x01, (byte)'b'];
        byte[] doc = Document(content, jmc1);

        JsonableException ex = Assert.Throws<JsonableException>(() => Read(doc, jmc1));

        Assert.Contains("control character 0x01", ex.Reason, StringComparison.Ordinal);
        Assert.Equal(doc.AsSpan().LastIndexOf((byte)0x01), ex.BytePosition); // (a length comment's high byte can be 0x01 too)
    }

    [Fact]
    public void Jmc1_NestedHeaderWithLengthCommentsInside_ReadsLikeTheSameJson()
    {
        var station = new Station { name = "x", latest = new Reading { label = "y", count = 3 }, totals = new() { ["k"] = 1 } };
        byte[] jmc1 = station.ToJsonable().ToArray();

        // The writer puts a header before the nested object and length comments before every name and string.
        Assert.Contains("\"latest\":/*JMC1*/{", Encoding.Latin1.GetString(jmc1), StringComparison.Ordinal);
        Assert.Equal(
            JsonSerializer.Serialize(station),
            JsonSerializer.Serialize(Station.CreateFromJsonable(jmc1)));
    }

    [Fact]
    public void Jmc1_LengthCommentBeforeAnObject_IsStillRejected()
    {
        // The fast path accepts a length comment before '{' (a dictionary may follow); the object reader must refuse it.
        byte[] doc = Jmc1Oracle.Build("/*JMC1*/{", 6, "\"latest\":", 0, "/*JMC1*/{}}");

        JsonableException ex = Assert.Throws<JsonableException>(() => Station.CreateFromJsonable(doc));

        Assert.Contains("comment", ex.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void ExpectedPropertyName_IsReadOnlyWhenTheInputHoldsTheWritersExactBytes(bool jmc1)
    {
        // "a" and "b" as a writer encodes them; "c" in another form (no length comment, or a space), "d" escaped.
        byte[] doc = jmc1
            ? Jmc1Oracle.Build("/*JMC1*/{", 1, "\"a\":1,", 1, "\"b\":2,\"c\":3,", 6, "\"\\u0064\":4}")
            : Encoding.UTF8.GetBytes("{\"a\":1,\"b\":2, \"c\":3,\"\\u0064\":4}");
        var reader = new JsonableReader(doc, jmc1 ? JsonableFormat.Jmc1 : JsonableFormat.Json);
        Assert.True(reader.TryReadObjectStart());
        bool first = true;
        var read = new List<string>();

        Assert.False(reader.TryReadExpectedPropertyName(ref first, Encoded("b", jmc1: true), Encoded("b", jmc1: false)));
        Assert.True(first);
        foreach (string expected in new[] { "a", "b", "c", "d" })
        {
            if (reader.TryReadExpectedPropertyName(ref first, Encoded(expected, jmc1: true), Encoded(expected, jmc1: false)))
            {
                read.Add(expected + "=" + reader.ReadInt32() + " (expected bytes)");
                continue;
            }

            Assert.True(reader.TryReadPropertyName(ref first, out ReadOnlySpan<byte> name));
            read.Add(Encoding.UTF8.GetString(name) + "=" + reader.ReadInt32() + " (read and matched)");
        }

        Assert.False(reader.TryReadPropertyName(ref first, out _));
        reader.ReadEndOfDocument();
        Assert.Equal(["a=1 (expected bytes)", "b=2 (expected bytes)", "c=3 (read and matched)", "d=4 (read and matched)"], read);
    }

    [Fact]
    public void ExpectedPropertyName_WithALyingLengthComment_IsNotReadAndTheGeneralPathReportsTheLie()
    {
        byte[] doc = Jmc1Oracle.Build("/*JMC1*/{", 2, "\"a\":1}");
        var reader = new JsonableReader(doc, JsonableFormat.Jmc1);
        Assert.True(reader.TryReadObjectStart());
        bool first = true;

        Assert.False(reader.TryReadExpectedPropertyName(ref first, Encoded("a", jmc1: true), Encoded("a", jmc1: false)));
        JsonableException? error = null;
        try
        {
            reader.TryReadPropertyName(ref first, out _);
        }
        catch (JsonableException e)
        {
            error = e;
        }

        Assert.NotNull(error);
        Assert.Contains("claims 2 bytes but the string has 1", error.Reason, StringComparison.Ordinal);
    }

    /// <summary>A member name as the writers encode it after a previous member.</summary>
    private static byte[] Encoded(string name, bool jmc1) => jmc1
        ? Jmc1Oracle.Build(",", Encoding.UTF8.GetByteCount(name), "\"" + name + "\":")
        : Encoding.UTF8.GetBytes(",\"" + name + "\":");

    private static byte[] Document(byte[] content, bool jmc1) => jmc1
        ? Jmc1Oracle.Build("/*JMC1*/{", 5, "\"label\":", content.Length, "\"", content, "\"}")
        : [.. "{\"label\":\""u8, .. content, .. "\"}"u8];

    private static Reading Read(byte[] doc, bool jmc1) => jmc1 ? Reading.CreateFromJsonable(doc) : Reading.CreateFromJson(doc);

    /// <summary>The member's value, or <see langword="null"/> when reading threw <paramref name="failure"/>.</summary>
    private static object? ReadMember(string member, Func<Reading?> read, Type failure)
    {
        try
        {
            Reading reading = read() ?? throw new InvalidOperationException("null");
            return typeof(Reading).GetProperty(member)!.GetValue(reading);
        }
        catch (Exception e) when (failure.IsInstanceOfType(e))
        {
            return null;
        }
    }
}
