using System.Globalization;
using System.Net;
using System.Text;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Http;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;

namespace Jsonable.Integration.Tests.Streams;

/// <summary>
/// The live feed behind a balancer (docs/streams-writing.md, "Several instances"): a follower subscribed on one
/// instance sees the changes made through another instance sharing the database, each event bringing its copy to a
/// stored version, in version order, none twice.
/// </summary>
public sealed class LiveTransformAcrossInstancesTests
{
    private const int Changes = 36;

    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(90);

    [Theory]
    [InlineData(SampleStorage.Sqlite)]
    [PostgresData]
    public async Task AFollowerOnOneInstance_RebuildsEveryStoredVersion_OfChangesMadeThroughTheOther(string store)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        using SharedSampleDatabase database = SharedSampleDatabase.Create(store);
        HttpClient writer = database.StartInstance().CreateStreamingClient();
        HttpClient follower = database.StartInstance().CreateStreamingClient();

        // What the writing instance answered for each version: the stored transform the follower's copy must equal.
        var stored = new Dictionary<long, string>();
        (HttpResponseMessage created, byte[] createdBody) = await writer.SendAsync(
            HttpMethod.Post, "/minimal/transforms", "application/json",
            Requests.Body("""{"id":0,"name":"across","counters":{"a":1}}"""u8.ToArray(), "application/json"));
        await HttpAssert.StatusAsync(HttpStatusCode.Created, created);
        long id = Transform.CreateFromJson(createdBody).Id;
        stored[Version(created.Headers.ETag!.Tag)] = Canonical(createdBody);

        var copy = new JsonableFeedFollower<Transform>();
        var seen = new List<(long Version, string State)>();
        var changed = new SemaphoreSlim(0);
        Task following = copy.FollowAsync(follower, $"/minimal/transforms/{id}/live", f =>
        {
            lock (seen)
            {
                seen.Add((f.Version!.Value, Canonical(JsonableSerializer.SerializeToUtf8Bytes(f.Current!, JsonableFormat.Json))));
            }

            changed.Release();
        }, guard.Token);
        await changed.WaitAsync(guard.Token); // the snapshot: subscribed from here on

        for (int i = 0; i < Changes; i++)
        {
            (HttpResponseMessage patched, byte[] body) = await writer.SendAsync(
                HttpMethod.Patch, $"{(i % 2 == 0 ? "/api" : "/minimal")}/transforms/{id}", "application/json",
                Requests.Body(Encoding.UTF8.GetBytes(LiveTransformTests.Patch(i)), "application/merge-patch+json"));
            await HttpAssert.StatusAsync(HttpStatusCode.OK, patched);
            stored[Version(patched.Headers.ETag!.Tag)] = Canonical(body);
        }

        // Wait for the callback's record of the last version, not for copy.Version: the follower sets its version before it
        // calls back, so the property can name the last version while that event is not yet recorded.
        long last = stored.Keys.Max();
        while (!LastSeenIs(seen, last))
        {
            await changed.WaitAsync(guard.Token);
        }

        (long Version, string State)[] events;
        lock (seen)
        {
            events = [.. seen];
        }

        Assert.Equal(1 + Changes, stored.Count);
        for (int e = 0; e < events.Length; e++)
        {
            // In order, none twice, none skipped: the version log has every version's delta, whichever instance wrote it.
            long before = e == 0 ? 0 : events[e - 1].Version;
            Assert.Equal(before + 1, events[e].Version);
            Assert.True(stored.TryGetValue(events[e].Version, out string? expected), $"event {e} names version {events[e].Version}, which was never written");
            Assert.Equal(expected, events[e].State);
        }

        (HttpResponseMessage final, byte[] finalBody) = await follower.GetAsync($"/minimal/transforms/{id}", "application/json");
        Assert.Equal($"\"{last}\"", final.Headers.ETag!.Tag);
        Assert.Equal(Canonical(finalBody), events[^1].State);
        await guard.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => following);
    }

    [Theory]
    [InlineData(SampleStorage.Sqlite)]
    [PostgresData]
    public async Task AClientResumingOnAnotherInstance_GetsExactlyTheDeltasWrittenThroughTheFirst(string store)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        using SharedSampleDatabase database = SharedSampleDatabase.Create(store);
        HttpClient first = database.StartInstance().CreateStreamingClient();
        HttpClient second = database.StartInstance().CreateStreamingClient();
        VersionFeedTests.Written written = await VersionFeedTests.Written.CreateAsync(first);
        await written.ChangeAsync(first, 9); // versions 2..10, through the first instance only

        using HttpRequestMessage request = Requests.Create(HttpMethod.Get, $"/minimal/transforms/{written.Id}/live", "text/event-stream");
        request.Headers.Add("Last-Event-ID", "4");
        using HttpResponseMessage response = await second.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, guard.Token);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        using var reader = new StreamReader(await response.Content.ReadAsStreamAsync(guard.Token), Encoding.UTF8);
        for (long v = 5; v <= 10; v++)
        {
            Assert.Equal(written.PatchEvent(v), await ReadEventAsync(reader, guard.Token));
        }

        await written.ChangeAsync(first, 2); // live, heard of by the second instance through the database
        Assert.Equal(written.PatchEvent(11), await ReadEventAsync(reader, guard.Token));
        Assert.Equal(written.PatchEvent(12), await ReadEventAsync(reader, guard.Token));
    }

    private static async Task<string> ReadEventAsync(StreamReader reader, CancellationToken cancellationToken)
    {
        var text = new StringBuilder();
        while (await reader.ReadLineAsync(cancellationToken) is { Length: > 0 } line)
        {
            text.Append(line).Append('\n');
        }

        return text.ToString();
    }

    private static bool LastSeenIs(List<(long Version, string State)> seen, long version)
    {
        lock (seen)
        {
            return seen.Count > 0 && seen[^1].Version == version;
        }
    }

    private static long Version(string etag) => long.Parse(etag.Trim('"'), CultureInfo.InvariantCulture);

    /// <summary>The transform's JSON as the generated writer puts it, so two copies compare as text.</summary>
    private static string Canonical(byte[] json) =>
        Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(Transform.CreateFromJson(json), JsonableFormat.Json));
}
