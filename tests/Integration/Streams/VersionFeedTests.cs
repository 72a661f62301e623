using System.Globalization;
using System.Net;
using System.Text;
using Jsonable.AspNetCore.SignalR;
using Jsonable.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR.Client;

namespace Jsonable.Integration.Tests.Streams;

/// <summary>
/// The sample's transforms as a feed ordered by version (docs/realtime.md, "Deltas addressed by version"): the bytes of
/// a resumed server-sent event stream, the snapshot when the log no longer holds the version, the hub's stream of the
/// same events, and Jsonable.Http's follower keeping a copy equal to the server's across a broken connection.
/// </summary>
public sealed class VersionFeedTests(VersionFeedTests.ShortLogFactory factory) : IClassFixture<VersionFeedTests.ShortLogFactory>
{
    /// <summary>The version log length of <see cref="ShortLogFactory"/>: a client further behind gets a snapshot.</summary>
    private const int LogLength = 8;

    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(60);

    [Theory]
    [InlineData("header")]
    [InlineData("query")]
    public async Task Resume_SendsExactlyTheDeltasAfterTheVersion_ThenTheLiveOnes(string how)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        HttpClient client = factory.CreateStreamingClient();
        Written written = await Written.CreateAsync(client);
        await written.ChangeAsync(client, 5); // versions 2..6

        using HttpRequestMessage request = Requests.Create(HttpMethod.Get, $"/minimal/transforms/{written.Id}/live{(how == "query" ? "?fromVersion=3" : "")}", "text/event-stream");
        if (how == "header")
        {
            request.Headers.Add("Last-Event-ID", "3");
        }

