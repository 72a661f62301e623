using System.Collections.Generic;
using System.Linq;
using System.Text.Json.Nodes;
using Microsoft.OpenApi;

namespace Jsonable.AspNetCore.Documentation;

/// <summary>
/// Request examples for Jsonable bodies, built from the document's own schemas so that they are valid for them and
/// accepted as they are: a member holding a nullable reference to another schema is left out (which also ends self-references such as a
/// status's <c>retweeted_status</c>; <c>null</c> there would be invalid for OpenAPI 3.0's <c>allOf</c> wrapper of the
/// reference), every other member gets a value of its type, arrays one element, dictionaries one entry.
/// </summary>
/// <remarks>
/// Swagger UI invents an example when the document has none, and for a self-referencing schema it invents an
/// invalid one (a string where an object or null belongs); an explicit example is what it shows instead.
/// </remarks>
internal static class JsonableExamples
{
    private const int MaxDepth = 16;

    /// <summary>Adds an example to every Jsonable request body (those listing JMC1) that has none.</summary>
    internal static void AddRequestExamples(OpenApiDocument document)
    {
        foreach (IOpenApiPathItem path in document.Paths?.Values ?? Enumerable.Empty<IOpenApiPathItem>())
        {
            foreach (OpenApiOperation operation in path.Operations?.Values ?? Enumerable.Empty<OpenApiOperation>())
            {
                if (operation.RequestBody?.Content is not { } content
                    || !content.TryGetValue(JsonableMediaTypes.Jmc1, out JsonableMediaType? jmc1)
                    || jmc1.Schema is null)
                {
                    continue;
                }

                JsonNode? example = Sample(jmc1.Schema, document, new HashSet<string>(), 0);
                foreach (OpenApiMediaType mediaType in content.Values.Select(m => m.Editable()).OfType<OpenApiMediaType>())
                {
                    if (mediaType.Example is null && (mediaType.Examples is null || mediaType.Examples.Count == 0))
                    {
                        mediaType.Example = example?.DeepClone();
                    }
                }
            }
        }
    }

    /// <summary>An example value of <paramref name="schema"/>.</summary>
    internal static JsonNode? ValueOf(IOpenApiSchema schema, OpenApiDocument document) => Sample(schema, document, new HashSet<string>(), 0);

    private static JsonNode? Sample(IOpenApiSchema schema, OpenApiDocument document, HashSet<string> visiting, int depth)
    {
        if (IsNullable(schema) && IsObjectLike(schema))
        {
            return null;
        }

        if (schema is OpenApiSchemaReference reference)
        {
            string id = reference.Reference.Id ?? string.Empty;
            if (depth >= MaxDepth || !visiting.Add(id) || document.Components?.Schemas?.TryGetValue(id, out IOpenApiSchema? target) != true)
            {
                return null;
            }

            JsonNode? value = Sample(target!, document, visiting, depth + 1);
            visiting.Remove(id);
            return value;
        }

        if (schema.Enum is { Count: > 0 } values)
        {
            return values[0]?.DeepClone();
        }

        IOpenApiSchema? wrapped = schema.AllOf?.FirstOrDefault() ?? schema.OneOf?.FirstOrDefault(s => !IsNullOnly(s)) ?? schema.AnyOf?.FirstOrDefault(s => !IsNullOnly(s));
        if (wrapped is not null && schema.Properties is not { Count: > 0 })
        {
            return Sample(wrapped, document, visiting, depth);
        }

        JsonSchemaType type = (schema.Type ?? 0) & ~JsonSchemaType.Null;
        if (type.HasFlag(JsonSchemaType.Array))
        {
            var array = new JsonArray();
            if (schema.Items is not null && depth < MaxDepth && Sample(schema.Items, document, visiting, depth + 1) is { } item)
            {
                array.Add(item);
            }

            return array;
        }

        if (type.HasFlag(JsonSchemaType.Object) || schema.Properties is { Count: > 0 } || schema.AdditionalProperties is not null)
        {
            var obj = new JsonObject();
            foreach ((string name, IOpenApiSchema member) in schema.Properties ?? new Dictionary<string, IOpenApiSchema>())
            {
                if (!(IsNullable(member) && IsReferenceLike(member)))
                {
                    obj[name] = Sample(member, document, visiting, depth + 1);
                }
            }

            // One entry, keyed by a number: dictionaries keyed by strings or integers both read it.
            if (obj.Count == 0 && schema.AdditionalProperties is { } entries && depth < MaxDepth)
            {
                obj["1"] = Sample(entries, document, visiting, depth + 1);
            }

            return obj;
        }

        return type switch
        {
            // Numbers first: a schema that also allows a string (STJ's AllowReadingFromString) still means a number.
            _ when type.HasFlag(JsonSchemaType.Integer) || type.HasFlag(JsonSchemaType.Number) => 0,
            _ when type.HasFlag(JsonSchemaType.String) => schema.Format switch
            {
                "date-time" => "2024-01-02T03:04:05+00:00",
                "date" => "2024-01-02",
                "time" => "03:04:05",
                "uuid" => "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                "uri" => "https://example.com/",
                "byte" => "AQID",
                "char" => "c",
                _ => "string",
            },
            _ when type.HasFlag(JsonSchemaType.Boolean) => false,
            _ => null,
        };
    }

    /// <summary>Null allowed: the type includes null (3.1 and 2.x models), or a oneOf/anyOf branch is null.</summary>
    private static bool IsNullable(IOpenApiSchema schema) =>
        (schema is not OpenApiSchemaReference && schema.Type is { } type && type.HasFlag(JsonSchemaType.Null))
        || schema.OneOf?.Any(IsNullOnly) == true
        || schema.AnyOf?.Any(IsNullOnly) == true;

    private static bool IsNullOnly(IOpenApiSchema schema) => schema is not OpenApiSchemaReference && schema.Type == JsonSchemaType.Null;

    private static bool IsReferenceLike(IOpenApiSchema schema) =>
        schema is OpenApiSchemaReference || (schema.AllOf ?? []).Concat(schema.OneOf ?? []).Concat(schema.AnyOf ?? []).Any(b => b is OpenApiSchemaReference);

    private static bool IsObjectLike(IOpenApiSchema schema)
    {
        if (schema is OpenApiSchemaReference)
        {
            return true;
        }

        IEnumerable<IOpenApiSchema> branches = (schema.AllOf ?? []).Concat(schema.OneOf ?? []).Concat(schema.AnyOf ?? []);
        return branches.Any(b => b is OpenApiSchemaReference)
            || (schema.Type is { } type && (type.HasFlag(JsonSchemaType.Object) || type.HasFlag(JsonSchemaType.Array)))
            || schema.Properties is { Count: > 0 };
    }
}
