using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Text;
using Jsonable;
using Jsonable.Http;
using Jsonable.Samples.RealData;
using Jsonable.ScaleOut.Check;

// The scale-out fault check: see the project file. Run through samples/scale-out.sh (which sets SCALE_OUT_URL,
// SCALE_OUT_INSTANCES and SCALE_OUT_PIDS), with Redis:
//
//   samples/scale-out.sh --instances 2 -- dotnet run -c Release --project tests/Jsonable.ScaleOut.Check
//
// Options: --subscribers N (SignalR subscribers, 6), --rate N (PATCHes per second, 10), --before S (seconds of changes
// before the kill, 3), --after S (seconds of changes after it, 4).
var options = Options.Parse(args);
var failures = new List<string>();
using var overall = new CancellationTokenSource(TimeSpan.FromMinutes(2)); // a hang guard, not a measurement
CancellationToken ct = overall.Token;

using var http = new HttpClient { BaseAddress = options.Url, Timeout = TimeSpan.FromSeconds(10) };

// 1. A group message sent on one instance reaches a client of another (the Redis backplane), each connected directly.
if (options.Instances.Length >= 2)
{
    failures.AddRange(await Broadcast.CheckAsync(options.Instances[0], options.Instances[1], ct));
}
else
{
    failures.Add("the broadcast check needs 2 instances or more (SCALE_OUT_INSTANCES)");
}

// 2. A fresh transform, followed through the proxy by SignalR subscribers of every kind and by one SSE follower.
using HttpResponseMessage created = await http.PostAsync("/minimal/transforms",
    new StringContent("""{"id":0,"name":"fault check","counters":{"n":0}}""", Encoding.UTF8, "application/json"), ct);
created.EnsureSuccessStatusCode();
long id = Transform.CreateFromJson(await created.Content.ReadAsByteArrayAsync(ct)).Id;
long firstVersion = Writer.Version(created);
Console.WriteLine($"fault-check: transform {id} at version {firstVersion}; {options.Subscribers} SignalR subscribers and 1 SSE follower through {options.Url}");

using var stopFollowing = CancellationTokenSource.CreateLinkedTokenSource(ct);
Subscriber[] subscribers = Enumerable.Range(0, options.Subscribers).Select(i => new Subscriber(i, options.Url, id, (Transport)(i % 3))).ToArray();
Task[] following = subscribers.Select(s => s.RunAsync(stopFollowing.Token)).ToArray();
var sse = new SseFollower(options.Url, id);
Task sseFollowing = sse.RunAsync(stopFollowing.Token);

foreach (Subscriber s in subscribers)
{
    await s.WaitForVersionAsync(firstVersion, ct);
}

await sse.WaitForVersionAsync(firstVersion, ct);

// 3. Changes at a steady rate; one instance killed (SIGKILL) while the subscribers are connected.
var writer = new Writer(http, id, options.Rate);
Task writing = writer.RunAsync(ct);
await Task.Delay(TimeSpan.FromSeconds(options.Before), ct);

// The instance that serves the most subscribers right now.
IGrouping<int, Subscriber> busiest = subscribers.GroupBy(s => s.CurrentProcessId).OrderByDescending(g => g.Count()).First();
int victim = busiest.Key;
if (!options.Pids.TryGetValue(victim, out string? victimName))
{
    failures.Add($"the subscribers' instance (process {victim}) is none of SCALE_OUT_PIDS ({string.Join(',', options.Pids.Values)})");
    victimName = "?";
}

Subscriber[] moved = [.. busiest];
long versionAtKill = writer.LastVersion;
TimeSpan killedAt = Clock.Now;
using (Process process = Process.GetProcessById(victim))
{
    process.Kill(); // SIGKILL on Unix: no graceful shutdown, the instance's sockets just go
}

Console.WriteLine($"fault-check: killed {victimName} (process {victim}) at about version {versionAtKill}, serving subscribers {string.Join(',', moved.Select(s => s.Index))} "
    + $"({string.Join(',', moved.Select(s => s.Transport))})");
await Task.Delay(TimeSpan.FromSeconds(options.After), ct);
writer.Stop();
await writing;

// 4. The server's copy, then every follower at it.
using HttpResponseMessage final = await http.GetAsync($"/minimal/transforms/{id}", ct);
final.EnsureSuccessStatusCode();
long finalVersion = Writer.Version(final);
string serverCopy = Canonical(Transform.CreateFromJson(await final.Content.ReadAsByteArrayAsync(ct)));
using (var settle = CancellationTokenSource.CreateLinkedTokenSource(ct))
{
    settle.CancelAfter(TimeSpan.FromSeconds(30));
    try
    {
        foreach (Subscriber s in subscribers)
        {
            await s.WaitForVersionAsync(finalVersion, settle.Token);
        }

        await sse.WaitForVersionAsync(finalVersion, settle.Token);
    }
    catch (OperationCanceledException) when (!ct.IsCancellationRequested)
    {
        failures.Add($"not every follower reached version {finalVersion} within 30 s of the last change");
    }
}

await stopFollowing.CancelAsync();
await Task.WhenAll(following.Append(sseFollowing));

