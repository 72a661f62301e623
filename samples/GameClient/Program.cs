using System;
using System.Diagnostics;
using System.Collections.Generic;
using System.Linq;
using System.Net.Http;
using System.Net.WebSockets;
using System.Threading.Tasks;
using Jsonable.AspNetCore.SignalR;
using Jsonable.Samples.GameServer;
using Microsoft.AspNetCore.SignalR.Client;

namespace Jsonable.Samples.GameClient
{
    /// <summary>
    /// The check .ci/mono runs against samples/GameServer: <c>mono Jsonable.Samples.GameClient.exe http://127.0.0.1:port/</c>.
    /// Per protocol (json, jmc1): a player moves while a spectator follows the room's world; mid-stream, the spectator's
    /// socket is cut (SignalR's automatic reconnect brings it back), and later its connection is stopped and started
    /// again, each time while the player keeps moving; the spectator resumes from its version and must end with the
    /// server's world, every version applied once (one whole world at the start, deltas after it). Then a player with
    /// stateful reconnect has its socket cut and keeps its place.
    /// Prints one line per check; exits 1 if any failed.
    /// </summary>
    public static class Program
    {
        private static int s_failed;

        /// <summary>Runs the check.</summary>
        /// <param name="args">The server's base address.</param>
        public static async Task<int> Main(string[] args)
        {
            if (args.Length != 1)
            {
                Console.Error.WriteLine("usage: Jsonable.Samples.GameClient <server base url>");
                return 2;
            }

            Console.WriteLine($"runtime: {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}");
            var baseUri = new Uri(args[0].TrimEnd('/') + "/");
            using var http = new HttpClient { BaseAddress = baseUri };
            string hubUrl = new Uri(baseUri, "game").ToString();
            foreach (string protocol in new[] { "json", "jmc1" })
            {
                try
                {
                    await RunAsync(http, hubUrl, protocol);
                    await DropAsync(http, hubUrl, protocol);
                }
                catch (Exception e)
                {
                    s_failed++;
                    Console.WriteLine($"FAIL {protocol}: {e.GetType().Name}: {e.Message}");
                }
            }

            Console.WriteLine(s_failed == 0 ? "game client on this runtime: every check passed" : $"game client on this runtime: {s_failed} check(s) failed");
            return s_failed == 0 ? 0 : 1;
        }

        private static HubConnection Connect(string hubUrl, string protocol, Action<ClientWebSocket>? opened = null, bool stateful = false)
        {
            IHubConnectionBuilder builder = new HubConnectionBuilder().WithUrl(hubUrl, options =>
            {
                if (opened is not null)
                {
                    // SignalR's own WebSocket, kept so that the check can cut it as a lost network would.
                    options.WebSocketFactory = async (context, cancellationToken) =>
                    {
                        var socket = new ClientWebSocket();
                        await socket.ConnectAsync(context.Uri, cancellationToken);
                        opened(socket);
                        return socket;
                    };
                }
            });
            builder = builder.WithAutomaticReconnect(new[] { TimeSpan.FromMilliseconds(300), TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(2) });
            if (stateful)
            {
                builder = builder.WithStatefulReconnect();
            }

            return (protocol == "json" ? builder.AddJsonableProtocol() : builder.AddJsonableJmc1Protocol()).Build();
        }

        private static async Task RunAsync(HttpClient http, string hubUrl, string protocol)
        {
            string room = "mono-" + protocol;
            HubConnection player = Connect(hubUrl, protocol);
            var sockets = new List<ClientWebSocket>();
            HubConnection spectator = Connect(hubUrl, protocol, sockets.Add);
            int reconnects = 0;
            long cutAt = 0;
            long serverAtReconnect = 0;
            spectator.Reconnected += async _ =>
            {
                serverAtReconnect = (await SnapshotAsync(http, room)).Version;
                reconnects++;
            };
            try
            {
                await player.StartAsync();
                await player.InvokeAsync("Join", room, "runner");
                await spectator.StartAsync();
                var follower = new WorldFollower(spectator, room);
                follower.Follow();

                int step = 0;
                await MoveAsync(player, 8, () => ++step);
                await WaitAsync(() => follower.Version >= 5, "the spectator follows");

                // The network goes mid-stream: the socket is cut under SignalR, which reconnects by itself; the
                // follower subscribes again from its version (its Reconnected handler) and catches up.
                cutAt = follower.Version!.Value;
                sockets[sockets.Count - 1].Abort();
                await MoveAsync(player, 6, () => ++step);
                await WaitAsync(() => reconnects == 1 && spectator.State == HubConnectionState.Connected, "SignalR reconnects");
                long afterCut = (await SnapshotAsync(http, room)).Version;
                await WaitAsync(() => follower.Version >= afterCut, "the spectator catches up after the cut");
                Check(protocol, "the world moved on while the socket was down", serverAtReconnect > cutAt ? "yes" : $"server {serverAtReconnect}, held {cutAt}", "yes");
                Check(protocol, "caught up after the cut socket, from its version", follower.Snapshots.ToString(), "1");

                // Stopped mid-stream: the subscription and the connection end while the player keeps moving.
                await follower.StopAsync();
                await spectator.StopAsync();
                long held = follower.Version!.Value;
                long snapshotVersion = held - follower.Deltas;
                await MoveAsync(player, 8, () => ++step);
                long serverWhileAway = (await SnapshotAsync(http, room)).Version;
                Check(protocol, "the world moved on while the spectator was away", serverWhileAway > held + 3 ? "yes" : $"server {serverWhileAway}, held {held}", "yes");

                await spectator.StartAsync();
                follower.Follow();
                await MoveAsync(player, 4, () => ++step);
                await player.DisposeAsync(); // the runner leaves: its key goes from the world (a null in the delta)

                (long Version, World World) server = default;
                await WaitAsync(async () =>
                {
                    server = await SnapshotAsync(http, room);
                    return server.World.Players.Count == 0 && follower.Version == server.Version;
                }, "the spectator reaches the server's version");
                Check(protocol, "copy equals the server's world", JsonableDelta.AreEqual(follower.World, server.World) ? "yes" : JsonableSerializer.Serialize(follower.World), "yes");
                Check(protocol, "whole worlds applied", follower.Snapshots.ToString(), "1");
                Check(protocol, "every version after the snapshot applied once", follower.Deltas.ToString(), (server.Version - snapshotVersion).ToString());
                Check(protocol, "repeats and gaps", $"{follower.Repeats} {follower.Gaps}", "0 0");
                Console.WriteLine($"     {protocol}: versions {snapshotVersion}..{server.Version}; socket cut at {cutAt} (server at {serverAtReconnect} on reconnect); stopped at {held} (server at {serverWhileAway} on restart)");
                await follower.StopAsync();
            }
            finally
            {
                await player.DisposeAsync();
                await spectator.DisposeAsync();
                foreach (ClientWebSocket socket in sockets)
                {
                    socket.Dispose(); // the cut one too: on Mono, a socket left undisposed can hold up the process's exit
                }
            }
        }

