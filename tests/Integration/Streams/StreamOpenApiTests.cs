using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.Streams;

/// <summary>
/// Both documents the sample publishes describe its stream responses as they are answered: the live feed as
/// <c>text/event-stream</c> whose data is a <c>Transform</c>, and a stream of statuses also as <c>application/jsonl</c>
/// with one <c>Status</c> per line.
/// </summary>
public sealed class StreamOpenApiTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    public static TheoryData<string> Documents => new() { "/swagger/v1/swagger.json", "/openapi/v1.json" };

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task LiveFeed_IsAnEventStreamOfTransforms(string document)
    {
        JsonObject content = await ContentAsync(document, "/minimal/transforms/{id}/live");

        Assert.Equal(["text/event-stream"], content.Select(c => c.Key));
        Assert.EndsWith("/Transform", RefOf(content["text/event-stream"]!["schema"]));
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task StjLiveFeed_IsAnEventStreamAsAspNetCoreDescribesIt(string document)
    {
        JsonObject content = await ContentAsync(document, "/stj/transforms/{id}/live");

        Assert.Equal(["text/event-stream"], content.Select(c => c.Key));
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task StatusStream_AlsoListsJsonLines_WithOneStatusPerLine(string document)
    {
        foreach (string path in new[] { "/minimal/statuses/stream", "/api/statuses/stream" })
        {
            JsonObject content = await ContentAsync(document, path);

            Assert.Contains("application/json", content.Select(c => c.Key));
            Assert.EndsWith("/Status", RefOf(content["application/jsonl"]!["schema"]));
        }
    }

    private async Task<JsonObject> ContentAsync(string document, string path)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync(document, "application/json");
        Assert.True(response.IsSuccessStatusCode, $"{document}: {(int)response.StatusCode}");
        JsonNode? operation = JsonNode.Parse(body)!["paths"]?[path]?["get"];
        Assert.True(operation is not null, $"{document} has no GET {path}");
        return operation!["responses"]!["200"]!["content"]!.AsObject();
    }

    /// <summary>The <c>$ref</c> of a schema, looking through an <c>allOf</c> wrapper.</summary>
    private static string RefOf(JsonNode? schema) =>
        (string?)schema?["$ref"] ?? (string?)schema?["allOf"]?[0]?["$ref"] ?? $"(no $ref in {schema?.ToJsonString()})";
}
