#nullable enable
using System;
using System.Text;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary>Plain JSON is read per RFC 8259 (whitespace and a BOM accepted, nothing else); JMC1 allows only its own comments.</summary>
public sealed class SyntaxStrictnessTests
{
    [Theory]
    [InlineData("{\"flag\":tru}")]
    [InlineData("{\"flag\":True}")]
    [InlineData("{\"flag\":t}")]
    [InlineData("{\"flag\":falsey}")]
    [InlineData("{\"flag\":1}")]
    [InlineData("{\"maybe\":nul}")]
    [InlineData("{\"maybe\":nulll}")]
    [InlineData("{\"maybe\":Null}")]
    [InlineData("{\"label\":nul}")]
    [InlineData("{\"label\":undefined}")]
    [InlineData("{\"label\":'x'}")]
    [InlineData("{\"unknown\":tru}")]
    [InlineData("{\"unknown\":nul}")]
    public void BadLiteral_Throws(string json) => AssertRejected(json);

    [Theory]
    [InlineData("{\"count\":1,}", 11)]
    [InlineData("{\"count\":1,,\"flag\":true}", 11)]
    [InlineData("{,\"count\":1}", 1)]
    [InlineData("{\"count\" 1}", 9)]
    [InlineData("{\"count\"=1}", 8)]
    [InlineData("{\"count\"::1}", 9)]
    [InlineData("{count:1}", 1)]
    [InlineData("{'count':1}", 1)]
    [InlineData("{\"count\":1 \"flag\":true}", 11)]
    [InlineData("{\"count\":1]", 10)]
    [InlineData("{\"unknown\":[1,],\"count\":1}", 14)]
    [InlineData("{\"unknown\":[,1]}", 12)]
    [InlineData("{\"unknown\":[1 2]}", 14)]
    [InlineData("{\"unknown\":{\"a\":1,}}", 18)]
    [InlineData("{\"unknown\":[1}", 13)]
    public void BadObjectOrArraySyntax_Throws(string json, int position)
    {
        JsonableException ex = AssertRejected(json);

        Assert.Equal(position, ex.BytePosition);
    }

    [Theory]
    [InlineData("{\"items\":[{\"count\":1},]}")]
    [InlineData("{\"grid\":[[1,2,],[3]]}")]
    [InlineData("{\"totals\":{\"a\":1,}}")]
    [InlineData("{\"totals\":{\"a\" 1}}")]
    [InlineData("{\"totals\":{\"a\":1 \"b\":2}}")]
    [InlineData("{\"totals\":{a:1}}")]
    public void TrailingCommaOrMissingColon_InTypedContainers_Throws(string json) =>
        Assert.Throws<JsonableException>(() => Station.CreateFromJson(Encoding.UTF8.GetBytes(json)));

