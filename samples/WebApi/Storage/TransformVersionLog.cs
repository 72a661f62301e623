using System.Buffers;
using System.Collections.Concurrent;
using System.Globalization;
using Jsonable.AspNetCore.Feeds;
using Jsonable.Samples.RealData;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// The transforms' version log (<see cref="IJsonableVersionLog"/>) over the store's <c>transform_versions</c> table:
/// snapshots and logged deltas are read from the database, so a client can resume on any instance sharing it; live
/// changes come from this process's writes (with their delta, sent as they are) and from the other instances' writes
/// that the store hears of (<see cref="ISharedTransformStore"/>; the feed then reads the log).
/// </summary>
/// <param name="store">The transform store, resolved on first use (the store that publishes to this log is built with it).</param>
public sealed class TransformVersionLog(Func<ITransformStore> store) : IJsonableVersionLog
{
    /// <summary>Versions of each transform whose deltas the stores keep unless configured (<c>Transforms:VersionLogLength</c>).</summary>
    public const int DefaultLength = 100;

    private readonly ConcurrentDictionary<long, List<Action<JsonableFeedEvent?>>> _watchers = new();

    /// <summary>Watches open right now, over all transforms.</summary>
    public int WatchCount => _watchers.Values.Sum(w =>
    {
        lock (w)
        {
            return w.Count;
        }
    });

    /// <inheritdoc />
    public ValueTask<JsonableFeedEvent?> ReadSnapshotAsync(string resourceId, CancellationToken cancellationToken) =>
        ValueTask.FromResult(store().Get(Id(resourceId)) is { } stored
            ? new JsonableFeedEvent(JsonableFeedEventKind.Snapshot, stored.Version, JsonableSerializer.SerializeToUtf8Bytes(stored.Value, JsonableFormat.Json))
            : (JsonableFeedEvent?)null);

    /// <inheritdoc />
    public ValueTask<IReadOnlyList<JsonableFeedEvent>?> ReadDeltasAfterAsync(string resourceId, long version, CancellationToken cancellationToken) =>
        ValueTask.FromResult(store().ReadDeltasAfter(Id(resourceId), version) is { } deltas
            ? deltas.Select(d => new JsonableFeedEvent(JsonableFeedEventKind.Delta, d.Version, d.Json)).ToList()
            : (IReadOnlyList<JsonableFeedEvent>?)null);

    /// <inheritdoc />
    public IDisposable Watch(string resourceId, Action<JsonableFeedEvent?> appended)
    {
        long id = Id(resourceId);
        while (true)
        {
            List<Action<JsonableFeedEvent?>> watchers = _watchers.GetOrAdd(id, static _ => []);
            lock (watchers)
            {
                if (!_watchers.TryGetValue(id, out var current) || current != watchers)
                {
                    continue; // removed by its last watcher while we found it: take the new one
                }

                watchers.Add(appended);
            }

            return new Unwatch(this, id, watchers, appended);
        }
    }

    /// <summary>Tells the watchers of a transform this process just wrote (with the delta the store logged, if any).</summary>
    /// <param name="stored">What the write returned.</param>
    public void Appended(StoredTransform stored) =>
        Notify(stored.Value.Id, stored.Delta.IsEmpty ? null : new JsonableFeedEvent(JsonableFeedEventKind.Delta, stored.Version, stored.Delta));

    /// <summary>Tells the watchers of a transform another instance wrote (all watchers when the store cannot say which) to read the log.</summary>
    /// <param name="written">What the store heard.</param>
    public void WrittenElsewhere(TransformWrittenElsewhere written)
    {
        foreach (long id in written.Id is { } one ? [one] : _watchers.Keys.ToArray())
        {
            Notify(id, null);
        }
    }

    /// <summary>The merge patch from <paramref name="before"/> to <paramref name="after"/>, plain JSON: what the log keeps.</summary>
    public static byte[] Delta(Transform before, Transform after)
    {
        var buffer = new ArrayBufferWriter<byte>(256);
        Transform.WriteMergePatch(before, after, buffer, emitMetadataComments: false);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Whether <paramref name="deltas"/> (read in version order) are every version after <paramref name="after"/> up to <paramref name="current"/>.</summary>
    public static bool Covers(IReadOnlyList<LoggedDelta> deltas, long after, long current)
    {
        if (deltas.Count != current - after)
        {
            return false;
        }

        for (int i = 0; i < deltas.Count; i++)
        {
            if (deltas[i].Version != after + 1 + i)
            {
                return false;
            }
        }

        return true;
    }

    private void Notify(long id, JsonableFeedEvent? appended)
    {
        if (!_watchers.TryGetValue(id, out var watchers))
        {
            return;
        }

        Action<JsonableFeedEvent?>[] targets;
        lock (watchers)
        {
            targets = [.. watchers];
        }

        foreach (Action<JsonableFeedEvent?> target in targets)
        {
            target(appended);
        }
    }

    private static long Id(string resourceId) => long.Parse(resourceId, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

    private sealed class Unwatch(TransformVersionLog log, long id, List<Action<JsonableFeedEvent?>> watchers, Action<JsonableFeedEvent?> appended) : IDisposable
    {
        private int _disposed;

        public void Dispose()
        {
            if (Interlocked.Exchange(ref _disposed, 1) != 0)
            {
                return;
            }

            lock (watchers)
            {
                watchers.Remove(appended);
                if (watchers.Count == 0)
                {
                    log._watchers.TryRemove(new KeyValuePair<long, List<Action<JsonableFeedEvent?>>>(id, watchers));
                }
            }
        }
    }
}
