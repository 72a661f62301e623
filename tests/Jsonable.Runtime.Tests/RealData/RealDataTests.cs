using System;
using System.Buffers;
using System.IO;
using System.Text.Json;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Runtime.Tests.RealData;

/// <summary>The whole of twitter.json and citm_catalog.json, compared with System.Text.Json as data.</summary>
public sealed class RealDataTests
{
    private static readonly byte[] s_twitter = File.ReadAllBytes(JsonData.DataPath("twitter.json"));
    private static readonly byte[] s_citm = File.ReadAllBytes(JsonData.DataPath("citm_catalog.json"));

    [Fact]
    public void Twitter_JsonWrittenByJsonable_EqualsStjOutputAsData()
    {
        TwitterRoot model = JsonSerializer.Deserialize(s_twitter, RealDataJsonContext.Default.TwitterRoot)!;
        byte[] stj = JsonSerializer.SerializeToUtf8Bytes(model, RealDataJsonContext.Default.TwitterRoot);

        var jsonable = new ArrayBufferWriter<byte>();
        model.ToJsonUtf8(jsonable, emitMetadataComments: false);

        JsonData.AssertEqual(stj, jsonable.WrittenSpan);
    }

    [Fact]
    public void Citm_JsonWrittenByJsonable_EqualsStjOutputAsData()
    {
        CitmCatalog model = JsonSerializer.Deserialize(s_citm, RealDataJsonContext.Default.CitmCatalog)!;
        byte[] stj = JsonSerializer.SerializeToUtf8Bytes(model, RealDataJsonContext.Default.CitmCatalog);

        var jsonable = new ArrayBufferWriter<byte>();
        model.ToJsonUtf8(jsonable, emitMetadataComments: false);

        JsonData.AssertEqual(stj, jsonable.WrittenSpan);
    }

    [Fact]
    public void Twitter_ReadFromOriginalFile_WritesBackWhatStjWrites()
    {
        TwitterRoot jsonable = TwitterRoot.CreateFromJson(s_twitter);
        TwitterRoot stj = JsonSerializer.Deserialize(s_twitter, RealDataJsonContext.Default.TwitterRoot)!;

        JsonData.AssertEqual(
            JsonSerializer.SerializeToUtf8Bytes(stj, RealDataJsonContext.Default.TwitterRoot),
            JsonSerializer.SerializeToUtf8Bytes(jsonable, RealDataJsonContext.Default.TwitterRoot));
    }

    [Fact]
    public void Citm_ReadFromOriginalFile_WritesBackWhatStjWrites()
    {
        CitmCatalog jsonable = CitmCatalog.CreateFromJson(s_citm);
        CitmCatalog stj = JsonSerializer.Deserialize(s_citm, RealDataJsonContext.Default.CitmCatalog)!;

        JsonData.AssertEqual(
            JsonSerializer.SerializeToUtf8Bytes(stj, RealDataJsonContext.Default.CitmCatalog),
            JsonSerializer.SerializeToUtf8Bytes(jsonable, RealDataJsonContext.Default.CitmCatalog));
    }

    [Fact]
    public void Twitter_Jmc1RoundTrip_KeepsEveryValue()
    {
        TwitterRoot original = JsonSerializer.Deserialize(s_twitter, RealDataJsonContext.Default.TwitterRoot)!;

        ReadOnlyMemory<byte> jmc1 = original.ToJsonable();
        TwitterRoot back = TwitterRoot.CreateFromJsonable(jmc1.Span);

        Assert.StartsWith("/*JMC1*/{", System.Text.Encoding.Latin1.GetString(jmc1.Span[..9]));
        JsonData.AssertEqual(
            JsonSerializer.SerializeToUtf8Bytes(original, RealDataJsonContext.Default.TwitterRoot),
            JsonSerializer.SerializeToUtf8Bytes(back, RealDataJsonContext.Default.TwitterRoot));
    }

    [Fact]
    public void Citm_Jmc1RoundTrip_KeepsEveryValue()
    {
        CitmCatalog original = JsonSerializer.Deserialize(s_citm, RealDataJsonContext.Default.CitmCatalog)!;

        ReadOnlyMemory<byte> jmc1 = original.ToJsonable();
        CitmCatalog back = CitmCatalog.CreateFromJsonable(jmc1.Span);

        JsonData.AssertEqual(
            JsonSerializer.SerializeToUtf8Bytes(original, RealDataJsonContext.Default.CitmCatalog),
            JsonSerializer.SerializeToUtf8Bytes(back, RealDataJsonContext.Default.CitmCatalog));
    }

    [Theory]
    [InlineData("twitter.json")]
    [InlineData("citm_catalog.json")]
    public void Jmc1Output_ReadByStjAsJsonc_IsTheSameDataAsThePlainJson(string file)
    {
        byte[] original = file == "twitter.json" ? s_twitter : s_citm;
        object model = file == "twitter.json"
            ? TwitterRoot.CreateFromJson(original)
            : CitmCatalog.CreateFromJson(original);
        byte[] json = JsonableSerializer.SerializeToUtf8Bytes(model, model.GetType(), JsonableFormat.Json);
        byte[] jmc1 = JsonableSerializer.SerializeToUtf8Bytes(model, model.GetType(), JsonableFormat.Jmc1);
        Assert.NotEqual(json.Length, jmc1.Length);

        // STJ as a standard JSONC reader: comments skipped. Re-serialised without comments for the data compare.
        var jsonc = new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip };
        using JsonDocument fromJmc1 = JsonDocument.Parse(jmc1, jsonc);
        JsonData.AssertEqual(json, JsonSerializer.SerializeToUtf8Bytes(fromJmc1.RootElement));
    }
}
