using System;
using System.Collections.Generic;
using System.Text.Json;

namespace Jsonable.Http;

/// <summary>
/// The problem details (RFC 9457) of an error response, as the server sent them: what ASP.NET Core writes for a
/// 400 (with <see cref="Errors"/> keyed by the JSON path of each bad value), 404, 406, 412, 415 and so on.
/// Parsed with <see cref="JsonDocument"/> — no reflection, so it works under trimming and native AOT.
/// </summary>
public sealed class JsonableProblemDetails
{
    private static readonly IReadOnlyDictionary<string, IReadOnlyList<string>> s_noErrors = new Dictionary<string, IReadOnlyList<string>>();
    private static readonly IReadOnlyDictionary<string, JsonElement> s_noExtensions = new Dictionary<string, JsonElement>();

    private JsonableProblemDetails()
    {
    }

    /// <summary>A URI reference identifying the problem type (<c>type</c>).</summary>
    public string? Type { get; private set; }

    /// <summary>A short summary of the problem type (<c>title</c>).</summary>
    public string? Title { get; private set; }

    /// <summary>The HTTP status code the server put in the body (<c>status</c>).</summary>
    public int? Status { get; private set; }

    /// <summary>An explanation of this occurrence (<c>detail</c>).</summary>
    public string? Detail { get; private set; }

    /// <summary>A URI reference identifying this occurrence (<c>instance</c>).</summary>
    public string? Instance { get; private set; }

    /// <summary>The server's trace id for the request (<c>traceId</c>, as ASP.NET Core writes it), to find it in the server's logs.</summary>
    public string? TraceId { get; private set; }

    /// <summary>
    /// Validation errors (<c>errors</c>): messages keyed by where the problem is — for a malformed body, the JSON path
    /// of the bad value (<c>$.user.followers_count</c>). Empty when the problem has none.
    /// </summary>
    public IReadOnlyDictionary<string, IReadOnlyList<string>> Errors { get; private set; } = s_noErrors;

    /// <summary>Every other member of the problem object, as JSON values.</summary>
    public IReadOnlyDictionary<string, JsonElement> Extensions { get; private set; } = s_noExtensions;

    /// <summary>Reads problem details from a UTF-8 JSON document.</summary>
    /// <param name="utf8Json">The body of an <c>application/problem+json</c> response.</param>
    /// <param name="problem">The problem details, when the document is a JSON object.</param>
    /// <returns>Whether <paramref name="utf8Json"/> is a JSON object (every member is optional, as RFC 9457 says).</returns>
    public static bool TryParse(ReadOnlyMemory<byte> utf8Json, out JsonableProblemDetails? problem)
    {
        problem = null;
        try
        {
            using JsonDocument document = JsonDocument.Parse(utf8Json);
            if (document.RootElement.ValueKind != JsonValueKind.Object)
            {
                return false;
            }

            problem = Read(document.RootElement);
            return true;
        }
        catch (JsonException)
        {
            return false;
        }
    }

    private static JsonableProblemDetails Read(JsonElement root)
    {
        var problem = new JsonableProblemDetails();
        Dictionary<string, IReadOnlyList<string>>? errors = null;
        Dictionary<string, JsonElement>? extensions = null;
        foreach (JsonProperty member in root.EnumerateObject())
        {
            JsonElement value = member.Value;
            switch (member.Name)
            {
                case "type" when value.ValueKind == JsonValueKind.String:
                    problem.Type = value.GetString();
                    break;
                case "title" when value.ValueKind == JsonValueKind.String:
                    problem.Title = value.GetString();
                    break;
                case "status" when value.ValueKind == JsonValueKind.Number && value.TryGetInt32(out int status):
                    problem.Status = status;
                    break;
                case "detail" when value.ValueKind == JsonValueKind.String:
                    problem.Detail = value.GetString();
                    break;
                case "instance" when value.ValueKind == JsonValueKind.String:
                    problem.Instance = value.GetString();
                    break;
                case "traceId" when value.ValueKind == JsonValueKind.String:
                    problem.TraceId = value.GetString();
                    break;
                case "errors" when value.ValueKind == JsonValueKind.Object:
                    errors = ReadErrors(value);
                    break;
                default:
                    // Cloned: the document (and the pooled bytes under it) goes away when parsing ends.
                    (extensions ??= new Dictionary<string, JsonElement>(StringComparer.Ordinal))[member.Name] = value.Clone();
                    break;
            }
        }

        problem.Errors = errors ?? s_noErrors;
        problem.Extensions = extensions ?? s_noExtensions;
        return problem;
    }

    private static Dictionary<string, IReadOnlyList<string>> ReadErrors(JsonElement errors)
    {
        var result = new Dictionary<string, IReadOnlyList<string>>(StringComparer.Ordinal);
        foreach (JsonProperty entry in errors.EnumerateObject())
        {
            // ASP.NET Core writes an array of strings per key; anything else is kept as its JSON text rather than lost.
            var messages = new List<string>();
            if (entry.Value.ValueKind == JsonValueKind.Array)
            {
                foreach (JsonElement message in entry.Value.EnumerateArray())
                {
                    messages.Add(message.ValueKind == JsonValueKind.String ? message.GetString()! : message.GetRawText());
                }
            }
            else
            {
                messages.Add(entry.Value.ValueKind == JsonValueKind.String ? entry.Value.GetString()! : entry.Value.GetRawText());
            }

            result[entry.Name] = messages;
        }

        return result;
    }
}
