using System.Collections.Concurrent;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// The pre-serialized JSON arrays of the first N statuses, so that the pre-serialized route writes bytes that already
/// exist instead of joining every stored status on each request. The store calls <see cref="Invalidate"/> after every
/// write; a snapshot built while a write was under way is never kept.
/// </summary>
internal sealed class StatusListJsonCache
{
    // Each distinct limit keeps its own joined array; a few are enough for any real client, and the cap bounds memory.
    private const int MaxCachedLimits = 16;

    private readonly object _gate = new();
    private long _version;
    private Snapshot? _snapshot;

    /// <summary>Forgets every cached array; call it after the statuses changed.</summary>
    public void Invalidate()
    {
        lock (_gate)
        {
            _version++;
            _snapshot = null;
        }
    }

    /// <summary>The JSON array of the first <paramref name="limit"/> items of <paramref name="orderedItems"/>.</summary>
    public byte[] Get(int limit, Func<IEnumerable<byte[]>> orderedItems)
    {
        Snapshot snapshot = Volatile.Read(ref _snapshot) ?? Build(orderedItems);
        int count = Math.Min(limit, snapshot.Items.Length);
        if (snapshot.Joined.TryGetValue(count, out byte[]? cached))
        {
            return cached;
        }

        byte[] joined = Join(snapshot.Items, count);
        if (snapshot.Joined.Count < MaxCachedLimits)
        {
            snapshot.Joined.TryAdd(count, joined);
        }

        return joined;
    }

    private Snapshot Build(Func<IEnumerable<byte[]>> orderedItems)
    {
        long version;
        lock (_gate)
        {
            version = _version;
        }

        var snapshot = new Snapshot([.. orderedItems()]);
        lock (_gate)
        {
            // A write since we read the version may be missing from these items: serve them to this request only.
            if (_version == version)
            {
                _snapshot = snapshot;
            }
        }

        return snapshot;
    }

    private static byte[] Join(byte[][] items, int count)
    {
        int length = 2 + Math.Max(0, count - 1);
        for (int i = 0; i < count; i++)
        {
            length += items[i].Length;
        }

        byte[] joined = new byte[length];
        int offset = 0;
        joined[offset++] = (byte)'[';
        for (int i = 0; i < count; i++)
        {
            if (i > 0)
            {
                joined[offset++] = (byte)',';
            }

            items[i].CopyTo(joined, offset);
            offset += items[i].Length;
        }

        joined[offset] = (byte)']';
        return joined;
    }

    private sealed record Snapshot(byte[][] Items)
    {
        public ConcurrentDictionary<int, byte[]> Joined { get; } = new();
    }
}
