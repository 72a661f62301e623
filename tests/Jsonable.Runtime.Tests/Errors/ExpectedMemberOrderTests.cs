#nullable enable
using System;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Runtime.Tests.Hostile;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary>Declared so that one name is a prefix of the next ("Name", "Names") and a required member comes last.</summary>
[ToJson, FromJson]
public partial class OrderedRecord
{
    public int Id { get; set; }
    public string? Name { get; set; }
    public string[]? Names { get; set; }
    public required int Count { get; set; }
}

/// <summary>Read only (no writer to borrow encoded names from), with a name long enough that its JMC1 length bytes are not ASCII.</summary>
[FromJson]
public partial class ReadOnlyOrderedRecord
{
    public int Id { get; set; }

    [System.Text.Json.Serialization.JsonPropertyName(ExpectedMemberOrderTests.LongName)]
    public string? Long { get; set; }

    public int Count { get; set; }
}

/// <summary>
/// Generated readers try the member the writers put next with one comparison of its encoded name; whatever else the
/// input holds (another order, repeats, prefixes, escapes, lies) must read exactly as before: as System.Text.Json reads it.
/// </summary>
public sealed class ExpectedMemberOrderTests
{
    private static readonly JsonSerializerOptions s_stj = new()
    {
        TypeInfoResolver = new DefaultJsonTypeInfoResolver(),
    };

    internal const string LongName = "aVeryLongMemberNameThatTakesMoreThanEightyBytesSoThatItsLengthCommentHoldsBytesAbove0x7F_xxxxxxxx";

    private static readonly JsonableReaderOptions s_disallow = new() { UnknownMemberHandling = JsonableUnknownMemberHandling.Disallow };

    [Theory]
    [InlineData("{\"Id\":1,\"Name\":\"a\",\"Names\":[\"x\"],\"Count\":2}")] // the writers' order
    [InlineData("{\"Count\":2,\"Names\":[\"x\"],\"Name\":\"a\",\"Id\":1}")] // reversed
    [InlineData("{\"Id\":1,\"Names\":[\"x\"],\"Name\":\"a\",\"Count\":2}")] // "Names" where "Name" is expected
    [InlineData("{\"Id\":1,\"Name\":\"a\",\"Name\":\"b\",\"Names\":[],\"Count\":2}")] // a member repeated: the last wins
    [InlineData("{\"Id\":1,\"Id\":7,\"Name\":\"a\",\"Count\":2,\"Count\":3}")]
    [InlineData("{\"Id\":1,\"N\\u0061me\":\"a\",\"Names\":null,\"Count\":2}")] // the expected name, escaped
    [InlineData("{\"Id\":1,\"Nam\":0,\"Namex\":0,\"Name\":\"a\",\"extra\":{\"Name\":\"z\"},\"Count\":2}")] // unknown members, prefixes of the expected
    [InlineData("{ \"Id\" : 1 , \"Name\":\"a\",\"Count\":2 }")] // whitespace around the expected bytes
    [InlineData("{\n  \"Id\": 1,\n  \"Name\": \"a\",\n  \"Names\": [\n    \"x\"\n  ],\n  \"Count\": 2\n}")] // indented, in the writers' order
    [InlineData("{\r\n\t\"Id\"\t:\t1\r\n\t,\"Name\"\r\n:\"a\"\t,\t\"Count\" :2}")] // tabs, CRLF, whitespace before the comma and the colon
    [InlineData("{\n  \"Count\": 2,\n  \"Id\": 1,\n  \"Name\": \"a\"\n}")] // indented, another order
    [InlineData("{\n  \"Id\": 1,\n  \"Names\": [],\n  \"Name\": \"a\",\n  \"Count\": 2\n}")] // indented, "Names" where "Name" is expected
    public void AnyOrder_ReadsAsSystemTextJson(string json)
    {
        OrderedRecord expected = JsonSerializer.Deserialize<OrderedRecord>(json, s_stj)!;

        OrderedRecord read = OrderedRecord.CreateFromJson(Encoding.UTF8.GetBytes(json));

        Assert.Equal(expected.Id, read.Id);
        Assert.Equal(expected.Name, read.Name);
        Assert.Equal(expected.Names, read.Names);
        Assert.Equal(expected.Count, read.Count);
    }

