using System.Net;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.Swagger;

/// <summary>
/// What a client generator (NSwag, Kiota, openapi-typescript) reads from the sample's two documents: PATCH bodies
/// with their own all-optional schema, one problem schema per shape, a 2xx on every Jsonable route, 3.0 nullables
/// next to a type, the JMC1 paragraph once, and the headers the routes use. The generators themselves run in CI
/// (.ci/openapi-clients).
/// </summary>
public sealed class OpenApiClientContractTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    public static TheoryData<string> DocumentUrls => new() { "/swagger/v1/swagger.json", "/openapi/v1.json" };

    public static TheoryData<string, string, string> PatchRoutes => new()
    {
        { "/swagger/v1/swagger.json", "/api/transforms/{id}", "TransformMergePatch" },
        { "/swagger/v1/swagger.json", "/minimal/transforms/{id}", "TransformMergePatch" },
        { "/swagger/v1/swagger.json", "/minimal/statuses/{id}", "StatusMergePatch" },
        { "/openapi/v1.json", "/api/transforms/{id}", "TransformMergePatch" },
        { "/openapi/v1.json", "/minimal/transforms/{id}", "TransformMergePatch" },
        { "/openapi/v1.json", "/minimal/statuses/{id}", "StatusMergePatch" },
    };

    [Theory]
    [MemberData(nameof(PatchRoutes))]
    public async Task PatchBody_HasItsOwnSchema_AllOptional_WithoutIdentity_AndAOneMemberExample(string documentUrl, string path, string patchSchema)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);
        JsonObject operation = document["paths"]![path]!["patch"]!.AsObject();
        JsonObject content = operation["requestBody"]!["content"]!.AsObject();

        Assert.Equal(["application/json", "application/jsonc+jmc1", "application/merge-patch+json"], content.Select(c => c.Key).Order(StringComparer.Ordinal));
        foreach ((string mediaType, JsonNode? media) in content)
        {
            Assert.Equal("#/components/schemas/" + patchSchema, media!["schema"]!["$ref"]!.GetValue<string>());
            JsonObject example = media["example"]!.AsObject();
            Assert.True(example.Count == 1, $"{mediaType}: the example patches more than one member: {example.ToJsonString()}");
            Assert.NotNull(example.Single().Value);
        }

        JsonObject schema = document["components"]!["schemas"]![patchSchema]!.AsObject();
        JsonObject full = document["components"]!["schemas"]![patchSchema[..^"MergePatch".Length]]!.AsObject();
        Assert.Null(schema["required"]);
        Assert.False(schema["properties"]!.AsObject().ContainsKey("id"), "the route key is patchable: " + schema.ToJsonString());
        Assert.True(full["properties"]!.AsObject().ContainsKey("id"));
        Assert.Equal(full["properties"]!.AsObject().Count - 1, schema["properties"]!.AsObject().Count);
    }

    [Theory]
    [MemberData(nameof(DocumentUrls))]
    public async Task PatchSchemas_NestedObjects_ArePatchesToo(string documentUrl)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);
        JsonObject schemas = document["components"]!["schemas"]!.AsObject();

        string payload = schemas["TransformMergePatch"]!["properties"]!["payload"]!.ToJsonString();
        Assert.Contains("\"#/components/schemas/TransformPayloadMergePatch\"", payload, StringComparison.Ordinal);
        Assert.Null(schemas["TransformPayloadMergePatch"]!["required"]);
    }

    [Theory]
    [MemberData(nameof(DocumentUrls))]
    public async Task ProblemResponses_ReferenceTheSharedSchemas(string documentUrl)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);
        var inline = new List<string>();
        int problems = 0;

        foreach ((string path, string method, string status, JsonObject response) in Responses(document))
        {
            if (response["content"]?["application/problem+json"]?["schema"] is JsonObject schema)
            {
                problems++;
                string? reference = schema["$ref"]?.GetValue<string>();
                if (reference is not ("#/components/schemas/ProblemDetails" or "#/components/schemas/HttpValidationProblemDetails" or "#/components/schemas/ValidationProblemDetails"))
                {
                    inline.Add($"{method} {path} {status}: {schema.ToJsonString()[..Math.Min(80, schema.ToJsonString().Length)]}");
                }
            }
        }

        Assert.True(problems > 50, $"only {problems} problem responses");
        Assert.True(inline.Count == 0, string.Join("\n", inline));
    }

    [Theory]
    [MemberData(nameof(DocumentUrls))]
    public async Task EveryJsonableOperation_DocumentsA2xx(string documentUrl)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);
        var missing = new List<string>();

        foreach ((string path, JsonNode? operations) in document["paths"]!.AsObject())
        {
            foreach ((string method, JsonNode? operation) in operations!.AsObject())
            {
                if (!path.StartsWith("/raw/", StringComparison.Ordinal) && !operation!["responses"]!.AsObject().Any(r => r.Key.StartsWith('2')))
                {
                    missing.Add($"{method} {path}");
                }
            }
        }

        Assert.True(missing.Count == 0, "no 2xx: " + string.Join(", ", missing));
        JsonObject members = document["paths"]!["/minimal/transforms/{id}/{member}"]!["get"]!["responses"]!["200"]!.AsObject();
        Assert.Equal(["application/json", "application/jsonc+jmc1"], members["content"]!.AsObject().Select(c => c.Key).Order(StringComparer.Ordinal));
    }

    [Theory]
    [MemberData(nameof(DocumentUrls))]
    public async Task Jmc1Paragraph_AppearsOnce_AndEachJmc1MediaTypeIsMarked(string documentUrl)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);
        string text = document.ToJsonString(new System.Text.Json.JsonSerializerOptions { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping });

        Assert.Equal(1, Count(text, "docs/jmc1.md"));
        Assert.Contains("docs/jmc1.md", document["info"]!["description"]!.GetValue<string>(), StringComparison.Ordinal);
        int jmc1 = Count(text, "\"application/jsonc+jmc1\":{");
        Assert.True(jmc1 > 50, $"only {jmc1} JMC1 media types");
        Assert.Equal(jmc1, Count(text, "\"x-jsonable-format\":\"JMC1\""));
    }

    [Fact]
    public async Task Swagger30_NullableIsAlwaysNextToAType()
    {
        JsonObject document = await GetDocumentAsync("/swagger/v1/swagger.json");
        var bad = new List<string>();
        Walk(document, "$");
        Assert.True(bad.Count == 0, string.Join("\n", bad));

        void Walk(JsonNode? node, string where)
        {
            if (node is JsonObject obj)
            {
                if (obj["nullable"] is JsonValue nullable && nullable.GetValue<bool>() && !obj.ContainsKey("type"))
                {
                    bad.Add(where + ": " + obj.ToJsonString());
                }

                foreach ((string name, JsonNode? child) in obj)
                {
                    Walk(child, where + "." + name);
                }
            }
            else if (node is JsonArray array)
            {
                for (int i = 0; i < array.Count; i++)
                {
                    Walk(array[i], $"{where}[{i}]");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(DocumentUrls))]
    public async Task Headers_LocationIsAReference_PatchTakesIfMatch_AndTheResourceHandsOutItsETag(string documentUrl)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);

        foreach ((string path, string method, string status, JsonObject response) in Responses(document))
        {
            if (response["headers"]?["Location"] is JsonObject location)
            {
                Assert.Equal("uri-reference", location["schema"]!["format"]!.GetValue<string>());
            }
        }

        foreach (string path in new[] { "/api/transforms/{id}", "/minimal/transforms/{id}" })
        {
            JsonObject patch = document["paths"]![path]!["patch"]!.AsObject();
            Assert.Contains(patch["parameters"]!.AsArray(), p => p!["name"]!.GetValue<string>() == "If-Match" && p["in"]!.GetValue<string>() == "header");
            Assert.NotNull(patch["responses"]!["200"]!["headers"]?["ETag"]);
            Assert.NotNull(document["paths"]![path]!["get"]!["responses"]!["200"]!["headers"]?["ETag"]);
            Assert.Contains("application/merge-patch+json", patch["responses"]!["415"]!["description"]!.GetValue<string>(), StringComparison.Ordinal);
            Assert.Contains("application/*+json", patch["responses"]!["415"]!["description"]!.GetValue<string>(), StringComparison.Ordinal);
        }
    }

    private static int Count(string text, string value)
    {
        int count = 0;
        for (int i = text.IndexOf(value, StringComparison.Ordinal); i >= 0; i = text.IndexOf(value, i + value.Length, StringComparison.Ordinal))
        {
            count++;
        }

        return count;
    }

    private static IEnumerable<(string Path, string Method, string Status, JsonObject Response)> Responses(JsonObject document)
    {
        foreach ((string path, JsonNode? operations) in document["paths"]!.AsObject())
        {
            foreach ((string method, JsonNode? operation) in operations!.AsObject())
            {
                foreach ((string status, JsonNode? response) in operation!["responses"]!.AsObject())
                {
                    yield return (path, method, status, response!.AsObject());
                }
            }
        }
    }

    private async Task<JsonObject> GetDocumentAsync(string url)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync(url, "application/json");
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return JsonNode.Parse(body)!.AsObject();
    }
}