    [Theory]
    [InlineData("{\"count\":1}x", 11)]
    [InlineData("{\"count\":1}{}", 11)]
    [InlineData("{\"count\":1} 1", 12)]
    [InlineData("{\"count\":1}\n,", 12)]
    [InlineData("{\"count\":1}\0", 11)]
    public void DataAfterRootValue_Throws(string json, int position)
    {
        JsonableException ex = AssertRejected(json);

        Assert.Equal(position, ex.BytePosition);
        Assert.Contains("after the end", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void DataAfterRootValue_Jmc1_Throws()
    {
        JsonableException ex = Assert.Throws<JsonableException>(() => Reading.CreateFromJsonable("/*JMC1*/{}/*JMC1*/{}"u8));

        Assert.Equal(10, ex.BytePosition);
    }

    [Theory]
    [InlineData("")]
    [InlineData(" ")]
    [InlineData("\uFEFF")]
    public void EmptyDocument_Throws(string json) => AssertRejected(json);

    [Fact]
    public void Utf8Bom_InJson_IsAccepted()
    {
        Reading reading = Reading.CreateFromJson("\uFEFF{\"count\":7}"u8);

        Assert.Equal(7, reading.count);
    }

    [Fact]
    public void Utf8Bom_InJson_OffsetsStillCountTheBom()
    {
        JsonableException ex = Assert.Throws<JsonableException>(() => Reading.CreateFromJson("\uFEFF{\"count\":\"x\"}"u8));

        Assert.Equal(3 + 9, ex.BytePosition);
        Assert.Equal("$.count", ex.Path);
    }

    [Fact]
    public void Utf8Bom_InJmc1_IsRejected() =>
        Assert.Throws<JsonableException>(() => Reading.CreateFromJsonable("\uFEFF/*JMC1*/{}"u8));

    [Fact]
    public void Utf8Bom_InTheMiddle_IsRejected() =>
        AssertRejected("{\"count\":\uFEFF1}");

    [Fact]
    public void WhitespaceEverywhereLegal_IsAccepted()
    {
        const string Json = " \t\r\n{ \t\r\n\"count\" \t\r\n: \t\r\n5 \t\r\n, \"items\" : [ { \"count\" : 1 } , { } ] ,"
            + " \"totals\" : { \"a\" : 1 , \"b\" : 2 } , \"grid\" : [ [ ] , [ 1 , 2 ] ] , \"name\" : \" x \" , \"unknown\" : [ { } , [ ] , \"s\" , 1 , true , null ] \t\r\n} \t\r\n";

        Station station = Station.CreateFromJson(Encoding.UTF8.GetBytes(Json.Replace("\"count\" \t\r\n: \t\r\n5 \t\r\n, ", "", StringComparison.Ordinal)));
        Reading reading = Reading.CreateFromJson(Encoding.UTF8.GetBytes(" \t\r\n{ \t\r\n\"count\" \t\r\n: \t\r\n5 \t\r\n} \t\r\n"));

        Assert.Equal(5, reading.count);
        Assert.Equal(2, station.items!.Count);
        Assert.Equal(1, station.items[0].count);
        Assert.Equal(2, station.totals!["b"]);
        Assert.Equal(new[] { 1, 2 }, station.grid![1]);
        Assert.Equal(" x ", station.name);
    }

    [Theory]
    [InlineData("{\f\"count\":1}")]
    [InlineData("{\v\"count\":1}")]
    [InlineData("{\u00A0\"count\":1}")]
    [InlineData("{\"count\":\u00A01}")]
    [InlineData("{\"count\":1\u2028}")]
    public void NonJsonWhitespace_IsRejected(string json) => AssertRejected(json);

    [Theory]
    [InlineData("{/* hi */\"count\":1}")]
    [InlineData("{\"count\":1 // hi\n}")]
    [InlineData("/*JMC1*/{\"count\":1}")]
    [InlineData("{\"count\":/*\u0001\u0001*/1}")]
    public void Comments_InPlainJson_AreRejected(string json)
    {
        JsonableException ex = AssertRejected(json);

        Assert.Equal(json.IndexOf('/', StringComparison.Ordinal), ex.BytePosition);
    }

    [Theory]
    [InlineData("/*JMC1*/{/* hi */\"count\":1}", 9)]
    [InlineData("/*JMC1*/{\"count\":/* hi */1}", 17)]
    [InlineData("/*JMC1*/{\"count\":1// hi\n}", 18)]
    [InlineData("/* hi */{\"count\":1}", 0)]
    [InlineData("/*JMC2*/{\"count\":1}", 0)]
    [InlineData("/*JMC1*/{\"count\":/**/1}", 17)]
    [InlineData("/*JMC1*/{\"count\":1/*", 18)]
    [InlineData("/*JMC1*/{\"count\":/*JM", 17)]
    public void NonJmc1Comments_InJmc1_AreRejected(string jmc1, int position)
    {
        JsonableException ex = Assert.Throws<JsonableException>(() => Reading.CreateFromJsonable(Encoding.UTF8.GetBytes(jmc1)));

        Assert.Equal(position, ex.BytePosition);
    }

    [Theory]
    [InlineData("{\"label\":\"a\u0001b\"}")]
    [InlineData("{\"label\":\"a\tb\"}")]
    [InlineData("{\"label\":\"a\\qb\"}")]
    [InlineData("{\"label\":\"a\\u12\"}")]
    [InlineData("{\"label\":\"a\\u12G4\"}")]
    [InlineData("{\"label\":\"abc}")]
    [InlineData("{\"unknown\":\"a\\x\"}")]
    [InlineData("{\"unknown\":\"a\u0000\"}")]
    public void BadStrings_Throw(string json) => AssertRejected(json);

    [Theory]
    [InlineData(new byte[] { 0xFF })]
    [InlineData(new byte[] { 0xC3 })]
    [InlineData(new byte[] { 0xC0, 0xAF })]
    [InlineData(new byte[] { 0xED, 0xA0, 0x80 })]
    public void InvalidUtf8InString_Throws(byte[] bad)
    {
        byte[] value = [.. "{\"label\":\"a"u8, .. bad, .. "\"}"u8];
        byte[] unknown = [.. "{\"unknown\":\"a"u8, .. bad, .. "\"}"u8];
        byte[] name = [.. "{\"a"u8, .. bad, .. "\":1}"u8];

        Assert.Throws<JsonableException>(() => Reading.CreateFromJson(value));
        Assert.Throws<JsonableException>(() => Reading.CreateFromJson(unknown));
        JsonableException ex = Assert.Throws<JsonableException>(() => Reading.CreateFromJson(name));
        Assert.Equal(2, ex.BytePosition); // the name's content
        Assert.Contains("UTF-8", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void InvalidUtf8InUnknownMemberName_Jmc1_Throws()
    {
        byte[] doc = [.. "/*JMC1*/{\"a"u8, 0xFF, .. "\":1}"u8];

        JsonableException ex = Assert.Throws<JsonableException>(() => Reading.CreateFromJsonable(doc));

        Assert.Equal(10, ex.BytePosition);
    }

    private static JsonableException AssertRejected(string json)
    {
        byte[] doc = Encoding.UTF8.GetBytes(json);

        JsonableException ex = Assert.Throws<JsonableException>(() => Reading.CreateFromJson(doc));

        Assert.NotNull(ex.Path);
        Assert.InRange(ex.BytePosition, 0, doc.Length);
        return ex;
    }
}
