using System;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Http;
using Jsonable.Samples.GameServer;
using Microsoft.AspNetCore.SignalR.Client;

namespace Jsonable.Samples.GameClient
{
    /// <summary>
    /// Keeps a copy of a room's world equal to the server's over a SignalR connection: subscribes to the room's feed
    /// (<c>GameHub.Subscribe</c>), applies each item with <see cref="JsonableFeedFollower{T}"/>, and after the connection
    /// comes back subscribes again from the version it holds, so it gets only the ticks it missed. Events are raised on
    /// SignalR's threads: a Unity project hands them to the main thread (a queue drained in <c>Update</c>).
    /// </summary>
    public sealed class WorldFollower
    {
        private readonly HubConnection _connection;
        private readonly string _room;
        private readonly JsonableFeedFollower<World> _feed = new JsonableFeedFollower<World>();
        private CancellationTokenSource? _stop;
        private Task _following = Task.CompletedTask;

        /// <summary>Creates a follower of <paramref name="room"/> over <paramref name="connection"/>; call <see cref="Follow"/> once the connection is started.</summary>
        /// <param name="connection">The hub connection (built with <c>AddJsonableProtocol()</c> or <c>AddJsonableJmc1Protocol()</c>).</param>
        /// <param name="room">The room.</param>
        public WorldFollower(HubConnection connection, string room)
        {
            _connection = connection;
            _room = room;

            // After an automatic reconnect (WithAutomaticReconnect) the stream is gone with the old connection.
            connection.Reconnected += _ =>
            {
                Follow();
                return Task.CompletedTask;
            };
        }

        /// <summary>Raised after each item that changed the copy, with the copy.</summary>
        public event Action<World>? Changed;

        /// <summary>The copy of the world; <see langword="null"/> before the first item.</summary>
        public World? World => _feed.Current;

        /// <summary>The version <see cref="World"/> is at.</summary>
        public long? Version => _feed.Version;

        /// <summary>Whole worlds applied (the first subscription's, and one after any gap the log could not fill).</summary>
        public int Snapshots => _feed.SnapshotsApplied;

        /// <summary>Ticks applied as deltas.</summary>
        public int Deltas => _feed.DeltasApplied;

        /// <summary>Items skipped because the copy had them already.</summary>
        public int Repeats { get; private set; }

        /// <summary>Deltas that did not follow the copy's version (each one resubscribes for a whole world).</summary>
        public int Gaps { get; private set; }

        /// <summary>Subscribes from the version held (from a whole world the first time): call it after each start of the connection.</summary>
        public void Follow()
        {
            _stop?.Cancel();
            var stop = new CancellationTokenSource();
            _stop = stop;
            _following = FollowAsync(_following, stop.Token);
        }

        /// <summary>Ends the subscription (before stopping the connection yourself).</summary>
        public Task StopAsync()
        {
            _stop?.Cancel();
            return _following;
        }

        private async Task FollowAsync(Task previous, CancellationToken cancellationToken)
        {
            // One reader at a time (the feed follower is not thread-safe): the previous subscription ends first.
            try
            {
                await previous.ConfigureAwait(false);
            }
            catch (Exception)
            {
                // Reported by the StopAsync of its time; this subscription starts afresh.
            }

            bool resubscribe = true;
            while (resubscribe && !cancellationToken.IsCancellationRequested)
            {
                resubscribe = false;
                try
                {
                    await foreach (WorldFeedItem item in _connection.StreamAsync<WorldFeedItem>("Subscribe", _room, _feed.Version ?? 0, cancellationToken).ConfigureAwait(false))
                    {
                        byte[] json = Encoding.UTF8.GetBytes(item.Json);
                        JsonableFeedApplyResult result = item.Snapshot ? _feed.ApplySnapshot(item.Version, json) : _feed.ApplyDelta(item.Version, json);
                        if (result == JsonableFeedApplyResult.Applied)
                        {
                            Changed?.Invoke(_feed.Current!);
                        }
                        else if (result == JsonableFeedApplyResult.AlreadyApplied)
                        {
                            Repeats++;
                        }
                        else
                        {
                            // The follower forgot its version: leaving the loop cancels this stream, and the next
                            // subscription (from 0) starts with the whole world.
                            Gaps++;
                            resubscribe = true;
                            break;
                        }
                    }
                }
                catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
                {
                    return; // StopAsync, or a newer Follow
                }
                catch (Exception) when (_connection.State != HubConnectionState.Connected)
                {
                    return; // the connection went away: Follow runs again when it is back
                }
            }
        }
    }
}
