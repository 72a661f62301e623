using System.Buffers;
using System.Collections.Concurrent;
using Jsonable.AspNetCore.Feeds;

namespace Jsonable.Samples.GameServer;

/// <summary>
/// The rooms, their worlds and the worlds' version log, all in memory (a game's world lives for a match; no database).
/// Hub calls only queue changes; <see cref="Tick"/> applies them at the tick rate, and each tick that changed a world
/// writes one version: the merge patch from the version before, which every subscriber of the room's feed receives.
/// As an <see cref="IJsonableVersionLog"/> (resource id = room name) it keeps the last few hundred deltas per room, so a
/// client that lost its connection for a few seconds resumes with the ticks it missed instead of a whole world.
/// </summary>
public sealed class GameRooms : IJsonableVersionLog
{
    /// <summary>Rooms one server holds: a client cannot make the server hold more.</summary>
    public const int MaxRooms = 100;

    /// <summary>How far a player may be from the origin, in world units: the server clamps moves to it.</summary>
    public const float WorldSize = 1000;

    private readonly ConcurrentDictionary<string, Room> _rooms = new(StringComparer.Ordinal);
    private readonly int _logLength;

    /// <summary>Creates the rooms' store.</summary>
    /// <param name="logLength">Deltas kept per room: at 20 Hz, 200 let a client be away for 10 seconds and still resume with deltas.</param>
    public GameRooms(int logLength = 200)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(logLength, 1);
        _logLength = logLength;
    }

    /// <summary>Adds <paramref name="name"/> to <paramref name="room"/> (made on first join) at the next tick; false when the name is taken there.</summary>
    /// <exception cref="InvalidOperationException">The server holds <see cref="MaxRooms"/> rooms already.</exception>
    public bool Join(string room, string name)
    {
        if (!_rooms.TryGetValue(room, out Room? held))
        {
            if (_rooms.Count >= MaxRooms)
            {
                throw new InvalidOperationException($"This server holds {MaxRooms} rooms already.");
            }

            held = _rooms.GetOrAdd(room, static name => new Room(name));
        }

        lock (held)
        {
            bool inWorld = held.Current.Players.ContainsKey(name);
            bool leaving = held.Pending.TryGetValue(name, out PlayerState? pending) && pending is null;
            if ((inWorld && !leaving) || (pending is not null))
            {
                return false;
            }

            held.Pending[name] = new PlayerState { Name = name };
            return true;
        }
    }

    /// <summary>
    /// Queues <paramref name="name"/>'s new position for the next tick (a later move in the same tick replaces it). The
    /// server is the authority: it keeps the name and the score, and clamps the position to the world.
    /// </summary>
    public void Move(string room, string name, PlayerState state)
    {
        if (!_rooms.TryGetValue(room, out Room? held))
        {
            return;
        }

        lock (held)
        {
            // A player that left (or never joined) cannot move; one that joined this tick can.
            bool present = held.Pending.TryGetValue(name, out PlayerState? pending) ? pending is not null : held.Current.Players.ContainsKey(name);
            if (present)
            {
                held.Pending[name] = new PlayerState
                {
                    Name = name,
                    X = Math.Clamp(state.X, -WorldSize, WorldSize),
                    Y = Math.Clamp(state.Y, -WorldSize, WorldSize),
                    Heading = float.IsFinite(state.Heading) ? state.Heading % 360 : 0,
                };
            }
        }
    }

    /// <summary>Removes <paramref name="name"/> from <paramref name="room"/> at the next tick.</summary>
    public void Leave(string room, string name)
    {
        if (_rooms.TryGetValue(room, out Room? held))
        {
            lock (held)
            {
                held.Pending[name] = null;
            }
        }
    }

    /// <summary>Whether <paramref name="room"/> exists.</summary>
    public bool Exists(string room) => _rooms.ContainsKey(room);

    /// <summary>
    /// Applies each room's queued changes as tick <paramref name="tick"/>: a room whose world changed gets one new
    /// version, whose delta goes to the log and to the room's subscribers. A room without changes writes nothing, so
    /// an idle room costs no bandwidth.
    /// </summary>
    public void Tick(long tick)
    {
        foreach (Room room in _rooms.Values)
        {
            JsonableFeedEvent written;
            Action<JsonableFeedEvent?>[] watchers;
            lock (room)
            {
                if (room.Pending.Count == 0)
                {
                    continue;
                }

                // A new world each version (sharing the unchanged players, which are never changed in place): the
                // previous one stays whole for the delta, and for snapshots already handed out.
                World previous = room.Current;
                var next = new World { Room = previous.Room, Tick = previous.Tick, Players = new Dictionary<string, PlayerState>(previous.Players) };
                foreach ((string name, PlayerState? state) in room.Pending)
                {
                    if (state is null)
                    {
                        next.Players.Remove(name);
                    }
                    else
                    {
                        state.Score = previous.Players.TryGetValue(name, out PlayerState? before) ? before.Score : 0;
                        next.Players[name] = state;
                    }
                }

                room.Pending.Clear();
                if (JsonableDelta.AreEqual(previous, next))
                {
                    continue; // moves to where the players already were
                }

                next.Tick = tick;
                var delta = new ArrayBufferWriter<byte>();
                JsonableDelta.WriteMergePatch(delta, previous, next); // the generated delta: only the players that changed
                room.Current = next;
                room.Version++;
                room.SnapshotJson = null;
                written = new JsonableFeedEvent(JsonableFeedEventKind.Delta, room.Version, delta.WrittenMemory.ToArray());
                room.Log.Enqueue(written);
                if (room.Log.Count > _logLength)
                {
                    room.Log.Dequeue();
                }

                watchers = [.. room.Watchers];
            }

            foreach (Action<JsonableFeedEvent?> watcher in watchers)
            {
                watcher(written); // outside the lock: a watcher only queues, but it is the feed's code, not ours
            }
        }
    }

    /// <summary>The world of <paramref name="room"/> and its version as JSON, read together; <see langword="null"/> when there is no such room.</summary>
    public (long Version, byte[] Json)? Snapshot(string room)
    {
        if (!_rooms.TryGetValue(room, out Room? held))
        {
            return null;
        }

        lock (held)
        {
            // Written once per version however many clients ask (a reconnect storm asks many times for the same one).
            held.SnapshotJson ??= JsonableSerializer.SerializeToUtf8Bytes(held.Current);
            return (held.Version, held.SnapshotJson);
        }
    }

    /// <inheritdoc/>
    public ValueTask<JsonableFeedEvent?> ReadSnapshotAsync(string resourceId, CancellationToken cancellationToken) =>
        ValueTask.FromResult<JsonableFeedEvent?>(Snapshot(resourceId) is { } snapshot
            ? new JsonableFeedEvent(JsonableFeedEventKind.Snapshot, snapshot.Version, snapshot.Json)
            : null);

    /// <inheritdoc/>
    public ValueTask<IReadOnlyList<JsonableFeedEvent>?> ReadDeltasAfterAsync(string resourceId, long version, CancellationToken cancellationToken)
    {
        if (!_rooms.TryGetValue(resourceId, out Room? held))
        {
            return ValueTask.FromResult<IReadOnlyList<JsonableFeedEvent>?>(null);
        }

        lock (held)
        {
            // The log holds the deltas to the last Log.Count versions, one per version: it can bring a copy up to date
            // from the version before the oldest of them up to the current one.
            long oldestFrom = held.Version - held.Log.Count;
            if (version < oldestFrom || version > held.Version)
            {
                return ValueTask.FromResult<IReadOnlyList<JsonableFeedEvent>?>(null);
            }

            return ValueTask.FromResult<IReadOnlyList<JsonableFeedEvent>?>(held.Log.Where(e => e.Version > version).ToList());
        }
    }

    /// <inheritdoc/>
    public IDisposable Watch(string resourceId, Action<JsonableFeedEvent?> appended)
    {
        if (!_rooms.TryGetValue(resourceId, out Room? held))
        {
            return NoWatch.Instance; // no room, no changes: the feed finds no snapshot and ends
        }

        lock (held)
        {
            held.Watchers.Add(appended);
        }

        return new Unwatch(held, appended);
    }

    /// <summary>One room; locked as a whole (a tick touches everything in it).</summary>
    private sealed class Room(string name)
    {
        public World Current = new() { Room = name };
        public long Version = 1; // version 1 is the empty world, with no delta before it
        public byte[]? SnapshotJson;
        public readonly Dictionary<string, PlayerState?> Pending = new(StringComparer.Ordinal); // null: leaves
        public readonly Queue<JsonableFeedEvent> Log = new();
        public readonly List<Action<JsonableFeedEvent?>> Watchers = [];
    }

    private sealed class Unwatch(Room room, Action<JsonableFeedEvent?> appended) : IDisposable
    {
        public void Dispose()
        {
            lock (room)
            {
                room.Watchers.Remove(appended);
            }
        }
    }

    private sealed class NoWatch : IDisposable
    {
        public static readonly NoWatch Instance = new();

        public void Dispose()
        {
        }
    }
}
