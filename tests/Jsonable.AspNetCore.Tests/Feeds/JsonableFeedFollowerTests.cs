using System.Net;
using System.Text;
using Jsonable.Http;

namespace Jsonable.AspNetCore.Tests.Feeds;

/// <summary>
/// Jsonable.Http's <see cref="JsonableFeedFollower{T}"/>: a delta applies only to the version right before it, never
/// twice; a gap forgets the version so the next connection asks for a snapshot; the event stream is parsed as the
/// standard says; a reconnection names the version held in <c>Last-Event-ID</c>.
/// </summary>
public sealed class JsonableFeedFollowerTests
{
    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(30);

    [Fact]
    public void ADelta_AppliesOnlyToTheVersionRightBeforeIt()
    {
        var follower = new JsonableFeedFollower<FeedModel>();
        Assert.Equal(JsonableFeedApplyResult.Gap, follower.ApplyDelta(2, """{"score":2}"""u8)); // no copy yet
        Assert.Equal(JsonableFeedApplyResult.Applied, follower.ApplySnapshot(3, """{"name":"a","score":3,"counters":{"x":1}}"""u8));
        Assert.Equal(JsonableFeedApplyResult.Applied, follower.ApplyDelta(4, """{"score":4,"counters":{"x":null,"y":2}}"""u8));
        Assert.Equal(JsonableFeedApplyResult.AlreadyApplied, follower.ApplyDelta(4, """{"score":40}"""u8));
        Assert.Equal(JsonableFeedApplyResult.AlreadyApplied, follower.ApplySnapshot(4, """{"score":400}"""u8));
        Assert.Equal("""{"name":"a","score":4,"counters":{"y":2}}""", Json(follower));
        Assert.Equal(4, follower.Version);

        Assert.Equal(JsonableFeedApplyResult.Gap, follower.ApplyDelta(6, """{"score":6}"""u8)); // 5 is missing
        Assert.Null(follower.Version);
        Assert.Equal("""{"name":"a","score":4,"counters":{"y":2}}""", Json(follower)); // unchanged
        Assert.Equal(JsonableFeedApplyResult.Gap, follower.ApplyDelta(5, """{"score":5}"""u8)); // until a snapshot
        Assert.Equal(JsonableFeedApplyResult.Applied, follower.ApplySnapshot(6, """{"name":"b","score":6}"""u8));
        Assert.Equal(JsonableFeedApplyResult.Gap, follower.ApplyDelta(7, """{"score":"not a number"}"""u8)); // does not fit: start again
        Assert.Equal("""{"name":"b","score":6,"counters":null}""", Json(follower));
        Assert.Equal((2, 1), (follower.SnapshotsApplied, follower.DeltasApplied));
    }

    [Fact]
    public void A_snapshot_older_than_the_copy_is_the_servers_state_and_replaces_it()
    {
        // The server's versions started over (a store reset): for the copy's version 9 it sends a snapshot at 2.
        var follower = new JsonableFeedFollower<FeedModel>();
        Assert.Equal(JsonableFeedApplyResult.Applied, follower.ApplySnapshot(9, """{"name":"old","score":9}"""u8));
        Assert.Equal(JsonableFeedApplyResult.Applied, follower.ApplySnapshot(2, """{"name":"new","score":2}"""u8));
        Assert.Equal(2, follower.Version);
        Assert.Equal(JsonableFeedApplyResult.Applied, follower.ApplyDelta(3, """{"score":3}"""u8));
        Assert.Equal("""{"name":"new","score":3,"counters":null}""", Json(follower));
    }

    [Fact]
    public async Task Follow_ParsesTheEventStream_AndReconnectsWithTheVersionHeld()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        var handler = new CannedFeed(
            // CRLF and LF line ends, a comment, an event split over two data lines, an unknown event type, an event with no id.
            ": hello\r\nevent: snapshot\r\nid: 10\r\ndata: {\"name\":\"a\",\r\ndata: \"score\":10}\r\n\r\n"
            + "event: patch\nid: 11\ndata: {\"score\":11}\n\n"
            + "event: other\nid: 12\ndata: {}\n\n"
            + "event: patch\ndata: {\"score\":99}\n\n", // no id field: the last one (12) carries over, and 12 follows 11
            "event: patch\nid: 12\ndata: {\"score\":12}\n\nevent: patch\nid: 13\ndata: {\"name\":\"c\"}\n\n",
            "event: patch\nid: 15\ndata: {\"score\":15}\n\n", // a gap: reconnect at once without Last-Event-ID
            "event: snapshot\nid: 15\ndata: {\"name\":\"d\",\"score\":15}\n\n");
        var follower = new JsonableFeedFollower<FeedModel> { ReconnectDelay = TimeSpan.Zero };
        using var client = new HttpClient(handler) { BaseAddress = new Uri("http://feed.test/") };
        Task following = follower.FollowAsync(client, "things/1/live", f =>
        {
            if (f.Version == 15)
            {
                guard.Cancel();
            }
        }, guard.Token);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => following);

        Assert.Equal([null, "12", "13", null], handler.LastEventIds);
        Assert.Equal("""{"name":"d","score":15,"counters":null}""", Json(follower));
        Assert.Equal((2, 3, 4), (follower.SnapshotsApplied, follower.DeltasApplied, follower.Connections));
    }

    [Fact]
    public async Task Follow_StopsOnAClientError()
    {
        var handler = new CannedFeed() { Status = HttpStatusCode.NotFound };
        using var client = new HttpClient(handler) { BaseAddress = new Uri("http://feed.test/") };
        HttpRequestException e = await Assert.ThrowsAnyAsync<HttpRequestException>(() => new JsonableFeedFollower<FeedModel>().FollowAsync(client, "things/2/live"));
        Assert.Contains("404", e.Message, StringComparison.Ordinal);
    }

    private static string Json(JsonableFeedFollower<FeedModel> follower) =>
        Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(follower.Current!, JsonableFormat.Json));

    /// <summary>Answers each request with the next canned event stream (then with an empty one), recording <c>Last-Event-ID</c>.</summary>
    private sealed class CannedFeed(params string[] streams) : HttpMessageHandler
    {
        private int _next;

        public List<string?> LastEventIds { get; } = [];

        public HttpStatusCode Status { get; init; } = HttpStatusCode.OK;

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            LastEventIds.Add(request.Headers.TryGetValues("Last-Event-ID", out IEnumerable<string>? values) ? values.Single() : null);
            string body = _next < streams.Length ? streams[_next++] : "";
            var content = new ByteArrayContent(Encoding.UTF8.GetBytes(body));
            content.Headers.ContentType = new("text/event-stream");
            return Task.FromResult(new HttpResponseMessage(Status) { Content = content });
        }
    }
}

/// <summary>A resource followed in the tests.</summary>
[ToJson, FromJson]
public partial class FeedModel
{
    /// <summary>A name.</summary>
    public string? Name { get; set; }

    /// <summary>A number.</summary>
    public int Score { get; set; }

    /// <summary>Counters by key.</summary>
    public Dictionary<string, int>? Counters { get; set; }
}
