using System.Diagnostics;
using System.Globalization;
using System.Text;
using HdrHistogram;
using Jsonable.AspNetCore.SignalR;
using Jsonable.SignalR.Tests;
using GameSamples = Jsonable.SignalR.Tests.Samples;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using ScottPlot;

namespace Jsonable.LoadTests;

/// <summary>
/// <c>--hub-fanout</c>: SignalR fan-out at a game's tick rate. A hub server in its own process (<see cref="HubFanOutServer"/>)
/// broadcasts a game state of P players H times a second to N clients (SignalR's .NET client over WebSockets, in this
/// process), once per protocol: SignalR's JSON (System.Text.Json), Jsonable's <c>json</c>, Jsonable's <c>jmc1</c> and
/// SignalR's MessagePack. Per protocol: messages delivered per second, delivery delay p50/p99/max (send time carried in
/// the state), the server's CPU per delivered message (from <c>/proc</c>) and bytes per message, after a second of uncounted
/// ticks. Fails unless every client receives every tick.
/// </summary>
internal static class HubFanOut
{
    public const string Usage = """
        dotnet run -c Release --project load-tests -- --hub-fanout [--clients N] [--players P] [--hz H] [--seconds S] [--protocols LIST] [--out DIR] [--smoke]

          --clients N      connections receiving every tick (default 100)
          --players P      players in each broadcast game state (default 20)
          --hz H           ticks a second (default 20)
          --seconds S      broadcast time per protocol (default 10)
          --protocols LIST stj-json, jsonable-json, jsonable-jmc1, messagepack (default all four)
          --out DIR        also write hub-fanout.md, hub-fanout.csv and hub-fanout.png to DIR
          --smoke          8 clients, 5 players, 20 Hz, 1 s: checks delivery and the report, no numbers to read
        """;

    private sealed record ProtocolRow(string Name, string Label, string Server, Func<IHubConnectionBuilder, IHubConnectionBuilder> Client, Func<IHubProtocol> Protocol);

    private static readonly ProtocolRow[] s_rows =
    [
        new("stj-json", "json (SignalR, STJ)", "stj", b => b, () => new JsonHubProtocol(Options.Create(new JsonHubProtocolOptions()))),
        new("jsonable-json", "json (Jsonable)", "jsonable", b => b.AddJsonableProtocol(), JsonableJson),
        new("jsonable-jmc1", "jmc1 (Jsonable)", "jsonable", b => b.AddJsonableJmc1Protocol(), () => new JsonableJmc1HubProtocol()),
        new("messagepack", "messagepack (SignalR)", "stj", b => b.AddMessagePackProtocol(), () => new MessagePackHubProtocol()),
    ];

    private sealed record Result(ProtocolRow Row, int Clients, int Ticks, long Delivered, double Seconds, double ServerCpuSeconds, int BytesPerMessage, LongHistogram DelayMicros)
    {
        public double MessagesPerSecond => Delivered / Seconds;

        public double CpuMicrosPerMessage => Delivered == 0 ? 0 : ServerCpuSeconds * 1e6 / Delivered;

        public double Delay(double percentile) => DelayMicros.TotalCount == 0 ? 0 : DelayMicros.GetValueAtPercentile(percentile) / 1000.0;
    }

