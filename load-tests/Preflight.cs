using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Jsonable.LoadTests;

/// <summary>
/// Before anything is measured: one request per scenario and format, which must answer 2xx in the format asked for
/// (JMC1 bodies start with <c>/*JMC1*/</c>), and the four formats must carry the same data (compared as JSON, JMC1
/// with its comments skipped). A comparison of routes that answer different things would be worth nothing.
/// </summary>
internal static class Preflight
{
    private static readonly JsonDocumentOptions SkipComments = new() { CommentHandling = JsonCommentHandling.Skip, MaxDepth = 256 };

    public static async Task<IReadOnlyList<string>> CheckAsync(InProcessEngine client, IReadOnlyList<Scenario> scenarios, IReadOnlyList<WireFormat> formats, CancellationToken cancellationToken)
    {
        var problems = new List<string>();
        foreach (Scenario scenario in scenarios)
        {
            (WireFormat Format, JsonNode? Data)? reference = null;
            foreach (WireFormat format in formats.Where(scenario.RunsIn))
            {
                ScenarioRequest request = scenario.Request(format);
                string where = $"{scenario.Name}/{format.Name} ({request.Method} {request.PathAndQuery})";
                (HttpStatusCode status, string? contentType, byte[] body) = await client.SendOnceAsync(request, cancellationToken);
                if ((int)status is < 200 or > 299)
                {
                    problems.Add($"{where}: HTTP {(int)status}: {Encoding.UTF8.GetString(body.AsSpan(0, Math.Min(body.Length, 300)))}");
                    continue;
                }

                string mediaType = contentType?.Split(';')[0].Trim() ?? "";
                if (!string.Equals(mediaType, format.MediaType, StringComparison.OrdinalIgnoreCase))
                {
                    problems.Add($"{where}: Content-Type '{contentType}', expected {format.MediaType}");
                    continue;
                }

                if (format.IsJmc1 && !body.AsSpan().StartsWith("/*JMC1*/"u8))
                {
                    problems.Add($"{where}: the JMC1 body does not start with /*JMC1*/");
                    continue;
                }

                JsonNode? data;
                try
                {
                    data = JsonNode.Parse(body, documentOptions: SkipComments);
                }
                catch (JsonException e)
                {
                    problems.Add($"{where}: the body is not {(format.IsJmc1 ? "JSONC" : "JSON")}: {e.Message}");
                    continue;
                }

                if (reference is null)
                {
                    reference = (format, data);
                }
                else if (!JsonNode.DeepEquals(reference.Value.Data, data))
                {
                    problems.Add($"{where}: its data differ from {reference.Value.Format.Name}'s ({body.Length} bytes)");
                }
            }
        }

        return problems;
    }
}
