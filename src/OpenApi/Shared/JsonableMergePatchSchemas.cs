using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Text.Json.Nodes;
using Microsoft.OpenApi;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Documentation;

/// <summary>
/// Gives every merge-patch request body (an operation that lists <c>application/merge-patch+json</c>) its own schema,
/// <c>{Type}MergePatch</c>: the type's members, none required, nested objects as their own patch schemas, without the
/// identity members a PATCH may not change (at every depth: a nested object's read-only members are refused inside the
/// object that exists); and a one-member example. A typed client generated from the full schema
/// would send every member (its defaults included) and overwrite what it did not mean to change.
/// </summary>
internal static class JsonableMergePatchSchemas
{
    internal const string Suffix = "MergePatch";

    /// <summary>
    /// The patched type of each merge-patch operation, whose members (and nested objects' members) marked as not
    /// editable (<c>[Editable(false)]</c>, <c>[Key]</c>) <c>JsonablePatch&lt;T&gt;</c> refuses: noted while operations
    /// are built (the type is known there), read when the document's patch schemas are.
    /// </summary>
    private static readonly ConditionalWeakTable<OpenApiOperation, Type> s_patchedTypes = new();

    /// <summary>
    /// Whether the member named <paramref name="wireName"/> is one a PATCH may not change: one the type marks as not
    /// editable, or one named like a route parameter (<c>id</c> for <c>{id}</c>), which identifies the resource.
    /// </summary>
    internal static bool IsIdentityMember(string wireName, IReadOnlyCollection<string> identity) =>
        identity.Contains(wireName, StringComparer.OrdinalIgnoreCase);

    /// <summary>Notes the type <paramref name="operation"/> patches, whose members a merge patch may not change, for <see cref="Apply"/>.</summary>
    internal static void RecordNotEditable(OpenApiOperation operation, Type patchedType)
    {
        if (JsonableRegistry.TryGetTypeInfo(patchedType, out _))
        {
            s_patchedTypes.AddOrUpdate(operation, patchedType);
        }
    }

    /// <summary>Replaces the schema (and example) of every merge-patch request body in <paramref name="document"/>.</summary>
    internal static void Apply(OpenApiDocument document)
    {
        var built = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach ((string template, IOpenApiPathItem path) in document.Paths ?? [])
        {
            foreach (OpenApiOperation operation in path.Operations?.Values ?? Enumerable.Empty<OpenApiOperation>())
            {
                if (operation.RequestBody?.Content is not { } content
                    || !content.TryGetValue(JsonableMediaTypes.MergePatchJson, out JsonableMediaType? mergePatch)
                    || mergePatch.Schema is not OpenApiSchemaReference target
                    || target.Reference.Id is not { } targetId)
                {
                    continue;
                }

                Type? patchedType = s_patchedTypes.TryGetValue(operation, out Type? type) ? type : null;
                string[] identity = [.. RouteParameters(template).Union(NotEditable(patchedType), StringComparer.OrdinalIgnoreCase)];
                string? patchId = PatchSchema(document, targetId, patchedType, identity, built);
                if (patchId is null)
                {
                    continue;
                }

                JsonNode? example = OneMemberExample(document, patchId);
                foreach (OpenApiMediaType mediaType in content.Values.Select(m => m.Editable()).OfType<OpenApiMediaType>())
                {
                    mediaType.Schema = new OpenApiSchemaReference(patchId, document);
                    mediaType.Example = example?.DeepClone();
                    mediaType.Examples = null;
                }
            }
        }
    }

