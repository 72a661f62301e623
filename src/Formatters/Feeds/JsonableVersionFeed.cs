using System;
using System.Collections.Generic;
using System.Globalization;
using System.Net.ServerSentEvents;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;

namespace Jsonable.AspNetCore.Feeds;

/// <summary>
/// A resource's changes as a feed ordered by version, resumable from any version the log still holds: the deltas after
/// the version a client names, in order, then the live ones; a snapshot first when the log cannot bring the client's
/// version up to date. The same events serve server-sent events (<see cref="ServerSentEvents"/>, each event's id the
/// version, resumed with <c>Last-Event-ID</c>) and a SignalR hub's stream (<see cref="ReadAsync"/>). See docs/realtime.md.
/// </summary>
public static class JsonableVersionFeed
{
    /// <summary>The server-sent event type of a <see cref="JsonableFeedEventKind.Snapshot"/>: the whole resource.</summary>
    public const string SnapshotEventType = "snapshot";

    /// <summary>The server-sent event type of a <see cref="JsonableFeedEventKind.Delta"/>: a merge patch from the version before.</summary>
    public const string DeltaEventType = "patch";

    /// <summary>The query parameter that names the version to resume from, for clients that cannot set <c>Last-Event-ID</c>.</summary>
    public const string FromVersionQueryParameter = "fromVersion";

    /// <summary>The default of <c>maxPendingEvents</c>: changes a subscriber may lag behind before the feed reads the log to catch it up.</summary>
    public const int DefaultMaxPendingEvents = 256;

    /// <summary>
    /// The feed of one resource, from <paramref name="fromVersion"/> on: the deltas after it, then each change as it is
    /// logged, every version exactly once and in order. A snapshot comes first when <paramref name="fromVersion"/> is
    /// <see langword="null"/>, or older than the log keeps, or unknown (ahead of the resource), and again whenever the
    /// log cannot fill a gap (a subscriber so far behind that the deltas it missed were trimmed). Ends when the resource
    /// is gone or <paramref name="cancellationToken"/> fires; empty when there is no such resource.
    /// </summary>
    /// <param name="log">The resource's log.</param>
    /// <param name="resourceId">The resource.</param>
    /// <param name="fromVersion">The version the subscriber holds; <see langword="null"/> for none.</param>
    /// <param name="maxPendingEvents">
    /// Live changes kept for a subscriber that reads slower than they come; beyond them the oldest are dropped and the
    /// subscriber is caught up from the log (or a snapshot) instead, so a slow reader costs bounded memory and skips nothing.
    /// </param>
    /// <param name="cancellationToken">Ends the feed.</param>
    public static async IAsyncEnumerable<JsonableFeedEvent> ReadAsync(
        IJsonableVersionLog log,
        string resourceId,
        long? fromVersion,
        int maxPendingEvents = DefaultMaxPendingEvents,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(log);
        ArgumentNullException.ThrowIfNull(resourceId);
        ArgumentOutOfRangeException.ThrowIfLessThan(maxPendingEvents, 1);
        var pending = Channel.CreateBounded<JsonableFeedEvent?>(new BoundedChannelOptions(maxPendingEvents)
        {
            SingleReader = true,
            FullMode = BoundedChannelFullMode.DropOldest, // a dropped change is a gap, filled from the log below
        });

        // Watch before the first read, so that a change logged between the read and the watch is still heard of.
        using IDisposable watch = log.Watch(resourceId, appended => pending.Writer.TryWrite(appended));
        long last = -1;
        IReadOnlyList<JsonableFeedEvent>? missed = fromVersion is { } from and >= 0
            ? await log.ReadDeltasAfterAsync(resourceId, from, cancellationToken).ConfigureAwait(false)
            : null;
        if (missed is not null && Follows(missed, fromVersion!.Value))
        {
            last = fromVersion.Value;
            foreach (JsonableFeedEvent delta in missed)
            {
                yield return delta;
                last = delta.Version;
            }
        }
        else if (await log.ReadSnapshotAsync(resourceId, cancellationToken).ConfigureAwait(false) is { } snapshot)
        {
            yield return snapshot;
            last = snapshot.Version;
        }
        else
        {
            yield break;
        }

        while (await pending.Reader.WaitToReadAsync(cancellationToken).ConfigureAwait(false))
        {
            while (pending.Reader.TryRead(out JsonableFeedEvent? appended))
            {
                if (appended is { } known && known.Version <= last)
                {
                    continue; // sent already (from the log, or heard twice)
                }

                if (appended is { Kind: JsonableFeedEventKind.Delta } next && next.Version == last + 1)
                {
                    yield return next;
                    last = next.Version;
                    continue;
                }

                // A gap (changes dropped, or written by another instance) or a change known only by notice: the log fills it.
                IReadOnlyList<JsonableFeedEvent>? caughtUp = await log.ReadDeltasAfterAsync(resourceId, last, cancellationToken).ConfigureAwait(false);
                if (caughtUp is not null && Follows(caughtUp, last))
                {
                    foreach (JsonableFeedEvent delta in caughtUp)
                    {
                        yield return delta;
                        last = delta.Version;
                    }

                    continue;
                }

                if (await log.ReadSnapshotAsync(resourceId, cancellationToken).ConfigureAwait(false) is not { } snapshot)
                {
                    yield break; // the resource is gone
                }

                if (snapshot.Version != last)
                {
                    yield return snapshot;
                    last = snapshot.Version;
                }
            }
        }
    }

