#nullable enable
using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Text.Json.Nodes;
using System.Threading.Tasks;
using Json.Schema;
using Xunit;

namespace Jsonable.Tests.Shared;

/// <summary>
/// The sample's OpenAPI 3.1 documents read as JSON Schema 2020-12 by a validator (JsonSchema.Net), as a client that
/// checks what it receives would: the real data the sample serves (the twitter and citm corpora, nulls included) is
/// valid for its response schema, and every request example is valid for its body schema. Linked as source into
/// tests/Integration (Swashbuckle 10's swagger-3.1.json and Microsoft.AspNetCore.OpenApi's openapi/v1.json) and
/// tests/Integration.Swashbuckle11 (Swashbuckle 11's swagger-3.1.json; NO_ASPNETCORE_OPENAPI).
/// </summary>
public sealed class OpenApi31SampleTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private static readonly string[] s_documents =
#if NO_ASPNETCORE_OPENAPI
        ["/swagger/v1/swagger-3.1.json"];
#else
        ["/swagger/v1/swagger-3.1.json", "/openapi/v1.json"];
#endif

    // A path of the sample with a null its payload must hold (a nullable reference, string or number).
    private static readonly (string Path, string Null)[] s_payloads =
    [
        ("/api/twitter", "\"place\":null"),
        ("/minimal/twitter", "\"retweeted_status\":null"),
        ("/api/citm", "\"logo\":null"),
        ("/api/statuses", "\"in_reply_to_status_id\":null"),
    ];

    public static TheoryData<string> Documents => [.. s_documents];

    public static TheoryData<string, string, string> Payloads
    {
        get
        {
            var data = new TheoryData<string, string, string>();
            foreach (string document in s_documents)
            {
                foreach ((string path, string aNull) in s_payloads)
                {
                    data.Add(document, path, aNull);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Payloads))]
    public async Task The_sample_s_real_data_is_valid_for_its_response_schema(string documentPath, string path, string aNull)
    {
        JsonNode document = await GetDocumentAsync(documentPath);
        JsonSchema schema = OpenApiSchemaCheck.Build(document, document["paths"]![path]!["get"]!["responses"]!["200"]!["content"]!["application/json"]!["schema"]!);
        using HttpClient client = factory.CreateClient();
        string payload = await client.GetStringAsync(path);
        Assert.Contains(aNull, payload, StringComparison.Ordinal);
        OpenApiSchemaCheck.Valid(schema, payload, $"{documentPath}: GET {path}");
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task Every_request_example_is_valid_for_its_body_schema(string documentPath)
    {
        JsonNode document = await GetDocumentAsync(documentPath);
        int checkedExamples = 0;
        foreach ((string path, JsonNode? item) in document["paths"]!.AsObject())
        {
            foreach ((string method, JsonNode? operation) in item!.AsObject())
            {
                foreach ((string mediaType, JsonNode? media) in operation?["requestBody"]?["content"]?.AsObject() ?? [])
                {
                    // A JSON Lines example is lines of items, not one JSON value of the body's schema.
                    if (media?["example"] is { } example && media["schema"] is { } bodySchema && mediaType is not ("application/jsonl" or "application/x-ndjson"))
                    {
                        OpenApiSchemaCheck.Valid(OpenApiSchemaCheck.Build(document, bodySchema), example.ToJsonString(), $"{documentPath}: the {mediaType} example of {method} {path}");
                        checkedExamples++;
                    }
                }
            }
        }

        Assert.True(checkedExamples > 10, $"{documentPath}: only {checkedExamples} request examples");
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task No_schema_says_null_beside_a_composition_that_refuses_it(string documentPath)
    {
        // In JSON Schema every keyword applies: a null type beside allOf/oneOf/anyOf of references (that do not allow
        // null) refuses null after all. Merge-patch schemas, parameters and responses included.
        JsonNode document = await GetDocumentAsync(documentPath);
        var found = new List<string>();
        Walk(document, "$", found);
        Assert.True(found.Count == 0, $"{documentPath}: null refused by a composition at:\n" + string.Join("\n", found.Take(10)));
        Assert.DoesNotContain("\"nullable\"", document.ToJsonString(), StringComparison.Ordinal);
    }

    private static bool IsNull(JsonNode? type) => type is JsonValue value && value.TryGetValue(out string? name) && name == "null";

    private static void Walk(JsonNode? node, string path, List<string> found)
    {
        if (node is JsonArray array)
        {
            for (int i = 0; i < array.Count; i++)
            {
                Walk(array[i], $"{path}[{i}]", found);
            }

            return;
        }

        if (node is not JsonObject schema)
        {
            return;
        }

        bool allowsNull = schema["type"] is JsonValue single ? IsNull(single)
            : schema["type"] is JsonArray types && types.Any(IsNull);
        foreach (string keyword in new[] { "allOf", "oneOf", "anyOf" })
        {
            if (allowsNull && schema[keyword] is JsonArray branches
                && (keyword == "allOf" || !branches.Any(b => IsNull(b?["type"]))))
            {
                found.Add($"{path}: {schema.ToJsonString()}");
            }
        }

        foreach ((string key, JsonNode? child) in schema)
        {
            Walk(child, $"{path}.{key}", found);
        }
    }

    private async Task<JsonNode> GetDocumentAsync(string path)
    {
        using HttpClient client = factory.CreateClient();
        using HttpResponseMessage response = await client.GetAsync(path);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        JsonNode document = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        Assert.StartsWith("3.1", document["openapi"]!.GetValue<string>(), StringComparison.Ordinal);
        return document;
    }
}
