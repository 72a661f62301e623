using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json.Nodes;
using Microsoft.OpenApi;

namespace Jsonable.AspNetCore.Documentation;

/// <summary>
/// The whole-document half of Jsonable's OpenAPI rules, run by both generators once every operation is built: patch
/// schemas, shared problem schemas, request examples, the JMC1 note (once, in the document's description, with a short
/// <c>x-jsonable-format</c> marker on each JMC1 media type) and nullable references written as the document's OpenAPI
/// version (3.0 or 3.1, chosen when it is written) reads them.
/// </summary>
internal static class JsonableDocumentRules
{
    /// <summary>The extension naming the format on every <c>application/jsonc+jmc1</c> media type.</summary>
    internal const string FormatExtension = "x-jsonable-format";

    internal static void Apply(OpenApiDocument document)
    {
        ShareProblemSchemas(document);
        JsonableMergePatchSchemas.Apply(document);
        JsonableExamples.AddRequestExamples(document);
        MarkJmc1(document);
        DeclareETags(document);
        TypeNullableWrappers(document);

        document.Info ??= new OpenApiInfo();
        if (document.Info.Description?.Contains(JsonableOperationRules.Jmc1Note, StringComparison.Ordinal) != true)
        {
            document.Info.Description = string.IsNullOrEmpty(document.Info.Description)
                ? JsonableOperationRules.Jmc1Note
                : document.Info.Description + "\n\n" + JsonableOperationRules.Jmc1Note;
        }
    }

    private static IEnumerable<OpenApiOperation> Operations(OpenApiDocument document) =>
        (document.Paths?.Values ?? Enumerable.Empty<IOpenApiPathItem>()).SelectMany(p => p.Operations?.Values ?? Enumerable.Empty<OpenApiOperation>());

    /// <summary>
    /// Problem responses whose schema was built inline (Microsoft.AspNetCore.OpenApi does that for schemas an operation
    /// transformer asks for) point at the shared <c>ProblemDetails</c> / <c>HttpValidationProblemDetails</c> components
    /// instead, so a generator makes one problem class, not one per response.
    /// </summary>
    private static void ShareProblemSchemas(OpenApiDocument document)
    {
        foreach (OpenApiOperation operation in Operations(document))
        {
            foreach (IOpenApiResponse response in operation.Responses?.Values ?? Enumerable.Empty<IOpenApiResponse>())
            {
                if (response.Content?.TryGetValue(JsonableOperationRules.ProblemJson, out JsonableMediaType? found) != true
                    || found.Editable() is not { Schema: OpenApiSchema inline } media)
                {
                    continue;
                }

                string id = inline.Properties?.ContainsKey("errors") == true ? "HttpValidationProblemDetails" : "ProblemDetails";
                document.Components ??= new OpenApiComponents();
                document.Components.Schemas ??= new Dictionary<string, IOpenApiSchema>(StringComparer.Ordinal);
                document.Components.Schemas.TryAdd(id, inline);
                media.Schema = new OpenApiSchemaReference(id, document);
            }
        }
    }

    /// <summary>
    /// A resource whose PATCH honours <c>If-Match</c> hands out the tag to send: its GET, PUT and PATCH (and the POST to
    /// its collection) declare an optional <c>ETag</c> header on their 2xx responses.
    /// </summary>
    private static void DeclareETags(OpenApiDocument document)
    {
        if (document.Paths is null)
        {
            return;
        }

        foreach ((string template, IOpenApiPathItem path) in document.Paths.ToList())
        {
            if (path.Operations?.TryGetValue(System.Net.Http.HttpMethod.Patch, out OpenApiOperation? patch) != true
                || patch!.Parameters?.Any(p => p.In == ParameterLocation.Header && p.Name == "If-Match") != true)
            {
                continue;
            }

            var tagged = new List<OpenApiOperation>();
            foreach ((System.Net.Http.HttpMethod method, OpenApiOperation operation) in path.Operations)
            {
                if (method == System.Net.Http.HttpMethod.Get || method == System.Net.Http.HttpMethod.Put || method == System.Net.Http.HttpMethod.Patch)
                {
                    tagged.Add(operation);
                }
            }

            string collection = template[..Math.Max(0, template.LastIndexOf('/'))];
            if (document.Paths.TryGetValue(collection, out IOpenApiPathItem? parent)
                && parent.Operations?.TryGetValue(System.Net.Http.HttpMethod.Post, out OpenApiOperation? post) == true)
            {
                tagged.Add(post!);
            }

            foreach (OpenApiOperation operation in tagged)
            {
                foreach ((string status, IOpenApiResponse response) in operation.Responses ?? [])
                {
                    if (status.StartsWith('2') && response is OpenApiResponse success)
                    {
                        JsonableConditionalRules.AddETag(success);
                    }
                }
            }
        }
    }

