using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.Swagger;

/// <summary>
/// What Swashbuckle publishes for the sample: both media types on every Jsonable request and response body (MVC and
/// minimal APIs), schema property names equal to the names on the wire, and the whole document as a snapshot.
/// </summary>
/// <remarks>
/// The snapshot is <c>tests/Integration/Snapshots/swagger.json</c> (normalised: object members sorted, indented).
/// To accept a change, regenerate it and review the diff:
/// <c>UPDATE_SNAPSHOTS=1 dotnet test tests/Integration --filter FullyQualifiedName~SwaggerTests</c>
/// or <c>dotnet test tests/Integration -p:UpdateSnapshots=true --filter FullyQualifiedName~SwaggerTests</c>.
/// </remarks>
public sealed class SwaggerTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private const string JsonType = "application/json";
    private const string Jmc1Type = "application/jsonc+jmc1";
    private const string SchemaPrefix = "#/components/schemas/";

    /// <summary>The schema names of the sample's generated ([ToJson]/[FromJson]) types.</summary>
    private static readonly HashSet<string> s_jsonableSchemas = typeof(Status).Assembly.GetTypes()
        .Where(t => t.IsDefined(typeof(ToJsonAttribute), inherit: false) || t.IsDefined(typeof(FromJsonAttribute), inherit: false)) // a type may carry [ToJson] several times (partial writers)
        .Select(t => t.Name)
        .ToHashSet(StringComparer.Ordinal);

    [Fact]
    public async Task SwaggerJson_EveryJsonableBody_ListsJsonAndJmc1WithTheSameSchema()
    {
        JsonObject document = await GetSwaggerAsync();
        var checkedBodies = new List<string>();

        foreach ((string path, string method, string body, JsonObject content) in Bodies(document))
        {
            // The baselines serve the same types without Jsonable (System.Text.Json, stored bytes): JSON only.
            if (!content.Select(c => SchemaName(c.Value?["schema"])).Any(name => name is not null && s_jsonableSchemas.Contains(name))
                || path.StartsWith("/stj/", StringComparison.Ordinal) || path.StartsWith("/raw/", StringComparison.Ordinal)
                || content.ContainsKey("text/event-stream")) // server-sent events are JSON only: Streams/StreamOpenApiTests
            {
                continue;
            }

            string where = $"{method.ToUpperInvariant()} {path} {body}";
            Assert.True(content.ContainsKey(JsonType), $"{where} lacks {JsonType}: {string.Join(", ", content.Select(c => c.Key))}");
            Assert.True(content.ContainsKey(Jmc1Type), $"{where} lacks {Jmc1Type}: {string.Join(", ", content.Select(c => c.Key))}");
            Assert.True(JsonNode.DeepEquals(content[JsonType]!["schema"], content[Jmc1Type]!["schema"]), $"{where}: the two media types have different schemas");
            checkedBodies.Add(where);
        }

        // Every Jsonable route of both groups is among them, requests and responses.
        foreach (string expected in new[]
        {
            "GET /api/statuses 200", "GET /api/statuses/{id} 200", "POST /api/statuses request", "POST /api/statuses 201", "PUT /api/statuses/{id} request",
            "GET /api/events 200", "POST /api/events request", "PUT /api/events/{id} request", "GET /api/statuses/stream 200",
            "GET /api/twitter 200", "POST /api/twitter/echo request", "POST /api/twitter/echo 200", "GET /api/citm 200",
            "GET /minimal/statuses 200", "GET /minimal/statuses/{id} 200", "POST /minimal/statuses request", "POST /minimal/statuses 201",
            "PUT /minimal/statuses/{id} request", "PUT /minimal/statuses/{id} 200", "PUT /minimal/statuses/{id} 201",
            "GET /minimal/events 200", "POST /minimal/events request", "PUT /minimal/events/{id} request", "GET /minimal/statuses/stream 200",
            "GET /minimal/twitter 200", "POST /minimal/twitter/echo request", "GET /minimal/citm 200",
        })
        {
            Assert.Contains(expected, checkedBodies);
        }
    }

    [Fact]
    public async Task SwaggerJson_NonJsonableBody_DoesNotListJmc1()
    {
        JsonObject document = await GetSwaggerAsync();

        JsonObject content = document["paths"]!["/api/info"]!["get"]!["responses"]!["200"]!["content"]!.AsObject();

        Assert.True(content.ContainsKey(JsonType));
        Assert.False(content.ContainsKey(Jmc1Type));
    }

    [Theory]
    [InlineData("/api/twitter", "TwitterRoot")]
    [InlineData("/api/citm", "CitmCatalog")]
    [InlineData("/minimal/twitter", "TwitterRoot")]
    [InlineData("/minimal/citm", "CitmCatalog")]
    public async Task SwaggerSchemas_PropertyNames_AreTheNamesOnTheWire(string url, string rootSchema)
    {
        JsonObject document = await GetSwaggerAsync();
        JsonObject schemas = document["components"]!["schemas"]!.AsObject();
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync(url, JsonType);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        using JsonDocument wire = JsonDocument.Parse(body);
        var visited = new HashSet<string>(StringComparer.Ordinal);

        CompareNames(wire.RootElement, new JsonObject { ["$ref"] = SchemaPrefix + rootSchema }, schemas, "$", visited);

        Assert.Contains(rootSchema, visited);
        Assert.True(visited.Count > 3, "only " + string.Join(", ", visited));
    }

    [Fact]
    public async Task SwaggerJson_Normalised_MatchesTheSnapshot() =>
        DocumentSnapshot.AssertMatches(await GetSwaggerAsync(), "swagger.json");

    private async Task<JsonObject> GetSwaggerAsync()
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync("/swagger/v1/swagger.json", JsonType);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return JsonNode.Parse(body)!.AsObject();
    }

    private static IEnumerable<(string Path, string Method, string Body, JsonObject Content)> Bodies(JsonObject document)
    {
        foreach ((string path, JsonNode? operations) in document["paths"]!.AsObject())
        {
            foreach ((string method, JsonNode? operation) in operations!.AsObject())
            {
                if (operation?["requestBody"]?["content"] is JsonObject request)
                {
                    yield return (path, method, "request", request);
                }

                foreach ((string status, JsonNode? response) in operation?["responses"]?.AsObject() ?? [])
                {
                    if (response?["content"] is JsonObject content)
                    {
                        yield return (path, method, status, content);
                    }
                }
            }
        }
    }

    /// <summary>The component a body schema refers to, directly or as the items of an array.</summary>
    private static string? SchemaName(JsonNode? schema)
    {
        string? reference = schema?["$ref"]?.GetValue<string>() ?? schema?["items"]?["$ref"]?.GetValue<string>();
        return reference is not null && reference.StartsWith(SchemaPrefix, StringComparison.Ordinal) ? reference[SchemaPrefix.Length..] : null;
    }

    /// <summary>Walks a response and its schema together; every object's member names must be exactly the schema's properties.</summary>
    private static void CompareNames(JsonElement value, JsonNode schema, JsonObject schemas, string path, HashSet<string> visited)
    {
        if (value.ValueKind == JsonValueKind.Null)
        {
            return;
        }

        // Resolve $ref (and the single-member allOf/oneOf wrappers some generators put around a nullable $ref).
        while (true)
        {
            if (schema["$ref"]?.GetValue<string>() is { } reference)
            {
                string name = reference[SchemaPrefix.Length..];
                visited.Add(name);
                schema = schemas[name] ?? throw new Xunit.Sdk.XunitException($"{path}: {reference} is not in components");
            }
            else if ((schema["allOf"] ?? schema["oneOf"]) is JsonArray { Count: 1 } single)
            {
                schema = single[0]!;
            }
            else
            {
                break;
            }
        }

        switch (value.ValueKind)
        {
            case JsonValueKind.Array when schema["items"] is { } items:
                int index = 0;
                foreach (JsonElement item in value.EnumerateArray())
                {
                    CompareNames(item, items, schemas, $"{path}[{index++}]", visited);
                }

                break;
            case JsonValueKind.Object when schema["properties"] is JsonObject properties:
                string[] wireNames = value.EnumerateObject().Select(p => p.Name).Order(StringComparer.Ordinal).ToArray();
                string[] schemaNames = properties.Select(p => p.Key).Order(StringComparer.Ordinal).ToArray();
                Assert.True(
                    wireNames.SequenceEqual(schemaNames),
                    $"{path}: on the wire [{string.Join(", ", wireNames)}] but the schema says [{string.Join(", ", schemaNames)}]");
                foreach (JsonProperty member in value.EnumerateObject())
                {
                    CompareNames(member.Value, properties[member.Name]!, schemas, path + "." + member.Name, visited);
                }

                break;
            case JsonValueKind.Object when schema["additionalProperties"] is JsonObject dictionaryValues:
                foreach (JsonProperty entry in value.EnumerateObject())
                {
                    CompareNames(entry.Value, dictionaryValues, schemas, $"{path}[\"{entry.Name}\"]", visited);
                }

                break;
            case JsonValueKind.Object or JsonValueKind.Array:
                Assert.Fail($"{path}: a JSON {value.ValueKind} where the schema is {schema.ToJsonString()}");
                break;
        }
    }
}
