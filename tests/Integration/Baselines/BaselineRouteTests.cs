using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.Baselines;

/// <summary>
/// The routes the load tests compare Jsonable with answer what Jsonable's routes answer: the System.Text.Json POSTs
/// store and echo like <c>/minimal</c>, the pre-serialized routes send cached bytes equal as data to STJ's answer,
/// and the cached list follows every write.
/// </summary>
public sealed class BaselineRouteTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Fact]
    public async Task GetPreSerializedCatalog_EqualsSystemTextJsonAsData()
    {
        HttpClient client = factory.CreateClient();

        byte[] expected = await GetOkAsync(client, "/stj/citm");
        (HttpResponseMessage response, byte[] actual) = await client.GetAsync("/raw/citm", "application/json");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsPlainJson(response, actual);
        JsonData.AssertEqual(expected, actual);
    }

    [Fact]
    public async Task GetPreSerializedStatus_FromTheMinimalRouteAndTheController_IsTheStoredBytes_AndEqualsStjAsData()
    {
        HttpClient client = factory.CreateClient();
        long id = factory.Store.ListStatuses(1).Single().id;

        byte[] stj = await GetOkAsync(client, $"/stj/api/statuses/{id}");
        foreach (string url in new[] { $"/raw/statuses/{id}", $"/raw/api/statuses/{id}" })
        {
            (HttpResponseMessage response, byte[] actual) = await client.GetAsync(url, "application/json");

            await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
            HttpAssert.IsPlainJson(response, actual);
            Assert.Equal(factory.Store.GetStatusJson(id), actual);
            JsonData.AssertEqual(stj, actual);
        }

        Assert.Equal(HttpStatusCode.NotFound, (await client.GetAsync("/raw/api/statuses/-1", "application/json")).Response.StatusCode);
    }

    [Fact]
    public void PreSerializedList_IsTheSameArrayUntilAStatusIsWritten()
    {
        byte[] first = factory.Store.ListStatusesJson(100);
        byte[] again = factory.Store.ListStatusesJson(100);
        Assert.Same(first, again);

        factory.Store.UpsertStatus(factory.CopyOfFirstStatus());

        byte[] afterWrite = factory.Store.ListStatusesJson(100);
        Assert.NotSame(first, afterWrite);
        JsonData.AssertEqual(first, afterWrite);
    }

    [Theory]
    [InlineData("/statuses")]
    [InlineData("/statuses?limit=3")]
    public async Task GetPreSerializedList_AfterAPost_HasThePostedStatus(string path)
    {
        HttpClient client = factory.CreateClient();
        byte[] before = await GetOkAsync(client, "/raw" + path);
        Status changed = factory.CopyOfFirstStatus();
        changed.text = $"changed {Guid.NewGuid():N}";

        (HttpResponseMessage posted, _) = await client.SendAsync(HttpMethod.Post, "/stj/statuses", "application/json",
            Requests.Body(JsonSerializer.SerializeToUtf8Bytes(changed, RealDataJsonContext.Default.Status), "application/json"));
        await HttpAssert.StatusAsync(HttpStatusCode.Created, posted);

        byte[] after = await GetOkAsync(client, "/raw" + path);
        Assert.DoesNotContain(changed.text, Encoding.UTF8.GetString(before), StringComparison.Ordinal);
        Assert.Contains(changed.text, Encoding.UTF8.GetString(after), StringComparison.Ordinal);
        byte[] expected = await GetOkAsync(client, "/stj" + path);
        JsonData.AssertEqual(expected, after);
    }

    [Fact]
    public async Task GetPreSerializedList_AfterAPatch_HasThePatchedText()
    {
        HttpClient client = factory.CreateClient();
        await GetOkAsync(client, "/raw/statuses"); // cached before the PATCH
        string text = $"patched {Guid.NewGuid():N}";

        using HttpResponseMessage patched = await PartialUpdates.PartialUpdateTests.SendPatchAsync(
            client, $"/minimal/statuses/{factory.FirstStatusId}", $$"""{"text":"{{text}}"}""", ifMatch: null);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, patched);

        Assert.Contains(text, Encoding.UTF8.GetString(await GetOkAsync(client, "/raw/statuses")), StringComparison.Ordinal);
        byte[] expected = await GetOkAsync(client, "/stj/statuses");
        byte[] actual = await GetOkAsync(client, "/raw/statuses");
        JsonData.AssertEqual(expected, actual);
    }

    [Fact]
    public async Task GetPreSerializedList_AfterConcurrentPostsAndReads_EqualsSystemTextJsonAsData()
    {
        HttpClient client = factory.CreateClient();
        Status template = factory.CopyOfFirstStatus();
        long firstNewId = template.id + 1_000_000;

        // Writers add new statuses while readers keep the cached list busy: the list read afterwards has every one.
        Task[] writers = Enumerable.Range(0, 20).Select(async i =>
        {
            Status status = Status.CreateFromJson(Encoding.UTF8.GetBytes(template.ToJson()));
            status.id = firstNewId + i;
            (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, "/stj/statuses", "application/json",
                Requests.Body(JsonSerializer.SerializeToUtf8Bytes(status, RealDataJsonContext.Default.Status), "application/json"));
            await HttpAssert.StatusAsync(HttpStatusCode.Created, response);
        }).ToArray();
        Task[] readers = Enumerable.Range(0, 20).Select(_ => GetOkAsync(client, "/raw/statuses?limit=1000")).ToArray();
        await Task.WhenAll(writers.Concat(readers));

        byte[] raw = await GetOkAsync(client, "/raw/statuses?limit=1000");
        byte[] expected = await GetOkAsync(client, "/stj/statuses?limit=1000");
        JsonData.AssertEqual(expected, raw);
        using JsonDocument list = JsonDocument.Parse(raw);
        HashSet<long> ids = list.RootElement.EnumerateArray().Select(s => s.GetProperty("id").GetInt64()).ToHashSet();
        Assert.All(Enumerable.Range(0, 20), i => Assert.Contains(firstNewId + i, ids));
    }

    [Fact]
    public async Task PostStj_StoresTheStatus_AndAnswers201WithItLikeJsonable()
    {
        HttpClient client = factory.CreateClient();
        Status status = factory.CopyOfFirstStatus();
        status.id += 2_000_000;
        byte[] body = JsonSerializer.SerializeToUtf8Bytes(status, RealDataJsonContext.Default.Status);

        (HttpResponseMessage response, byte[] answer) = await client.SendAsync(HttpMethod.Post, "/stj/statuses", "application/json", Requests.Body(body, "application/json"));

        await HttpAssert.StatusAsync(HttpStatusCode.Created, response);
        HttpAssert.IsPlainJson(response, answer);
        Assert.Equal($"/stj/statuses/{status.id}", response.Headers.Location?.OriginalString);
        JsonData.AssertEqual(body, answer);
        byte[] stored = await GetOkAsync(client, $"/minimal/statuses/{status.id}");
        JsonData.AssertEqual(body, stored);

        (HttpResponseMessage jsonable, byte[] jsonableAnswer) = await client.SendAsync(HttpMethod.Post, "/minimal/statuses", "application/json", Requests.Body(body, "application/json"));
        await HttpAssert.StatusAsync(HttpStatusCode.Created, jsonable);
        JsonData.AssertEqual(jsonableAnswer, answer);
    }

    [Fact]
    public async Task PostStjEcho_AnswersTheSearchResultItWasSent_LikeJsonable()
    {
        HttpClient client = factory.CreateClient();
        byte[] body = JsonSerializer.SerializeToUtf8Bytes(factory.Store.TwitterSearch, RealDataJsonContext.Default.TwitterRoot);

        (HttpResponseMessage response, byte[] answer) = await client.SendAsync(HttpMethod.Post, "/stj/twitter/echo", "application/json", Requests.Body(body, "application/json"));
        (HttpResponseMessage jsonable, byte[] jsonableAnswer) = await client.SendAsync(HttpMethod.Post, "/minimal/twitter/echo", "application/json", Requests.Body(body, "application/json"));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, jsonable);
        JsonData.AssertEqual(body, answer);
        JsonData.AssertEqual(jsonableAnswer, answer);
    }

    [Theory]
    [InlineData("/stj/statuses")]
    [InlineData("/stj/twitter/echo")]
    public async Task PostStj_MalformedBody_Is400WithThePath(string url)
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, url, "application/json",
            Requests.Body("{\"id\": \"not a number\"}"u8.ToArray(), "application/json"));

        string[] messages = await HttpAssert.ValidationErrorAsync("$.id", response);
        Assert.NotEmpty(messages);
    }

    [Theory]
    [InlineData("/stj/statuses")]
    [InlineData("/stj/twitter/echo")]
    public async Task PostStj_NullBody_Is400(string url)
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, url, "application/json", Requests.Body("null"u8.ToArray(), "application/json"));

        await HttpAssert.ValidationErrorAsync("$", response);
    }

    [Theory]
    [InlineData("/stj/statuses")]
    [InlineData("/stj/twitter/echo")]
    [InlineData("/raw/echo")]
    [InlineData("/raw/api/echo")]
    public async Task Post_NotJson_Is415(string url)
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, url, "application/json", Requests.Body("{}"u8.ToArray(), "text/plain"));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    [Theory]
    [InlineData("/raw/echo")]
    [InlineData("/raw/api/echo")]
    public async Task PostRawEcho_AnswersTheExactBytesItWasSent(string url)
    {
        HttpClient client = factory.CreateClient();
        byte[] body = JsonSerializer.SerializeToUtf8Bytes(factory.Store.TwitterSearch, RealDataJsonContext.Default.TwitterRoot);

        (HttpResponseMessage response, byte[] answer) = await client.SendAsync(HttpMethod.Post, url, "application/json", Requests.Body(body, "application/json"));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsPlainJson(response, answer);
        Assert.Equal(body, answer);
    }

    private static async Task<byte[]> GetOkAsync(HttpClient client, string url)
    {
        (HttpResponseMessage response, byte[] body) = await client.GetAsync(url, "application/json");
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return body;
    }
}
