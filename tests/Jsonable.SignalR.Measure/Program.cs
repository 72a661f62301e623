using System.Buffers;
using System.Diagnostics;
using Jsonable.AspNetCore.SignalR;
using Jsonable.SignalR.Tests;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

// Usage: [--players N] [--seconds S] (per protocol and direction, over 7 interleaved rounds; default 20 players, 2 s)
//        --game [--players N] [--moving M] [--ticks T]: bytes per tick of samples/GameServer's feed (GameTicks.cs)
int players = ArgValue("--players", 20);
if (args.Contains("--game"))
{
    Jsonable.SignalR.Measure.GameTicks.Run(players, ArgValue("--moving", players), ArgValue("--ticks", 400));
    return;
}

double seconds = ArgValue("--seconds", 2.0);

var protocols = new (string Name, IHubProtocol Protocol)[]
{
    ("json (SignalR, STJ)", new JsonHubProtocol(Options.Create(new JsonHubProtocolOptions()))),
    ("json (Jsonable)", JsonableJson()),
    ("jmc1 (Jsonable)", new JsonableJmc1HubProtocol()),
    ("messagepack (SignalR)", new MessagePackHubProtocol()),
};

var message = new InvocationMessage("1", "Tick", [Samples.Game(players)]);
var binder = new Binder();
Console.WriteLine($"One invocation carrying a GameState of {players} players; {seconds} s per cell in 7 interleaved rounds (best round); .NET {Environment.Version}, {Environment.ProcessorCount} cores");
Console.WriteLine();
Console.WriteLine("| protocol | bytes/message | write ns/op | parse ns/op | write vs messagepack | parse vs messagepack | write alloc B/op | parse alloc B/op |");
Console.WriteLine("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
// Interleaved: each round measures every protocol once, so a busy machine slows all of them alike; the best round counts.
var cells = protocols.Select(p => new Cell(p.Name, p.Protocol, p.Protocol.GetMessageBytes(message).ToArray())).ToArray();
for (int round = 0; round < 7; round++)
{
    foreach (Cell cell in cells)
    {
        var output = new ArrayBufferWriter<byte>(cell.Frame.Length * 2);
        cell.Record(write: true, Measure(() =>
        {
            output.ResetWrittenCount();
            cell.Protocol.WriteMessage(message, output);
        }, warmUp: round == 0));
        cell.Record(write: false, Measure(() =>
        {
            var input = new ReadOnlySequence<byte>(cell.Frame);
            if (!cell.Protocol.TryParseMessage(ref input, binder, out HubMessage? parsed) || parsed is not InvocationMessage { Arguments: [GameState] })
            {
                throw new InvalidOperationException(cell.Name + " did not parse its own frame");
            }
        }, warmUp: round == 0));
    }
}

Cell messagePack = cells[^1];
foreach (Cell row in cells)
{
    Console.WriteLine($"| {row.Name} | {row.Frame.Length} | {row.Write:F0} | {row.Parse:F0} | {row.Write / messagePack.Write:F2}x | {row.Parse / messagePack.Parse:F2}x | {row.WriteAlloc} | {row.ParseAlloc} |");
}

(double NsPerOp, long AllocPerOp) Measure(Action action, bool warmUp)
{
    for (int i = 0; warmUp && i < 2000; i++)
    {
        action(); // tiered JIT, pools
    }

    long ops = 0;
    long before = GC.GetAllocatedBytesForCurrentThread();
    var watch = Stopwatch.StartNew();
    while (watch.Elapsed.TotalSeconds < seconds / 7)
    {
        for (int i = 0; i < 50; i++)
        {
            action();
        }

        ops += 50;
    }

    watch.Stop();
    return (watch.Elapsed.TotalMilliseconds * 1e6 / ops, (GC.GetAllocatedBytesForCurrentThread() - before) / ops);
}

static IHubProtocol JsonableJson()
{
    var services = new ServiceCollection();
    services.AddSignalR().AddJsonableProtocol();
    return services.BuildServiceProvider().GetServices<IHubProtocol>().Single(p => p.Name == "json");
}

T ArgValue<T>(string name, T fallback) where T : IParsable<T>
{
    int index = Array.IndexOf(args, name);
    return index >= 0 && index + 1 < args.Length ? T.Parse(args[index + 1], null) : fallback;
}

internal sealed class Binder : IInvocationBinder
{
    public IReadOnlyList<Type> GetParameterTypes(string methodName) => [typeof(GameState)];

    public Type GetReturnType(string invocationId) => typeof(object);

    public Type GetStreamItemType(string streamId) => typeof(object);
}

internal sealed class Cell(string name, IHubProtocol protocol, byte[] frame)
{
    public string Name { get; } = name;
    public IHubProtocol Protocol { get; } = protocol;
    public byte[] Frame { get; } = frame;
    public double Write { get; private set; } = double.MaxValue;
    public double Parse { get; private set; } = double.MaxValue;
    public long WriteAlloc { get; private set; }
    public long ParseAlloc { get; private set; }

    public void Record(bool write, (double NsPerOp, long AllocPerOp) result)
    {
        if (write)
        {
            Write = Math.Min(Write, result.NsPerOp);
            WriteAlloc = result.AllocPerOp;
        }
        else
        {
            Parse = Math.Min(Parse, result.NsPerOp);
            ParseAlloc = result.AllocPerOp;
        }
    }
}
