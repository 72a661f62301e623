using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.RequestBodies;

/// <summary>
/// Request bodies in JSON and JMC1 for MVC actions (<c>/api</c>) and minimal APIs (<c>/minimal</c>): what binds is
/// stored (read back as data), and what a client gets wrong is a 400/415 with problem details, never a 500.
/// </summary>
public sealed class RequestBodyTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private const string JsonType = "application/json";
    private const string Jmc1Type = "application/jsonc+jmc1";

    private static long s_nextStatusId = 7_000_000_000_000_000_000;
    private static int s_nextEventId = 2_000_000_000;

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task PostStatus_ValidBody_IsStoredAsSent(string basePath, string format)
    {
        Status status = NewStatus();
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, $"{basePath}/statuses", JsonType, Requests.Body(Encode(status, format), ContentType(format)));

        await HttpAssert.StatusAsync(HttpStatusCode.Created, response);
        Assert.EndsWith($"/statuses/{status.id}", response.Headers.Location?.ToString());
        await AssertStoredAsync(client, $"{basePath}/statuses/{status.id}", StjJson(status));
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task PostEvent_ValidBody_IsStoredAsSent(string basePath, string format)
    {
        CitmEvent citmEvent = NewEvent();
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, $"{basePath}/events", JsonType, Requests.Body(Encode(citmEvent, format), ContentType(format)));

        await HttpAssert.StatusAsync(HttpStatusCode.Created, response);
        await AssertStoredAsync(client, $"{basePath}/events/{citmEvent.id}", StjJson(citmEvent));
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task PutStatus_NewThenChanged_CreatesThenReplaces(string basePath, string format)
    {
        Status status = NewStatus();
        HttpClient client = factory.CreateClient();
        string url = $"{basePath}/statuses/{status.id}";

        (HttpResponseMessage created, _) = await client.SendAsync(HttpMethod.Put, url, JsonType, Requests.Body(Encode(status, format), ContentType(format)));
        status.text = "replaced \"text\" with \\ escapes\n and ünïcødé 🎉";
        status.user!.followers_count = 42;
        (HttpResponseMessage replaced, byte[] replacedBody) = await client.SendAsync(HttpMethod.Put, url, JsonType, Requests.Body(Encode(status, format), ContentType(format)));

        await HttpAssert.StatusAsync(HttpStatusCode.Created, created);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, replaced);
        JsonData.AssertEqual(StjJson(status), replacedBody);
        await AssertStoredAsync(client, url, StjJson(status));
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task PutEvent_NewThenChanged_CreatesThenReplaces(string basePath, string format)
    {
        CitmEvent citmEvent = NewEvent();
        HttpClient client = factory.CreateClient();
        string url = $"{basePath}/events/{citmEvent.id}";

        (HttpResponseMessage created, _) = await client.SendAsync(HttpMethod.Put, url, JsonType, Requests.Body(Encode(citmEvent, format), ContentType(format)));
        citmEvent.name = "Renamed";
        citmEvent.topicIds = [1, 2, 3];
        (HttpResponseMessage replaced, _) = await client.SendAsync(HttpMethod.Put, url, JsonType, Requests.Body(Encode(citmEvent, format), ContentType(format)));

        await HttpAssert.StatusAsync(HttpStatusCode.Created, created);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, replaced);
        await AssertStoredAsync(client, url, StjJson(citmEvent));
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task PostStatus_BodyWrittenOneByteAtATime_IsStoredAsSent(string basePath, string format)
    {
        Status status = NewStatus();
        HttpClient client = factory.CreateStreamingClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, $"{basePath}/statuses", JsonType, new ChunkedContent(Encode(status, format), ContentType(format)));

        await HttpAssert.StatusAsync(HttpStatusCode.Created, response);
        await AssertStoredAsync(client, $"{basePath}/statuses/{status.id}", StjJson(status));
    }

    [Theory]
    [InlineData("/api", "utf-16", false)]
    [InlineData("/api", "utf-16", true)]
    [InlineData("/api", "utf-16BE", false)]
    [InlineData("/minimal", "utf-16", false)]
    [InlineData("/minimal", "utf-16", true)]
    [InlineData("/minimal", "utf-16BE", false)]
    public async Task PostStatus_Utf16Json_IsTranscodedAndStored(string basePath, string charset, bool byteOrderMark)
    {
        Status status = NewStatus();
        status.text = "UTF-16 on the wire: ünïcødé 🎉";
        HttpClient client = factory.CreateClient();
        Encoding encoding = charset == "utf-16BE" ? Encoding.BigEndianUnicode : Encoding.Unicode;
        byte[] utf16 = [.. byteOrderMark ? encoding.GetPreamble() : [], .. encoding.GetBytes(Encoding.UTF8.GetString(StjJson(status)))];

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, $"{basePath}/statuses", JsonType, Requests.Body(utf16, "application/json; charset=" + charset));

        await HttpAssert.StatusAsync(HttpStatusCode.Created, response);
        await AssertStoredAsync(client, $"{basePath}/statuses/{status.id}", StjJson(status));
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task PostStatus_JsonWithWrongTypeDeepInside_Answers400KeyedByJsonPath(string basePath)
    {
        byte[] json = StjJson(NewStatus());
        byte[] malformed = ReplaceNumberAfter(json, "\"followers_count\":", "\"many\"");

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", JsonType, Requests.Body(malformed, JsonType));

        await HttpAssert.ValidationErrorAsync("$.user.followers_count", response);
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task PostStatus_Jmc1WithBadTokenDeepInside_Answers400KeyedByJsonPath(string basePath)
    {
        byte[] jmc1 = NewStatus().ToJsonable().ToArray();
        byte[] malformed = ReplaceNumberAfter(jmc1, "\"followers_count\":", "x");

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", JsonType, Requests.Body(malformed, Jmc1Type));

        await HttpAssert.ValidationErrorAsync("$.user.followers_count", response);
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task PostStatus_TruncatedBody_Answers400ValidationProblem(string basePath, string format)
    {
        byte[] body = Encode(NewStatus(), format);

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", JsonType, Requests.Body(body[..(body.Length / 2)], ContentType(format)));

        JsonElement problem = await HttpAssert.ProblemAsync(HttpStatusCode.BadRequest, response);
        Assert.Contains(problem.GetProperty("errors").EnumerateObject(), e => e.Name.StartsWith('$'));
    }

    /// <summary>Bodies a client can get wrong (or send on purpose): content type, body, and the error key expected (a prefix).</summary>
    private static readonly Dictionary<string, (string ContentType, string Body, string Key)> s_hostileBodies = new()
    {
        ["null literal"] = (JsonType, "null", ""), // MVC reports it as a missing body (key ""), as with STJ
        ["array for an object"] = (JsonType, "[1,2]", "$"),
        ["number overflow"] = (JsonType, """{"user":{"followers_count":99999999999999999999}}""", "$.user.followers_count"),
        ["string for a nested object"] = (JsonType, """{"user":"nobody"}""", "$.user"),
        ["nesting past the depth limit"] = (JsonType, string.Concat(Enumerable.Repeat("{\"retweeted_status\":", 200)) + "{}" + new string('}', 200), "$"),
        ["JMC1 nesting past the depth limit"] = (Jmc1Type, "/*JMC1*/{\"retweeted_status\":" + string.Concat(Enumerable.Repeat("/*JMC1*/{\"retweeted_status\":", 199)) + "/*JMC1*/{}" + new string('}', 200), "$"),
        ["JMC1 count that lies"] = (Jmc1Type, "/*JMC1*/{\"contributors\":/*5\u0001*/[]}", "$.contributors"),
        ["trailing garbage"] = (JsonType, """{"id":1} x""", "$"),
        ["binary"] = (Jmc1Type, "\u0000\u0001\u0002\u00ff", "$"),
    };

    public static TheoryData<string, string> HostileBodies
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (string basePath in new[] { "/api", "/minimal" })
            {
                foreach (string name in s_hostileBodies.Keys)
                {
                    data.Add(basePath, name);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(HostileBodies))]
    public async Task PostStatus_HostileBody_Answers400KeyedByPathNotA500(string basePath, string name)
    {
        (string contentType, string body, string keyPrefix) = s_hostileBodies[name];

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", JsonType, Requests.Body(Encoding.Latin1.GetBytes(body), contentType));

        JsonElement problem = await HttpAssert.ProblemAsync(HttpStatusCode.BadRequest, response);
        Assert.True(problem.TryGetProperty("errors", out JsonElement errors), problem.GetRawText());
        Assert.Contains(errors.EnumerateObject(), e => e.Name.StartsWith(keyPrefix, StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task PostStatus_EmptyBody_Answers400ValidationProblem(string basePath, string format)
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", JsonType, Requests.Body([], ContentType(format)));

        JsonElement problem = await HttpAssert.ProblemAsync(HttpStatusCode.BadRequest, response);
        Assert.NotEmpty(problem.GetProperty("errors").EnumerateObject());
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task PostStatus_TextPlainContentType_Answers415ProblemDetails(string basePath)
    {
        byte[] json = StjJson(NewStatus());

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", JsonType, Requests.Body(json, "text/plain"));

        await HttpAssert.ProblemAsync(HttpStatusCode.UnsupportedMediaType, response);
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task PostStatus_NoContentType_Answers415ProblemDetails(string basePath)
    {
        var content = new ByteArrayContent(StjJson(NewStatus()));

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", JsonType, content);

        await HttpAssert.ProblemAsync(HttpStatusCode.UnsupportedMediaType, response);
    }

    private static string ContentType(string format) => format == "jmc1" ? Jmc1Type : JsonType;

    private static byte[] Encode(Status status, string format) => format == "jmc1" ? status.ToJsonable().ToArray() : StjJson(status);

    private static byte[] Encode(CitmEvent citmEvent, string format) => format == "jmc1" ? citmEvent.ToJsonable().ToArray() : StjJson(citmEvent);

    // The JSON bodies are written by System.Text.Json, not by the library under test.
    private static byte[] StjJson(Status status) => JsonSerializer.SerializeToUtf8Bytes(status, RealDataJsonContext.Default.Status);

    private static byte[] StjJson(CitmEvent citmEvent) => JsonSerializer.SerializeToUtf8Bytes(citmEvent, RealDataJsonContext.Default.CitmEvent);

    private Status NewStatus()
    {
        Status status = factory.CopyOfFirstStatus();
        status.id = Interlocked.Increment(ref s_nextStatusId);
        status.id_str = status.id.ToString(System.Globalization.CultureInfo.InvariantCulture);
        status.text = "posted by a test";
        return status;
    }

    private CitmEvent NewEvent()
    {
        CitmEvent citmEvent = factory.CopyOfFirstEvent();
        citmEvent.id = Interlocked.Increment(ref s_nextEventId);
        citmEvent.name = "posted by a test";
        return citmEvent;
    }

    private static async Task AssertStoredAsync(HttpClient client, string url, byte[] expectedJson)
    {
        (HttpResponseMessage json, byte[] jsonBody) = await client.GetAsync(url, JsonType);
        (HttpResponseMessage jmc1, byte[] jmc1Body) = await client.GetAsync(url, Jmc1Type);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, json);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, jmc1);
        JsonData.AssertEqual(expectedJson, jsonBody);
        Jmc1Assert.EqualsJson(expectedJson, jmc1Body);
    }

    private static byte[] ReplaceNumberAfter(byte[] document, string marker, string replacement)
    {
        int at = document.AsSpan().IndexOf(Encoding.UTF8.GetBytes(marker));
        Assert.True(at >= 0, marker + " not found");
        int start = at + marker.Length;
        int end = start;
        while (end < document.Length && (char.IsAsciiDigit((char)document[end]) || document[end] == '-'))
        {
            end++;
        }

        Assert.True(end > start, "no number after " + marker);
        return [.. document.AsSpan(0, start), .. Encoding.UTF8.GetBytes(replacement), .. document.AsSpan(end)];
    }
}
