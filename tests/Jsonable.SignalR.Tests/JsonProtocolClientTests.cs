using System.Threading.Channels;
using Jsonable.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;

namespace Jsonable.SignalR.Tests;

/// <summary>The .NET client with <c>AddJsonableProtocol()</c> against a Kestrel hub with <c>AddJsonableProtocol()</c>.</summary>
public sealed class JsonProtocolClientTests : IAsyncLifetime
{
    private HubHost _host = null!;

    public async Task InitializeAsync() => _host = await HubHost.StartAsync(static signalR => signalR.AddJsonableProtocol());

    public async Task DisposeAsync() => await _host.DisposeAsync();

    private async Task<HubConnection> ConnectAsync(bool jsonable = true)
    {
        IHubConnectionBuilder builder = new HubConnectionBuilder().WithUrl(_host.HubUrl);
        if (jsonable)
        {
            builder.AddJsonableProtocol();
        }

        HubConnection connection = builder.Build();
        await connection.StartAsync();
        return connection;
    }

    [Fact]
    public async Task Jsonable_arguments_and_results_round_trip()
    {
        await using HubConnection connection = await ConnectAsync();
        PlayerState moved = await connection.InvokeAsync<PlayerState>("Move", Samples.Player(3));
        Assert.Equal("player-3", moved.Name);
        Assert.Equal(14.5, moved.X);
        Assert.Equal(301, moved.Score);
        Assert.Equal([3, 4, 5], moved.Items);
        Assert.Equal(5, await connection.InvokeAsync<int>("CountPlayers", Samples.Game(5)));
        Assert.Equal("hi a;hi a;", await connection.InvokeAsync<string>("Greet", "a", 2));
    }

    [Fact]
    public async Task The_generated_code_runs_on_the_server()
    {
        // A client on SignalR's plain JSON protocol sends 4 where Echo takes a Probe: only Probe's hand-registered reader
        // reads a number (5), and only its writer answers a number (50).
        await using HubConnection plain = await ConnectAsync(jsonable: false);
        Assert.Equal(50, await plain.InvokeAsync<int>("Echo", 4));
    }

    [Fact]
    public async Task The_generated_code_runs_on_the_client()
    {
        // The Jsonable client writes Probe { 4 } as 40, Raw echoes the int, and the client's reader adds one.
        await using HubConnection connection = await ConnectAsync();
        Probe answer = await connection.InvokeAsync<Probe>("Raw", new Probe { Value = 4 });
        Assert.Equal(41, answer.Value);
    }

    [Fact]
    public async Task Server_streams_reach_the_client_as_async_enumerables_and_channels()
    {
        await using HubConnection connection = await ConnectAsync();
        var names = new List<string?>();
        await foreach (PlayerState state in connection.StreamAsync<PlayerState>("Follow", 3))
        {
            names.Add(state.Name);
        }

        Assert.Equal(["player-0", "player-1", "player-2"], names);
        ChannelReader<PlayerState> channel = await connection.StreamAsChannelAsync<PlayerState>("FollowChannel", 2);
        var scores = new List<int>();
        await foreach (PlayerState state in channel.ReadAllAsync())
        {
            scores.Add(state.Score);
        }

        Assert.Equal([0, 100], scores);
    }

    [Fact]
    public async Task Client_streams_reach_the_hub()
    {
        await using HubConnection connection = await ConnectAsync();
        Assert.Equal("player-1:100,player-2:200", await connection.InvokeAsync<string>("Upload", Upload()));

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
    public async Task Hub_exceptions_keep_their_message_and_others_are_hidden()
    {
        await using HubConnection connection = await ConnectAsync();
        HubException shown = await Assert.ThrowsAsync<HubException>(() => connection.InvokeAsync("Fail", "red"));
        Assert.Equal("An unexpected error occurred invoking 'Fail' on the server. HubException: no room red", shown.Message);
        HubException hidden = await Assert.ThrowsAsync<HubException>(() => connection.InvokeAsync("Crash"));
        Assert.DoesNotContain("secret", hidden.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Client_results_are_read_by_the_generated_code()
    {
        await using HubConnection connection = await ConnectAsync();
        connection.On("GetState", (int score) => new PlayerState { Name = "asked", Score = score });
        Assert.Equal("asked:7", await connection.InvokeAsync<string>("AskClient"));
    }

    [Fact]
    public async Task Broadcasts_carry_jsonable_values()
    {
        await using HubConnection connection = await ConnectAsync();
        var received = new TaskCompletionSource<GameState>(TaskCreationOptions.RunContinuationsAsynchronously);
        connection.On<GameState>("Tick", received.SetResult);
        await connection.InvokeAsync("Broadcast", Samples.Game(2));
        GameState game = await received.Task.WaitAsync(TimeSpan.FromSeconds(30));
        Assert.Equal(123456, game.Tick);
        Assert.Equal("player-1", game.Players![1].Name);
    }

    [Fact]
    public async Task A_wrong_argument_type_fails_the_invocation_and_keeps_the_connection()
    {
        await using HubConnection plain = await ConnectAsync(jsonable: false);
        HubException error = await Assert.ThrowsAsync<HubException>(() => plain.InvokeAsync<PlayerState>("Move", "not a player"));
        Assert.Contains("Failed to invoke 'Move' due to an error on the server", error.Message, StringComparison.Ordinal);
        Assert.Equal("hi b;", await plain.InvokeAsync<string>("Greet", "b", 1));
    }
}
