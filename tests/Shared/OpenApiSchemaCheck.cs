#nullable enable
using System;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Nodes;
using Json.Schema;
using Xunit;

namespace Jsonable.Tests.Shared;

/// <summary>
/// Checks JSON against a schema of an OpenAPI 3.1 document with a JSON Schema 2020-12 validator (JsonSchema.Net), as a
/// client that validates what it receives would: the document's components become <c>$defs</c>, so every
/// <c>$ref</c> resolves inside one schema. Linked as source into the test projects that read 3.1 documents.
/// </summary>
internal static class OpenApiSchemaCheck
{
    /// <summary>The schema <paramref name="schema"/> (a node of <paramref name="document"/>, usually a <c>$ref</c>) as a JSON Schema.</summary>
    public static JsonSchema Build(JsonNode document, JsonNode schema)
    {
        var root = new JsonObject
        {
            ["$schema"] = "https://json-schema.org/draft/2020-12/schema",
            ["$defs"] = document["components"]?["schemas"]?.DeepClone() ?? new JsonObject(),
            ["allOf"] = new JsonArray(schema.DeepClone()),
        };
        string text = root.ToJsonString().Replace("\"#/components/schemas/", "\"#/$defs/", StringComparison.Ordinal);
        // A base URI of its own: schemas built from different documents never meet in the validator's registry.
        return JsonSchema.FromText(text, baseUri: new Uri($"https://jsonable.test/{Guid.NewGuid():N}"));
    }

    /// <summary>The errors <paramref name="schema"/> finds in <paramref name="json"/> (none: valid), one line each with where.</summary>
    public static string[] Errors(JsonSchema schema, string json)
    {
        using JsonDocument instance = JsonDocument.Parse(json);
        EvaluationResults results = schema.Evaluate(instance.RootElement, new EvaluationOptions { OutputFormat = OutputFormat.List });
        return results.IsValid
            ? []
            : [.. (results.Details ?? []).Append(results)
                .Where(r => r.Errors is { Count: > 0 })
                .SelectMany(r => r.Errors!.Select(e => $"{r.InstanceLocation} ({r.SchemaLocation}): {e.Key}: {e.Value}"))
                .DefaultIfEmpty("invalid (no details)")];
    }

    /// <summary>Asserts that <paramref name="json"/> is valid for <paramref name="schema"/>, listing the first errors if not.</summary>
    public static void Valid(JsonSchema schema, string json, string what)
    {
        string[] errors = Errors(schema, json);
        Assert.True(errors.Length == 0, $"{what} is refused by its schema:\n" + string.Join("\n", errors.Take(10)));
    }

    /// <summary>Asserts that <paramref name="json"/> is refused by <paramref name="schema"/>.</summary>
    public static void Refused(JsonSchema schema, string json, string what) =>
        Assert.True(Errors(schema, json).Length > 0, $"{what} is accepted by its schema: {json}");
}