        using HttpResponseMessage response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, guard.Token);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        using var reader = new StreamReader(await response.Content.ReadAsStreamAsync(guard.Token), Encoding.UTF8);
        for (long v = 4; v <= 6; v++)
        {
            Assert.Equal(written.PatchEvent(v), await ReadEventAsync(reader, guard.Token));
        }

        await written.ChangeAsync(client, 1); // version 7, live
        Assert.Equal(written.PatchEvent(7), await ReadEventAsync(reader, guard.Token));
    }

    [Theory]
    [InlineData("1")] // older than the log keeps
    [InlineData("999")] // ahead of the resource
    [InlineData("abc")] // not a version
    [InlineData(null)] // none
    public async Task AVersionTheLogCannotBringUpToDate_GetsASnapshotEventFirst_ThenLiveDeltas(string? lastEventId)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        HttpClient client = factory.CreateStreamingClient();
        Written written = await Written.CreateAsync(client);
        await written.ChangeAsync(client, LogLength + 2); // version 1's successor is trimmed

        using HttpRequestMessage request = Requests.Create(HttpMethod.Get, $"/minimal/transforms/{written.Id}/live", "text/event-stream");
        if (lastEventId is not null)
        {
            request.Headers.Add("Last-Event-ID", lastEventId);
        }

        using HttpResponseMessage response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, guard.Token);
        using var reader = new StreamReader(await response.Content.ReadAsStreamAsync(guard.Token), Encoding.UTF8);
        long now = written.Latest;
        Assert.Equal($"event: snapshot\ndata: {written.State(now)}\nid: {now}\n", await ReadEventAsync(reader, guard.Token));

        await written.ChangeAsync(client, 1);
        Assert.Equal(written.PatchEvent(now + 1), await ReadEventAsync(reader, guard.Token));
    }

    [Fact]
    public async Task TheOldestVersionTheLogKeeps_StillResumesWithDeltas()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        HttpClient client = factory.CreateStreamingClient();
        Written written = await Written.CreateAsync(client);
        await written.ChangeAsync(client, LogLength + 2);
        long oldest = written.Latest - LogLength; // the log holds the deltas to oldest+1 .. latest

        using HttpRequestMessage request = Requests.Create(HttpMethod.Get, $"/minimal/transforms/{written.Id}/live", "text/event-stream");
        request.Headers.Add("Last-Event-ID", oldest.ToString(CultureInfo.InvariantCulture));
        using HttpResponseMessage response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, guard.Token);
        using var reader = new StreamReader(await response.Content.ReadAsStreamAsync(guard.Token), Encoding.UTF8);
        Assert.Equal(written.PatchEvent(oldest + 1), await ReadEventAsync(reader, guard.Token));
    }

    [Fact]
    public async Task TheFollowersCopy_EqualsTheServers_AfterChangesWithABrokenConnectionInTheMiddle()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        HttpClient writer = factory.CreateStreamingClient();
        Written written = await Written.CreateAsync(writer);
        var breaker = new BreakingHandler();
        HttpClient reader = factory.CreateDefaultClient(breaker);
        var follower = new JsonableFeedFollower<Transform> { ReconnectDelay = TimeSpan.FromMilliseconds(50) };
        var applied = new List<long>();
        var changed = new SemaphoreSlim(0);
        Task following = follower.FollowAsync(reader, $"/minimal/transforms/{written.Id}/live", f =>
        {
            lock (applied)
            {
                applied.Add(f.Version!.Value);
            }

            changed.Release();
        }, guard.Token);
        await WaitForAsync(applied, written.Latest, changed, guard.Token); // the snapshot

        await written.ChangeAsync(writer, 6);
        await WaitForAsync(applied, written.Latest, changed, guard.Token);

        breaker.Break(); // the open stream fails: the follower reconnects with Last-Event-ID
        await written.ChangeAsync(writer, 6); // while it is away
        await WaitForAsync(applied, written.Latest, changed, guard.Token);
        await written.ChangeAsync(writer, 3);
        await WaitForAsync(applied, written.Latest, changed, guard.Token);

        (_, byte[] server) = await writer.GetAsync($"/minimal/transforms/{written.Id}", "application/json");
        Assert.Equal(Encoding.UTF8.GetString(server), Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(follower.Current!, JsonableFormat.Json)));
        lock (applied)
        {
            Assert.Equal(Enumerable.Range(1, (int)written.Latest).Select(v => (long)v), applied); // every version once, in order
        }

        Assert.Equal(1, follower.SnapshotsApplied);
        Assert.Equal(written.Latest - 1, follower.DeltasApplied);
        Assert.Equal(2, follower.Connections);
        Assert.Equal([null, "7"], breaker.LastEventIds); // the reconnection named the version held when the stream broke
        await guard.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => following);
    }

    [Theory]
    [InlineData("json")]
    [InlineData("jmc1")]
    public async Task TheHubsSubscribeStream_GivesTheSameSequence(string protocol)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        HttpClient client = factory.CreateStreamingClient();
        Written written = await Written.CreateAsync(client);
        await written.ChangeAsync(client, 5); // versions 2..6
        IHubConnectionBuilder builder = new HubConnectionBuilder().WithUrl(new Uri(factory.Server.BaseAddress, "hubs/transforms"), o =>
        {
            o.HttpMessageHandlerFactory = _ => factory.Server.CreateHandler();
            o.Transports = HttpTransportType.LongPolling;
        });
        builder = protocol == "json" ? builder.AddJsonableProtocol() : builder.AddJsonableJmc1Protocol();
        await using HubConnection connection = builder.Build();
        await connection.StartAsync(guard.Token);

        await using (IAsyncEnumerator<TransformFeedItem> resumed = connection.StreamAsync<TransformFeedItem>("Subscribe", written.Id, 3L, guard.Token).GetAsyncEnumerator(guard.Token))
        {
            for (long v = 4; v <= 6; v++)
            {
                Assert.True(await resumed.MoveNextAsync());
                Assert.Equal((v, false, written.Delta(v)), (resumed.Current.Version, resumed.Current.Snapshot, resumed.Current.Json));
            }

            await written.ChangeAsync(client, 1);
            Assert.True(await resumed.MoveNextAsync());
            Assert.Equal((7L, false, written.Delta(7)), (resumed.Current.Version, resumed.Current.Snapshot, resumed.Current.Json));
        }

        await using IAsyncEnumerator<TransformFeedItem> fresh = connection.StreamAsync<TransformFeedItem>("Subscribe", written.Id, 0L, guard.Token).GetAsyncEnumerator(guard.Token);
        Assert.True(await fresh.MoveNextAsync());
        Assert.Equal((7L, true, written.State(7)), (fresh.Current.Version, fresh.Current.Snapshot, fresh.Current.Json));
    }

    private static async Task WaitForAsync(List<long> applied, long version, SemaphoreSlim changed, CancellationToken cancellationToken)
    {
        while (true)
        {
            lock (applied)
            {
                if (applied.Count > 0 && applied[^1] == version)
                {
                    return;
                }
            }

            await changed.WaitAsync(cancellationToken);
        }
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

    /// <summary>The sample with a short version log.</summary>
    public sealed class ShortLogFactory : SampleApiFactory
    {
        /// <inheritdoc />
        protected override void ConfigureWebHost(IWebHostBuilder builder)
        {
            base.ConfigureWebHost(builder);
            builder.UseSetting("Transforms:VersionLogLength", LogLength.ToString(CultureInfo.InvariantCulture));
        }
    }

    /// <summary>A transform created and changed through the API, with what the server answered for each version.</summary>
    internal sealed class Written
    {
        private readonly Dictionary<long, string> _states = [];
        private int _changes;

        private Written(long id) => Id = id;

        public long Id { get; }

        public long Latest => _states.Keys.Max();

        public static async Task<Written> CreateAsync(HttpClient client)
        {
            (HttpResponseMessage created, byte[] body) = await client.SendAsync(
                HttpMethod.Post, "/minimal/transforms", "application/json",
                Requests.Body("""{"id":0,"name":"feed","counters":{"a":1}}"""u8.ToArray(), "application/json"));
            await HttpAssert.StatusAsync(HttpStatusCode.Created, created);
            var written = new Written(Transform.CreateFromJson(body).Id);
            written._states[Version(created)] = Canonical(body);
            return written;
        }

        /// <summary>PATCHes (and now and then PUTs) <paramref name="count"/> changes, one after another.</summary>
        public async Task ChangeAsync(HttpClient client, int count)
        {
            for (int n = 0; n < count; n++, _changes++)
            {
                int i = _changes;
                (HttpResponseMessage response, byte[] body) = i % 7 == 6
                    ? await client.SendAsync(HttpMethod.Put, $"/api/transforms/{Id}", "application/json", Requests.Body(Encoding.UTF8.GetBytes($$"""{"id":{{Id}},"name":"replaced {{i}}","tags":["r"]}"""), "application/json"))
                    : await client.SendAsync(HttpMethod.Patch, $"{(i % 2 == 0 ? "/api" : "/minimal")}/transforms/{Id}", "application/json", Requests.Body(Encoding.UTF8.GetBytes(LiveTransformTests.Patch(i)), "application/merge-patch+json"));
                await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
                _states[Version(response)] = Canonical(body);
            }
        }

        /// <summary>The transform at <paramref name="version"/>, as the generated writer writes it.</summary>
        public string State(long version) => _states[version];

        /// <summary>The merge patch from the version before <paramref name="version"/> to it.</summary>
        public string Delta(long version) =>
            Encoding.UTF8.GetString(TransformVersionLog.Delta(Transform.CreateFromJson(_states[version - 1]), Transform.CreateFromJson(_states[version])));

        /// <summary>The server-sent event of the delta to <paramref name="version"/>, as its lines.</summary>
        public string PatchEvent(long version) => $"event: patch\ndata: {Delta(version)}\nid: {version}\n";

        private static long Version(HttpResponseMessage response) => long.Parse(response.Headers.ETag!.Tag.Trim('"'), CultureInfo.InvariantCulture);

        private static string Canonical(byte[] json) =>
            Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(Transform.CreateFromJson(json), JsonableFormat.Json));
    }
}
