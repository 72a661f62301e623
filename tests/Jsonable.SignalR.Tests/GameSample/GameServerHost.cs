using System.Buffers;
using System.Net.WebSockets;
using System.Text;
using Jsonable.AspNetCore.Feeds;
using Jsonable.AspNetCore.SignalR;
using Jsonable.SignalR.Tests;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.DependencyInjection;

// Outside Jsonable.SignalR.Tests: the test hub's PlayerState there is another type than the sample's.
namespace Jsonable.Samples.GameServer.Tests;

/// <summary>samples/GameServer as <c>dotnet run</c> starts it (<see cref="GameServerApp.Build"/>), on a loopback port.</summary>
internal sealed class GameServerHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private GameServerHost(WebApplication app, string url)
    {
        _app = app;
        Url = url;
        Http = new HttpClient { BaseAddress = new Uri(url + "/") };
    }

    public string Url { get; }

    public string HubUrl => Url + "/game";

    public HttpClient Http { get; }

    /// <summary>
    /// Fails unless the server's log holds every tick from <paramref name="from"/> to <paramref name="to"/> and none of
    /// them took <paramref name="name"/> out of the world (a <c>null</c> for it in the delta).
    /// </summary>
    public async Task AssertNeverLeftAsync(string room, string name, long from, long to)
    {
        GameRooms rooms = _app.Services.GetRequiredService<GameRooms>();
        // The log runs on past `to` (later ticks, a player leaving at the end); only the ticks up to it count.
        JsonableFeedEvent[] deltas = (await rooms.ReadDeltasAfterAsync(room, from, CancellationToken.None))!.Where(d => d.Version <= to).ToArray();
        Assert.Equal(to - from, deltas.Length);
        Assert.All(deltas, d => Assert.DoesNotContain("\"" + name + "\":null", Encoding.UTF8.GetString(d.Data.Span)));
    }

    public static async Task<GameServerHost> StartAsync(params string[] settings)
    {
        WebApplication app = GameServerApp.Build(["--urls", "http://127.0.0.1:0", "--Logging:LogLevel:Default", "Warning", .. settings]);
        await app.StartAsync();
        return new GameServerHost(app, app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());
    }

    /// <summary>A player connected with the Jsonable protocol and joined to <paramref name="room"/>.</summary>
    public async Task<HubConnection> JoinAsync(string room, string name, string protocol)
    {
        IHubConnectionBuilder builder = new HubConnectionBuilder().WithUrl(HubUrl);
        HubConnection player = (protocol == "json" ? builder.AddJsonableProtocol() : builder.AddJsonableJmc1Protocol()).Build();
        await player.StartAsync();
        await player.InvokeAsync("Join", room, name);
        return player;
    }

    /// <summary>GET /rooms/{room}: the world and the version its ETag names.</summary>
    public async Task<(long Version, World World, string Json)> SnapshotAsync(string room)
    {
        using HttpResponseMessage response = await Http.GetAsync("rooms/" + room);
        response.EnsureSuccessStatusCode();
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        string json = await response.Content.ReadAsStringAsync();
        return (long.Parse(response.Headers.ETag!.Tag.Trim('"')), JsonableSerializer.Deserialize<World>(Encoding.UTF8.GetBytes(json))!, json);
    }

    /// <summary>Polls the room until its world satisfies <paramref name="condition"/> (moves land at the next tick).</summary>
    public async Task<(long Version, World World, string Json)> WaitForAsync(string room, Func<long, World, bool> condition)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        while (true)
        {
            if (Exists(room) && await SnapshotAsync(room) is var snapshot && condition(snapshot.Version, snapshot.World))
            {
                return snapshot;
            }

            await Task.Delay(10, timeout.Token);
        }
    }

    private bool Exists(string room) => _app.Services.GetRequiredService<GameRooms>().Exists(room);

    public async ValueTask DisposeAsync()
    {
        Http.Dispose();
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}

/// <summary>A spectator on a raw WebSocket: it sees each frame of the room's feed exactly as the server wrote it.</summary>
internal sealed class FeedSocket : IAsyncDisposable
{
    private readonly ClientWebSocket _socket = new();
    private readonly IHubProtocol _protocol;
    private readonly IInvocationBinder _binder = new TestBinder(streamItemType: typeof(WorldFeedItem));
    private byte[] _pending = [];

    private FeedSocket(IHubProtocol protocol) => _protocol = protocol;

    public static async Task<FeedSocket> ConnectAsync(string hubUrl, string protocol)
    {
        var services = new ServiceCollection();
        services.AddSignalR().AddJsonableProtocol().AddJsonableJmc1Protocol();
        var socket = new FeedSocket(services.BuildServiceProvider().GetServices<IHubProtocol>().Single(p => p.Name == protocol));
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        await socket._socket.ConnectAsync(new Uri("ws" + hubUrl[4..]), timeout.Token);
        await socket._socket.SendAsync(Encoding.UTF8.GetBytes("{\"protocol\":\"" + protocol + "\",\"version\":1}\u001e"), WebSocketMessageType.Text, true, timeout.Token);
        Assert.Equal("{}\u001e", Encoding.UTF8.GetString(await socket.ReceiveAsync()));
        return socket;
    }

    /// <summary>Calls <c>Subscribe(room, fromVersion)</c> as stream invocation 1.</summary>
    public async Task SubscribeAsync(string room, long fromVersion)
    {
        byte[] frame = _protocol.GetMessageBytes(new StreamInvocationMessage("1", "Subscribe", [room, fromVersion])).ToArray();
        WebSocketMessageType type = _protocol.TransferFormat == Microsoft.AspNetCore.Connections.TransferFormat.Binary ? WebSocketMessageType.Binary : WebSocketMessageType.Text;
        await _socket.SendAsync(frame, type, true, CancellationToken.None);
    }

    /// <summary>The next stream item and the bytes of its frame (pings are skipped; a completion fails the test).</summary>
    public async Task<(WorldFeedItem Item, byte[] Frame)> NextItemAsync()
    {
        while (true)
        {
            var input = new ReadOnlySequence<byte>(_pending);
            if (_protocol.TryParseMessage(ref input, _binder, out HubMessage? message))
            {
                int used = _pending.Length - (int)input.Length;
                byte[] frame = _pending[..used];
                _pending = _pending[used..];
                switch (message)
                {
                    case StreamItemMessage { Item: WorldFeedItem item }:
                        return (item, frame);
                    case CompletionMessage completion:
                        Assert.Fail("The stream ended: " + completion.Error);
                        break;
                }

                continue;
            }

            _pending = [.. _pending, .. await ReceiveAsync()];
        }
    }

    private async Task<byte[]> ReceiveAsync()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        var buffer = new ArrayBufferWriter<byte>();
        while (true)
        {
            ValueWebSocketReceiveResult result = await _socket.ReceiveAsync(buffer.GetMemory(4096), timeout.Token);
            Assert.NotEqual(WebSocketMessageType.Close, result.MessageType);
            buffer.Advance(result.Count);
            if (result.EndOfMessage)
            {
                return buffer.WrittenSpan.ToArray();
            }
        }
    }

    public async ValueTask DisposeAsync()
    {
        _socket.Abort(); // a dropped connection, not a polite close: what a phone losing its network does
        _socket.Dispose();
        await Task.CompletedTask;
    }
}