    /// <summary>The wire names of the members of <paramref name="type"/> that are not editable (none for an unknown type).</summary>
    private static string[] NotEditable(Type? type) =>
        type is not null && JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) ? info.Accept(NotEditableMembers.Instance) : [];

    /// <summary>
    /// The type of the member of <paramref name="type"/> named <paramref name="wireName"/> on the wire, when it is a type
    /// a patch merges into (a nested <c>[FromJson]</c> object, <c>T?</c> unwrapped); <see langword="null"/> otherwise.
    /// </summary>
    private static Type? NestedType(Type? type, string wireName)
    {
        if (type is null || !JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info)
            || info.Accept(MemberNames.Instance).FirstOrDefault(m => m.JsonName == wireName) is not { } member)
        {
            return null;
        }

        const System.Reflection.BindingFlags Flags = System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance;
        Type? memberType = type.GetProperty(member.Name, Flags)?.PropertyType ?? type.GetField(member.Name, Flags)?.FieldType;
        memberType = memberType is null ? null : Nullable.GetUnderlyingType(memberType) ?? memberType;
        return memberType is not null && JsonableRegistry.TryGetTypeInfo(memberType, out JsonableTypeInfo? nested) && nested.CanMerge ? memberType : null;
    }

    /// <summary>The wire names of a type's members that are not editable.</summary>
    private sealed class NotEditableMembers : IJsonableTypeVisitor<string[]>
    {
        internal static readonly NotEditableMembers Instance = new();

        public string[] Visit<T>(JsonableTypeInfo<T> info) => [.. info.Members.Where(m => !m.IsEditable).Select(m => m.JsonName)];
    }

    /// <summary>A type's members.</summary>
    private sealed class MemberNames : IJsonableTypeVisitor<IReadOnlyList<JsonableMember>>
    {
        internal static readonly MemberNames Instance = new();

        public IReadOnlyList<JsonableMember> Visit<T>(JsonableTypeInfo<T> info) => info.Members;
    }

    private static string[] RouteParameters(string template) =>
        System.Text.RegularExpressions.Regex.Matches(template, @"\{([^}:=?*]+)").Select(m => m.Groups[1].Value).ToArray();

    /// <summary>The id of the patch schema of component <paramref name="targetId"/> (of <paramref name="type"/> when known) without <paramref name="identity"/>, built once.</summary>
    private static string? PatchSchema(OpenApiDocument document, string targetId, Type? type, IReadOnlyCollection<string> identity, Dictionary<string, string> built)
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
                + (full.Properties?.Keys.Where(k => IsIdentityMember(k, identity)).ToList() is { Count: > 0 } fixedMembers
                    ? $" Not in a patch (identity or read-only; a patch naming one is refused with 400): {string.Join(", ", fixedMembers)}."
                    : string.Empty),
            Properties = new Dictionary<string, IOpenApiSchema>(StringComparer.Ordinal),
            AdditionalProperties = full.AdditionalProperties,
            AdditionalPropertiesAllowed = full.AdditionalPropertiesAllowed,
        };
        document.Components.Schemas[id] = patch; // before the members: a self-reference finds it
        foreach ((string name, IOpenApiSchema member) in full.Properties ?? new Dictionary<string, IOpenApiSchema>())
        {
            if (!IsIdentityMember(name, identity) && member.ReadOnly != true)
            {
                patch.Properties[name] = Nested(document, member, NestedType(type, name), built);
            }
        }

        return id;
    }

    /// <summary>
    /// A member's schema with a reference to an object (direct, or in a nullable wrapper) turned into a reference to its
    /// patch schema, without the members of <paramref name="type"/> (the member's type, when known) that are not editable:
    /// a patch naming one inside the object that exists is refused.
    /// </summary>
    private static IOpenApiSchema Nested(OpenApiDocument document, IOpenApiSchema member, Type? type, Dictionary<string, string> built)
    {
        if (member is OpenApiSchemaReference reference)
        {
            return reference.Reference.Id is { } id && PatchSchema(document, id, type, NotEditable(type), built) is { } patchId
                ? new OpenApiSchemaReference(patchId, document)
                : member;
        }

        if (member is OpenApiSchema schema && (schema.AllOf is { Count: 1 } || schema.OneOf is { Count: > 0 } || schema.AnyOf is { Count: > 0 }))
        {
            var copy = (OpenApiSchema)schema.CreateShallowCopy();
            copy.AllOf = schema.AllOf?.Select(s => Nested(document, s, type, built)).ToList();
            copy.OneOf = schema.OneOf?.Select(s => Nested(document, s, type, built)).ToList();
            copy.AnyOf = schema.AnyOf?.Select(s => Nested(document, s, type, built)).ToList();
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
