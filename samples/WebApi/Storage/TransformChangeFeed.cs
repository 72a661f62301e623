using System.Buffers;
using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using System.Threading.Channels;
using Jsonable.Samples.RealData;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// In-process fan-out of transform changes: one topic per transform id with subscribers, each change written once as
/// the generated merge patch from the previous state (<c>Transform.WriteMergePatch</c>) and the same bytes queued to
/// every subscriber. A subscriber's first event is the full state its deltas start from, taken under the topic's lock
/// so no change falls between the two. Changes made by other instances sharing the database come in through
/// <see cref="WrittenElsewhere"/>: the row is read again and published like a change of this process (docs/streams-writing.md).
/// </summary>
public sealed class TransformChangeFeed
{
    /// <summary>The event type of the first event: the whole transform.</summary>
    public const string SnapshotEvent = "snapshot";

    /// <summary>The event type of every later event: a JSON merge patch (RFC 7396) from the state before.</summary>
    public const string PatchEvent = "patch";

    /// <summary>
    /// Events a subscriber may lag behind before it is dropped (its stream ends; it reconnects and starts from a new
    /// snapshot): skipping an event would leave its copy wrong from then on, so a slow reader cannot be served partially.
    /// </summary>
    public const int MaxPendingEvents = 1024;

    private readonly ConcurrentDictionary<long, Topic> _topics = new();

    /// <summary>Subscribers right now, over all transforms.</summary>
    public int SubscriberCount => _topics.Values.Sum(t => t.Count);

    /// <summary>
    /// The changes of one transform: its state now (<see cref="SnapshotEvent"/>), then a <see cref="PatchEvent"/> per
    /// change; <see langword="null"/> when there is no such transform.
    /// </summary>
    /// <param name="id">The transform.</param>
    /// <param name="load">Reads the stored transform (called under the topic's lock when the topic is new).</param>
    public IAsyncEnumerable<TransformChange>? Subscribe(long id, Func<long, StoredTransform?> load)
    {
        while (true)
        {
            Topic topic = _topics.GetOrAdd(id, static _ => new Topic());
            lock (topic)
            {
                if (topic.Closed)
                {
                    continue; // removed by its last subscriber while we found it: take the new one
                }

                if (topic.Last is null && load(id) is { } stored)
                {
                    topic.Last = stored;
                }

                if (topic.Last is not { } last)
                {
                    Close(id, topic);
                    return null;
                }

                var events = Channel.CreateBounded<TransformChange>(new BoundedChannelOptions(MaxPendingEvents) { SingleReader = true });
                events.Writer.TryWrite(new TransformChange(SnapshotEvent, last, JsonableSerializer.SerializeToUtf8Bytes(last.Value, JsonableFormat.Json)));
                topic.Subscribers.Add(events);
                return ReadAsync(id, topic, events);
            }
        }
    }

    /// <summary>Sends the change that made <paramref name="updated"/> to the transform's subscribers, as one merge patch.</summary>
    /// <param name="updated">The transform as stored now; the feed keeps it, so it must not be changed afterwards.</param>
    public void Publish(StoredTransform updated)
    {
        if (!_topics.TryGetValue(updated.Value.Id, out Topic? topic))
        {
            return; // nobody listens: nothing to write
        }

        lock (topic)
        {
            // A change that lost the race to publish is already part of the newer state: the delta from the last
            // state sent covers it.
            if (topic.Closed || topic.Last is not { } last || updated.Version <= last.Version)
            {
                return;
            }

            var delta = new ArrayBufferWriter<byte>(256);
            Transform.WriteMergePatch(last.Value, updated.Value, delta, emitMetadataComments: false);
            topic.Last = updated;
            var item = new TransformChange(PatchEvent, updated, delta.WrittenMemory);
            for (int i = topic.Subscribers.Count - 1; i >= 0; i--)
            {
                if (!topic.Subscribers[i].Writer.TryWrite(item))
                {
                    topic.Subscribers[i].Writer.TryComplete(); // too far behind: it starts again from a snapshot
                    topic.Subscribers.RemoveAt(i);
                }
            }
        }
    }

