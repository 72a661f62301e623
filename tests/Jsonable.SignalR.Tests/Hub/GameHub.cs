using System.Runtime.CompilerServices;
using System.Threading.Channels;
using Microsoft.AspNetCore.SignalR;

namespace Jsonable.SignalR.Tests;

/// <summary>The test hub: each method is one thing a game does over SignalR.</summary>
public sealed class GameHub : Hub
{
    public PlayerState Move(PlayerState state)
    {
        state.X += 1;
        state.Score += 1;
        return state;
    }

    public int CountPlayers(GameState game) => game.Players?.Count ?? -1;

    public string Greet(string name, int times) => string.Concat(Enumerable.Repeat("hi " + name + ";", times));

    public async IAsyncEnumerable<PlayerState> Follow(int count, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        for (int i = 0; i < count; i++)
        {
            await Task.Yield();
            cancellationToken.ThrowIfCancellationRequested();
            yield return Samples.Player(i);
        }
    }

    public ChannelReader<PlayerState> FollowChannel(int count)
    {
        var channel = Channel.CreateUnbounded<PlayerState>();
        for (int i = 0; i < count; i++)
        {
            channel.Writer.TryWrite(Samples.Player(i));
        }

        channel.Writer.Complete();
        return channel.Reader;
    }

    public async Task<string> Upload(IAsyncEnumerable<PlayerState> states)
    {
        var names = new List<string>();
        await foreach (PlayerState state in states)
        {
            names.Add(state.Name + ":" + state.Score);
        }

        return string.Join(",", names);
    }

    public void Fail(string room) => throw new HubException("no room " + room);

    public void Crash() => throw new InvalidOperationException("secret detail");

    public async Task<string> AskClient()
    {
        PlayerState state = await Clients.Client(Context.ConnectionId).InvokeAsync<PlayerState>("GetState", 7, Context.ConnectionAborted);
        return state.Name + ":" + state.Score;
    }

    public Probe Echo(Probe probe) => probe;

    public int Raw(int value) => value;

    public async Task Broadcast(GameState game) => await Clients.All.SendAsync("Tick", game);
}
