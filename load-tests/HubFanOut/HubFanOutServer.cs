using Jsonable.AspNetCore.SignalR;
using Jsonable.SignalR.Tests;
using GameSamples = Jsonable.SignalR.Tests.Samples;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.LoadTests;

/// <summary>
/// <c>--hub-server stj|jsonable</c>: the hub a <c>--hub-fanout</c> run broadcasts from, in a process of its own so its
/// CPU time is its own. <c>stj</c> serves SignalR's JSON protocol (System.Text.Json) and its MessagePack protocol;
/// <c>jsonable</c> serves <c>AddJsonableProtocol()</c> (<c>json</c>) and <c>AddJsonableJmc1Protocol()</c> (<c>jmc1</c>).
/// <c>POST /broadcast?players=P&amp;hz=H&amp;ticks=T</c> sends T game states of P players to every client at H a second
/// and answers when the last one is sent.
/// </summary>
internal static class HubFanOutServer
{
    public static async Task<int> RunAsync(string[] args)
    {
        string variant = args.Length > 0 ? args[0] : throw new ArgumentException("--hub-server needs stj or jsonable.");
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder(args[1..]);
        builder.Logging.SetMinimumLevel(LogLevel.Warning).AddFilter("Microsoft.Hosting.Lifetime", LogLevel.Information);
        ISignalRServerBuilder signalR = builder.Services.AddSignalR();
        _ = variant switch
        {
            "stj" => signalR.AddMessagePackProtocol(),
            "jsonable" => signalR.AddJsonableProtocol().AddJsonableJmc1Protocol(),
            _ => throw new ArgumentException($"--hub-server: '{variant}' is not stj or jsonable."),
        };

        WebApplication app = builder.Build();
        app.MapHub<TickHub>("/ticks");
        app.MapPost("/broadcast", async (int players, int hz, int ticks, IHubContext<TickHub> hub, CancellationToken cancellationToken) =>
        {
            GameState state = GameSamples.Game(players);
            using var timer = new PeriodicTimer(TimeSpan.FromSeconds(1.0 / hz));
            for (int tick = 0; tick < ticks; tick++)
            {
                await timer.WaitForNextTickAsync(cancellationToken);
                foreach (PlayerState player in state.Players!)
                {
                    player.X += 0.25; // every tick's state differs, as a game's does
                }

                // The send time rides in the state: the clients on this machine subtract it from their clock on arrival.
                state.Tick = DateTime.UtcNow.Ticks;
                await hub.Clients.All.SendAsync("Tick", state, cancellationToken);
            }

            return Results.Text(ticks.ToString(System.Globalization.CultureInfo.InvariantCulture));
        });
        await app.RunAsync();
        return 0;
    }

    /// <summary>The hub clients connect to; the server pushes to them, they call nothing.</summary>
    internal sealed class TickHub : Hub;
}
