using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using Jsonable.Runtime.Tests.Jmc1;

namespace Jsonable.Runtime.Tests.TypeSystem;

[ToJson, FromJson]
[JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)] // the web default, whose names STJ's web options write too
public partial class Listing
{
    public int Id { get; set; }
    public string? Name { get; set; }
}

/// <summary>
/// Root dictionaries of a generated type, through the registry as the formatters, JsonableSerializer and the client
/// reach them: the bytes STJ's web defaults write in JSON, the JMC1 layout (document header, entry count, then the
/// object), and reading both back.
/// </summary>
public sealed class RootDictionaryTests
{
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web);

    /// <summary>Keys as they come: non-ASCII and quotes included (escaped differently by STJ's encoder, so compared as data).</summary>
    private static Dictionary<string, Listing?> ByName() => new()
    {
        ["lamp"] = new Listing { Id = 1, Name = "Lamp" },
        ["caf\u00e9 \"table\""] = new Listing { Id = 2, Name = null },
        ["gone"] = null,
    };

    [Fact]
    public void DictionaryOfStringKeys_Json_IsWhatStjWebDefaultsWrite()
    {
        var value = new Dictionary<string, Listing?> { ["lamp"] = new() { Id = 1, Name = "Lamp" }, ["table two"] = new() { Id = 2 }, ["gone"] = null };
        Assert.Equal(JsonSerializer.Serialize(value, s_web), Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(value)));
        Assert.Equal(JsonSerializer.Serialize<IDictionary<string, Listing?>>(value, s_web), Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes<IDictionary<string, Listing?>>(value)));
        Assert.Equal(JsonSerializer.Serialize<IReadOnlyDictionary<string, Listing?>>(value, s_web), Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes<IReadOnlyDictionary<string, Listing?>>(value)));
    }

    [Fact]
    public void DictionaryOfIntLongAndGuidKeys_Json_IsWhatStjWebDefaultsWrite()
    {
        var byInt = new Dictionary<int, Listing> { [-3] = new() { Id = 3 }, [7] = new() { Id = 7 } };
        var byLong = new Dictionary<long, Listing> { [long.MaxValue] = new() { Id = 1 } };
        var byGuid = new Dictionary<Guid, Listing> { [Guid.Parse("6f9619ff-8b86-d011-b42d-00c04fc964ff")] = new() { Id = 9 } };

        Assert.Equal(JsonSerializer.Serialize(byInt, s_web), Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(byInt)));
        Assert.Equal(JsonSerializer.Serialize(byLong, s_web), Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(byLong)));
        Assert.Equal(JsonSerializer.Serialize(byGuid, s_web), Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(byGuid)));
        Assert.Equal([-3, 7], JsonableSerializer.Deserialize<Dictionary<int, Listing>>("""{"-3":{"id":3},"7":{"id":7}}"""u8)!.Keys.Order());
    }

    [Fact]
    public void Dictionary_Jmc1_IsHeaderThenEntryCountThenObject()
    {
        var value = new Dictionary<string, Listing> { ["a"] = new() { Id = 1, Name = "x" } };

        byte[] jmc1 = JsonableSerializer.SerializeToUtf8Bytes(value, JsonableFormat.Jmc1);

        Jmc1Bytes.AssertEqual(
            Jmc1Oracle.Latin1("/*JMC1*//*1\x01*/{/*1\x01*/\"a\":/*JMC1*/{/*2\x01*/\"id\":1,/*4\x01*/\"name\":/*1\x01*/\"x\"}}"),
            jmc1);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void EveryRootDictionaryShape_RoundTrips(JsonableFormat format)
    {
        Dictionary<string, Listing?> value = ByName();
        string expected = JsonSerializer.Serialize(value, s_web);

        Dictionary<string, Listing?>? dictionary = JsonableSerializer.Deserialize<Dictionary<string, Listing?>>(JsonableSerializer.SerializeToUtf8Bytes(value, format), format);
        IDictionary<string, Listing?>? asInterface = JsonableSerializer.Deserialize<IDictionary<string, Listing?>>(JsonableSerializer.SerializeToUtf8Bytes<IDictionary<string, Listing?>>(value, format), format);
        IReadOnlyDictionary<string, Listing?>? readOnly = JsonableSerializer.Deserialize<IReadOnlyDictionary<string, Listing?>>(JsonableSerializer.SerializeToUtf8Bytes<IReadOnlyDictionary<string, Listing?>>(value, format), format);

        Assert.Equal(expected, JsonSerializer.Serialize(dictionary, s_web));
        Assert.Equal(expected, JsonSerializer.Serialize(asInterface, s_web));
        Assert.Equal(expected, JsonSerializer.Serialize(readOnly, s_web));
    }

    [Fact]
    public void NullRootAndBadKey_Read_NullAndAnErrorNamingTheKey()
    {
        Assert.Null(JsonableSerializer.Deserialize<Dictionary<string, Listing>>("null"u8));
        Assert.Equal("null", Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes<Dictionary<string, Listing>?>(null)));

        JsonableException error = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Dictionary<int, Listing>>("""{"seven":{"id":7}}"""u8));
        Assert.Contains("The key 'seven' is not a valid Int32.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void UnsupportedRootKey_IsNotFound_AndTheRegistrySaysWhichKeysWork()
    {
        Assert.False(JsonableRegistry.TryGetTypeInfo(typeof(Dictionary<Color, Listing>), out _));
        Assert.Equal(
            "Dictionary<Color, Listing> is not supported as a root value: a root dictionary's key must be string, int, long or Guid.",
            JsonableRegistry.ExplainNotFound(typeof(Dictionary<Color, Listing>)));
        Assert.Null(JsonableRegistry.ExplainNotFound(typeof(Dictionary<string, string>)));
    }
}
