using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Http;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Streams;

/// <summary>
/// The sample's live state: a follower (Jsonable.Http's <see cref="JsonableFeedFollower{T}"/>) subscribed to a transform's
/// feed of merge-patch deltas keeps a copy equal to the server's while the transform is PATCHed, PUT and PATCHed
/// concurrently through both stacks.
/// </summary>
public sealed class LiveTransformTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private const int SequentialChanges = 40;
    private const int ConcurrentChanges = 20;

    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(60);

    [Fact]
    public async Task Follower_AppliesEveryDelta_AndEndsEqualToTheServer()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        HttpClient client = factory.CreateStreamingClient();
        long id = await CreateTransformAsync(client);
        var follower = new JsonableFeedFollower<Transform>();
        var changed = new SemaphoreSlim(0);
        var applied = new List<(string? ETag, int Events)>(); // what each callback saw, in order
        Task following = follower.FollowAsync(client, $"/minimal/transforms/{id}/live", f =>
        {
            lock (applied)
            {
                applied.Add(($"\"{f.Version}\"", f.SnapshotsApplied + f.DeltasApplied));
            }

            changed.Release();
        }, guard.Token);
        await changed.WaitAsync(guard.Token); // the snapshot: the feed is subscribed from here on
        Assert.Equal(0, follower.Current!.Payload?.Mass ?? 0);

        for (int i = 0; i < SequentialChanges; i++)
        {
            await SendAsync(client, id, i);
        }

        await Task.WhenAll(Enumerable.Range(SequentialChanges, ConcurrentChanges).Select(i => SendAsync(client, id, i)));

        (HttpResponseMessage final, byte[] finalBody) = await client.GetAsync($"/minimal/transforms/{id}", "application/json");
        string finalETag = final.Headers.ETag!.Tag;
        // Wait for the callback of the final version, not for follower.Version: the follower sets its properties before it
        // calls back, and reading them while it does would race.
        (string? ETag, int Events) last;
        while ((last = Last(applied)).ETag != finalETag)
        {
            await changed.WaitAsync(guard.Token);
        }

        JsonData.AssertEqual(finalBody, JsonableSerializer.SerializeToUtf8Bytes(follower.Current!, JsonableFormat.Json));
        Assert.True(last.Events > SequentialChanges, $"only {last.Events} events");
        await guard.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => following);
    }

    [Fact]
    public async Task Events_AreDeltasWithTheVersionAsId_AfterAWholeSnapshot()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        HttpClient client = factory.CreateStreamingClient();
        long id = await CreateTransformAsync(client);
        using HttpResponseMessage response = await client.SendAsync(Requests.Create(HttpMethod.Get, $"/minimal/transforms/{id}/live", "text/event-stream"), HttpCompletionOption.ResponseHeadersRead, guard.Token);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal("text/event-stream", response.Content.Headers.ContentType?.MediaType);
        using var reader = new StreamReader(await response.Content.ReadAsStreamAsync(guard.Token), Encoding.UTF8);
        string snapshot = await ReadEventAsync(reader, guard.Token);

        HttpResponseMessage patched = await PatchAsync(client, id, """{"name":"moved","position":[4,5,6]}""");
        string patch = await ReadEventAsync(reader, guard.Token);

        Assert.StartsWith("event: snapshot\ndata: {\"id\":" + id, snapshot);
        Assert.Equal($"event: patch\ndata: {{\"name\":\"moved\",\"position\":[4,5,6]}}\nid: {patched.Headers.ETag!.Tag.Trim('"')}\n", patch);
    }

    [Fact]
    public async Task Subscribers_LeaveWhenTheClientGoesAway()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        HttpClient client = factory.CreateStreamingClient();
        long id = await CreateTransformAsync(client);
        TransformVersionLog feed = factory.Services.GetRequiredService<TransformVersionLog>();
        using (var follow = CancellationTokenSource.CreateLinkedTokenSource(guard.Token))
        {
            var follower = new JsonableFeedFollower<Transform>();
            var changed = new SemaphoreSlim(0);
            Task following = follower.FollowAsync(client, $"/minimal/transforms/{id}/live", _ => changed.Release(), follow.Token);
            await changed.WaitAsync(guard.Token);
            Assert.True(feed.WatchCount >= 1);
            await follow.CancelAsync();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => following);
        }

        while (feed.WatchCount != 0)
        {
            await Task.Delay(10, guard.Token);
        }

        (HttpResponseMessage missing, _) = await client.GetAsync("/minimal/transforms/987654321/live", "text/event-stream");
        await HttpAssert.StatusAsync(HttpStatusCode.NotFound, missing);
    }

    private static async Task<long> CreateTransformAsync(HttpClient client)
    {
        (HttpResponseMessage created, byte[] body) = await client.SendAsync(
            HttpMethod.Post,
            "/minimal/transforms",
            "application/json",
            Requests.Body("""{"id":0,"name":"live","counters":{"a":1}}"""u8.ToArray(), "application/json"));
        await HttpAssert.StatusAsync(HttpStatusCode.Created, created);
        return Transform.CreateFromJson(body).Id;
    }

    /// <summary>Change number <paramref name="i"/>: every kind of member a delta carries, through both stacks.</summary>
    private static async Task SendAsync(HttpClient client, long id, int i)
    {
        string patch = Patch(i);
        if (i % 10 == 9)
        {
            // A whole replacement through MVC: its delta clears what the body leaves out.
            (HttpResponseMessage put, _) = await client.SendAsync(HttpMethod.Put, $"/api/transforms/{id}", "application/json", Requests.Body(Encoding.UTF8.GetBytes($$"""{"id":{{id}},"name":"replaced {{i}}","tags":["r"]}"""), "application/json"));
            await HttpAssert.StatusAsync(HttpStatusCode.OK, put);
            return;
        }

        await PatchAsync(client, id, patch, i % 2 == 0 ? "/api" : "/minimal");
    }

    /// <summary>The merge patch of change number <paramref name="i"/>: every kind of member a delta carries.</summary>
    private static (string? ETag, int Events) Last(List<(string? ETag, int Events)> applied)
    {
        lock (applied)
        {
            return applied[^1];
        }
    }

    internal static string Patch(int i) => (i % 6) switch
    {
        0 => $$"""{"position":[{{i}},1.5,-2]}""",
        1 => $$"""{"name":"name {{i}} \"quoted\"\nline"}""",
        2 => $$$"""{"counters":{"k{{{i}}}":{{{i}}},"k{{{i - 6}}}":null}}""",
        3 => "{\"payload\":{\"mass\":" + i + ",\"dimensions\":{\"width\":" + i + ".25}}}",
        4 => $$"""{"tags":["t{{i}}","u"],"rotation":null}""",
        _ => $$"""{"payload":{"kind":"crate {{i}}"},"scale":[1,1,{{i}}]}""",
    };

    private static async Task<HttpResponseMessage> PatchAsync(HttpClient client, long id, string patch, string basePath = "/minimal")
    {
        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Patch, $"{basePath}/transforms/{id}", "application/json", Requests.Body(Encoding.UTF8.GetBytes(patch), "application/merge-patch+json"));
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return response;
    }

    /// <summary>Reads one event's lines (without the blank line that ends it), each followed by \n.</summary>
    private static async Task<string> ReadEventAsync(StreamReader reader, CancellationToken cancellationToken)
    {
        var text = new StringBuilder();
        while (await reader.ReadLineAsync(cancellationToken) is { Length: > 0 } line)
        {
            text.Append(line).Append('\n');
        }

        return text.ToString();
    }
}
