using System.Collections;
using System.ComponentModel.DataAnnotations;
using System.Net.Http.Headers;
using System.Reflection;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// An RFC 7396 merge patch written by hand over System.Text.Json, as a careful team without Jsonable would: only
/// <c>application/merge-patch+json</c> (415 otherwise, naming it), the body parsed as JSON (400 keyed by the JSON path),
/// members marked <c>[Editable(false)]</c>/<c>[Key]</c> refused by name, the patch merged into the stored order's JSON
/// and read back with the web defaults plus <c>RespectNullableAnnotations</c> (a null for a non-nullable member is
/// refused) and <c>UnmappedMemberHandling.Disallow</c> (an unknown member is refused), DataAnnotations checked on the
/// merged order (nested objects and list items too), and only then stored. The twin of <c>JsonablePatch&lt;T&gt;</c>
/// in the parity corpus; MVC and minimal routes both call it.
/// </summary>
internal static class StjMergePatch
{
    public const string MediaType = "application/merge-patch+json";

    /// <summary>What the patch itself is read with: the web defaults, refusing unknown and repeated members.</summary>
    private static readonly JsonSerializerOptions s_shape = new(JsonSerializerDefaults.Web)
    {
        UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow,
        AllowDuplicateProperties = false,
    };

    /// <summary>What the merged order is read back with: also refusing null where the type has no <c>?</c>.</summary>
    private static readonly JsonSerializerOptions s_options = new(JsonSerializerDefaults.Web)
    {
        RespectNullableAnnotations = true,
        UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow,
    };

    public static async Task<IResult> PatchAsync(HttpContext context, int id, ParityOrderStore store)
    {
        context.Response.Headers["Accept-Patch"] = MediaType;
        string? contentType = context.Request.ContentType;
        Encoding? encoding = MergePatchEncoding(contentType);
        if (encoding is null)
        {
            return TypedResults.Problem(
                statusCode: StatusCodes.Status415UnsupportedMediaType,
                detail: $"The content type '{contentType}' is not supported. Accepted: {MediaType}.");
        }

        using var body = new MemoryStream();
        await context.Request.Body.CopyToAsync(body, context.RequestAborted);
        byte[] utf8 = encoding == Encoding.UTF8 ? body.ToArray() : Encoding.Convert(encoding, Encoding.UTF8, body.ToArray());
        if (utf8.Length == 0)
        {
            return Invalid("", "A non-empty request body is required."); // MVC's words and key for a missing body
        }

        JsonNode? patch;
        try
        {
            // Read as the order first, which STJ checks member by member (syntax, kinds, UTF-8, unknown and repeated
            // names) with the JSON path of what is wrong; a JsonNode knows no types and reports no path.
            await JsonSerializer.DeserializeAsync<ParityOrder>(new MemoryStream(utf8), s_shape);
            patch = await JsonSerializer.DeserializeAsync<JsonNode>(new MemoryStream(utf8), s_shape);
        }
        catch (JsonException exception)
        {
            return Invalid(exception.Path ?? "$", exception.Message);
        }

        if (patch is not JsonObject members)
        {
            return Invalid("$", "A merge patch of an order is a JSON object.");
        }

        Dictionary<string, string[]> readOnly = ReadOnlyMembers(members, typeof(ParityOrder), "$", existing: null);
        if (readOnly.Count > 0)
        {
            return TypedResults.ValidationProblem(readOnly);
        }

        lock (store)
        {
            (ParityOrder current, string etag) = store.Patchable(id);
            string? ifMatch = context.Request.Headers.IfMatch.Count > 0 ? context.Request.Headers.IfMatch.ToString() : null;
            if (ifMatch is not null && !ifMatch.Split(',').Select(t => t.Trim()).Any(t => t == "*" || t == etag))
            {
                return TypedResults.Problem(statusCode: StatusCodes.Status412PreconditionFailed, detail: $"The order's entity tag is now {etag}.");
            }

            // The same rule inside nested objects the order already has (one the patch creates may set them).
            readOnly = ReadOnlyMembers(members, typeof(ParityOrder), "$", current);
            if (readOnly.Count > 0)
            {
                return TypedResults.ValidationProblem(readOnly);
            }

            ParityOrder? merged;
            try
            {
                merged = Merge(JsonSerializer.SerializeToNode(current, s_options), members).Deserialize<ParityOrder>(s_options);
            }
            catch (JsonException exception)
            {
                return Invalid(exception.Path ?? "$", exception.Message);
            }

            var errors = new Dictionary<string, string[]>();
            Validate(merged!, "", errors);
            if (errors.Count > 0)
            {
                return TypedResults.ValidationProblem(errors);
            }

            store.ReplacePatchable(id, merged!);
            return TypedResults.Ok(merged);
        }
    }

