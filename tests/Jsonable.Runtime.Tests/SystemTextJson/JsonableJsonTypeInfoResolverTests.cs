using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Unicode;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Jsonable.SystemTextJson;

namespace Jsonable.Runtime.Tests.SystemTextJson;

/// <summary>
/// The host-neutral System.Text.Json bridge used with plain <see cref="JsonSerializer"/> (this project references the
/// runtime only, no ASP.NET Core): on the real data its output equals STJ's own (source-generated) output as data, and
/// byte for byte once the options ask for indentation or an encoder; what it reads round-trips; refusals are
/// <see cref="JsonException"/>s with the path.
/// </summary>
public sealed class JsonableJsonTypeInfoResolverTests
{
    private static readonly byte[] s_twitter = File.ReadAllBytes(JsonData.DataPath("twitter.json"));
    private static readonly byte[] s_citm = File.ReadAllBytes(JsonData.DataPath("citm_catalog.json"));

    [Fact]
    public void AddJsonable_PutsTheResolverFirst_AndGeneratedTypesGetItsConverter()
    {
        JsonSerializerOptions options = Bridged();

        Assert.IsType<JsonableJsonTypeInfoResolver>(options.TypeInfoResolverChain[0]);
        Assert.IsType<JsonableJsonConverter<TwitterRoot>>(options.GetTypeInfo(typeof(TwitterRoot)).Converter);
        Assert.Same(RealDataJsonContext.Default, options.TypeInfoResolverChain[1]); // other types: as before
    }

    [Fact]
    public void Twitter_SerializedThroughTheBridge_EqualsStjAsData_AndRoundTrips()
    {
        TwitterRoot model = JsonSerializer.Deserialize(s_twitter, RealDataJsonContext.Default.TwitterRoot)!;
        byte[] stj = JsonSerializer.SerializeToUtf8Bytes(model, RealDataJsonContext.Default.TwitterRoot);

        byte[] bridged = JsonSerializer.SerializeToUtf8Bytes(model, Bridged());
        JsonData.AssertEqual(stj, bridged);

        TwitterRoot read = JsonSerializer.Deserialize<TwitterRoot>(s_twitter, Bridged())!;
        JsonData.AssertEqual(stj, JsonSerializer.SerializeToUtf8Bytes(read, RealDataJsonContext.Default.TwitterRoot));
    }

    [Fact]
    public void Citm_SerializedThroughTheBridge_EqualsStjAsData_AndRoundTrips()
    {
        CitmCatalog model = JsonSerializer.Deserialize(s_citm, RealDataJsonContext.Default.CitmCatalog)!;
        byte[] stj = JsonSerializer.SerializeToUtf8Bytes(model, RealDataJsonContext.Default.CitmCatalog);

        JsonData.AssertEqual(stj, JsonSerializer.SerializeToUtf8Bytes(model, Bridged()));

        CitmCatalog read = JsonSerializer.Deserialize<CitmCatalog>(s_citm, Bridged())!;
        JsonData.AssertEqual(stj, JsonSerializer.SerializeToUtf8Bytes(read, RealDataJsonContext.Default.CitmCatalog));
    }

    public static TheoryData<string, bool, string> Layouts => new()
    {
        { "twitter.json", false, "default" },
        { "twitter.json", false, "relaxed" },
        { "twitter.json", true, "default" },
        { "twitter.json", true, "relaxed" },
        { "twitter.json", false, "latin" },
        { "citm_catalog.json", true, "default" },
        { "citm_catalog.json", false, "relaxed" },
    };

    [Theory]
    [MemberData(nameof(Layouts))]
    public void IndentationAndEncoders_GiveStjsBytes(string file, bool indented, string encoder)
    {
        JavaScriptEncoder? chosen = encoder switch
        {
            "relaxed" => JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
            "latin" => JavaScriptEncoder.Create(UnicodeRanges.BasicLatin, UnicodeRanges.Latin1Supplement),
            _ => null, // Utf8JsonWriter's default
        };
        var stjOptions = new JsonSerializerOptions { TypeInfoResolver = RealDataJsonContext.Default, WriteIndented = indented, Encoder = chosen };
        JsonSerializerOptions bridged = new JsonSerializerOptions { TypeInfoResolver = RealDataJsonContext.Default, WriteIndented = indented, Encoder = chosen }.AddJsonable();
        byte[] input = File.ReadAllBytes(JsonData.DataPath(file));
        Type type = file.StartsWith("twitter", StringComparison.Ordinal) ? typeof(TwitterRoot) : typeof(CitmCatalog);
        object model = JsonSerializer.Deserialize(input, type, stjOptions)!;

        byte[] stj = JsonSerializer.SerializeToUtf8Bytes(model, type, stjOptions);
        byte[] jsonable = JsonSerializer.SerializeToUtf8Bytes(model, type, bridged);

        Assert.True(stj.AsSpan().SequenceEqual(jsonable), FirstByteDifference(stj, jsonable));
    }

