using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.StackParity;

/// <summary>
/// One answer from both stacks: the same request matrix (charsets, media types, q-values, empty, oversize and
/// malformed bodies, unsatisfiable Accept) goes to the MVC route (<c>/api</c>) and the minimal-API route
/// (<c>/minimal</c>) of each sample resource, and both must answer the status, media type and problem shape the
/// behaviour table of docs/http.md promises. The sample opts into 406 on both stacks (MVC's
/// <c>ReturnHttpNotAcceptable</c>, <c>JsonableOptions.ReturnHttpNotAcceptable</c>); a POST refused with 406 stores
/// nothing on either stack. Without the options both answer as System.Text.Json does: see DefaultNotAcceptableTests.
/// </summary>
public sealed class StackParityTests(StackParityTests.ParityApiFactory factory) : IClassFixture<StackParityTests.ParityApiFactory>
{
    private const string Json = "application/json";
    private const string Jmc1 = "application/jsonc+jmc1";
    private const string Problem = "application/problem+json";

    private static long s_nextId = 1_500_000_000; // fits the events' int ids

    /// <summary>What a request of the matrix sends.</summary>
    private enum Body
    {
        None,
        Valid,
        ValidJmc1,
        ValidUtf16,
        ValidLatin1,
        Empty,
        Malformed,
        Oversize,
    }

    /// <summary>A row: the request, and what both stacks must answer (errorKey: a key the problem's errors must have).</summary>
    private sealed record Row(string Method, string? Accept, string? ContentType, Body Body, int Status, string MediaType, string? ErrorKey = null);

    private static readonly Dictionary<string, Row> s_rows = new()
    {
        // GET: q-values and media types.
        ["GET Accept json"] = new("GET", Json, null, Body.None, 200, Json),
        ["GET Accept jmc1"] = new("GET", Jmc1, null, Body.None, 200, Jmc1),
        ["GET Accept text/json"] = new("GET", "text/json", null, Body.None, 200, "text/json"),
        ["GET no Accept"] = new("GET", null, null, Body.None, 200, Json),
        ["GET jmc1 preferred by q"] = new("GET", "application/jsonc+jmc1;q=0.9, application/json;q=0.5", null, Body.None, 200, Jmc1),
        ["GET json preferred by q"] = new("GET", "application/jsonc+jmc1;q=0.5, application/json;q=0.9", null, Body.None, 200, Json),
        ["GET jmc1 refused, wildcard"] = new("GET", "application/jsonc+jmc1;q=0, application/*", null, Body.None, 200, Json),
        ["GET json refused, anything else welcome"] = new("GET", "application/json;q=0, */*", null, Body.None, 200, Json),
        ["GET both types at q=0"] = new("GET", "application/json;q=0, application/jsonc+jmc1;q=0", null, Body.None, 406, Problem),
        ["GET json at q=0 and text/plain"] = new("GET", "application/json;q=0, text/plain", null, Body.None, 406, Problem),
        ["GET Accept xml"] = new("GET", "application/xml", null, Body.None, 406, Problem),

        // POST: content types and charsets.
        ["POST json"] = new("POST", Json, Json, Body.Valid, 201, Json),
        ["POST json charset=utf-8"] = new("POST", Json, "application/json; charset=utf-8", Body.Valid, 201, Json),
        ["POST json charset=utf-16"] = new("POST", Json, "application/json; charset=utf-16", Body.ValidUtf16, 201, Json),
        ["POST text/json"] = new("POST", Json, "text/json", Body.Valid, 201, Json),
        ["POST jmc1"] = new("POST", Jmc1, Jmc1, Body.ValidJmc1, 201, Jmc1),
        ["POST json charset=bogus"] = new("POST", Json, "application/json; charset=bogus", Body.Valid, 415, Problem),
        ["POST json charset=latin1"] = new("POST", Json, "application/json; charset=iso-8859-1", Body.ValidLatin1, 415, Problem),
        ["POST xml"] = new("POST", Json, "application/xml", Body.Valid, 415, Problem),
        ["POST xml accepting only jmc1"] = new("POST", Jmc1, "application/xml", Body.Valid, 415, Problem),

        // POST: bodies.
        ["POST empty body"] = new("POST", Json, Json, Body.Empty, 400, Problem, ""),
        ["POST malformed body"] = new("POST", Json, Json, Body.Malformed, 400, Problem, "$.id"),
        ["POST malformed body accepting only jmc1"] = new("POST", Jmc1, Json, Body.Malformed, 400, Problem, "$.id"),
        ["POST oversize body"] = new("POST", Json, Json, Body.Oversize, 413, Problem),
        ["POST oversize body accepting only jmc1"] = new("POST", Jmc1, Json, Body.Oversize, 413, Problem),

        // POST: Accept is checked after Content-Type and body, and before the handler runs.
        ["POST Accept xml"] = new("POST", "application/xml", Json, Body.Valid, 406, Problem),
        ["POST json refused, anything else welcome"] = new("POST", "application/json;q=0, */*", Json, Body.Valid, 201, Json),
        ["POST both types at q=0"] = new("POST", "application/json;q=0, application/jsonc+jmc1;q=0", Json, Body.Valid, 406, Problem),
        ["POST malformed body, Accept xml"] = new("POST", "application/xml", Json, Body.Malformed, 400, Problem, "$.id"),
        ["POST xml body, Accept xml"] = new("POST", "application/xml", "application/xml", Body.Valid, 415, Problem),
    };

