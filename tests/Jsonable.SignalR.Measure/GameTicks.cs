using System.Diagnostics;
using System.Text;
using Jsonable.AspNetCore.Feeds;
using Jsonable.AspNetCore.SignalR;
using Jsonable.Samples.GameServer;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.SignalR.Measure;

/// <summary>
/// <c>--game</c>: samples/GameServer's rooms driven tick by tick in this process (its <see cref="GameRooms"/>, no
/// sockets): N players walk, M of them move each tick; each tick's feed item and, for comparison, the whole world are
/// written as SignalR frames by each protocol. Reports bytes per tick a subscriber receives and the server's time per tick.
/// </summary>
internal static class GameTicks
{
    public static void Run(int players, int moving, int ticks)
    {
        var services = new ServiceCollection();
        services.AddSignalR().AddJsonableProtocol().AddJsonableJmc1Protocol().AddMessagePackProtocol();
        IHubProtocol[] protocols = [.. services.BuildServiceProvider().GetServices<IHubProtocol>().OrderBy(p => p.Name switch { "json" => 0, "jmc1" => 1, _ => 2 })];

        var rooms = new GameRooms();
        const string room = "arena";
        for (int i = 0; i < players; i++)
        {
            rooms.Join(room, "player-" + i);
        }

        rooms.Tick(0);
        JsonableFeedEvent? last = null;
        using IDisposable watch = rooms.Watch(room, e => last = e);
        var walkers = Enumerable.Range(0, players).Select(i => new PlayerState { Name = "player-" + i, X = i * 3, Y = -i * 2, Heading = i * 17 }).ToArray();
        var deltaBytes = new long[protocols.Length];
        var worldBytes = new long[protocols.Length];
        long jsonBytes = 0;
        var tickTime = new Stopwatch();
        int written = 0;
        for (int tick = 1; tick <= ticks; tick++)
        {
            // A walk: each moving player turns a little and steps 0.25 units (5 units/s at 20 Hz), as float math leaves it.
            for (int m = 0; m < moving; m++)
            {
                PlayerState p = walkers[(tick * moving + m) % players];
                p.Heading = (p.Heading + 7 * MathF.Sin(tick + m)) % 360;
                p.X += 0.25f * MathF.Cos(p.Heading * MathF.PI / 180);
                p.Y += 0.25f * MathF.Sin(p.Heading * MathF.PI / 180);
                rooms.Move(room, p.Name, new PlayerState { X = p.X, Y = p.Y, Heading = p.Heading });
            }

            last = null;
            bool timed = tick > ticks / 4; // the first quarter warms up the JIT
            if (timed)
            {
                tickTime.Start();
            }

            rooms.Tick(tick);
            tickTime.Stop();
            if (last is not { } e)
            {
                continue;
            }

            written++;
            var item = new WorldFeedItem { Version = e.Version, Json = Encoding.UTF8.GetString(e.Data.Span) };
            World world = JsonableSerializer.Deserialize<World>(rooms.Snapshot(room)!.Value.Json)!;
            jsonBytes += e.Data.Length;
            for (int i = 0; i < protocols.Length; i++)
            {
                deltaBytes[i] += protocols[i].GetMessageBytes(new StreamItemMessage("1", item)).Length;
                worldBytes[i] += protocols[i].GetMessageBytes(new InvocationMessage("World", [world])).Length;
            }
        }

        Console.WriteLine($"samples/GameServer's rooms: {players} players, {moving} moving each tick, {ticks} ticks ({written} versions); .NET {Environment.Version}, {Environment.ProcessorCount} cores");
        Console.WriteLine($"delta JSON (the merge patch alone): {jsonBytes / (double)written:F0} bytes/tick; server time per tick (moves applied, delta written, logged): {tickTime.Elapsed.TotalMicroseconds / (ticks - (ticks / 4)):F1} µs (after {ticks / 4} warm-up ticks)");
        Console.WriteLine();
        Console.WriteLine("| protocol | feed item (delta) bytes/tick | whole world bytes/tick | delta vs world | delta kB/s per client at 20 Hz |");
        Console.WriteLine("| --- | ---: | ---: | ---: | ---: |");
        for (int i = 0; i < protocols.Length; i++)
        {
            double delta = deltaBytes[i] / (double)written;
            double whole = worldBytes[i] / (double)written;
            Console.WriteLine($"| {protocols[i].Name} | {delta:F0} | {whole:F0} | {delta / whole:P0} | {delta * 20 / 1000:F1} |");
        }
    }
}
