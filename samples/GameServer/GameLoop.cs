using Microsoft.Extensions.Hosting;

namespace Jsonable.Samples.GameServer;

/// <summary>
/// Ticks the rooms at a fixed rate (<c>Game:TickHz</c>, 20 unless configured): what the clients see changes at that
/// rate however often they send moves, which bounds the server's bandwidth per client.
/// </summary>
/// <param name="rooms">The rooms.</param>
/// <param name="ticksPerSecond">The tick rate.</param>
public sealed class GameLoop(GameRooms rooms, double ticksPerSecond) : BackgroundService
{
    /// <summary>Ticks until the host stops.</summary>
    /// <param name="stoppingToken">The host stopping.</param>
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        // PeriodicTimer does not drift and does not queue ticks: a tick that runs late is followed by the next on time.
        using var timer = new PeriodicTimer(TimeSpan.FromSeconds(1 / ticksPerSecond));
        long tick = 0;
        try
        {
            while (await timer.WaitForNextTickAsync(stoppingToken))
            {
                rooms.Tick(++tick);
            }
        }
        catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
        {
        }
    }
}