    [Fact]
    public void RefusedRoot_IsJsonException_WithTheGeneratedReadersPath()
    {
        JsonException refused = Assert.ThrowsAny<JsonException>(() =>
            JsonSerializer.Deserialize<TwitterRoot>("""{"statuses":[{"id":1},{"id":"seven"}]}""", Bridged()));

        Assert.Equal("$.statuses[1].id", refused.Path);
        Assert.IsType<JsonableException>(refused.InnerException);
    }

    [Fact]
    public void RefusedValueInsideAnStjContainer_IsJsonException_AtItsPlace_WithThePathInsideInTheMessage()
    {
        JsonSerializerOptions options = new JsonSerializerOptions().AddJsonable(); // reflection behind it, for the holder

        JsonException refused = Assert.ThrowsAny<JsonException>(() =>
            JsonSerializer.Deserialize<StatusHolder>("""{"First":{"id":1},"Second":{"id":"seven"}}""", options));

        Assert.Equal("$.Second", refused.Path);
        Assert.Contains("$.id", refused.Message, StringComparison.Ordinal);
        Assert.IsType<JsonableException>(refused.InnerException);
    }

    [Fact]
    public void DerivedOptions_FollowTheSerializerOptions()
    {
        const string unknown = """{"id":1,"colour":"red"}""";
        const string otherCase = """{"ID":5}""";
        string deep = """{"id":1,"extra":""" + new string('[', 5) + new string(']', 5) + "}";

        Assert.Equal(5, JsonSerializer.Deserialize<Status>(otherCase, new JsonSerializerOptions { PropertyNameCaseInsensitive = true }.AddJsonable())!.id);
        Assert.Equal(0, JsonSerializer.Deserialize<Status>(otherCase, new JsonSerializerOptions().AddJsonable())!.id);
        Assert.Equal(1, JsonSerializer.Deserialize<Status>(unknown, new JsonSerializerOptions().AddJsonable())!.id);
        Assert.ThrowsAny<JsonException>(() => JsonSerializer.Deserialize<Status>(unknown, new JsonSerializerOptions { UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow }.AddJsonable()));
        Assert.Equal(1, JsonSerializer.Deserialize<Status>(deep, new JsonSerializerOptions { MaxDepth = 6 }.AddJsonable())!.id);
        Assert.ThrowsAny<JsonException>(() => JsonSerializer.Deserialize<Status>(deep, new JsonSerializerOptions { MaxDepth = 5 }.AddJsonable()));
    }

    [Fact]
    public void DerivedOptions_MaxDepthZero_IsStjs64()
    {
        var resolver = new JsonableJsonTypeInfoResolver();
        var options = new JsonSerializerOptions();

        Assert.Equal(64, resolver.GetReaderOptions(options).MaxDepth);
        Assert.Equal(64, resolver.GetWriterOptions(options).MaxDepth);
        Assert.Equal(9, JsonableJsonTypeInfoResolver.CreateReaderOptions(new JsonSerializerOptions { MaxDepth = 9 }).MaxDepth);
    }

    [Fact]
    public void GivenOptions_WinOverTheSerializerOptions()
    {
        var resolver = new JsonableJsonTypeInfoResolver(new JsonableReaderOptions { MaxDepth = 2 }, new JsonableWriterOptions());
        JsonSerializerOptions options = new JsonSerializerOptions { MaxDepth = 100 }.AddJsonable(resolver);

        Assert.Same(resolver, options.TypeInfoResolverChain[0]);
        Assert.ThrowsAny<JsonException>(() => JsonSerializer.Deserialize<Status>("""{"id":1,"extra":[[1]]}""", options));
        Assert.Equal(1, JsonSerializer.Deserialize<Status>("""{"id":1,"extra":[1]}""", options)!.id);
    }