// 5. Every version exactly once, in order; the copies equal the server's.
Console.WriteLine($"fault-check: {writer.Written} PATCHes answered 2xx ({writer.Retried} retried after a failure), versions {firstVersion}..{finalVersion}");
foreach (Subscriber s in subscribers)
{
    failures.AddRange(s.Check(firstVersion, finalVersion, serverCopy, victim, moved.Contains(s), killedAt));
    Console.WriteLine($"fault-check: {s.Summary(killedAt)}");
}

failures.AddRange(sse.Check(firstVersion, finalVersion, serverCopy));
Console.WriteLine($"fault-check: {sse.Summary()}");
foreach (string failure in failures)
{
    Console.Error.WriteLine($"fault-check: FAIL {failure}");
}

Console.WriteLine(failures.Count == 0 ? "fault-check: passed" : $"fault-check: {failures.Count} failure(s)");
return failures.Count == 0 ? 0 : 1;

static string Canonical(Transform transform) => Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(transform, JsonableFormat.Json));

namespace Jsonable.ScaleOut.Check
{
    /// <summary>The command line, with scale-out.sh's environment as defaults.</summary>
    internal sealed record Options(Uri Url, Uri[] Instances, Dictionary<int, string> Pids, int Subscribers, double Rate, double Before, double After)
    {
        public static Options Parse(string[] args)
        {
            var values = new Dictionary<string, string>(StringComparer.Ordinal);
            for (int i = 0; i + 1 < args.Length; i += 2)
            {
                values[args[i].TrimStart('-')] = args[i + 1];
            }

            string Get(string name, string? fallback) => values.GetValueOrDefault(name) ?? fallback
                ?? throw new ArgumentException($"--{name} is required (or run under samples/scale-out.sh, which sets it)");
            double Number(string name, string fallback) => double.Parse(Get(name, fallback), CultureInfo.InvariantCulture);

            Uri[] instances = Get("instances", Environment.GetEnvironmentVariable("SCALE_OUT_INSTANCES"))
                .Split(',', StringSplitOptions.RemoveEmptyEntries).Select(u => new Uri(u)).ToArray();
            // NAME=PID,...: only the instances matter here.
            Dictionary<int, string> pids = Get("pids", Environment.GetEnvironmentVariable("SCALE_OUT_PIDS"))
                .Split(',', StringSplitOptions.RemoveEmptyEntries).Select(p => p.Split('='))
                .Where(p => p[0].StartsWith("instance-", StringComparison.Ordinal))
                .ToDictionary(p => int.Parse(p[1], CultureInfo.InvariantCulture), p => p[0]);
            return new Options(new Uri(Get("url", Environment.GetEnvironmentVariable("SCALE_OUT_URL"))), instances, pids,
                (int)Number("subscribers", "6"), Number("rate", "10"), Number("before", "3"), Number("after", "4"));
        }
    }

    /// <summary>PATCHes the transform at a steady rate through the proxy, retrying a change whose request failed.</summary>
    internal sealed class Writer(HttpClient http, long id, double rate)
    {
        private volatile bool _stop;

        public int Written { get; private set; }

        public int Retried { get; private set; }

        public long LastVersion { get; private set; }

        public void Stop() => _stop = true;

        public static long Version(HttpResponseMessage response) =>
            long.Parse(response.Headers.ETag!.Tag.Trim('"'), CultureInfo.InvariantCulture);

        public async Task RunAsync(CancellationToken ct)
        {
            var clock = Stopwatch.StartNew();
            for (int n = 1; !_stop; n++)
            {
                // Every change touches a different member each time, so a missed or doubled delta shows in the copy.
                string patch = (n % 3) switch
                {
                    0 => $$$"""{"counters":{"n":{{{n}}},"k{{{n}}}":{{{n}}},"k{{{n - 3}}}":null}}""",
                    1 => $$"""{"position":[{{n}},0.5,-1],"name":"change {{n}}"}""",
                    _ => $$$"""{"tags":["t{{{n}}}"],"counters":{"n":{{{n}}}}}""",
                };
                while (true)
                {
                    try
                    {
                        using var content = new StringContent(patch, Encoding.UTF8, "application/merge-patch+json");
                        using HttpResponseMessage response = await http.PatchAsync($"/minimal/transforms/{id}", content, ct);
                        if (response.StatusCode == HttpStatusCode.OK)
                        {
                            Written++;
                            LastVersion = Version(response);
                            break;
                        }

                        // 502/503 from the proxy while it still routes to the killed instance: try again. A change
                        // that did land before its answer was lost lands twice: a new version, nothing missed.
                        if ((int)response.StatusCode < 500)
                        {
                            throw new InvalidOperationException($"PATCH answered {(int)response.StatusCode}");
                        }
                    }
                    catch (HttpRequestException)
                    {
                    }

                    Retried++;
                    await Task.Delay(50, ct);
                }

                TimeSpan next = TimeSpan.FromSeconds(n / rate);
                if (next > clock.Elapsed)
                {
                    await Task.Delay(next - clock.Elapsed, ct);
                }
            }
        }
    }
}
