using System.Diagnostics;
using System.Net;
using System.Net.WebSockets;
using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore.SignalR;
using Jsonable.Http;
using Jsonable.SignalR.Tests;
using Microsoft.AspNetCore.SignalR.Client;

namespace Jsonable.Samples.GameServer.Tests;

/// <summary>
/// samples/GameServer on loopback, seen from its clients: the frames of a room's feed over json and jmc1, resuming after
/// a dropped connection, the world over HTTP, and the official JavaScript client following the feed.
/// </summary>
public sealed class GameServerTests
{
    [Theory]
    [InlineData("json")]
    [InlineData("jmc1")]
    public async Task A_subscriber_gets_the_world_then_one_delta_per_tick_naming_only_what_moved(string protocol)
    {
        await using GameServerHost server = await GameServerHost.StartAsync();
        string room = "frames-" + protocol;
        await using HubConnection player = await server.JoinAsync(room, "p1", protocol);
        await player.SendAsync("Move", new PlayerState { X = 1.5f, Y = -2, Heading = 90 });
        (long version, _, string json) = await server.WaitForAsync(room, (_, world) => world.Players.TryGetValue("p1", out PlayerState? p) && p.X == 1.5f);

        await using FeedSocket spectator = await FeedSocket.ConnectAsync(server.HubUrl, protocol);
        await spectator.SubscribeAsync(room, 0);
        (WorldFeedItem snapshot, _) = await spectator.NextItemAsync();
        Assert.True(snapshot.Snapshot);
        Assert.Equal(version, snapshot.Version);
        Assert.Equal(json, snapshot.Json); // the same bytes as GET /rooms/{room}
        Assert.Matches("""^\{"room":"frames-json|jmc1","tick":\d+,"players":\{"p1":\{"name":"p1","x":1.5,"y":-2,"heading":90,"score":0\}\}\}$""".Replace("json|jmc1", protocol), snapshot.Json);

        // The next tick's delta names the one member that changed (the generated merge patch), not the whole world.
        await player.SendAsync("Move", new PlayerState { X = 3, Y = -2, Heading = 90 });
        (WorldFeedItem delta, byte[] frame) = await spectator.NextItemAsync();
        Assert.False(delta.Snapshot);
        Assert.Equal(version + 1, delta.Version);
        Assert.Matches("""^\{"tick":\d+,"players":\{"p1":\{"x":3\}\}\}$""", delta.Json);
        string tick = delta.Json[8..delta.Json.IndexOf(',')];
        if (protocol == "json")
        {
            // SignalR's JSON frame, as every SignalR client reads it: the delta is a string inside the item.
            Assert.Equal(
                """{"type":2,"invocationId":"1","item":{"version":""" + (version + 1) + ""","snapshot":false,"json":"{\"tick\":""" + tick + """,\"players\":{\"p1\":{\"x\":3}}}"}}""" + "\u001e",
                Encoding.UTF8.GetString(frame));
        }
        else
        {
            // jmc1: a varint length, then stream item (2), no headers (0), invocation id "1" (length + 1, then the byte),
            // and the item as a JMC1 document (tag 1) written by the generated code.
            int length = frame[0] < 0x80 ? 1 : 2;
            Assert.Equal([2, 0, 2, (byte)'1', 1], frame[length..(length + 5)]);
        }
    }

    [Theory]
    [InlineData("json")]
    [InlineData("jmc1")]
    public async Task A_player_whose_socket_drops_keeps_its_place_through_stateful_reconnect(string protocol)
    {
        await using GameServerHost server = await GameServerHost.StartAsync();
        string room = "drop-" + protocol;
        var sockets = new List<ClientWebSocket>();
        IHubConnectionBuilder builder = new HubConnectionBuilder()
            .WithUrl(server.HubUrl, options =>
            {
                options.Transports = Microsoft.AspNetCore.Http.Connections.HttpTransportType.WebSockets;
                // SignalR's own socket, kept so that the test can cut it as a lost network would.
                options.WebSocketFactory = async (context, cancellationToken) =>
                {
                    var socket = new ClientWebSocket();
                    await socket.ConnectAsync(context.Uri, cancellationToken);
                    lock (sockets)
                    {
                        sockets.Add(socket);
                    }

                    return socket;
                };
            })
            .WithStatefulReconnect();
        await using HubConnection player = (protocol == "json" ? builder.AddJsonableProtocol() : builder.AddJsonableJmc1Protocol()).Build();
        await player.StartAsync();
        await player.InvokeAsync("Join", room, "runner");
        string? connectionId = player.ConnectionId;
        await player.SendAsync("Move", new PlayerState { X = 10, Y = 10 });
        (long before, _, _) = await server.WaitForAsync(room, (_, world) => world.Players.TryGetValue("runner", out PlayerState? p) && p.X == 10);

        sockets[0].Abort();
        // Sent while the socket is down: the client buffers it and sends it again on the new socket.
        await player.SendAsync("Move", new PlayerState { X = 20, Y = 10 });
        (long after, World world, _) = await server.WaitForAsync(room, (_, world) => world.Players.TryGetValue("runner", out PlayerState? p) && p.X == 20);

        Assert.Equal(2, sockets.Count); // the socket was cut, and a second one opened
        Assert.Equal(connectionId, player.ConnectionId); // the same connection, so the hub never saw it end
        Assert.Equal(HubConnectionState.Connected, player.State);
        Assert.Equal(["runner"], world.Players.Keys);

        await server.AssertNeverLeftAsync(room, "runner", before, after);
    }