    public static async Task<int> RunAsync(string[] args, CancellationToken cancellationToken)
    {
        int clients = 100, players = 20, hz = 20;
        double seconds = 10;
        string? output = null;
        ProtocolRow[] rows = s_rows;
        for (int i = 0; i < args.Length; i++)
        {
            string name = args[i];
            string Value() => i + 1 < args.Length ? args[++i] : throw new ArgumentException($"{name} needs a value.");
            switch (name)
            {
                case "--clients": clients = int.Parse(Value(), CultureInfo.InvariantCulture); break;
                case "--players": players = int.Parse(Value(), CultureInfo.InvariantCulture); break;
                case "--hz": hz = int.Parse(Value(), CultureInfo.InvariantCulture); break;
                case "--seconds": seconds = double.Parse(Value(), CultureInfo.InvariantCulture); break;
                case "--out": output = Value(); break;
                case "--smoke": (clients, players, hz, seconds) = (8, 5, 20, 1); break;
                case "--protocols":
                    string[] names = Value().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
                    rows = [.. names.Select(n => s_rows.FirstOrDefault(r => r.Name == n) ?? throw new ArgumentException($"--protocols: '{n}' is not one of {string.Join(", ", s_rows.Select(r => r.Name))}."))];
                    break;
                default: throw new ArgumentException($"Unknown option '{name}'.\n{Usage}");
            }
        }

        int ticks = Math.Max(1, (int)Math.Round(hz * seconds));
        Console.WriteLine($"Hub fan-out: {clients} clients (WebSockets, this process), a game state of {players} players at {hz} Hz for {ticks} ticks per protocol; server in its own process, CPU from /proc");
        var results = new List<Result>();
        var failures = new List<string>();
        foreach (ProtocolRow row in rows)
        {
            Result result = await RunOneAsync(row, clients, players, hz, ticks, cancellationToken);
            results.Add(result);
            long expected = (long)clients * ticks;
            if (result.Delivered != expected)
            {
                failures.Add($"{row.Label}: {result.Delivered} of {expected} messages delivered");
            }
        }

        string table = Table(results);
        Console.WriteLine();
        Console.WriteLine(table);
        if (output is not null)
        {
            Directory.CreateDirectory(output);
            await File.WriteAllTextAsync(Path.Combine(output, "hub-fanout.md"), table, cancellationToken);
            await File.WriteAllTextAsync(Path.Combine(output, "hub-fanout.csv"), Csv(results), cancellationToken);
            await File.WriteAllBytesAsync(Path.Combine(output, "hub-fanout.png"), Chart(results), cancellationToken);
            Console.WriteLine($"Wrote hub-fanout.md, hub-fanout.csv and hub-fanout.png to {output}");
        }

        foreach (string failure in failures)
        {
            Console.Error.WriteLine("FAIL " + failure);
        }

        return failures.Count == 0 ? 0 : 1;
    }

    private static async Task<Result> RunOneAsync(ProtocolRow row, int clients, int players, int hz, int ticks, CancellationToken cancellationToken)
    {
        Process server = SampleProcess.Start(typeof(HubFanOut).Assembly.Location, "hub-" + row.Server, out Uri baseUri, arguments: ["--hub-server", row.Server]);
        var connections = new List<HubConnection>();
        var histograms = new List<LongHistogram>();
        long delivered = 0;
        try
        {
            for (int c = 0; c < clients; c++)
            {
                HubConnection connection = row.Client(new HubConnectionBuilder()
                    .WithUrl(new Uri(baseUri, "/ticks"), HttpTransportType.WebSockets, options => options.SkipNegotiation = true)).Build();
                var histogram = new LongHistogram(TimeSpan.TicksPerMinute / 10, 3);
                connection.On<GameState>("Tick", state =>
                {
                    long micros = Math.Max(0, (DateTime.UtcNow.Ticks - state.Tick) / 10);
                    lock (histogram)
                    {
                        histogram.RecordValue(Math.Min(micros, histogram.HighestTrackableValue));
                    }

                    Interlocked.Increment(ref delivered);
                });
                await connection.StartAsync(cancellationToken);
                connections.Add(connection);
                histograms.Add(histogram);
            }

            using var http = new HttpClient { BaseAddress = baseUri, Timeout = TimeSpan.FromMinutes(10) };

            // A second of ticks first, not counted: the new server process compiles its broadcast path on these.
            int warmUp = Math.Max(1, hz);
            using (HttpResponseMessage warm = await http.PostAsync($"/broadcast?players={players}&hz={hz}&ticks={warmUp}", null, cancellationToken))
            {
                warm.EnsureSuccessStatusCode();
            }

            for (int wait = 0; wait < 200 && Interlocked.Read(ref delivered) < (long)clients * warmUp; wait++)
            {
                await Task.Delay(10, cancellationToken);
            }

            Interlocked.Exchange(ref delivered, 0);
            foreach (LongHistogram histogram in histograms)
            {
                lock (histogram)
                {
                    histogram.Reset();
                }
            }

            double cpuBefore = SampleProcess.CpuSeconds(server.Id);
            long started = Stopwatch.GetTimestamp();
            using HttpResponseMessage response = await http.PostAsync($"/broadcast?players={players}&hz={hz}&ticks={ticks}", null, cancellationToken);
            response.EnsureSuccessStatusCode();

            // The last tick is sent; give its deliveries up to two seconds to arrive.
            long expected = (long)clients * ticks;
            for (int wait = 0; wait < 200 && Interlocked.Read(ref delivered) < expected; wait++)
            {
                await Task.Delay(10, cancellationToken);
            }

            double elapsed = Stopwatch.GetElapsedTime(started).TotalSeconds;
            double cpu = SampleProcess.CpuSeconds(server.Id) - cpuBefore;
            var delays = new LongHistogram(TimeSpan.TicksPerMinute / 10, 3);
            foreach (LongHistogram histogram in histograms)
            {
                lock (histogram)
                {
                    delays.Add(histogram);
                }
            }

            GameState sample = GameSamples.Game(players);
            sample.Tick = DateTime.UtcNow.Ticks;
            int bytes = row.Protocol().GetMessageBytes(new InvocationMessage("Tick", [sample])).Length;
            return new Result(row, clients, ticks, Interlocked.Read(ref delivered), elapsed, cpu, bytes, delays);
        }
        finally
        {
            foreach (HubConnection connection in connections)
            {
                await connection.DisposeAsync();
            }

            await SampleProcess.StopAsync(server);
        }
    }

