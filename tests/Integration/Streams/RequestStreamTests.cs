using System.Net;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.Streams;

// Inside the namespace: its Json (a media type) is found before the global Json namespace (JsonSchema.Net's).
using static Jsonable.Integration.Tests.Streams.StreamBodies;

/// <summary>
/// Streamed request bodies over real HTTP (Kestrel): the sample's <c>POST /minimal/statuses/stream</c>
/// (<c>JsonableStream&lt;Status&gt;</c>) and <c>POST /api/statuses/stream</c> (MVC, <c>IAsyncEnumerable&lt;Status&gt;</c>)
/// read a JSON array, a JMC1 array and JSON Lines item by item; a bad item is a 400 keyed by its path, a lying JMC1 count
/// a 400, an oversized item a 413; the MVC route keeps the server's body limit, the minimal one lifts it.
/// </summary>
public sealed class RequestStreamTests(KestrelSampleFactory factory) : IClassFixture<KestrelSampleFactory>
{
    public static TheoryData<string, string> RoutesAndTypes()
    {
        var data = new TheoryData<string, string>();
        foreach (string route in new[] { "/minimal/statuses/stream", "/api/statuses/stream" })
        {
            foreach (string type in new[] { Json, Jmc1Type, JsonLines, NdJson })
            {
                data.Add(route, type);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(RoutesAndTypes))]
    public async Task The_twitter_statuses_are_read_one_by_one_in_every_layout(string route, string contentType)
    {
        List<Status> statuses = TwitterStatuses();
        using HttpClient client = factory.CreateKestrelClient();

        (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Post, route + "?save=true", Json, new ChunkedContent(Of(statuses, contentType), contentType, chunkSize: 4093));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        using JsonDocument summary = JsonDocument.Parse(body);
        Assert.Equal(100, summary.RootElement.GetProperty("count").GetInt64());
        Assert.Equal(100, summary.RootElement.GetProperty("stored").GetInt64());
        Assert.Equal(statuses[^1].id, summary.RootElement.GetProperty("lastId").GetInt64());
        Assert.Equal(statuses[37].text, factory.Store.GetStatus(statuses[37].id)!.text);
    }

    [Theory]
    [MemberData(nameof(RoutesAndTypes))]
    public async Task One_byte_writes_are_read(string route, string contentType)
    {
        List<Status> statuses = TwitterStatuses().Take(3).ToList();
        using HttpClient client = factory.CreateKestrelClient();

        (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Post, route, Json, new ChunkedContent(Of(statuses, contentType), contentType, chunkSize: 1));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        using JsonDocument summary = JsonDocument.Parse(body);
        Assert.Equal(3, summary.RootElement.GetProperty("count").GetInt64());
        Assert.Equal(statuses[2].id, summary.RootElement.GetProperty("lastId").GetInt64());
    }

    [Theory]
    [InlineData("/minimal/statuses/stream", Json, "$[1234].user.name")]
    [InlineData("/minimal/statuses/stream", Jmc1Type, "$[1234].user.name")]
    [InlineData("/minimal/statuses/stream", JsonLines, "line 1237: $.user.name")]
    [InlineData("/api/statuses/stream", Json, "$[1234].user.name")]
    [InlineData("/api/statuses/stream", Jmc1Type, "$[1234].user.name")]
    [InlineData("/api/statuses/stream", NdJson, "line 1237: $.user.name")]
    public async Task A_bad_item_is_a_400_keyed_by_its_path(string route, string contentType, string path)
    {
        using HttpClient client = factory.CreateKestrelClient();

        // Few items after the bad one, so the client has sent them all when the server answers: a client still sending
        // then may find the connection closed instead of the 400 (docs/streams.md).
        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, route, Json, new ChunkedContent(WithBadItem(contentType, 1240, 1234), contentType, chunkSize: 16 * 1024));

        string[] messages = await HttpAssert.ValidationErrorAsync(path, response);
        Assert.Contains("string", messages[0], StringComparison.OrdinalIgnoreCase);
    }