    [NodeTheory]
    [InlineData("WebSockets")] // the one transport with stateful reconnect
    public async Task The_javascript_client_with_stateful_reconnect_keeps_its_player_through_a_reset_connection(string transport)
    {
        await using GameServerHost server = await GameServerHost.StartAsync();
        await using var relay = new TcpRelay(server.Url);
        const string room = "js-drop";
        using Process node = NodeScript.Start("stateful-player.mjs", relay.Url, server.Url, room, transport);
        Task<string> errors = node.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(1));
        try
        {
            Assert.Equal("cut", await node.StandardOutput.ReadLineAsync(timeout.Token));
            (long before, _, _) = await server.SnapshotAsync(room);
            int accepted = relay.Accepted;
            relay.ResetAll();
            await node.StandardInput.WriteLineAsync("go");
            await node.StandardInput.FlushAsync();
            string? seen = await node.StandardOutput.ReadLineAsync(timeout.Token);
            if (seen is null)
            {
                await node.WaitForExitAsync(timeout.Token);
                Assert.Fail("node ended early with " + node.ExitCode + ": " + await errors);
            }

            // Read the room before the player stops: stopping takes it out.
            (long after, World world, _) = await server.SnapshotAsync(room);
            await node.StandardInput.WriteLineAsync("stop");
            await node.StandardInput.FlushAsync();
            await node.WaitForExitAsync(timeout.Token);
            Assert.True(node.ExitCode == 0, "node exited with " + node.ExitCode + ": " + await errors + seen);

            using JsonDocument result = JsonDocument.Parse(seen);
            JsonElement root = result.RootElement;
            Assert.Equal(root.GetProperty("before").GetString(), root.GetProperty("after").GetString()); // the same connection
            Assert.Equal("Connected", root.GetProperty("state").GetString());
            Assert.Equal(0, root.GetProperty("closed").GetInt32());
            Assert.True(relay.Accepted > accepted, "the client never opened a new connection after the reset");

            Assert.Equal(20, world.Players["runner"].X); // the move sent after the reset
            await server.AssertNeverLeftAsync(room, "runner", before, after);
        }
        finally
        {
            if (!node.HasExited)
            {
                node.Kill(entireProcessTree: true);
            }
        }
    }

    [Theory]
    [InlineData("json")]
    [InlineData("jmc1")]
    public async Task A_subscriber_that_dropped_gets_the_ticks_it_missed_and_a_whole_world_once_the_log_let_them_go(string protocol)
    {
        await using GameServerHost server = await GameServerHost.StartAsync("--Game:VersionLogLength", "4");
        string room = "resume-" + protocol;
        await using HubConnection player = await server.JoinAsync(room, "p1", protocol);
        (long first, _, _) = await server.WaitForAsync(room, (_, world) => world.Players.ContainsKey("p1"));
        var copy = new JsonableFeedFollower<World>();
        await using (FeedSocket dropped = await FeedSocket.ConnectAsync(server.HubUrl, protocol))
        {
            await dropped.SubscribeAsync(room, 0);
            (WorldFeedItem item, _) = await dropped.NextItemAsync();
            Assert.Equal(JsonableFeedApplyResult.Applied, copy.ApplySnapshot(item.Version, Encoding.UTF8.GetBytes(item.Json)));
        } // aborted: the connection is gone without a close

        long held = copy.Version!.Value;
        Assert.Equal(first, held);
        await MoveAsync(server, player, room, 1, 3);

        // Back within the log's reach: exactly the three missed ticks, as deltas, each applying to the version before.
        await using (FeedSocket back = await FeedSocket.ConnectAsync(server.HubUrl, protocol))
        {
            await back.SubscribeAsync(room, held);
            for (int i = 1; i <= 3; i++)
            {
                (WorldFeedItem item, _) = await back.NextItemAsync();
                Assert.False(item.Snapshot);
                Assert.Equal(held + i, item.Version);
                Assert.Equal(JsonableFeedApplyResult.Applied, copy.ApplyDelta(item.Version, Encoding.UTF8.GetBytes(item.Json)));
            }
        }

        (long now, World world, _) = await server.SnapshotAsync(room);
        Assert.Equal(now, copy.Version);
        Assert.True(JsonableDelta.AreEqual(world, copy.Current), JsonableSerializer.Serialize(copy.Current));

        // Away for more ticks than the log keeps (4): the whole world, at the current version.
        await MoveAsync(server, player, room, 4, 6);
        await using FeedSocket late = await FeedSocket.ConnectAsync(server.HubUrl, protocol);
        await late.SubscribeAsync(room, now);
        (WorldFeedItem whole, _) = await late.NextItemAsync();
        Assert.True(whole.Snapshot);
        Assert.Equal(now + 6, whole.Version);
    }

    [Fact]
    public async Task The_world_is_a_resource_over_http_too_with_its_version_as_etag_and_the_same_feed_as_server_sent_events()
    {
        await using GameServerHost server = await GameServerHost.StartAsync();
        const string room = "http";
        Assert.Equal(HttpStatusCode.NotFound, (await server.Http.GetAsync("rooms/" + room)).StatusCode);
        await using HubConnection player = await server.JoinAsync(room, "p1", "json");
        (long version, _, _) = await server.WaitForAsync(room, (_, world) => world.Players.ContainsKey("p1"));

        using var conditional = new HttpRequestMessage(HttpMethod.Get, "rooms/" + room);
        conditional.Headers.TryAddWithoutValidation("If-None-Match", "\"" + version + "\"");
        Assert.Equal(HttpStatusCode.NotModified, (await server.Http.SendAsync(conditional)).StatusCode);

        await MoveAsync(server, player, room, 1, 1);
        using var live = new HttpRequestMessage(HttpMethod.Get, $"rooms/{room}/live");
        live.Headers.TryAddWithoutValidation("Last-Event-ID", version.ToString(System.Globalization.CultureInfo.InvariantCulture));
        using HttpResponseMessage response = await server.Http.SendAsync(live, HttpCompletionOption.ResponseHeadersRead);
        Assert.Equal("text/event-stream", response.Content.Headers.ContentType?.MediaType);
        using var reader = new StreamReader(await response.Content.ReadAsStreamAsync());
        Assert.Equal("event: patch", await reader.ReadLineAsync());
        Assert.Matches("""^data: \{"tick":\d+,"players":\{"p1":\{"x":0.5,"y":-0.25,"heading":10\}\}\}$""", await reader.ReadLineAsync());
        Assert.Equal("id: " + (version + 1), await reader.ReadLineAsync());
    }

    [NodeTheory]
    [InlineData("WebSockets")]
    [InlineData("LongPolling")]
    public async Task The_javascript_client_follows_the_world_and_resumes_from_its_version(string transport)
    {
        await using GameServerHost server = await GameServerHost.StartAsync();
        using JsonDocument result = JsonDocument.Parse(await NodeScript.RunAsync("game-feed.mjs", server.Url, transport));
        JsonElement root = result.RootElement;
        long held = root.GetProperty("held").GetInt64();
        long serverVersion = root.GetProperty("serverVersion").GetInt64();
        long[] versions = [.. root.GetProperty("versions").EnumerateArray().Select(v => v.GetInt64())];
        bool[] snapshots = [.. root.GetProperty("snapshots").EnumerateArray().Select(v => v.GetBoolean())];

        // One whole world, then every version once and in order up to the server's, across the reconnect.
        Assert.Equal([true, .. Enumerable.Repeat(false, versions.Length - 1)], snapshots);
        Assert.Equal(Enumerable.Range(0, versions.Length).Select(i => versions[0] + i), versions);
        Assert.Equal(serverVersion, versions[^1]);
        Assert.True(root.GetProperty("resumedAfter").GetInt64() > held + 3, "the world did not move on while the client was away");
        Assert.Equal(held + 1, root.GetProperty("firstAfterResume").GetInt64());
        Assert.Equal(root.GetProperty("server").GetRawText(), root.GetProperty("copy").GetRawText());
    }

    /// <summary>Moves <paramref name="count"/> times, each move waited for until the server's world shows it (one version each).</summary>
    private static async Task MoveAsync(GameServerHost server, HubConnection player, string room, int from, int count)
    {
        for (int n = from; n < from + count; n++)
        {
            await player.SendAsync("Move", new PlayerState { X = n * 0.5f, Y = -n * 0.25f, Heading = n * 10 });
            float x = n * 0.5f;
            await server.WaitForAsync(room, (_, world) => world.Players["p1"].X == x);
        }
    }
}