    [Theory]
    [InlineData("{\n  \"Id\" 1,\n  \"Name\": \"a\",\n  \"Count\": 2\n}", "$", 9)] // no colon after the expected name: at the value
    [InlineData("{\n  \"Id\": 1,\n  \"Name\" \"a\",\n  \"Count\": 2\n}", "$", 22)]
    [InlineData("{\n  \"Id\": 1\n  \"Name\": \"a\",\n  \"Count\": 2\n}", "$", 14)] // no comma before it: at the name
    [InlineData("{\n  \"Id\": 1,,\n  \"Name\": \"a\",\n  \"Count\": 2\n}", "$", 12)] // two commas: at the second
    // Where the general path refuses them (recorded from the reader before its fast path took whitespace).
    public void IndentedInput_WithAMissingOrDoubledSeparator_IsRefusedWhereItBreaks(string json, string path, long offset)
    {
        Assert.ThrowsAny<JsonException>(() => JsonSerializer.Deserialize<OrderedRecord>(json, s_stj));

        JsonableException ex = Assert.Throws<JsonableException>(() => OrderedRecord.CreateFromJson(Encoding.UTF8.GetBytes(json)));

        Assert.Equal((path, offset), (ex.Path, ex.BytePosition));
    }

    [Fact]
    public void RequiredMember_MissingAfterTheExpectedOnes_IsReported()
    {
        JsonableException ex = Assert.Throws<JsonableException>(() => OrderedRecord.CreateFromJson("{\"Id\":1,\"Name\":\"a\",\"Names\":[]}"u8));

        Assert.Contains("Count", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void WrongValue_AfterAnExpectedName_ReportsItsPath()
    {
        JsonableException ex = Assert.Throws<JsonableException>(() => OrderedRecord.CreateFromJson("{\"Id\":1,\"Name\":\"a\",\"Names\":[\"x\",5],\"Count\":2}"u8));

        Assert.Equal("$.Names[1]", ex.Path);
    }

    [Fact]
    public void UnknownMember_Disallowed_BetweenExpectedOnes_IsReported()
    {
        JsonableException ex = Assert.Throws<JsonableException>(() =>
            JsonableSerializer.Deserialize<OrderedRecord>("{\"Id\":1,\"Nam\":2,\"Name\":\"a\",\"Count\":2}"u8, JsonableFormat.Json, s_disallow));

        Assert.Contains("Nam", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void CaseInsensitiveName_WhereAnotherIsExpected_StillMatches()
    {
        OrderedRecord read = JsonableSerializer.Deserialize<OrderedRecord>("{\"Id\":1,\"NAME\":\"a\",\"Count\":2}"u8, JsonableFormat.Json)!;

        Assert.Equal("a", read.Name);
    }

    [Fact]
    public void Jmc1_InTheWritersOrder_RoundTrips()
    {
        var value = new OrderedRecord { Id = 1, Name = "a", Names = ["x", "y"], Count = 2 };

        OrderedRecord read = OrderedRecord.CreateFromJsonable(value.ToJsonable().Span);

        Assert.Equal((1, "a", 2), (read.Id, read.Name, read.Count));
        Assert.Equal(["x", "y"], read.Names!);
    }

    [Theory]
    [InlineData(3)] // says "Name" is 3 bytes: the expected bytes do not match, and the general path reports the lie
    [InlineData(5)]
    public void Jmc1_ExpectedNameWithALyingLengthComment_IsAnError(int length)
    {
        byte[] doc = Jmc1Oracle.Build("/*JMC1*/{", 2, "\"Id\":1,", length, "\"Name\":\"a\",", 5, "\"Count\":2}");

        JsonableException ex = Assert.Throws<JsonableException>(() => OrderedRecord.CreateFromJsonable(doc));

        Assert.Contains("length", ex.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void Jmc1_WithTheTruthfulLengthComments_Reads()
    {
        // The same document as the lying one above, with the true length: proves the lie, not the layout, failed there.
        byte[] doc = Jmc1Oracle.Build("/*JMC1*/{", 2, "\"Id\":1,", 4, "\"Name\":\"a\",", 5, "\"Count\":2}");

        OrderedRecord read = OrderedRecord.CreateFromJsonable(doc);

        Assert.Equal((1, "a", 2), (read.Id, read.Name, read.Count));
    }

    [Fact]
    public void ReaderOnlyType_WithANonAsciiLengthComment_ReadsInTheWritersOrder()
    {
        byte[] jmc1 = Jmc1Oracle.Build("/*JMC1*/{", 2, "\"Id\":1,", LongName.Length, "\"" + LongName + "\":\"v\",", 5, "\"Count\":2}");
        byte[] json = Encoding.UTF8.GetBytes("{\"Id\":1,\"" + LongName + "\":\"v\",\"Count\":2}");

        ReadOnlyOrderedRecord fromJmc1 = JsonableSerializer.Deserialize<ReadOnlyOrderedRecord>(jmc1, JsonableFormat.Jmc1)!;
        ReadOnlyOrderedRecord fromJson = JsonableSerializer.Deserialize<ReadOnlyOrderedRecord>(json, JsonableFormat.Json)!;

        Assert.Equal((1, "v", 2), (fromJmc1.Id, fromJmc1.Long, fromJmc1.Count));
        Assert.Equal((1, "v", 2), (fromJson.Id, fromJson.Long, fromJson.Count));
    }
}
