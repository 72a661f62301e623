using System;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Http.Internal;
using Jsonable.Metadata;

namespace Jsonable.Http;

/// <summary>
/// Keeps a local copy of a server resource equal to the server's by following its version feed (server-sent events
/// whose <c>id:</c> is the version: <c>snapshot</c> events carry the whole resource, <c>patch</c> events the merge patch
/// from the version before), across reconnects: it remembers the last version applied and reconnects with
/// <c>Last-Event-ID</c>, so the server sends only the deltas after it. A delta is applied only to the version right
/// before it: one already applied is skipped, and one that skips a version (a gap) makes the follower forget its version
/// and reconnect for a snapshot. The same rules apply to events from elsewhere (a SignalR stream) through
/// <see cref="ApplySnapshot"/> and <see cref="ApplyDelta"/>. Not thread-safe: one reader applies events at a time.
/// </summary>
/// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> class.</typeparam>
public sealed class JsonableFeedFollower<T>
    where T : class
{
    private readonly JsonableTypeInfo<T> _info;

    /// <summary>Creates a follower with no copy yet.</summary>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> has no generated reader and merge.</exception>
    public JsonableFeedFollower()
    {
        _info = JsonableRegistry.GetTypeInfo<T>() is { CanRead: true, CanMerge: true } info
            ? info
            : throw new NotSupportedException($"{typeof(T).Name} has no generated reader and merge: mark it [FromJson] (and partial).");
    }

    /// <summary>The local copy; <see langword="null"/> before the first snapshot.</summary>
    public T? Current { get; private set; }

    /// <summary>The version <see cref="Current"/> is at; <see langword="null"/> when the next connection must start from a snapshot.</summary>
    public long? Version { get; private set; }

    /// <summary>Snapshots applied so far.</summary>
    public int SnapshotsApplied { get; private set; }

    /// <summary>Deltas applied so far.</summary>
    public int DeltasApplied { get; private set; }

    /// <summary>Connections made by <see cref="FollowAsync"/> that the server answered with the feed.</summary>
    public int Connections { get; private set; }

    /// <summary>How long <see cref="FollowAsync"/> waits before reconnecting after a connection ended or failed (not after a gap); 1 second unless set.</summary>
    public TimeSpan ReconnectDelay { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>
    /// Replaces the copy with the resource at <paramref name="version"/>, unless the copy is already at that version. A
    /// snapshot older than the copy is applied too: a server sends one only when it cannot bring the copy's version up
    /// to date, as when the copy is ahead of it (its versions started over), and the server's state is the one to keep.
    /// </summary>
    /// <param name="version">The snapshot's version.</param>
    /// <param name="utf8Json">The whole resource, UTF-8 JSON.</param>
    /// <exception cref="JsonableException">The JSON does not fit <typeparamref name="T"/> (the copy is unchanged).</exception>
    public JsonableFeedApplyResult ApplySnapshot(long version, ReadOnlySpan<byte> utf8Json)
    {
        if (Version is { } held && version == held)
        {
            return JsonableFeedApplyResult.AlreadyApplied;
        }

        Current = JsonableSerializer.Deserialize<T>(utf8Json, JsonableFormat.Json) ?? throw new JsonableException("A snapshot was null.");
        Version = version;
        SnapshotsApplied++;
        return JsonableFeedApplyResult.Applied;
    }

    /// <summary>
    /// Applies the merge patch that leads to <paramref name="version"/> when the copy is at the version right before it;
    /// skips it when the copy is at <paramref name="version"/> or later; otherwise (a gap, no copy, or a patch that does
    /// not fit) changes nothing and forgets the version, so that the next connection starts from a snapshot.
    /// </summary>
    /// <param name="version">The version the delta leads to.</param>
    /// <param name="utf8MergePatch">The merge patch, UTF-8 JSON.</param>
    public JsonableFeedApplyResult ApplyDelta(long version, ReadOnlySpan<byte> utf8MergePatch)
    {
        if (Version is { } held && Current is { } current)
        {
            if (version <= held)
            {
                return JsonableFeedApplyResult.AlreadyApplied;
            }

            if (version == held + 1)
            {
                try
                {
                    _info.Merge(utf8MergePatch, JsonableFormat.Json, ref current); // atomic: nothing changes on an error
                    Current = current;
                    Version = version;
                    DeltasApplied++;
                    return JsonableFeedApplyResult.Applied;
                }
                catch (JsonableException)
                {
                    // A patch this copy cannot take means the copy cannot be trusted: start again from a snapshot.
                }
            }
        }

        Version = null;
        return JsonableFeedApplyResult.Gap;
    }

    /// <summary>
    /// Follows the feed at <paramref name="feedUri"/> until <paramref name="cancellationToken"/> fires, reconnecting
    /// whenever the connection ends or fails (after <see cref="ReconnectDelay"/>; at once after a gap), with
    /// <c>Last-Event-ID</c> set to <see cref="Version"/> when there is one. <paramref name="changed"/> runs after each
    /// event that changed the copy, on the reading thread.
    /// </summary>
    /// <param name="client">The client.</param>
    /// <param name="feedUri">The feed's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="changed">Called after each applied event.</param>
    /// <param name="cancellationToken">Stops following; the task then ends as canceled.</param>
    /// <exception cref="HttpRequestException">The server answered with a client error (4xx), such as 404 for a missing resource: following again would not help.</exception>
    public async Task FollowAsync(HttpClient client, string feedUri, Action<JsonableFeedFollower<T>>? changed = null, CancellationToken cancellationToken = default)
    {
        if (client is null)
        {
            throw new ArgumentNullException(nameof(client));
        }

        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            bool gap = false;
            try
            {
                gap = await ReadConnectionAsync(client, feedUri, changed, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (!cancellationToken.IsCancellationRequested && IsTransient(e))
            {
                // The connection broke or the server is away (an instance going down): reconnect with the version held.
            }
            catch (Exception) when (cancellationToken.IsCancellationRequested)
            {
                // Reading a disposed stream throws its own exception on some runtimes: report the cancellation instead.
                cancellationToken.ThrowIfCancellationRequested();
            }

            if (!gap)
            {
                await Task.Delay(ReconnectDelay, cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>Reads one connection's events; true when it stopped at a gap (reconnect at once, for a snapshot).</summary>
    private async Task<bool> ReadConnectionAsync(HttpClient client, string feedUri, Action<JsonableFeedFollower<T>>? changed, CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, feedUri);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("text/event-stream"));
        if (Version is { } held)
        {
            request.Headers.TryAddWithoutValidation("Last-Event-ID", held.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        using HttpResponseMessage response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        if ((int)response.StatusCode is >= 400 and < 500)
        {
            throw new FeedRefusedException($"The feed {feedUri} answered {(int)response.StatusCode} ({response.ReasonPhrase}).");
        }

        response.EnsureSuccessStatusCode();
        Connections++;
        using Stream stream = await response.Content.ReadAsStreamAsync().ConfigureAwait(false);
        using CancellationTokenRegistration stop = cancellationToken.Register(static s => ((IDisposable)s!).Dispose(), response);
        var events = new ServerSentEventReader(stream);
        while (await events.ReadAsync().ConfigureAwait(false))
        {
            if (!long.TryParse(events.Id, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out long version))
            {
                continue; // not a version event (a comment-only or foreign event): nothing to apply
            }

            JsonableFeedApplyResult result = events.EventType switch
            {
                "snapshot" => ApplySnapshot(version, events.Data),
                "patch" => ApplyDelta(version, events.Data),
                _ => JsonableFeedApplyResult.AlreadyApplied, // an event type this follower does not know changes nothing
            };
            if (result == JsonableFeedApplyResult.Gap)
            {
                return true;
            }

            if (result == JsonableFeedApplyResult.Applied)
            {
                changed?.Invoke(this);
            }
        }

        return false;
    }

    private static bool IsTransient(Exception e) => e switch
    {
        FeedRefusedException => false,
        HttpRequestException => true, // no connection, or a 5xx (an instance going away)
        IOException or ObjectDisposedException or TaskCanceledException => true, // TaskCanceledException here: HttpClient's timeout
        _ => false,
    };

    /// <summary>A 4xx answer: following again would get the same.</summary>
    private sealed class FeedRefusedException(string message) : HttpRequestException(message);
}
