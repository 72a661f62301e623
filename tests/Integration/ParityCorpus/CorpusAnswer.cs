using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>What one host answered to one corpus request, as a client sees it.</summary>
/// <param name="Status">The status code (0 when the server threw instead of answering).</param>
/// <param name="MediaType">The Content-Type's media type without parameters, lower-cased, or empty.</param>
/// <param name="Body">The body's bytes.</param>
/// <param name="Location">The Location header, or null.</param>
/// <param name="Exception">What the server threw, when it did.</param>
/// <param name="Stored">For a PATCH, the JSON a <c>GET</c> of the order answered afterwards: what the PATCH left stored.</param>
/// <param name="Vary">The Vary header's values, comma-joined.</param>
public sealed record CorpusAnswer(int Status, string MediaType, byte[] Body, string? Location, string? Exception, byte[]? Stored = null, string Vary = "")
{
    public const string ProblemJson = "application/problem+json";

    public bool IsProblem => MediaType == ProblemJson;

    public bool IsJmc1 => MediaType == CorpusCases.Jmc1;

    /// <summary>A body a JSON parser can read: JSON media types, and JMC1 once its comments are stripped.</summary>
    public bool IsJsonData => MediaType is "application/json" or "text/json" || MediaType.EndsWith("+json", StringComparison.Ordinal) || IsJmc1;

    /// <summary>The body as JSON text (JMC1 comments stripped by the independent test oracle).</summary>
    public byte[] JsonBytes => IsJmc1 ? Jmc1Oracle.StripComments(Body) : Body;

    public string Text => Encoding.UTF8.GetString(Body.Length > 300 ? Body[..300] : Body);

    public static async Task<CorpusAnswer> SendAsync(HttpClient client, CorpusCase request)
    {
        using var message = new HttpRequestMessage(new HttpMethod(request.Method), request.Path);
        if (request.Accept is not null)
        {
            message.Headers.TryAddWithoutValidation("Accept", request.Accept);
        }

        if (request.IfMatch is not null)
        {
            message.Headers.TryAddWithoutValidation("If-Match", request.IfMatch);
        }

        if (request.Body is not null)
        {
            message.Content = new ByteArrayContent(request.Body);
            if (request.ContentType is not null)
            {
                message.Content.Headers.TryAddWithoutValidation("Content-Type", request.ContentType);
            }
        }

        try
        {
            using HttpResponseMessage response = await client.SendAsync(message);
            byte[] body = await response.Content.ReadAsByteArrayAsync();
            MediaTypeHeaderValue? type = response.Content.Headers.ContentType;
            byte[]? stored = request.Route == CorpusRoute.Patch ? await client.GetByteArrayAsync(request.Path.Split('?')[0]) : null;
            return new((int)response.StatusCode, type?.MediaType?.ToLowerInvariant() ?? "", body, response.Headers.Location?.OriginalString, null, stored, string.Join(",", response.Headers.Vary));
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            return new(0, "", [], null, exception.GetType().Name + ": " + exception.Message);
        }
    }

    /// <summary>The problem's members a client branches on (type, title, status, the keys of <c>errors</c>).</summary>
    public string ProblemShape()
    {
        using JsonDocument problem = JsonDocument.Parse(Body);
        JsonElement root = problem.RootElement;
        string keys = root.TryGetProperty("errors", out JsonElement errors) && errors.ValueKind == JsonValueKind.Object
            ? string.Join(",", errors.EnumerateObject().Select(e => "'" + e.Name + "'").Order(StringComparer.Ordinal))
            : "(no errors)";
        return $"type={Member(root, "type")} title={Member(root, "title")} status={Member(root, "status")} errors={keys}";
    }

    /// <summary>The problem's words for a human: <c>detail</c> and the messages of <c>errors</c>.</summary>
    public string ProblemText()
    {
        using JsonDocument problem = JsonDocument.Parse(Body);
        JsonElement root = problem.RootElement;
        var text = new StringBuilder("detail=").Append(Member(root, "detail"));
        if (root.TryGetProperty("errors", out JsonElement errors) && errors.ValueKind == JsonValueKind.Object)
        {
            foreach (JsonProperty error in errors.EnumerateObject().OrderBy(e => e.Name, StringComparer.Ordinal))
            {
                text.Append(" | ").Append(error.Name).Append(": ").Append(error.Value.GetRawText());
            }
        }

        return text.ToString();
    }

    private static string Member(JsonElement root, string name) =>
        root.ValueKind == JsonValueKind.Object && root.TryGetProperty(name, out JsonElement value) ? value.ToString() : "(absent)";

    public override string ToString() =>
        Exception ?? $"{Status} {(MediaType.Length == 0 ? "(no content type)" : MediaType)} {Text}";
}
