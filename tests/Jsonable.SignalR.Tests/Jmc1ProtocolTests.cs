using System.Buffers;
using System.Text;
using Jsonable.AspNetCore.SignalR;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.AspNetCore.SignalR.Protocol;

namespace Jsonable.SignalR.Tests;

/// <summary>The jmc1 hub protocol: frames, round trips of every message type, and a .NET client against a Kestrel hub.</summary>
public sealed class Jmc1ProtocolTests : IAsyncLifetime
{
    private HubHost _host = null!;

    static Jmc1ProtocolTests() => Probe.Register();

    public async Task InitializeAsync() =>
        _host = await HubHost.StartAsync(static signalR => signalR.AddJsonableProtocol().AddJsonableJmc1Protocol());

    public async Task DisposeAsync() => await _host.DisposeAsync();

    private async Task<HubConnection> ConnectAsync()
    {
        HubConnection connection = new HubConnectionBuilder().WithUrl(_host.HubUrl).AddJsonableJmc1Protocol().Build();
        await connection.StartAsync();
        return connection;
    }

    [Fact]
    public void The_protocol_is_binary_and_named_jmc1_at_version_2_accepting_version_1_clients()
    {
        var protocol = new JsonableJmc1HubProtocol();
        Assert.Equal("jmc1", protocol.Name);
        Assert.Equal(2, protocol.Version); // what SignalR asks of a protocol before it allows stateful reconnect
        Assert.True(protocol.IsVersionSupported(1));
        Assert.False(protocol.IsVersionSupported(3));
        Assert.Equal(TransferFormat.Binary, protocol.TransferFormat);
    }

    [Fact]
    public void An_invocation_frame_is_laid_out_as_documented()
    {
        byte[] frame = new JsonableJmc1HubProtocol().GetMessageBytes(new InvocationMessage("7", "Move", [new PlayerState { Name = "a", Items = [1] }, 5])).ToArray();
        byte[] player = JsonableSerializer.SerializeToUtf8Bytes(new PlayerState { Name = "a", Items = [1] }, JsonableFormat.Jmc1);
        List<byte> expected = [1 /* invocation */, 0 /* no headers */, 2, (byte)'7', 5, .. "Move"u8, 2 /* arguments */];
        expected.AddRange([1 /* JMC1 */, (byte)player.Length, .. player]);
        expected.AddRange([2 /* JSON */, 1, (byte)'5']);
        expected.Add(0); // no stream ids
        Assert.Equal([(byte)(0x80 | (expected.Count & 0x7F)), (byte)(expected.Count >> 7), .. expected], frame); // the length, a varint
        Assert.InRange(expected.Count, 128, 16383);
        Assert.StartsWith("/*JMC1*/{", Encoding.UTF8.GetString(player), StringComparison.Ordinal);
    }

    public static TheoryData<string> MessageNames() => new(Messages().Keys);

    private static Dictionary<string, HubMessage> Messages() => new()
    {
        ["invocation"] = new InvocationMessage("1", "Move", [Samples.Player(1), 7, "é 😀", null]) { Headers = new Dictionary<string, string> { ["h"] = "v" } },
        ["invocation, non-blocking, stream ids"] = new InvocationMessage(null, "Upload", [], ["7", "8"]),
        ["stream invocation"] = new StreamInvocationMessage("3", "Follow", [Samples.Player(2)], ["8"]),
        ["stream item"] = new StreamItemMessage("3", Samples.Game(2)),
        ["completion with result"] = CompletionMessage.WithResult("1", Samples.Player(4)),
        ["completion with null result"] = CompletionMessage.WithResult("1", null),
        ["completion with error"] = CompletionMessage.WithError("1", "no room 😀"),
        ["completion, void"] = CompletionMessage.Empty("1"),
        ["cancel invocation"] = new CancelInvocationMessage("3"),
        ["ping"] = PingMessage.Instance,
        ["close"] = CloseMessage.Empty,
        ["close with error"] = new CloseMessage("bye", allowReconnect: true),
        ["ack"] = new AckMessage(long.MaxValue),
        ["sequence"] = new SequenceMessage(300),
    };

