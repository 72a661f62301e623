using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Jsonable;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.Extensions.Logging;

namespace Jsonable.Soak;

/// <summary>
/// Runs the sample API on Kestrel at 127.0.0.1 and sends it mixed valid and hostile requests for a fixed time
/// (<c>--seconds N</c>, default 120; <c>--workers N</c>, default 8). Reports RSS at start and end, status counts,
/// 5xx and client errors; exits 1 on any 5xx or client error.
/// </summary>
internal static class Program
{
    private static async Task<int> Main(string[] args)
    {
        int seconds = Argument(args, "--seconds", 120);
        int workers = Argument(args, "--workers", 8);
        int port = FreeLoopbackPort();

        // Outside a test project WebApplicationFactory cannot guess the sample's content root: point it at our output.
        Environment.SetEnvironmentVariable("ASPNETCORE_TEST_CONTENTROOT_JSONABLE_SAMPLES_WEBAPI", AppContext.BaseDirectory);
        using var factory = new SoakServerFactory(port);
        factory.UseKestrel(port);
        factory.StartServer();

        using var client = new HttpClient(new SocketsHttpHandler { PooledConnectionLifetime = TimeSpan.FromMinutes(1) })
        {
            BaseAddress = new Uri($"http://127.0.0.1:{port}"),
            Timeout = TimeSpan.FromSeconds(30),
        };
        var requests = new SoakRequests(Path.Combine(AppContext.BaseDirectory, "data"));

        // Warm up (JIT, tiering, pools) before the starting RSS, so growth is what the soak adds.
        await RunAsync(client, requests, workers, TimeSpan.FromSeconds(Math.Min(10, seconds / 6 + 1)), new Tally()).ConfigureAwait(false);
        long rssStart = ResidentAfterCollect();
        Console.WriteLine($"soak: {seconds} s, {workers} workers, http://127.0.0.1:{port}; RSS after warm-up {Mb(rssStart)}");

        var tally = new Tally();
        var clock = Stopwatch.StartNew();
        long rssPeak = rssStart;
        var series = new ConcurrentQueue<string>();
        using var sampler = new Timer(
            _ =>
            {
                long rss = ResidentBytes();
                rssPeak = Math.Max(rssPeak, rss);

                // Every 30 s also what a full collection leaves: a leak keeps rising, pools and caches level off.
                string afterCollect = (int)clock.Elapsed.TotalSeconds % 30 < 10 ? $"/{ResidentAfterCollect() / (1024 * 1024)} (managed {GC.GetTotalMemory(false) / (1024 * 1024)})" : string.Empty;
                series.Enqueue($"{clock.Elapsed.TotalSeconds:F0}s {rss / (1024 * 1024)}{afterCollect}");
            },
            null,
            TimeSpan.FromSeconds(10),
            TimeSpan.FromSeconds(10));
        await RunAsync(client, requests, workers, TimeSpan.FromSeconds(seconds), tally).ConfigureAwait(false);
        long rssEndLive = ResidentBytes();
        long rssEnd = ResidentAfterCollect();

        Console.WriteLine($"requests: {tally.Total} in {clock.Elapsed.TotalSeconds:F0} s ({tally.Total / clock.Elapsed.TotalSeconds:F0}/s)");
        foreach ((string kind, ConcurrentDictionary<int, int> statuses) in tally.ByKind.OrderBy(k => k.Key, StringComparer.Ordinal))
        {
            Console.WriteLine($"  {kind,-28} " + string.Join(", ", statuses.OrderBy(s => s.Key).Select(s => $"{s.Key}: {s.Value}")));
        }

        Console.WriteLine($"5xx: {tally.ServerErrors}; client errors (timeouts, resets): {tally.ClientErrors}");
        foreach (string error in tally.Errors.Take(10))
        {
            Console.WriteLine("  " + error);
        }

        // Both ends after a full compacting collection, so the comparison is what is still held, not what the GC kept.
        Console.WriteLine($"RSS (MB) every 10 s under load [/after a full GC (managed heap)]: {string.Join(", ", series)}");
        Console.WriteLine($"RSS after a full GC: start {Mb(rssStart)}, end {Mb(rssEnd)} (live at the end {Mb(rssEndLive)}, peak {Mb(rssPeak)}); managed heap {Mb(GC.GetTotalMemory(false))}");
        return tally.ServerErrors == 0 && tally.ClientErrors == 0 ? 0 : 1;
    }