    [Fact]
    public void AddJsonable_Twice_AddsOneResolver()
    {
        JsonSerializerOptions options = new JsonSerializerOptions().AddJsonable().AddJsonable();

        Assert.Single(options.TypeInfoResolverChain.OfType<JsonableJsonTypeInfoResolver>());
    }

    [Fact]
    public void NonGeneratedTypes_AreLeftToTheNextResolver()
    {
        var resolver = new JsonableJsonTypeInfoResolver();

        Assert.Null(resolver.GetTypeInfo(typeof(Dictionary<string, int>), new JsonSerializerOptions()));
        Assert.Equal("""{"a":1}""", JsonSerializer.Serialize(new Dictionary<string, int> { ["a"] = 1 }, new JsonSerializerOptions().AddJsonable()));
    }

    [Fact]
    public void TheRuntime_NeedsNoAspNetCore()
    {
        string[] references = typeof(JsonableJsonTypeInfoResolver).Assembly.GetReferencedAssemblies().Select(a => a.Name!).ToArray();

        Assert.DoesNotContain(references, r => r.StartsWith("Microsoft.AspNetCore", StringComparison.Ordinal) || r.StartsWith("Microsoft.Extensions", StringComparison.Ordinal));
    }

    [Fact]
    public void GeneratedRootCollection_IsReadByTheGeneratedCode_WithItsPath()
    {
        JsonException refused = Assert.ThrowsAny<JsonException>(() =>
            JsonSerializer.Deserialize<Dictionary<string, Status>>("""{"a":{"id":1},"b":{"id":"seven"}}""", new JsonSerializerOptions().AddJsonable()));

        Assert.Equal("$.b.id", refused.Path);
    }

    private static JsonSerializerOptions Bridged() => new JsonSerializerOptions { TypeInfoResolver = RealDataJsonContext.Default }.AddJsonable();

    private static string FirstByteDifference(byte[] expected, byte[] actual)
    {
        int at = 0;
        while (at < expected.Length && at < actual.Length && expected[at] == actual[at])
        {
            at++;
        }

        int from = Math.Max(0, at - 60);
        return $"byte {at}: STJ …{System.Text.Encoding.UTF8.GetString(expected, from, Math.Min(120, expected.Length - from))}… Jsonable …{System.Text.Encoding.UTF8.GetString(actual, from, Math.Min(120, actual.Length - from))}…";
    }
}

/// <summary>A type System.Text.Json serves (no generated code) holding generated ones.</summary>
public sealed class StatusHolder
{
    public Status? First { get; set; }

    public Status? Second { get; set; }

    [Fact]
    public void AMarkedTypeWithoutGeneratedCode_IsLeftToTheNextResolver_AndTheHookNamesItsAssembly()
    {
        Type marked = UngeneratedTypes.DefineMarked("Models.Unbuilt", out string assembly);
        var resolver = new RecordingResolver();
        var options = new JsonSerializerOptions(JsonSerializerDefaults.Web).AddJsonable(resolver);

        Array array = Array.CreateInstance(marked, 1);
        array.SetValue(Activator.CreateInstance(marked), 0);

        Assert.Equal("{}", JsonSerializer.Serialize(array.GetValue(0), marked, options));
        Assert.Equal("[{}]", JsonSerializer.Serialize(array, array.GetType(), options));
        Assert.StartsWith("{", JsonSerializer.Serialize(new Status(), options)); // generated code: no call

        Assert.Collection(
            resolver.Calls,
            call =>
            {
                Assert.Equal(marked, call.Type);
                Assert.Contains("Models.Unbuilt is marked [ToJson] but has no generated code", call.Reason);
                Assert.Contains($"assembly '{assembly}'", call.Reason);
            },
            call =>
            {
                Assert.Equal(marked.MakeArrayType(), call.Type);
                Assert.StartsWith($"{marked.MakeArrayType()}: Models.Unbuilt is marked [ToJson]", call.Reason);
            });
    }

    private sealed class RecordingResolver : JsonableJsonTypeInfoResolver
    {
        public List<(Type Type, string Reason)> Calls { get; } = [];

        protected override void OnMarkedTypeWithoutGeneratedCode(Type type, string reason) => Calls.Add((type, reason));
    }
}