    /// <summary>
    /// Publishes another process's write to the subscribers of this process: the transform is read again (at its version
    /// or a later one) unless the feed has sent that version already, e.g. from an earlier notification's read.
    /// </summary>
    /// <param name="written">What was written; all transforms with subscribers are read again when its id is null.</param>
    /// <param name="load">Reads the stored transform.</param>
    public void WrittenElsewhere(TransformWrittenElsewhere written, Func<long, StoredTransform?> load)
    {
        KeyValuePair<long, Topic>[] topics = written.Id is not { } one ? _topics.ToArray()
            : _topics.TryGetValue(one, out Topic? listened) ? [new(one, listened)]
            : []; // nobody here follows it: nothing to read
        foreach ((long id, Topic topic) in topics)
        {
            lock (topic)
            {
                if (topic.Closed || topic.Last is not { } last || (written.Id is not null && last.Version >= written.Version))
                {
                    continue;
                }
            }

            // Read outside the lock (a database round trip); Publish keeps only a state newer than the last one sent.
            if (load(id) is { } stored)
            {
                Publish(stored);
            }
        }
    }

    private async IAsyncEnumerable<TransformChange> ReadAsync(long id, Topic topic, Channel<TransformChange> events, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        try
        {
            await foreach (TransformChange item in events.Reader.ReadAllAsync(cancellationToken).ConfigureAwait(false))
            {
                yield return item;
            }
        }
        finally
        {
            lock (topic)
            {
                topic.Subscribers.Remove(events);
                if (topic.Subscribers.Count == 0)
                {
                    Close(id, topic);
                }
            }
        }
    }

    /// <summary>Forgets a topic nobody listens to (its state is read again by the next subscriber); called under its lock.</summary>
    private void Close(long id, Topic topic)
    {
        topic.Closed = true;
        _topics.TryRemove(new KeyValuePair<long, Topic>(id, topic));
    }

    private sealed class Topic
    {
        public List<Channel<TransformChange>> Subscribers { get; } = [];

        public StoredTransform? Last { get; set; }

        public bool Closed { get; set; }

        public int Count
        {
            get
            {
                lock (this)
                {
                    return Subscribers.Count;
                }
            }
        }
    }
}

/// <summary>One event of a <see cref="TransformChangeFeed"/>, the same instance for every subscriber.</summary>
/// <param name="EventType"><see cref="TransformChangeFeed.SnapshotEvent"/> or <see cref="TransformChangeFeed.PatchEvent"/>.</param>
/// <param name="State">The transform as stored after the change (its ETag is the event id); must not be changed.</param>
/// <param name="Json">The event's data, written once: the whole transform for a snapshot, else the merge patch from the state before.</param>
public sealed record TransformChange(string EventType, StoredTransform State, ReadOnlyMemory<byte> Json);

/// <summary>An <see cref="ITransformStore"/> that tells the <see cref="TransformChangeFeed"/> and the <see cref="TransformVersionLog"/>'s watchers about every write it makes.</summary>
/// <param name="inner">The store written to (disposed with this one: the container only sees this one).</param>
/// <param name="feed">The feed told.</param>
/// <param name="log">The version log whose watchers are told.</param>
public sealed class PublishingTransformStore(ITransformStore inner, TransformChangeFeed feed, TransformVersionLog log) : ITransformStore, IDisposable
{
    /// <inheritdoc />
    public void Dispose() => (inner as IDisposable)?.Dispose();

    /// <inheritdoc />
    public IReadOnlyList<StoredTransform> List() => inner.List();

    /// <inheritdoc />
    public StoredTransform? Get(long id) => inner.Get(id);

    /// <inheritdoc />
    public StoredTransform? Create(Transform transform) => Publish(inner.Create(transform));

    /// <inheritdoc />
    public (StoredTransform Stored, bool Created) Replace(Transform transform)
    {
        (StoredTransform stored, bool created) = inner.Replace(transform);
        Publish(stored);
        return (stored, created);
    }

    /// <inheritdoc />
    public StoredTransform? Update(long id, Action<StoredTransform> change) => Publish(inner.Update(id, change));

    /// <inheritdoc />
    public IReadOnlyList<LoggedDelta>? ReadDeltasAfter(long id, long version) => inner.ReadDeltasAfter(id, version);

    private StoredTransform? Publish(StoredTransform? stored)
    {
        if (stored is not null)
        {
            log.Appended(stored);

            // The feed keeps what it is given; the caller goes on to write (and may change) the instance it got back.
            feed.Publish(stored with { Value = Transform.CreateFromJson(JsonableSerializer.SerializeToUtf8Bytes(stored.Value, JsonableFormat.Json)) });
        }

        return stored;
    }
}
