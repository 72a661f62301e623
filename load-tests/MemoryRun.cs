using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using Jsonable.Samples.RealData;

namespace Jsonable.LoadTests;

/// <summary>
/// <c>--memory-run</c>: the server's memory on large ordinary bodies. Each route gets a fresh sample server in its own
/// process (the sample build next to this tool, Production, in-memory SQLite), is sent a 23 MB twitter search result
/// (5,000 statuses) 19 times — 3 in a row, then 8 at once, twice — and the server's resident set is read from
/// <c>/proc/PID/status</c>: its peak (VmHWM) and what it still holds 2 s after the last response (VmRSS). The server's
/// CPU time over the 19 POSTs (<c>/proc/PID/stat</c>) is read too: on a machine other work shares, the wall-clock time
/// moves with the load, the CPU the server spent much less.
/// Both routes run on the same build, alternating, one round after another.
/// </summary>
internal static class MemoryRun
{
    public const string Usage = """
        dotnet run -c Release --project load-tests -- --memory-run [--rounds N] [--routes LIST] [--statuses N]

          --rounds N      fresh servers per route, alternating the order (default 1)
          --routes LIST   paths to POST to (default /stj/twitter/echo,/minimal/twitter/echo)
          --statuses N    statuses in the body (default 5000: data/twitter.json's 100 repeated with new ids)
          --server-env NAME=VALUE  an environment variable for the servers (repeatable), e.g. DOTNET_gcServer=0
          --warmup N      POSTs of a 1.4 MB body (300 statuses) to the route before the 19 are timed (default 0: a
                          fresh server, whose first requests also pay for compiling the code they run)
        """;

    private static readonly TimeSpan Settle = TimeSpan.FromSeconds(2);

    public static async Task<int> RunAsync(string[] args, CancellationToken cancellationToken)
    {
        int rounds = 1, statuses = 5000, warmup = 0;
        string[] routes = ["/stj/twitter/echo", "/minimal/twitter/echo"];
        var environment = new Dictionary<string, string>();
        for (int i = 0; i < args.Length; i++)
        {
            string name = args[i];
            string Value() => i + 1 < args.Length ? args[++i] : throw new ArgumentException($"{name} needs a value.");
            switch (name)
            {
                case "--rounds":
                    rounds = int.Parse(Value(), NumberStyles.None, CultureInfo.InvariantCulture);
                    break;
                case "--routes":
                    routes = Value().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
                    break;
                case "--statuses":
                    statuses = int.Parse(Value(), NumberStyles.None, CultureInfo.InvariantCulture);
                    break;
                case "--warmup":
                    warmup = int.Parse(Value(), NumberStyles.None, CultureInfo.InvariantCulture);
                    break;
                case "--server-env":
                    string[] pair = Value().Split('=', 2);
                    environment[pair[0]] = pair.Length == 2 ? pair[1] : throw new ArgumentException("--server-env needs NAME=VALUE.");
                    break;
                default:
                    throw new ArgumentException($"Unknown option '{name}'.\n{Usage}");
            }
        }

        string server = SampleProcess.Assembly();
        byte[] body = await CreateBodyAsync(statuses, cancellationToken);
        // Above 1 MB, so that the warm-up runs the large-body path the timed POSTs run.
        byte[] warmupBody = warmup > 0 ? await CreateBodyAsync(300, cancellationToken) : [];
        Console.WriteLine($"Server: {server} (a fresh process per route and round){string.Concat(environment.Select(e => $", {e.Key}={e.Value}"))}");
        Console.WriteLine($"Body: {body.Length / 1e6:F1} MB, {statuses} statuses; 3 POSTs in a row, then 8 at once, twice; RSS from /proc");
        if (warmup > 0)
        {
            Console.WriteLine($"Warm-up: {warmup} POSTs of {warmupBody.Length / 1e6:F1} MB per server before the timed ones (their RSS counts in the peak, not their time or CPU)");
        }

        Console.WriteLine();
        Console.WriteLine("| route | round | peak RSS (VmHWM) | end RSS (+2 s) | peak after the 3 in a row | RSS before | time (19 POSTs) | server CPU |");
        Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|");
        var results = new List<(string Route, Result Result)>();
        for (int round = 1; round <= rounds; round++)
        {
            // Alternate which route goes first, so neither always runs on the colder machine.
            IEnumerable<string> order = round % 2 == 1 ? routes : routes.Reverse();
            foreach (string route in order)
            {
                Result result = await RunRouteAsync(server, route, body, warmup, warmupBody, environment, cancellationToken);
                results.Add((route, result));
                Console.WriteLine($"| `{route}` | {round} | {SampleProcess.Mb(result.PeakRss)} | {SampleProcess.Mb(result.EndRss)} | {SampleProcess.Mb(result.SequentialPeakRss)} | {SampleProcess.Mb(result.StartRss)} | {result.Time.TotalSeconds:F2} s | {result.CpuSeconds:F2} s |");
            }
        }

        if (rounds > 1)
        {
            Console.WriteLine();
            Console.WriteLine("| route | median peak RSS | median end RSS | median time | median server CPU |");
            Console.WriteLine("|---|---:|---:|---:|---:|");
            foreach (string route in routes)
            {
                List<Result> mine = results.Where(r => r.Route == route).Select(r => r.Result).ToList();
                Console.WriteLine($"| `{route}` | {SampleProcess.Mb(Median(mine, r => r.PeakRss))} | {SampleProcess.Mb(Median(mine, r => r.EndRss))} | {Median(mine, r => r.Time.TotalSeconds):F2} s | {Median(mine, r => r.CpuSeconds):F2} s |");
            }
        }

        return 0;
    }