    /// <summary>
    /// RFC 7396 §2 over JSON nodes. A <c>null</c> is kept as a member set to null rather than removed: every member of
    /// the typed order is declared, so "remove" means "clear", and reading it back refuses it where the type does.
    /// </summary>
    private static JsonNode? Merge(JsonNode? target, JsonNode? patch)
    {
        if (patch is not JsonObject patchObject)
        {
            return patch?.DeepClone();
        }

        JsonObject result = target as JsonObject ?? [];
        foreach ((string name, JsonNode? value) in patchObject)
        {
            result[name] = value is null ? null : Merge(result[name], value);
        }

        return result;
    }

    /// <summary>
    /// The members marked read-only that the patch names (web defaults: names match ignoring case): without
    /// <paramref name="existing"/>, those of the order itself; with it, those of the nested objects it already holds.
    /// </summary>
    private static Dictionary<string, string[]> ReadOnlyMembers(JsonObject patch, Type type, string path, object? existing)
    {
        var errors = new Dictionary<string, string[]>();
        foreach (PropertyInfo property in type.GetProperties())
        {
            bool readOnly = property.GetCustomAttribute<EditableAttribute>() is { AllowEdit: false }
                || (property.GetCustomAttribute<KeyAttribute>() is not null && property.GetCustomAttribute<EditableAttribute>() is null);
            string name = JsonNamingPolicy.CamelCase.ConvertName(property.Name);
            JsonNode? value = patch.FirstOrDefault(m => string.Equals(m.Key, name, StringComparison.OrdinalIgnoreCase)).Value;
            if (readOnly && existing is null && patch.Any(m => string.Equals(m.Key, name, StringComparison.OrdinalIgnoreCase)))
            {
                errors[path + "." + name] = [$"'{name}' cannot be changed by a PATCH."];
            }
            else if (existing is not null && value is JsonObject nested && property.GetValue(existing) is { } held && held is not string and not IEnumerable)
            {
                foreach (PropertyInfo member in property.PropertyType.GetProperties().Where(m => m.GetCustomAttribute<EditableAttribute>() is { AllowEdit: false }))
                {
                    string memberName = JsonNamingPolicy.CamelCase.ConvertName(member.Name);
                    if (nested.Any(m => string.Equals(m.Key, memberName, StringComparison.OrdinalIgnoreCase)))
                    {
                        errors[path + "." + name + "." + memberName] = [$"'{memberName}' cannot be changed by a PATCH."];
                    }
                }
            }
        }

        return errors;
    }

    /// <summary>DataAnnotations on the value, then on the objects its members and list items hold; keys as MVC's model state.</summary>
    private static void Validate(object value, string prefix, Dictionary<string, string[]> errors)
    {
        var results = new List<ValidationResult>();
        Validator.TryValidateObject(value, new ValidationContext(value), results, validateAllProperties: true);
        foreach (ValidationResult result in results)
        {
            foreach (string member in result.MemberNames)
            {
                string key = prefix + member;
                errors[key] = [.. errors.GetValueOrDefault(key) ?? [], result.ErrorMessage!];
            }
        }

        foreach (PropertyInfo property in value.GetType().GetProperties())
        {
            if (property.PropertyType == typeof(string) || property.PropertyType.IsValueType || property.GetValue(value) is not { } member)
            {
                continue;
            }

            if (member is IList list)
            {
                for (int i = 0; i < list.Count; i++)
                {
                    if (list[i] is { } item)
                    {
                        Validate(item, $"{prefix}{property.Name}[{i}].", errors);
                    }
                }
            }
            else
            {
                Validate(member, prefix + property.Name + ".", errors);
            }
        }
    }

    /// <summary>As MVC's JSON input formatter: merge patch in UTF-8 (the default) or UTF-16; anything else is null (415).</summary>
    private static Encoding? MergePatchEncoding(string? contentType)
    {
        if (contentType is null || !MediaTypeHeaderValue.TryParse(contentType, out MediaTypeHeaderValue? parsed)
            || !string.Equals(parsed.MediaType, MediaType, StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        return parsed.CharSet?.Trim('"').ToLowerInvariant() switch
        {
            null or "utf-8" => Encoding.UTF8,
            "utf-16" => Encoding.Unicode,
            _ => null,
        };
    }

    private static ValidationProblem Invalid(string path, string message) =>
        TypedResults.ValidationProblem(new Dictionary<string, string[]> { [path] = [message] });
}
