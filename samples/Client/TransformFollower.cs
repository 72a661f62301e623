using System.Net.Http.Headers;
using System.Net.ServerSentEvents;
using Jsonable.Samples.RealData;

namespace Jsonable.Samples.Client;

/// <summary>
/// Keeps a local copy of one of the sample's transforms equal to the server's by following
/// <c>GET /minimal/transforms/{id}/live</c>: the first event (<c>snapshot</c>) is the whole transform, and every later
/// one (<c>patch</c>) the JSON merge patch of one change, applied in place with the generated merge
/// (<c>MergeFromJson</c>) straight from the parser's buffer. Each event's id is the ETag of the version it leads to.
/// </summary>
public sealed class TransformFollower
{
    /// <summary>The local copy; null before the first event.</summary>
    public Transform? Current { get; private set; }

    /// <summary>The ETag of the version <see cref="Current"/> equals.</summary>
    public string? ETag { get; private set; }

    /// <summary>Events applied so far, the snapshot included.</summary>
    public int EventsApplied { get; private set; }

    /// <summary>
    /// Follows the feed until the server ends it (a follower too far behind is dropped and should follow again: the
    /// new snapshot replaces the copy) or <paramref name="cancellationToken"/> fires; <paramref name="changed"/> runs
    /// after each event is applied.
    /// </summary>
    /// <param name="client">A client of the sample API.</param>
    /// <param name="liveUrl">The feed, e.g. <c>minimal/transforms/1/live</c>.</param>
    /// <param name="changed">Called after each event, on the reading thread.</param>
    /// <param name="cancellationToken">Stops following.</param>
    public async Task FollowAsync(HttpClient client, string liveUrl, Action<TransformFollower>? changed = null, CancellationToken cancellationToken = default)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, liveUrl);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("text/event-stream"));
        using HttpResponseMessage response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
        response.EnsureSuccessStatusCode();
        await using Stream stream = await response.Content.ReadAsStreamAsync(cancellationToken);

        // The item parser applies the data where it lies; the item it returns carries only the event type.
        SseParser<string> parser = SseParser.Create(stream, Apply);
        await foreach (SseItem<string> item in parser.EnumerateAsync(cancellationToken))
        {
            ETag = item.EventId;
            EventsApplied++;
            changed?.Invoke(this);
        }
    }

    private string Apply(string eventType, ReadOnlySpan<byte> data)
    {
        switch (eventType)
        {
            case "snapshot":
                Current = Transform.CreateFromJson(data);
                break;
            case "patch":
                (Current ?? throw new InvalidOperationException("A patch came before the snapshot.")).MergeFromJson(data);
                break;
        }

        return eventType;
    }
}
