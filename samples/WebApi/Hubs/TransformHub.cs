using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;
using Jsonable.AspNetCore.Feeds;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.SignalR;

namespace Jsonable.Samples.WebApi.Hubs;

/// <summary>
/// The transforms' version feed over SignalR (mapped at <c>/hubs/transforms</c>, with Jsonable's <c>json</c> and
/// <c>jmc1</c> hub protocols): the same events as <c>GET /minimal/transforms/{id}/live</c>, from the same log.
/// </summary>
/// <param name="log">The version log.</param>
/// <param name="store">The transforms.</param>
public sealed class TransformHub(TransformVersionLog log, ITransformStore store) : Hub
{
    /// <summary>
    /// Streams transform <paramref name="id"/>'s feed: the deltas after <paramref name="fromVersion"/> when the log still
    /// holds them, else a snapshot item first (0, or any version the log cannot bring up to date); then each version as
    /// it is written. Resubscribe with the last item's version after a reconnect.
    /// </summary>
    /// <param name="id">The transform.</param>
    /// <param name="fromVersion">The version the caller holds; 0 for none.</param>
    /// <param name="cancellationToken">Ends the stream (the caller cancels it or goes away).</param>
    public async IAsyncEnumerable<TransformFeedItem> Subscribe(long id, long fromVersion, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        if (store.Get(id) is null)
        {
            throw new HubException($"There is no transform {id}.");
        }

        string resourceId = id.ToString(CultureInfo.InvariantCulture);
        await foreach (JsonableFeedEvent e in JsonableVersionFeed.ReadAsync(log, resourceId, fromVersion, cancellationToken: cancellationToken))
        {
            yield return new TransformFeedItem
            {
                Version = e.Version,
                Snapshot = e.Kind == JsonableFeedEventKind.Snapshot,
                Json = Encoding.UTF8.GetString(e.Data.Span),
            };
        }
    }

    /// <summary>
    /// Which instance serves this connection: <c>machine/process id</c>. Behind a balancer, tells a client (and the
    /// scale-out fault check, tests/Jsonable.ScaleOut.Check) where it landed and where it moved after a reconnect.
    /// </summary>
    public string Instance() => $"{Environment.MachineName}/{Environment.ProcessId.ToString(CultureInfo.InvariantCulture)}";

    /// <summary>Adds this connection to <paramref name="group"/> (on this instance; with Redis, every instance's sends reach it).</summary>
    /// <param name="group">The group's name.</param>
    public Task JoinGroup(string group) => Groups.AddToGroupAsync(Context.ConnectionId, group);

    /// <summary>
    /// Sends <c>GroupMessage(group, message, instance)</c> to every connection in <paramref name="group"/>: on one
    /// instance, its own connections; with the Redis backplane (<c>ConnectionStrings:Redis</c>), those of every instance.
    /// </summary>
    /// <param name="group">The group's name.</param>
    /// <param name="message">Any text.</param>
    public Task SendToGroup(string group, string message) => Clients.Group(group).SendAsync("GroupMessage", group, message, Instance());
}
