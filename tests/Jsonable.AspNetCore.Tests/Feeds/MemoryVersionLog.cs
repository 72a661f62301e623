using System.Text;
using Jsonable.AspNetCore.Feeds;

namespace Jsonable.AspNetCore.Tests.Feeds;

/// <summary>
/// A version log in memory for the feed's tests: the state of each version as text, the last <c>length</c> deltas,
/// and watches the test can silence (to make gaps the feed must find in the log).
/// </summary>
internal sealed class MemoryVersionLog(int length = 100)
{
    private readonly Dictionary<long, string> _deltas = [];
    private readonly List<Action<JsonableFeedEvent?>> _watchers = [];

    public const string Id = "r";

    public long Version { get; private set; } = 1;

    public string State { get; private set; } = """{"n":1}""";

    /// <summary>Whether appends reach the watchers.</summary>
    public bool Notifying { get; set; } = true;

    public int WatchCount
    {
        get
        {
            lock (_watchers)
            {
                return _watchers.Count;
            }
        }
    }

    /// <summary>Writes the next version; its delta is <c>{"n":version}</c>. Notifies with the delta, or only of the fact when <paramref name="withDelta"/> is false.</summary>
    public void Append(bool withDelta = true)
    {
        Action<JsonableFeedEvent?>[] watchers;
        JsonableFeedEvent delta;
        lock (_watchers)
        {
            Version++;
            State = $$"""{"n":{{Version}}}""";
            _deltas[Version] = State;
            _deltas.Remove(Version - length);
            delta = new JsonableFeedEvent(JsonableFeedEventKind.Delta, Version, Encoding.UTF8.GetBytes(State));
            watchers = Notifying ? [.. _watchers] : [];
        }

        foreach (Action<JsonableFeedEvent?> watcher in watchers)
        {
            watcher(withDelta ? delta : null);
        }
    }

    /// <summary>Tells the watchers of <paramref name="e"/> as if it were appended (a repeat or a stale notice).</summary>
    public void Notify(JsonableFeedEvent? e)
    {
        Action<JsonableFeedEvent?>[] watchers;
        lock (_watchers)
        {
            watchers = [.. _watchers];
        }

        foreach (Action<JsonableFeedEvent?> watcher in watchers)
        {
            watcher(e);
        }
    }

    public IJsonableVersionLog AsLog() => new Log(this);

    private sealed class Log(MemoryVersionLog owner) : IJsonableVersionLog
    {
        public ValueTask<JsonableFeedEvent?> ReadSnapshotAsync(string resourceId, CancellationToken cancellationToken)
        {
            lock (owner._watchers)
            {
                return ValueTask.FromResult<JsonableFeedEvent?>(resourceId == Id
                    ? new JsonableFeedEvent(JsonableFeedEventKind.Snapshot, owner.Version, Encoding.UTF8.GetBytes(owner.State))
                    : null);
            }
        }

        public ValueTask<IReadOnlyList<JsonableFeedEvent>?> ReadDeltasAfterAsync(string resourceId, long version, CancellationToken cancellationToken)
        {
            lock (owner._watchers)
            {
                if (resourceId != Id || version > owner.Version)
                {
                    return ValueTask.FromResult<IReadOnlyList<JsonableFeedEvent>?>(null);
                }

                var deltas = new List<JsonableFeedEvent>();
                for (long v = version + 1; v <= owner.Version; v++)
                {
                    if (!owner._deltas.TryGetValue(v, out string? delta))
                    {
                        return ValueTask.FromResult<IReadOnlyList<JsonableFeedEvent>?>(null);
                    }

                    deltas.Add(new JsonableFeedEvent(JsonableFeedEventKind.Delta, v, Encoding.UTF8.GetBytes(delta)));
                }

                return ValueTask.FromResult<IReadOnlyList<JsonableFeedEvent>?>(deltas);
            }
        }

        public IDisposable Watch(string resourceId, Action<JsonableFeedEvent?> appended)
        {
            lock (owner._watchers)
            {
                owner._watchers.Add(appended);
            }

            return new Unwatch(owner, appended);
        }
    }

    private sealed class Unwatch(MemoryVersionLog owner, Action<JsonableFeedEvent?> appended) : IDisposable
    {
        public void Dispose()
        {
            lock (owner._watchers)
            {
                owner._watchers.Remove(appended);
            }
        }
    }
}