    [Theory]
    [InlineData("/minimal/statuses/stream", 3, "$[3]")]
    [InlineData("/minimal/statuses/stream", 5, "$")]
    [InlineData("/api/statuses/stream", 3, "$[3]")]
    [InlineData("/api/statuses/stream", 5, "$")]
    public async Task A_lying_jmc1_count_is_a_400(string route, int claimed, string path)
    {
        byte[] body = WithCount(Of(TwitterStatuses().Take(4).ToList(), Jmc1Type), claimed);
        using HttpClient client = factory.CreateKestrelClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, route, Json, Requests.Body(body, Jmc1Type));

        string[] messages = await HttpAssert.ValidationErrorAsync(path, response);
        Assert.Contains($"says {claimed} items", messages[0], StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("/minimal/statuses/stream")]
    [InlineData("/api/statuses/stream")]
    public async Task An_item_over_the_item_limit_is_a_413_keyed_by_the_item(string route)
    {
        var statuses = new List<Status> { new() { id = 1 }, new() { id = 2, text = new string('x', KestrelSampleFactory.ItemLimit) } };
        using HttpClient client = factory.CreateKestrelClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, route, Json, Requests.Body(Of(statuses, Json), Json));

        JsonElement problem = await HttpAssert.ProblemAsync(HttpStatusCode.RequestEntityTooLarge, response);
        Assert.True(problem.GetProperty("errors").TryGetProperty("$[1]", out _), problem.GetRawText());
    }

    [Theory]
    [InlineData("/api/statuses/stream", HttpStatusCode.RequestEntityTooLarge)]
    [InlineData("/minimal/statuses/stream", HttpStatusCode.OK)] // [DisableRequestSizeLimit]
    public async Task The_server_body_limit_applies_unless_the_endpoint_lifts_it(string route, HttpStatusCode expected)
    {
        // Enough statuses to pass the limit, sent without a Content-Length so only the bytes count.
        int repeats = (int)(KestrelSampleFactory.BodyLimit / Of(TwitterStatuses(), JsonLines).Length) + 1;
        List<Status> statuses = [.. Enumerable.Repeat(TwitterStatuses(), repeats).SelectMany(s => s)];
        byte[] body = Of(statuses, JsonLines);
        Assert.True(body.Length > KestrelSampleFactory.BodyLimit);
        using HttpClient client = factory.CreateKestrelClient();

        HttpResponseMessage response;
        try
        {
            response = await client.SendAsync(Requests.Create(HttpMethod.Post, route, Json, new ChunkedContent(body, JsonLines, chunkSize: 64 * 1024)));
        }
        catch (HttpRequestException) when (expected == HttpStatusCode.RequestEntityTooLarge)
        {
            return; // the server answered 413 and closed the connection before the client finished sending: also a refusal
        }

        Assert.Equal(expected, response.StatusCode);
        if (expected == HttpStatusCode.OK)
        {
            using JsonDocument summary = JsonDocument.Parse(await response.Content.ReadAsByteArrayAsync());
            Assert.Equal(statuses.Count, summary.RootElement.GetProperty("count").GetInt64());
        }
    }

    [Theory]
    [InlineData("/minimal/statuses/stream", "text/plain")]
    [InlineData("/minimal/statuses/stream", "application/json; charset=utf-16")]
    [InlineData("/api/statuses/stream", "text/plain")]
    public async Task Other_content_types_are_415(string route, string contentType)
    {
        using HttpClient client = factory.CreateKestrelClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, route, Json, Requests.Body("[]"u8.ToArray(), contentType));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    [Fact]
    public async Task The_stj_baseline_reads_the_same_bodies()
    {
        List<Status> statuses = TwitterStatuses();
        using HttpClient client = factory.CreateKestrelClient();
        foreach (string type in new[] { Json, JsonLines })
        {
            (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Post, "/stj/statuses/stream", Json, new ChunkedContent(Of(statuses, type), type, chunkSize: 4093));

            await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
            using JsonDocument summary = JsonDocument.Parse(body);
            Assert.Equal(100, summary.RootElement.GetProperty("count").GetInt64());
        }
    }
}