    private static async Task RunAsync(HttpClient client, SoakRequests requests, int workers, TimeSpan duration, Tally tally)
    {
        DateTime end = DateTime.UtcNow + duration;
        await Task.WhenAll(Enumerable.Range(0, workers).Select(async worker =>
        {
            var random = new Random(worker);
            while (DateTime.UtcNow < end)
            {
                (string kind, HttpRequestMessage request) = requests.Next(random);
                try
                {
                    using (request)
                    using (HttpResponseMessage response = await client.SendAsync(request).ConfigureAwait(false))
                    {
                        await response.Content.ReadAsByteArrayAsync().ConfigureAwait(false);
                        tally.Add(kind, (int)response.StatusCode);
                    }
                }
                catch (Exception ex) when (ex is HttpRequestException or TaskCanceledException or IOException)
                {
                    tally.AddClientError($"{kind}: {ex.GetType().Name}: {ex.Message}");
                }
            }
        })).ConfigureAwait(false);
    }

    private static long ResidentBytes()
    {
        foreach (string line in File.ReadLines("/proc/self/status"))
        {
            if (line.StartsWith("VmRSS:", StringComparison.Ordinal))
            {
                return long.Parse(line.Split(' ', StringSplitOptions.RemoveEmptyEntries)[1], CultureInfo.InvariantCulture) * 1024;
            }
        }

        return Environment.WorkingSet;
    }

    private static long ResidentAfterCollect()
    {
        System.Runtime.GCSettings.LargeObjectHeapCompactionMode = System.Runtime.GCLargeObjectHeapCompactionMode.CompactOnce;
        GC.Collect(GC.MaxGeneration, GCCollectionMode.Aggressive, blocking: true, compacting: true);
        GC.WaitForPendingFinalizers();
        return ResidentBytes();
    }

    private static string Mb(long bytes) => $"{bytes / (1024.0 * 1024.0):F1} MB";

    private static int FreeLoopbackPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    private static int Argument(string[] args, string name, int fallback)
    {
        int at = Array.IndexOf(args, name);
        return at >= 0 && at + 1 < args.Length ? int.Parse(args[at + 1], CultureInfo.InvariantCulture) : fallback;
    }
}

/// <summary>The sample with its own in-memory database, on Kestrel.</summary>
internal sealed class SoakServerFactory(int port) : WebApplicationFactory<global::Program>
{
    protected override void ConfigureWebHost(IWebHostBuilder builder)
    {
        builder.UseEnvironment("Production");
        builder.UseSetting("ConnectionStrings:Sample", $"Data Source=file:soak-{port}?mode=memory&cache=shared");
        // The hostile requests log a warning each (e.g. 406); the tally reports them instead.
        builder.ConfigureLogging(logging => logging.ClearProviders());
    }
}

/// <summary>Status codes by request kind, and everything that went wrong.</summary>
internal sealed class Tally
{
    private long _total;
    private long _serverErrors;
    private long _clientErrors;

    public ConcurrentDictionary<string, ConcurrentDictionary<int, int>> ByKind { get; } = new();

    public ConcurrentQueue<string> Errors { get; } = new();

    public long Total => Interlocked.Read(ref _total);

    public long ServerErrors => Interlocked.Read(ref _serverErrors);

    public long ClientErrors => Interlocked.Read(ref _clientErrors);

    public void Add(string kind, int status)
    {
        Interlocked.Increment(ref _total);
        ByKind.GetOrAdd(kind, _ => new()).AddOrUpdate(status, 1, (_, n) => n + 1);
        if (status >= 500)
        {
            Interlocked.Increment(ref _serverErrors);
            Errors.Enqueue($"{kind}: {status}");
        }
    }

    public void AddClientError(string error)
    {
        Interlocked.Increment(ref _total);
        Interlocked.Increment(ref _clientErrors);
        Errors.Enqueue(error);
    }
}
