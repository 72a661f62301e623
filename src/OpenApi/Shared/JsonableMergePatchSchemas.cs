using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json.Nodes;
using Microsoft.OpenApi;

namespace Jsonable.AspNetCore.Documentation;

/// <summary>
/// Gives every merge-patch request body (an operation that lists <c>application/merge-patch+json</c>) its own schema,
/// <c>{Type}MergePatch</c>: the type's members, none required, nested objects as their own patch schemas, without the
/// identity members a PATCH may not change; and a one-member example. A typed client generated from the full schema
/// would send every member (its defaults included) and overwrite what it did not mean to change.
/// </summary>
internal static class JsonableMergePatchSchemas
{
    internal const string Suffix = "MergePatch";

    /// <summary>
    /// Whether the member named <paramref name="wireName"/> is identity, which a PATCH may not change: for now, a member
    /// named like one of the operation's route parameters (<c>id</c> for <c>{id}</c>).
    /// </summary>
    internal static bool IsIdentityMember(string wireName, IReadOnlyCollection<string> routeParameters) =>
        routeParameters.Contains(wireName, StringComparer.OrdinalIgnoreCase);

    /// <summary>Replaces the schema (and example) of every merge-patch request body in <paramref name="document"/>.</summary>
    internal static void Apply(OpenApiDocument document)
    {
        var built = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach ((string template, IOpenApiPathItem path) in document.Paths ?? [])
        {
            foreach (OpenApiOperation operation in path.Operations?.Values ?? Enumerable.Empty<OpenApiOperation>())
            {
                if (operation.RequestBody?.Content is not { } content
                    || !content.TryGetValue(JsonableMediaTypes.MergePatchJson, out OpenApiMediaType? mergePatch)
                    || mergePatch.Schema is not OpenApiSchemaReference target
                    || target.Reference.Id is not { } targetId)
                {
                    continue;
                }

                string[] routeParameters = RouteParameters(template);
                string? patchId = PatchSchema(document, targetId, routeParameters, built);
                if (patchId is null)
                {
                    continue;
                }

                JsonNode? example = OneMemberExample(document, patchId);
                foreach (OpenApiMediaType mediaType in content.Values)
                {
                    mediaType.Schema = new OpenApiSchemaReference(patchId, document);
                    mediaType.Example = example?.DeepClone();
                    mediaType.Examples = null;
                }
            }
        }
    }

    private static string[] RouteParameters(string template) =>
        System.Text.RegularExpressions.Regex.Matches(template, @"\{([^}:=?*]+)").Select(m => m.Groups[1].Value).ToArray();

    /// <summary>The id of the patch schema of component <paramref name="targetId"/> without <paramref name="identity"/>, built once.</summary>
    private static string? PatchSchema(OpenApiDocument document, string targetId, IReadOnlyCollection<string> identity, Dictionary<string, string> built)
    {
        string key = targetId + "|" + string.Join(",", identity.Order(StringComparer.OrdinalIgnoreCase));
        if (built.TryGetValue(key, out string? existing))
        {
            return existing;
        }

        if (document.Components?.Schemas?.TryGetValue(targetId, out IOpenApiSchema? found) != true || found is not OpenApiSchema full
            || (full.Properties is not { Count: > 0 } && full.Type?.HasFlag(JsonSchemaType.Object) != true))
        {
            return null;
        }

        string id = targetId + Suffix;
        for (int n = 2; document.Components.Schemas.ContainsKey(id); n++)
        {
            id = targetId + Suffix + n.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        built[key] = id;
        var patch = new OpenApiSchema
        {
            Type = JsonSchemaType.Object,
            Description = $"A merge patch (RFC 7396) of {targetId}: members left out stay as they are, a member sent replaces the stored one (arrays whole, objects merged), `null` clears a member that can be null."
                + (full.Properties?.Keys.Any(k => IsIdentityMember(k, identity)) == true ? " Identity members cannot be patched." : string.Empty),
            Properties = new Dictionary<string, IOpenApiSchema>(StringComparer.Ordinal),
            AdditionalProperties = full.AdditionalProperties,
            AdditionalPropertiesAllowed = full.AdditionalPropertiesAllowed,
        };
        document.Components.Schemas[id] = patch; // before the members: a self-reference finds it
        foreach ((string name, IOpenApiSchema member) in full.Properties ?? new Dictionary<string, IOpenApiSchema>())
        {
            if (!IsIdentityMember(name, identity) && member.ReadOnly != true)
            {
                patch.Properties[name] = Nested(document, member, built);
            }
        }

        return id;
    }

    /// <summary>A member's schema with a reference to an object (direct, or in a nullable wrapper) turned into a reference to its patch schema.</summary>
    private static IOpenApiSchema Nested(OpenApiDocument document, IOpenApiSchema member, Dictionary<string, string> built)
    {
        if (member is OpenApiSchemaReference reference)
        {
            return reference.Reference.Id is { } id && PatchSchema(document, id, [], built) is { } patchId
                ? new OpenApiSchemaReference(patchId, document)
                : member;
        }

        if (member is OpenApiSchema schema && (schema.AllOf is { Count: 1 } || schema.OneOf is { Count: > 0 } || schema.AnyOf is { Count: > 0 }))
        {
            var copy = (OpenApiSchema)schema.CreateShallowCopy();
            copy.AllOf = schema.AllOf?.Select(s => Nested(document, s, built)).ToList();
            copy.OneOf = schema.OneOf?.Select(s => Nested(document, s, built)).ToList();
            copy.AnyOf = schema.AnyOf?.Select(s => Nested(document, s, built)).ToList();
            return copy;
        }

        return member;
    }

    /// <summary>A patch that changes one member: the first whose example is a plain value (a string, number or boolean).</summary>
    private static JsonNode? OneMemberExample(OpenApiDocument document, string patchId)
    {
        if (document.Components?.Schemas?.TryGetValue(patchId, out IOpenApiSchema? patch) != true || patch!.Properties is not { Count: > 0 } members)
        {
            return null;
        }

        foreach ((string name, IOpenApiSchema member) in members)
        {
            if (JsonableExamples.ValueOf(member, document) is JsonValue value)
            {
                return new JsonObject { [name] = value };
            }
        }

        (string firstName, IOpenApiSchema firstMember) = members.First();
        return new JsonObject { [firstName] = JsonableExamples.ValueOf(firstMember, document) };
    }
}
