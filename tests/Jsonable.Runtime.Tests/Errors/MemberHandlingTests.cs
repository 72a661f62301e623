#nullable enable
using System;
using System.Text;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary>Unknown members are skipped (or rejected on request), duplicates are last-wins, names match exactly.</summary>
public sealed class MemberHandlingTests
{
    private static readonly JsonableReaderOptions s_disallow = new() { UnknownMemberHandling = JsonableUnknownMemberHandling.Disallow };

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void UnknownMembersOfEveryKind_AreSkippedByDefault(JsonableFormat format)
    {
        byte[] doc = Doc(format, "{\"a\":1,\"b\":\"s\\\"}\",\"c\":[1,[2,{\"x\":[]}],\"]\"],\"d\":{\"e\":{\"f\":null}},\"count\":3,\"g\":true,\"h\":-1.5e3}");

        Reading reading = JsonableSerializer.Deserialize<Reading>(doc, format)!;

        Assert.Equal(3, reading.count);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void UnknownMember_Disallowed_ThrowsNamingIt(JsonableFormat format)
    {
        string prefix = (format == JsonableFormat.Jmc1 ? "/*JMC1*/" : "") + "{\"count\":1,\"colour\":";
        byte[] doc = Encoding.UTF8.GetBytes(prefix + "\"red\"}");

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Reading>(doc, format, s_disallow));

        Assert.Contains("'colour'", ex.Reason, StringComparison.Ordinal);
        Assert.Equal("$.colour", ex.Path);
        Assert.Equal(prefix.Length, ex.BytePosition);
    }

    [Fact]
    public void UnknownMember_DisallowedInNestedObject_ThrowsWithNestedPath()
    {
        byte[] doc = "{\"items\":[{\"count\":1},{\"cuont\":2}]}"u8.ToArray();

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Station>(doc, JsonableFormat.Json, s_disallow));

        Assert.Contains("'cuont'", ex.Reason, StringComparison.Ordinal);
        Assert.Equal("$.items[1].cuont", ex.Path);
    }

    [Fact]
    public void UnknownMember_DisallowedWithEscapedName_NamesItUnescaped()
    {
        JsonableException ex = Assert.Throws<JsonableException>(() =>
            JsonableSerializer.Deserialize<Reading>("{\"caf\\u00e9\":1}"u8, JsonableFormat.Json, s_disallow));

        Assert.Contains("'café'", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void KnownMembers_AreReadWhenUnknownMembersAreDisallowed()
    {
        Reading reading = JsonableSerializer.Deserialize<Reading>("{\"count\":1,\"label\":\"x\"}"u8, JsonableFormat.Json, s_disallow)!;

        Assert.Equal(1, reading.count);
        Assert.Equal("x", reading.label);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void DuplicateMembers_LastWins(JsonableFormat format)
    {
        byte[] doc = Doc(format, "{\"count\":1,\"label\":\"a\",\"count\":2,\"label\":null,\"count\":3}");

        Reading reading = JsonableSerializer.Deserialize<Reading>(doc, format)!;

        Assert.Equal(3, reading.count);
        Assert.Null(reading.label);
    }

    [Fact]
    public void DuplicateDictionaryKeys_LastWins()
    {
        Station station = Station.CreateFromJson("{\"totals\":{\"a\":1,\"b\":2,\"a\":3}}"u8);

        Assert.Equal(2, station.totals!.Count);
        Assert.Equal(3, station.totals["a"]);
    }

    [Fact]
    public void EscapedMemberName_MatchesTheMember()
    {
        Reading reading = Reading.CreateFromJson("{\"c\\u006funt\":5,\"\\u006cabel\":\"x\"}"u8);

        Assert.Equal(5, reading.count);
        Assert.Equal("x", reading.label);
    }

    [Theory]
    [InlineData("Count")]
    [InlineData("COUNT")]
    [InlineData("counT")]
    public void NamesDifferingOnlyInCase_BindAfterAnExactMiss_UnlessCaseInsensitivityIsOff(string name)
    {
        // ASP.NET Core's web defaults read names case-insensitively; the exact match is still tried first.
        byte[] doc = Encoding.UTF8.GetBytes("{\"" + name + "\":5}");

        Assert.Equal(5, Reading.CreateFromJson(doc).count);
        Reading strict = JsonableSerializer.Deserialize<Reading>(doc, JsonableFormat.Json, new JsonableReaderOptions { PropertyNameCaseInsensitive = false })!;
        Assert.Equal(0, strict.count);
    }

    [Theory]
    [InlineData("coun")]
    [InlineData("counts")]
    [InlineData("count ")]
    [InlineData("count\u0000")]
    [InlineData("tnuoc")]
    public void NearMissNames_NeverLandInAMember(string name)
    {
        byte[] doc = Encoding.UTF8.GetBytes("{\"" + name.Replace("\u0000", "\\u0000", StringComparison.Ordinal) + "\":5}");

        Reading reading = Reading.CreateFromJson(doc);

        Assert.Equal(0, reading.count);
        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Reading>(doc, JsonableFormat.Json, s_disallow));
        Assert.Contains("is not known", ex.Reason, StringComparison.Ordinal);
    }

    private static byte[] Doc(JsonableFormat format, string json) =>
        Encoding.UTF8.GetBytes(format == JsonableFormat.Jmc1 ? "/*JMC1*/" + json : json);
}