    private static IHubProtocol JsonableJson()
    {
        var services = new ServiceCollection();
        services.AddSignalR().AddJsonableProtocol();
        return services.BuildServiceProvider().GetServices<IHubProtocol>().Single(p => p.Name == "json");
    }

    private static string Table(IReadOnlyList<Result> results)
    {
        Result? stj = results.FirstOrDefault(r => r.Row.Name == "stj-json");
        var text = new StringBuilder();
        text.AppendLine("| protocol | clients × ticks | delivered | messages/s | delay p50 | delay p99 | delay max | server CPU µs/message | vs STJ json | bytes/message |");
        text.AppendLine("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        foreach (Result r in results)
        {
            string ratio = stj is null || r.CpuMicrosPerMessage == 0 ? "–" : (stj.CpuMicrosPerMessage / r.CpuMicrosPerMessage).ToString("0.00×", CultureInfo.InvariantCulture);
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {r.Row.Label} | {r.Clients} × {r.Ticks} | {r.Delivered:N0} | {r.MessagesPerSecond:N0} | {r.Delay(50):0.00} ms | {r.Delay(99):0.00} ms | {r.Delay(100):0.00} ms | {r.CpuMicrosPerMessage:0.0} | {ratio} | {r.BytesPerMessage:N0} |"));
        }

        text.AppendLine();
        text.AppendLine("Server CPU per message: the hub process's user + system time over the run (10 ms resolution) ÷ messages delivered. \"vs STJ json\": how many times less CPU per message than SignalR's JSON protocol in the same run.");
        return text.ToString();
    }

    private static string Csv(IReadOnlyList<Result> results)
    {
        var text = new StringBuilder("protocol,clients,ticks,delivered,messages_per_second,delay_p50_ms,delay_p99_ms,delay_max_ms,server_cpu_us_per_message,bytes_per_message\n");
        foreach (Result r in results)
        {
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"{r.Row.Name},{r.Clients},{r.Ticks},{r.Delivered},{r.MessagesPerSecond:0.0},{r.Delay(50):0.000},{r.Delay(99):0.000},{r.Delay(100):0.000},{r.CpuMicrosPerMessage:0.00},{r.BytesPerMessage}"));
        }

        return text.ToString();
    }

    private static byte[] Chart(IReadOnlyList<Result> results)
    {
        var plot = new Plot();
        Color[] colors = [Colors.Gray, Colors.SteelBlue, Colors.DarkOrange, Colors.SeaGreen];
        var bars = new List<Bar>();
        for (int i = 0; i < results.Count; i++)
        {
            bars.Add(new Bar
            {
                Position = i,
                Value = results[i].CpuMicrosPerMessage,
                FillColor = colors[Array.IndexOf(s_rows, results[i].Row) % colors.Length],
                Label = results[i].CpuMicrosPerMessage.ToString("0.0", CultureInfo.InvariantCulture) + " µs",
            });
        }

        plot.Add.Bars(bars);
        plot.Title($"SignalR fan-out: server CPU per delivered message ({results.FirstOrDefault()?.Clients} clients)");
        plot.Axes.Left.Label.Text = "server CPU µs per message";
        plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.NumericManual(
            Enumerable.Range(0, results.Count).Select(i => (double)i).ToArray(), results.Select(r => r.Row.Label).ToArray());
        plot.Axes.Margins(bottom: 0);
        return plot.GetImageBytes(Charts.Width, Charts.Height, ImageFormat.Png);
    }
}