        /// <summary>
        /// A player with stateful reconnect whose socket is cut keeps its place: SignalR opens a new socket on the same
        /// connection, so the server never takes the player out, and the move sent while the socket was down lands.
        /// </summary>
        private static async Task DropAsync(HttpClient http, string hubUrl, string protocol)
        {
            string room = "mono-drop-" + protocol;
            var sockets = new List<ClientWebSocket>();
            HubConnection player = Connect(hubUrl, protocol, sockets.Add, stateful: true);
            try
            {
                await player.StartAsync();
                await player.InvokeAsync("Join", room, "dropper");
                string? connectionId = player.ConnectionId;
                await player.SendAsync("Move", new PlayerState { X = 10 });
                await WaitAsync(async () => At(await SnapshotAsync(http, room), 10), "the player is at x 10");

                sockets[sockets.Count - 1].Abort();
                await player.SendAsync("Move", new PlayerState { X = 20 });
                await WaitAsync(async () => At(await SnapshotAsync(http, room), 20), "the move sent while the socket was down lands");
                Check(protocol, "stateful reconnect: a new socket on the same connection", $"{sockets.Count} sockets, {(player.ConnectionId == connectionId ? "same" : "another")} connection", "2 sockets, same connection");
            }
            finally
            {
                await player.DisposeAsync();
                foreach (ClientWebSocket socket in sockets)
                {
                    socket.Dispose();
                }
            }

            static bool At((long Version, World World) snapshot, float x) =>
                snapshot.World.Players.TryGetValue("dropper", out PlayerState? p) && p.X == x;
        }

        /// <summary>Sends <paramref name="count"/> moves, a tick or more apart, so that each becomes a version of its own.</summary>
        private static async Task MoveAsync(HubConnection player, int count, Func<int> next)
        {
            for (int i = 0; i < count; i++)
            {
                int n = next();
                await player.SendAsync("Move", new PlayerState { X = n * 0.5f, Y = -n * 0.25f, Heading = n * 10 });
                await Task.Delay(70);
            }
        }

        private static async Task<(long Version, World World)> SnapshotAsync(HttpClient http, string room)
        {
            using HttpResponseMessage response = await http.GetAsync("rooms/" + room);
            response.EnsureSuccessStatusCode();
            byte[] body = await response.Content.ReadAsByteArrayAsync();
            long version = long.Parse(response.Headers.ETag!.Tag.Trim('"'), System.Globalization.CultureInfo.InvariantCulture);
            return (version, JsonableSerializer.Deserialize<World>(body)!);
        }

        private static Task WaitAsync(Func<bool> condition, string what) => WaitAsync(() => Task.FromResult(condition()), what);

        private static async Task WaitAsync(Func<Task<bool>> condition, string what)
        {
            var watch = Stopwatch.StartNew();
            while (!await condition())
            {
                if (watch.Elapsed > TimeSpan.FromSeconds(20))
                {
                    throw new TimeoutException("timed out waiting until " + what);
                }

                await Task.Delay(20);
            }
        }

        private static void Check(string protocol, string what, string actual, string expected)
        {
            if (actual == expected)
            {
                Console.WriteLine($"ok   {protocol} {what}: {actual}");
            }
            else
            {
                s_failed++;
                Console.WriteLine($"FAIL {protocol} {what}: expected {expected}, got {actual}");
            }
        }
    }
}