    public static TheoryData<string, string> Matrix
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (string resource in new[] { "statuses", "events" })
            {
                foreach (string row in s_rows.Keys)
                {
                    data.Add(resource, row);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Matrix))]
    public async Task SameRequest_MvcAndMinimal_AnswerAlike(string resource, string rowName)
    {
        Row row = s_rows[rowName];

        Answer mvc = await SendAsync("/api", resource, row);
        Answer minimal = await SendAsync("/minimal", resource, row);

        foreach (Answer answer in new[] { mvc, minimal })
        {
            Assert.True(row.Status == answer.Status, $"{answer.Stack}: expected {row.Status} but got {answer.Status} ({answer.MediaType}): {answer.Text}");
            Assert.True(row.MediaType == answer.MediaType, $"{answer.Stack}: expected {row.MediaType} but got {answer.MediaType}: {answer.Text}");
            if (row.Status is 200 or 201 or 406)
            {
                Assert.True(answer.VaryAccept, $"{answer.Stack}: no Vary: Accept on a {answer.Status}");
            }

            if (row.ErrorKey is not null)
            {
                Assert.True(answer.ErrorKeys.Contains(row.ErrorKey), $"{answer.Stack}: no error keyed '{row.ErrorKey}' in {answer.Text}");
            }

            if (row.Method == "POST")
            {
                bool stored = resource == "statuses" ? factory.Store.GetStatus(answer.PostedId) is not null : factory.Store.GetEvent(answer.PostedId) is not null;
                Assert.True(stored == (answer.Status == 201), $"{answer.Stack}: answered {answer.Status} and the resource is {(stored ? "stored" : "not stored")}");
            }
        }

        // The problem shape: the same standard members and the same error keys, whichever stack answered.
        Assert.Equal(mvc.ProblemShape, minimal.ProblemShape);
    }

    /// <summary>The sample with a request body limit that the valid bodies (JMC1 included) fit in.</summary>
    public sealed class ParityApiFactory : SmallBodyLimitFactory
    {
        /// <summary>The limit, in bytes.</summary>
        public const long ParityLimit = 16 * 1024;

        /// <inheritdoc />
        public override long BodyLimit => ParityLimit;
    }

    /// <summary>What one stack answered, reduced to what a client compares.</summary>
    private sealed record Answer(string Stack, int Status, string? MediaType, bool VaryAccept, string Text, SortedSet<string> ErrorKeys, string ProblemShape, long PostedId);

    private async Task<Answer> SendAsync(string basePath, string resource, Row row)
    {
        long id = Interlocked.Increment(ref s_nextId);
        HttpContent? content = row.Body == Body.None ? null : Requests.Body(Encode(resource, row.Body, id), row.ContentType!);
        string url = row.Method == "GET"
            ? $"{basePath}/{resource}/{(resource == "statuses" ? factory.FirstStatusId : factory.FirstEventId)}"
            : $"{basePath}/{resource}";

        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().SendAsync(new HttpMethod(row.Method), url, row.Accept, content);

        string? mediaType = response.Content.Headers.ContentType?.MediaType;
        var errorKeys = new SortedSet<string>(StringComparer.Ordinal);
        string shape = "(not a problem)";
        if (mediaType == Problem)
        {
            using JsonDocument problem = JsonDocument.Parse(body);
            JsonElement root = problem.RootElement;
            Assert.Equal((int)response.StatusCode, root.GetProperty("status").GetInt32());
            if (root.TryGetProperty("errors", out JsonElement errors))
            {
                // Jsonable's keys: JSON paths, and "" for a missing body. MVC also reports a parameter whose body did
                // not bind as required, under the parameter's name (ASP.NET Core's own validation, not Jsonable's).
                foreach (JsonProperty error in errors.EnumerateObject())
                {
                    if (error.Name.Length == 0 || error.Name.StartsWith('$'))
                    {
                        errorKeys.Add(error.Name);
                    }
                }
            }

            string[] standard = ["type", "title", "status", "traceId", "errors"];
            shape = string.Join(", ", standard.Where(name => root.TryGetProperty(name, out _)))
                + $"; title '{root.GetProperty("title").GetString()}'; type '{root.GetProperty("type").GetString()}'; errors [{string.Join(", ", errorKeys)}]";
        }

        return new Answer(
            basePath,
            (int)response.StatusCode,
            mediaType,
            response.Headers.Vary.Contains("Accept", StringComparer.OrdinalIgnoreCase),
            Encoding.UTF8.GetString(body.Length > 600 ? body[..600] : body),
            errorKeys,
            shape,
            id);
    }

    private static byte[] Encode(string resource, Body body, long id)
    {
        string json = resource == "statuses"
            ? $$"""{"id":{{id}},"id_str":"{{id}}","text":"parity ü"}"""
            : $$"""{"id":{{id}},"name":"parity ü","topicIds":[1]}""";
        return body switch
        {
            Body.Valid => Encoding.UTF8.GetBytes(json),
            Body.ValidUtf16 => Encoding.Unicode.GetBytes(json),
            Body.ValidLatin1 => Encoding.Latin1.GetBytes(json),
            Body.ValidJmc1 => resource == "statuses"
                ? Samples.RealData.Status.CreateFromJson(Encoding.UTF8.GetBytes(json)).ToJsonable().ToArray()
                : Samples.RealData.CitmEvent.CreateFromJson(Encoding.UTF8.GetBytes(json)).ToJsonable().ToArray(),
            Body.Empty => [],
            Body.Malformed => Encoding.UTF8.GetBytes("""{"id":"not a number"}"""),
            Body.Oversize => Encoding.UTF8.GetBytes(json.Replace("parity ü", new string('x', (int)ParityApiFactory.ParityLimit), StringComparison.Ordinal)),
            _ => throw new ArgumentOutOfRangeException(nameof(body)),
        };
    }
}
