using System.Text;
using Jsonable.AspNetCore.Feeds;

namespace Jsonable.AspNetCore.Tests.Feeds;

/// <summary>
/// The resume logic of <see cref="JsonableVersionFeed.ReadAsync"/> against a log in memory: every version exactly once
/// and in order, whatever the watch reports (repeats, stale versions, bare notices, gaps, overflow), and a snapshot only
/// when the log cannot fill a gap.
/// </summary>
public sealed class JsonableVersionFeedTests
{
    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task Resume_GivesTheLoggedDeltasAfterTheVersion_ThenEachLiveVersionOnce()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        var memory = new MemoryVersionLog();
        for (int i = 0; i < 4; i++)
        {
            memory.Append(); // versions 2..5
        }

        await using IAsyncEnumerator<JsonableFeedEvent> feed = JsonableVersionFeed.ReadAsync(memory.AsLog(), MemoryVersionLog.Id, 2, cancellationToken: guard.Token).GetAsyncEnumerator(guard.Token);
        Assert.Equal(["patch 3 {\"n\":3}", "patch 4 {\"n\":4}", "patch 5 {\"n\":5}"], await TakeAsync(feed, 3));

        memory.Notify(new JsonableFeedEvent(JsonableFeedEventKind.Delta, 5, Encoding.UTF8.GetBytes("{\"stale\":5}"))); // sent already
        memory.Append(); // 6, with its delta
        memory.Notify(new JsonableFeedEvent(JsonableFeedEventKind.Delta, 6, Encoding.UTF8.GetBytes("{\"again\":6}"))); // heard twice
        memory.Append(withDelta: false); // 7, a bare notice: read from the log
        memory.Notify(null); // a notice with nothing new
        memory.Append(); // 8
        Assert.Equal(["patch 6 {\"n\":6}", "patch 7 {\"n\":7}", "patch 8 {\"n\":8}"], await TakeAsync(feed, 3));
    }

    [Theory]
    [InlineData(null)] // none
    [InlineData(-1L)] // not a version
    [InlineData(1L)] // older than the log keeps (length 3: deltas 4..6 left)
    [InlineData(7L)] // ahead
    public async Task AVersionTheLogCannotBringUpToDate_StartsWithASnapshot(long? from)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        var memory = new MemoryVersionLog(length: 3);
        for (int i = 0; i < 5; i++)
        {
            memory.Append(); // versions 2..6
        }

        await using IAsyncEnumerator<JsonableFeedEvent> feed = JsonableVersionFeed.ReadAsync(memory.AsLog(), MemoryVersionLog.Id, from, cancellationToken: guard.Token).GetAsyncEnumerator(guard.Token);
        Assert.Equal(["snapshot 6 {\"n\":6}"], await TakeAsync(feed, 1));
        memory.Append();
        Assert.Equal(["patch 7 {\"n\":7}"], await TakeAsync(feed, 1));
    }

    [Fact]
    public async Task TheOldestVersionTheLogKeeps_Resumes()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        var memory = new MemoryVersionLog(length: 3);
        for (int i = 0; i < 5; i++)
        {
            memory.Append(); // versions 2..6, deltas 4..6 kept
        }

        await using IAsyncEnumerator<JsonableFeedEvent> feed = JsonableVersionFeed.ReadAsync(memory.AsLog(), MemoryVersionLog.Id, 3, cancellationToken: guard.Token).GetAsyncEnumerator(guard.Token);
        Assert.Equal(["patch 4 {\"n\":4}", "patch 5 {\"n\":5}", "patch 6 {\"n\":6}"], await TakeAsync(feed, 3));
    }

    [Fact]
    public async Task ASlowReader_WhosePendingChangesOverflow_IsCaughtUpFromTheLog()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        var memory = new MemoryVersionLog();
        await using IAsyncEnumerator<JsonableFeedEvent> feed = JsonableVersionFeed.ReadAsync(memory.AsLog(), MemoryVersionLog.Id, null, maxPendingEvents: 2, guard.Token).GetAsyncEnumerator(guard.Token);
        Assert.Equal(["snapshot 1 {\"n\":1}"], await TakeAsync(feed, 1));
        for (int i = 0; i < 10; i++)
        {
            memory.Append(); // 2..11 while the reader does not read: all but the last two are dropped
        }

        Assert.Equal(Enumerable.Range(2, 10).Select(v => $"patch {v} {{\"n\":{v}}}"), await TakeAsync(feed, 10));
    }

    [Fact]
    public async Task AGapTheLogNoLongerHolds_GivesASnapshot_ThenDeltasAgain()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        var memory = new MemoryVersionLog(length: 3);
        await using IAsyncEnumerator<JsonableFeedEvent> feed = JsonableVersionFeed.ReadAsync(memory.AsLog(), MemoryVersionLog.Id, null, cancellationToken: guard.Token).GetAsyncEnumerator(guard.Token);
        Assert.Equal(["snapshot 1 {\"n\":1}"], await TakeAsync(feed, 1));
        memory.Notifying = false;
        for (int i = 0; i < 5; i++)
        {
            memory.Append(); // 2..6 unheard; the log keeps 4..6
        }

        memory.Notifying = true;
        memory.Append(); // 7: a gap after 1 that the log cannot fill
        Assert.Equal(["snapshot 7 {\"n\":7}"], await TakeAsync(feed, 1));
        memory.Append(); // 8
        Assert.Equal(["patch 8 {\"n\":8}"], await TakeAsync(feed, 1));
    }

    [Fact]
    public async Task AMissingResource_EndsTheFeedAtOnce_AndTheWatchEndsWithIt()
    {
        var memory = new MemoryVersionLog();
        await using IAsyncEnumerator<JsonableFeedEvent> feed = JsonableVersionFeed.ReadAsync(memory.AsLog(), "missing", 1).GetAsyncEnumerator();
        Assert.False(await feed.MoveNextAsync());
        Assert.Equal(0, memory.WatchCount);
    }

    private static async Task<List<string>> TakeAsync(IAsyncEnumerator<JsonableFeedEvent> feed, int count)
    {
        var taken = new List<string>();
        while (taken.Count < count)
        {
            Assert.True(await feed.MoveNextAsync());
            JsonableFeedEvent e = feed.Current;
            taken.Add($"{(e.Kind == JsonableFeedEventKind.Snapshot ? "snapshot" : "patch")} {e.Version} {Encoding.UTF8.GetString(e.Data.Span)}");
        }

        return taken;
    }
}
