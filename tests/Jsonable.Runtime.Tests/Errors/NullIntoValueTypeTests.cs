#nullable enable
using System;
using System.Text;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary><c>null</c> into a member that cannot hold it is an error naming the member and pointing at the <c>null</c>.</summary>
public sealed class NullIntoValueTypeTests
{
    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void NullIntoIntInListElement_ThrowsWithPathAndPosition(JsonableFormat format)
    {
        string prefix = Header(format) + "{\"name\":\"s\",\"items\":[{\"count\":1},{\"count\":2},{\"count\":";
        byte[] doc = Encoding.UTF8.GetBytes(prefix + "null}]}");

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Station>(doc, format));

        Assert.Equal("$.items[2].count", ex.Path);
        Assert.Equal(Encoding.UTF8.GetByteCount(prefix), ex.BytePosition);
        Assert.Contains("null", ex.Reason, StringComparison.Ordinal);
        Assert.Contains("Int32", ex.Reason, StringComparison.Ordinal);
        Assert.Contains("$.items[2].count", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("flag", "Boolean")]
    [InlineData("i8", "SByte")]
    [InlineData("u8", "Byte")]
    [InlineData("i16", "Int16")]
    [InlineData("u16", "UInt16")]
    [InlineData("count", "Int32")]
    [InlineData("u32", "UInt32")]
    [InlineData("i64", "Int64")]
    [InlineData("u64", "UInt64")]
    [InlineData("f32", "Single")]
    [InlineData("f64", "Double")]
    [InlineData("unit", "Int32")]
    public void NullIntoEveryValueType_Throws(string member, string typeName)
    {
        string prefix = "{\"label\":\"x\", \"" + member + "\" : ";
        byte[] doc = Encoding.UTF8.GetBytes(prefix + "null }");

        JsonableException ex = Assert.Throws<JsonableException>(() => Reading.CreateFromJson(doc));

        Assert.Equal("$." + member, ex.Path);
        Assert.Equal(prefix.Length, ex.BytePosition);
        Assert.Contains("null cannot be read into a non-nullable " + typeName, ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void NullIntoNullableInt_Reads()
    {
        var reading = new Reading { maybe = 5 };

        reading.FromJson("{\"maybe\":null}"u8);

        Assert.Null(reading.maybe);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void NullIntoIntDictionaryValue_ThrowsWithKeyInPath(JsonableFormat format)
    {
        byte[] doc = Encoding.UTF8.GetBytes(Header(format) + "{\"totals\":{\"a\":1,\"b c\":null}}");

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Station>(doc, format));

        Assert.Equal("$.totals['b c']", ex.Path);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void NullIntoJaggedIntElement_ThrowsWithIndices(JsonableFormat format)
    {
        byte[] doc = Encoding.UTF8.GetBytes(Header(format) + "{\"grid\":[[1,2],[3,null]]}");

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Station>(doc, format));

        Assert.Equal("$.grid[1][1]", ex.Path);
    }

    [Fact]
    public void NullIntoIntWithReuseInstance_ThrowsWithPath()
    {
        var station = new Station { latest = new Reading { count = 4 } };

        JsonableException ex = Assert.Throws<JsonableException>(() => station.FromJson("{\"latest\":{\"count\":null}}"u8, reuseInstance: true));

        Assert.Equal("$.latest.count", ex.Path);
        Assert.Equal("{\"latest\":{\"count\":".Length, ex.BytePosition);
    }

    private static string Header(JsonableFormat format) => format == JsonableFormat.Jmc1 ? "/*JMC1*/" : "";
}