    [Theory]
    [MemberData(nameof(MessageNames))]
    public void Every_message_type_round_trips(string name)
    {
        var protocol = new JsonableJmc1HubProtocol();
        byte[] frame = protocol.GetMessageBytes(Messages()[name]).ToArray();
        var binder = new TestBinder([typeof(PlayerState), typeof(int), typeof(string), typeof(string)], typeof(PlayerState), typeof(GameState));
        if (name.StartsWith("invocation, non-blocking", StringComparison.Ordinal))
        {
            binder = new TestBinder([]);
        }
        else if (name == "stream invocation")
        {
            binder = new TestBinder([typeof(PlayerState)]);
        }

        // Two frames back to back, the second split across segments: each parses whole, and only once it has all arrived.
        var input = new ReadOnlySequence<byte>([.. frame, .. frame]);
        Assert.True(protocol.TryParseMessage(ref input, binder, out HubMessage? first));
        Assert.Equal(frame, protocol.GetMessageBytes(first).ToArray());
        ReadOnlySequence<byte> partial = input.Slice(0, input.Length - 1);
        Assert.False(protocol.TryParseMessage(ref partial, binder, out _));
        Assert.True(protocol.TryParseMessage(ref input, binder, out HubMessage? second));
        Assert.True(input.IsEmpty);
        Assert.Equal(frame, protocol.GetMessageBytes(second).ToArray());
    }

    [Fact]
    public async Task The_dotnet_client_works_on_jmc1()
    {
        await using HubConnection connection = await ConnectAsync();
        PlayerState moved = await connection.InvokeAsync<PlayerState>("Move", Samples.Player(3));
        Assert.Equal((14.5, 301, "player-3"), (moved.X, moved.Score, moved.Name));
        Assert.Equal("hi é;hi é;", await connection.InvokeAsync<string>("Greet", "é", 2));
        Assert.Equal(3, await connection.InvokeAsync<int>("CountPlayers", Samples.Game(3)));

        var names = new List<string?>();
        await foreach (PlayerState state in connection.StreamAsync<PlayerState>("Follow", 3))
        {
            names.Add(state.Name);
        }

        Assert.Equal(["player-0", "player-1", "player-2"], names);
        Assert.Equal("player-1:100,player-2:200", await connection.InvokeAsync<string>("Upload", Upload()));

        HubException error = await Assert.ThrowsAsync<HubException>(() => connection.InvokeAsync("Fail", "red"));
        Assert.Equal("An unexpected error occurred invoking 'Fail' on the server. HubException: no room red", error.Message);

        connection.On("GetState", (int score) => new PlayerState { Name = "asked", Score = score });
        Assert.Equal("asked:7", await connection.InvokeAsync<string>("AskClient"));

        // The probe: 4 goes out as 40 (client writer), the server reads 41 and writes 410, the client reads 411.
        Assert.Equal(411, (await connection.InvokeAsync<Probe>("Echo", new Probe { Value = 4 })).Value);

        static async IAsyncEnumerable<PlayerState> Upload()
        {
            for (int i = 1; i <= 2; i++)
            {
                await Task.Yield();
                yield return Samples.Player(i);
            }
        }
    }

    [Fact]
    public async Task Json_and_jmc1_clients_share_one_hub()
    {
        await using HubConnection jmc1 = await ConnectAsync();
        HubConnection json = new HubConnectionBuilder().WithUrl(_host.HubUrl).AddJsonableProtocol().Build();
        await using (json)
        {
            await json.StartAsync();
            var received = new TaskCompletionSource<GameState>(TaskCreationOptions.RunContinuationsAsynchronously);
            json.On<GameState>("Tick", received.SetResult);
            await jmc1.InvokeAsync("Broadcast", Samples.Game(2));
            GameState game = await received.Task.WaitAsync(TimeSpan.FromSeconds(30));
            Assert.Equal("player-1", game.Players![1].Name);
        }
    }
}
