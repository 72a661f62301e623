using System.Runtime.CompilerServices;
using System.Text;
using Jsonable.AspNetCore.Feeds;
using Microsoft.AspNetCore.SignalR;

namespace Jsonable.Samples.GameServer;

/// <summary>
/// The game's hub (mapped at <c>/game</c>, with Jsonable's <c>json</c> and <c>jmc1</c> protocols). A player calls
/// <see cref="Join"/> once, then <see cref="Move"/> as often as it likes; anyone (players and spectators) calls
/// <see cref="Subscribe"/> to keep a copy of a room's world, and calls it again with the version it holds after a
/// reconnect.
/// </summary>
/// <param name="rooms">The rooms.</param>
public sealed class GameHub(GameRooms rooms) : Hub
{
    private const string RoomKey = "room";
    private const string NameKey = "name";

    /// <summary>Joins <paramref name="room"/> as <paramref name="name"/>; the player appears in the world at the next tick.</summary>
    /// <param name="room">The room (made on first join).</param>
    /// <param name="name">The player's name, unique in the room, 1 to 32 characters.</param>
    /// <exception cref="HubException">This connection joined already, the name is taken or not allowed, or the server is full.</exception>
    public void Join(string room, string name)
    {
        if (Context.Items.ContainsKey(NameKey))
        {
            throw new HubException("This connection joined a room already.");
        }

        if (room is not { Length: > 0 and <= 32 } || name is not { Length: > 0 and <= 32 })
        {
            throw new HubException("A room and a name are 1 to 32 characters.");
        }

        bool joined;
        try
        {
            joined = rooms.Join(room, name);
        }
        catch (InvalidOperationException e)
        {
            throw new HubException(e.Message);
        }

        if (!joined)
        {
            throw new HubException($"The name {name} is taken in {room}.");
        }

        Context.Items[RoomKey] = room;
        Context.Items[NameKey] = name;
    }

    /// <summary>
    /// This player's new position, applied at the next tick (fire and forget: call it with <c>SendAsync</c>, there is
    /// nothing to wait for; the world's next version shows where the server put the player).
    /// </summary>
    /// <param name="state">The position and heading; the name and score are the server's.</param>
    public void Move(PlayerState state)
    {
        if (Context.Items.TryGetValue(RoomKey, out object? room) && Context.Items.TryGetValue(NameKey, out object? name))
        {
            rooms.Move((string)room!, (string)name!, state);
        }
    }

    /// <summary>
    /// Streams <paramref name="room"/>'s world: the ticks after <paramref name="fromVersion"/> when the log still holds
    /// them, else the whole world first (for 0, or a version the log cannot bring up to date); then one item per tick
    /// that changed the world, each version once and in order. After a reconnect, subscribe again with the last
    /// version applied.
    /// </summary>
    /// <param name="room">The room.</param>
    /// <param name="fromVersion">The version the caller holds; 0 for none.</param>
    /// <param name="cancellationToken">Ends the stream (the caller cancels it or goes away).</param>
    /// <exception cref="HubException">There is no such room.</exception>
    public async IAsyncEnumerable<WorldFeedItem> Subscribe(string room, long fromVersion, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        if (!rooms.Exists(room))
        {
            throw new HubException($"There is no room {room}.");
        }

        await foreach (JsonableFeedEvent e in JsonableVersionFeed.ReadAsync(rooms, room, fromVersion > 0 ? fromVersion : null, cancellationToken: cancellationToken))
        {
            yield return new WorldFeedItem
            {
                Version = e.Version,
                Snapshot = e.Kind == JsonableFeedEventKind.Snapshot,
                Json = Encoding.UTF8.GetString(e.Data.Span),
            };
        }
    }

    /// <summary>
    /// Takes the player out of its room. A client with stateful reconnect comes here only when it did not come back
    /// in time (the connection's disconnect timeout); without it, on any drop, and it joins again after reconnecting.
    /// </summary>
    /// <param name="exception">Why the connection ended, if it failed.</param>
    public override Task OnDisconnectedAsync(Exception? exception)
    {
        if (Context.Items.TryGetValue(RoomKey, out object? room) && Context.Items.TryGetValue(NameKey, out object? name))
        {
            rooms.Leave((string)room!, (string)name!);
        }

        return base.OnDisconnectedAsync(exception);
    }
}