    /// <summary>
    /// The version a reconnecting client holds: its <c>Last-Event-ID</c> header (which an <c>EventSource</c> sends by
    /// itself), else the <c>fromVersion</c> query parameter; <see langword="null"/> when neither names a version (not a
    /// whole number from 0 up): the feed then starts with a snapshot.
    /// </summary>
    /// <param name="request">The request.</param>
    public static long? GetResumeVersion(HttpRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        StringValues named = request.Headers["Last-Event-ID"];
        if (StringValues.IsNullOrEmpty(named))
        {
            named = request.Query[FromVersionQueryParameter];
        }

        return named.Count == 1 && long.TryParse(named[0], NumberStyles.None, CultureInfo.InvariantCulture, out long version) ? version : null;
    }

    /// <summary>
    /// 200 with <c>text/event-stream</c>: the resource's feed from the version the request names
    /// (<see cref="GetResumeVersion"/>), one event per version, <c>id:</c> the version, <c>event:</c>
    /// <see cref="SnapshotEventType"/> or <see cref="DeltaEventType"/>, <c>data:</c> the JSON (written once, copied to
    /// every subscriber). Check that the resource exists first: for a missing one the stream is empty.
    /// </summary>
    /// <param name="log">The resource's log.</param>
    /// <param name="resourceId">The resource.</param>
    /// <param name="request">The request, for <c>Last-Event-ID</c> or <c>fromVersion</c>.</param>
    public static JsonableServerSentEventsResult<ReadOnlyMemory<byte>> ServerSentEvents(IJsonableVersionLog log, string resourceId, HttpRequest request) =>
        JsonableResults.ServerSentEventsOfUtf8Json(ToServerSentEvents(ReadAsync(log, resourceId, GetResumeVersion(request))));

    /// <summary>The feed's events as server-sent events: <c>id:</c> the version, <c>event:</c> the kind, <c>data:</c> the JSON.</summary>
    /// <param name="events">The feed (<see cref="ReadAsync"/>).</param>
    /// <param name="cancellationToken">Ends the enumeration.</param>
    public static async IAsyncEnumerable<SseItem<ReadOnlyMemory<byte>>> ToServerSentEvents(
        IAsyncEnumerable<JsonableFeedEvent> events,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(events);
        await foreach (JsonableFeedEvent e in events.WithCancellation(cancellationToken).ConfigureAwait(false))
        {
            yield return new SseItem<ReadOnlyMemory<byte>>(e.Data, e.Kind == JsonableFeedEventKind.Snapshot ? SnapshotEventType : DeltaEventType)
            {
                EventId = e.Version.ToString(CultureInfo.InvariantCulture),
            };
        }
    }

    /// <summary>Whether <paramref name="deltas"/> lead from <paramref name="version"/> one version at a time.</summary>
    private static bool Follows(IReadOnlyList<JsonableFeedEvent> deltas, long version)
    {
        for (int i = 0; i < deltas.Count; i++)
        {
            if (deltas[i].Kind != JsonableFeedEventKind.Delta || deltas[i].Version != version + 1 + i)
            {
                return false;
            }
        }

        return true;
    }
}
