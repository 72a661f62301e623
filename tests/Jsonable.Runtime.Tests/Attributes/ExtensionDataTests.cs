using System;
using System.Collections.Generic;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Runtime.Tests.Hostile;

namespace Jsonable.Runtime.Tests.Attributes;

/// <summary>[JsonExtensionData] round-trips unknown members as STJ does, in both formats.</summary>
public class ExtensionDataTests
{
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web) { PropertyNamingPolicy = null, TypeInfoResolver = new DefaultJsonTypeInfoResolver() };
    private static readonly JsonDocumentOptions s_comments = new() { CommentHandling = JsonCommentHandling.Skip };

    public static TheoryData<string> Documents =>
    [
        """{"Id":1,"Name":"n"}""",
        """{"Id":1,"extra":"x","Name":"n"}""",
        """{"nested":{"a":[1,2.50,"s\u00e9\n",null,true,false,{}],"b":{"c":{}}},"Id":2,"big":1e5,"neg":-0.0}""",
        """{"Id":3,"dup":1,"dup":[2]}""",
        """{"Id":4,"ünïcode":"\ud83d\ude00","empty":[],"esc\"aped":"q"}""",
    ];

    [Theory]
    [MemberData(nameof(Documents))]
    public void UnknownMembers_ReadFromJson_WriteBackAsStj(string json)
    {
        // Same members in the same order; escapes normalized (STJ's default encoder escapes non-ASCII, Jsonable keeps UTF-8).
        Assert.Equal(
            Normalize(JsonSerializer.Serialize(JsonSerializer.Deserialize<ExtensibleModel>(json, s_web), s_web)),
            Normalize(ExtensibleModel.CreateFromJson(Encoding.UTF8.GetBytes(json)).ToJson()));
        Assert.Equal(
            Normalize(JsonSerializer.Serialize(JsonSerializer.Deserialize<ExtensibleRecord>(json, s_web), s_web)),
            Normalize(ExtensibleRecord.CreateFromJson(Encoding.UTF8.GetBytes(json)).ToJson()));
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public void UnknownMembers_RoundTripThroughJmc1_AsTheSameData(string json)
    {
        string expected = Normalize(JsonSerializer.Serialize(JsonSerializer.Deserialize<ExtensibleModel>(json, s_web), s_web));
        byte[] jmc1 = ExtensibleModel.CreateFromJson(Encoding.UTF8.GetBytes(json)).ToJsonable().ToArray();

        // STJ reads the JMC1 (comments skipped) as the same document, and Jsonable reads it back to it.
        Assert.Equal(expected, JsonNode.Parse(jmc1, documentOptions: s_comments)!.ToJsonString(s_relaxed));
        Assert.Equal(expected, Normalize(ExtensibleModel.CreateFromJsonable(jmc1).ToJson()));
        Assert.Equal(
            Normalize(JsonSerializer.Serialize(JsonSerializer.Deserialize<ExtensibleRecord>(expected, s_web), s_web)),
            Normalize(ExtensibleRecord.CreateFromJsonable(jmc1).ToJson()));
    }

    private static readonly JsonSerializerOptions s_relaxed = new() { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    private static string Normalize(string json) => JsonNode.Parse(json)!.ToJsonString(s_relaxed);

    [Fact]
    public void ExtraMember_InJmc1_CarriesItsLengthComments()
    {
        var value = new ExtensibleModel { Id = 1, Extra = new() { ["tag"] = JsonDocument.Parse("""["ab"]""").RootElement.Clone() } };

        byte[] jmc1 = value.ToJsonable().ToArray();

        byte[] expected = Jmc1Oracle.Build(",", 3, "\"tag\":", 1, "[", 2, "\"ab\"]}");
        Assert.True(jmc1.AsSpan().EndsWith(expected), Encoding.UTF8.GetString(jmc1));
    }

    [Fact]
    public void ExtraMember_WithALyingLengthComment_InJmc1_IsAnError()
    {
        byte[] jmc1 = Jmc1Oracle.Build("/*JMC1*/{", 2, "\"Id\":1,", 3, "\"tag\":", 5, "\"ab\"}");

        Assert.Throws<JsonableException>(() => ExtensibleModel.CreateFromJsonable(jmc1));
    }

    [Fact]
    public void ExtensionData_FillsAnExistingDictionary_AsStj()
    {
        var target = new ExtensibleModel { Extra = new() { ["kept"] = JsonDocument.Parse("1").RootElement.Clone() } };
        Dictionary<string, JsonElement> existing = target.Extra;

        target.FromJson("""{"Id":5,"added":true}"""u8);

        Assert.Same(existing, target.Extra);
        Assert.Equal(["added", "kept"], new SortedSet<string>(target.Extra.Keys));
    }
}