    /// <summary>A short marker on each JMC1 media type; the paragraph saying what JMC1 is lives in the document's description.</summary>
    private static void MarkJmc1(OpenApiDocument document)
    {
        foreach (OpenApiOperation operation in Operations(document))
        {
            IEnumerable<IDictionary<string, JsonableMediaType>?> contents = (operation.Responses?.Values ?? Enumerable.Empty<IOpenApiResponse>())
                .Select(r => r.Content).Append(operation.RequestBody?.Content);
            foreach (IDictionary<string, JsonableMediaType>? content in contents)
            {
                if (content?.TryGetValue(JsonableMediaTypes.Jmc1, out JsonableMediaType? found) == true && found.Editable() is { } jmc1)
                {
                    jmc1.Extensions ??= new Dictionary<string, IOpenApiExtension>(StringComparer.Ordinal);
                    jmc1.Extensions[FormatExtension] = new JsonNodeExtension(JsonValue.Create("JMC1")!);
                }
            }
        }
    }

    /// <summary>
    /// A nullable reference to another schema (Swashbuckle's <c>allOf: [$ref]</c> wrapper with a null type) becomes a
    /// <see cref="JsonableNullableReference"/>, which is written as each OpenAPI version reads it: for 3.0 <c>type</c>
    /// (the referenced schema's), <c>nullable</c> and <c>oneOf: [$ref]</c>, so it lints clean, stays nullable and
    /// generators still see the referenced type; for 3.1 <c>oneOf: [{type: null}, $ref]</c>, which accepts null.
    /// </summary>
    private static void TypeNullableWrappers(OpenApiDocument document)
    {
        var seen = new HashSet<IOpenApiSchema>(ReferenceEqualityComparer.Instance);
        var pending = new Stack<IOpenApiSchema>();
        foreach (IOpenApiSchema schema in document.Components?.Schemas?.Values ?? Enumerable.Empty<IOpenApiSchema>())
        {
            pending.Push(schema);
        }

        foreach (OpenApiOperation operation in Operations(document))
        {
            IEnumerable<JsonableMediaType> media = (operation.Responses?.Values ?? Enumerable.Empty<IOpenApiResponse>())
                .SelectMany(r => r.Content?.Values ?? Enumerable.Empty<JsonableMediaType>())
                .Concat(operation.RequestBody?.Content?.Values ?? Enumerable.Empty<JsonableMediaType>());
            foreach (IOpenApiSchema schema in media.Select(m => m.Schema).Concat((operation.Parameters ?? []).Select(p => p.Schema)).OfType<IOpenApiSchema>())
            {
                pending.Push(schema);
            }
        }

        while (pending.Count > 0)
        {
            if (pending.Pop() is not OpenApiSchema schema || !seen.Add(schema))
            {
                continue;
            }

            ListNullInNullableEnum(schema);

            // The wrapper is replaced where it is held (a member, items, values), so the schema's class can say how to write it.
            if (schema.Properties is { } properties)
            {
                foreach ((string name, IOpenApiSchema member) in properties.ToList())
                {
                    properties[name] = Typed(member, document);
                }
            }

            schema.Items = schema.Items is null ? null : Typed(schema.Items, document);
            schema.AdditionalProperties = schema.AdditionalProperties is null ? null : Typed(schema.AdditionalProperties, document);
            IEnumerable<IOpenApiSchema?> children = (schema.Properties?.Values ?? Enumerable.Empty<IOpenApiSchema>())
                .Concat([schema.Items, schema.AdditionalProperties])
                .Concat(schema.AllOf ?? []).Concat(schema.OneOf ?? []).Concat(schema.AnyOf ?? []);
            foreach (IOpenApiSchema? child in children)
            {
                if (child is not null)
                {
                    pending.Push(child);
                }
            }
        }
    }

    /// <summary>
    /// A nullable enum written inline (Swashbuckle's <c>UseInlineDefinitionsForEnums</c>) lists <c>null</c> among its
    /// values: in 3.1 (JSON Schema) every keyword applies, so a null type beside a list without null still refuses null,
    /// and OpenAPI 3.0 asks the same of <c>nullable</c> beside <c>enum</c>.
    /// </summary>
    private static void ListNullInNullableEnum(OpenApiSchema schema)
    {
        if (schema.Enum is { Count: > 0 } values && schema.Type is { } type && (type & JsonSchemaType.Null) == JsonSchemaType.Null
            && !values.Any(v => v is null || v.GetValueKind() == System.Text.Json.JsonValueKind.Null))
        {
            values.Add(null!); // Microsoft.OpenApi writes a null node as null
        }
    }

    /// <summary><paramref name="schema"/>, or its <see cref="JsonableNullableReference"/> when it is a nullable wrapper of one reference.</summary>
    private static IOpenApiSchema Typed(IOpenApiSchema schema, OpenApiDocument document)
    {
        if (schema is not OpenApiSchema wrapper || wrapper is JsonableNullableReference || wrapper.Type != JsonSchemaType.Null
            || (wrapper.AllOf ?? wrapper.OneOf ?? wrapper.AnyOf) is not { Count: 1 } wrapped
            || wrapped[0] is not OpenApiSchemaReference { Reference.Id: { } id } reference
            || wrapper.Properties is { Count: > 0 })
        {
            return schema;
        }

        JsonSchemaType? referencedType = document.Components?.Schemas?.TryGetValue(id, out IOpenApiSchema? target) == true ? target!.Type : null;
        return new JsonableNullableReference(wrapper, reference, referencedType);
    }
}