    private static double Median(List<Result> results, Func<Result, double> value)
    {
        double[] sorted = results.Select(value).Order().ToArray();
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }

    /// <summary>data/twitter.json's statuses repeated, each copy with new ids, as compact JSON (as a client sends it).</summary>
    private static async Task<byte[]> CreateBodyAsync(int count, CancellationToken cancellationToken)
    {
        string file = Path.Combine(AppContext.BaseDirectory, "data", "twitter.json");
        TwitterRoot search = TwitterRoot.CreateFromJson(await File.ReadAllBytesAsync(file, cancellationToken));
        List<Status> source = search.statuses ?? [];
        var statuses = new List<Status>(count);
        for (int i = 0; i < count; i++)
        {
            // A deep copy through JSON, so every copy is its own object graph with its own id.
            Status copy = JsonSerializer.Deserialize(JsonSerializer.SerializeToUtf8Bytes(source[i % source.Count], RealDataJsonContext.Default.Status), RealDataJsonContext.Default.Status)!;
            copy.id += (i / source.Count) * 1_000_000_000L;
            copy.id_str = copy.id.ToString(CultureInfo.InvariantCulture);
            statuses.Add(copy);
        }

        // Non-ASCII text as UTF-8, not \u escapes (the generated writer's JSON): 23.9 MB for 5,000 statuses.
        return System.Text.Encoding.UTF8.GetBytes(new TwitterRoot { search_metadata = search.search_metadata, statuses = statuses }.ToJson());
    }

    private static async Task<Result> RunRouteAsync(string server, string route, byte[] body, int warmup, byte[] warmupBody, Dictionary<string, string> environment, CancellationToken cancellationToken)
    {
        using Process process = SampleProcess.Start(server, "memory-run", out Uri baseUri, environment);
        try
        {
            using var client = new HttpClient(new SocketsHttpHandler { MaxConnectionsPerServer = 16, AutomaticDecompression = DecompressionMethods.None })
            {
                BaseAddress = baseUri,
                Timeout = TimeSpan.FromMinutes(5),
            };
            for (int i = 0; i < warmup; i++)
            {
                await PostAsync(client, route, warmupBody, cancellationToken);
            }

            long start = SampleProcess.ReadStatus(process.Id, "VmRSS:");
            double cpuBefore = SampleProcess.CpuSeconds(process.Id);
            var clock = Stopwatch.StartNew();
            for (int i = 0; i < 3; i++)
            {
                await PostAsync(client, route, body, cancellationToken);
            }

            long sequentialPeak = SampleProcess.ReadStatus(process.Id, "VmHWM:");

            for (int wave = 0; wave < 2; wave++)
            {
                await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => PostAsync(client, route, body, cancellationToken)));
            }

            TimeSpan time = clock.Elapsed;
            double cpu = SampleProcess.CpuSeconds(process.Id) - cpuBefore;
            await Task.Delay(Settle, cancellationToken);
            return new Result(start, sequentialPeak, SampleProcess.ReadStatus(process.Id, "VmHWM:"), SampleProcess.ReadStatus(process.Id, "VmRSS:"), time, cpu);
        }
        finally
        {
            await SampleProcess.StopAsync(process);
        }
    }

    private static async Task PostAsync(HttpClient client, string route, byte[] body, CancellationToken cancellationToken)
    {
        using var content = new ByteArrayContent(body);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        using HttpResponseMessage response = await client.PostAsync(route, content, cancellationToken);
        byte[] answer = await response.Content.ReadAsByteArrayAsync(cancellationToken);
        if (response.StatusCode != HttpStatusCode.OK || answer.Length < body.Length / 2)
        {
            throw new InvalidOperationException($"POST {route}: {(int)response.StatusCode}, {answer.Length} bytes: {System.Text.Encoding.UTF8.GetString(answer.AsSpan(0, Math.Min(answer.Length, 500)))}");
        }
    }

    private sealed record Result(long StartRss, long SequentialPeakRss, long PeakRss, long EndRss, TimeSpan Time, double CpuSeconds);
}
