using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using Jsonable.Samples.RealData;

namespace Jsonable.LoadTests;

/// <summary>
/// <c>--upload-run</c>: streamed uploads. N MB of statuses (data/twitter.json's, serialized by Jsonable and repeated)
/// POSTed as one chunked body, a JSON array and JSON Lines, to Jsonable's stream route (<c>JsonableStream&lt;Status&gt;</c>)
/// and to the System.Text.Json baseline (<c>DeserializeAsyncEnumerable</c>), each on a fresh sample server in its own
/// process (<see cref="SampleProcess"/>): items/s, time, and the server's resident set from <c>/proc</c> before the
/// upload, at its peak (VmHWM) and after the response (VmRSS), side by side in one table. Fails unless every route
/// answers 2xx with every item counted.
/// </summary>
internal static class UploadRun
{
    public const string Usage = """
        dotnet run -c Release --project load-tests -- --upload-run [--megabytes N] [--bodies LIST] [--routes LIST] [--out DIR]

          --megabytes N   body size in MiB (default 1024)
          --bodies LIST   json (a JSON array), jsonl (JSON Lines) or both (default json,jsonl)
          --routes LIST   paths to POST to (default /minimal/statuses/stream,/stj/statuses/stream)
          --out DIR       also write the table to DIR/upload-run.md and DIR/upload-run.csv
        """;

    private static readonly Dictionary<string, (string Label, string ContentType)> s_bodies = new()
    {
        ["json"] = ("JSON array", "application/json"),
        ["jsonl"] = ("JSON Lines", "application/jsonl"),
    };

    public static async Task<int> RunAsync(string[] args, CancellationToken cancellationToken)
    {
        long megabytes = 1024;
        string[] bodies = ["json", "jsonl"];
        string[] routes = ["/minimal/statuses/stream", "/stj/statuses/stream"];
        string? output = null;
        for (int i = 0; i < args.Length; i++)
        {
            string name = args[i];
            string Value() => i + 1 < args.Length ? args[++i] : throw new ArgumentException($"{name} needs a value.");
            switch (name)
            {
                case "--megabytes":
                    megabytes = long.Parse(Value(), NumberStyles.None, CultureInfo.InvariantCulture);
                    break;
                case "--bodies":
                    bodies = Value().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
                    if (bodies.FirstOrDefault(b => !s_bodies.ContainsKey(b)) is { } unknown)
                    {
                        throw new ArgumentException($"--bodies: '{unknown}' is not json or jsonl.");
                    }

                    break;
                case "--routes":
                    routes = Value().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
                    break;
                case "--out":
                    output = Value();
                    break;
                default:
                    throw new ArgumentException($"Unknown option '{name}'.\n{Usage}");
            }
        }

        string server = SampleProcess.Assembly();
        string data = Path.Combine(AppContext.BaseDirectory, "data", "twitter.json");
        byte[][] items = [.. TwitterRoot.CreateFromJson(await File.ReadAllBytesAsync(data, cancellationToken)).statuses!.Select(s => JsonableSerializer.SerializeToUtf8Bytes(s))];
        Console.WriteLine($"Server: {server} (a fresh process per body and route)");
        Console.WriteLine($"Body: {megabytes} MiB of twitter statuses, one chunked POST (mean item {items.Average(i => i.Length):F0} bytes); RSS from /proc");
        Console.WriteLine();

        var results = new List<(string Body, string Route, Result Result)>();
        foreach (string body in bodies)
        {
            foreach (string route in routes)
            {
                results.Add((body, route, await RunRouteAsync(server, route, s_bodies[body].ContentType, items, megabytes * 1024 * 1024, cancellationToken)));
            }
        }

        var markdown = new StringBuilder();
        markdown.AppendLine("| body | route | items | time (s) | items/s | RSS before (MB) | peak RSS (MB) | end RSS (MB) |");
        markdown.AppendLine("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        var csv = new List<string> { "body,route,items,seconds,items_per_second,rss_before_mb,peak_rss_mb,end_rss_mb" };
        foreach ((string body, string route, Result r) in results)
        {
            markdown.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {s_bodies[body].Label} | {Stack(route)} `{route}` | {r.Items:N0} | {r.Time.TotalSeconds:F1} | {r.ItemsPerSecond:N0} | {Mb(r.StartRss):F0} | {Mb(r.PeakRss):F0} | {Mb(r.EndRss):F0} |"));
            csv.Add(string.Create(CultureInfo.InvariantCulture,
                $"{body},{route},{r.Items},{r.Time.TotalSeconds:F3},{r.ItemsPerSecond:F0},{Mb(r.StartRss):F1},{Mb(r.PeakRss):F1},{Mb(r.EndRss):F1}"));
        }

        // The comparison the table is for: Jsonable's items/s over the baseline's, per body.
        foreach (string body in bodies)
        {
            var mine = results.Where(r => r.Body == body).ToList();
            if (mine.FirstOrDefault(r => Stack(r.Route) == "Jsonable").Result is { } jsonable && mine.FirstOrDefault(r => Stack(r.Route) == "STJ").Result is { } stj)
            {
                markdown.AppendLine().AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"{s_bodies[body].Label}: Jsonable reads {jsonable.ItemsPerSecond / stj.ItemsPerSecond:F2}× System.Text.Json's items/s, peak RSS {Mb(jsonable.PeakRss - jsonable.StartRss):F0} MB over idle against {Mb(stj.PeakRss - stj.StartRss):F0} MB."));
            }
        }

        Console.Write(markdown);
        if (output is not null)
        {
            Directory.CreateDirectory(output);
            await File.WriteAllTextAsync(Path.Combine(output, "upload-run.md"), markdown.ToString(), cancellationToken);
            await File.WriteAllLinesAsync(Path.Combine(output, "upload-run.csv"), csv, cancellationToken);
        }

        return 0;
    }

    /// <summary>Which serializer a route reads with: the sample's baseline routes are under /stj.</summary>
    private static string Stack(string route) => route.StartsWith("/stj/", StringComparison.Ordinal) ? "STJ" : "Jsonable";

    private static double Mb(long bytes) => bytes / (1024.0 * 1024);

    private static async Task<Result> RunRouteAsync(string server, string route, string contentType, byte[][] items, long bytes, CancellationToken cancellationToken)
    {
        using Process process = SampleProcess.Start(server, "upload-run", out Uri baseUri);
        try
        {
            using var client = new HttpClient { BaseAddress = baseUri, Timeout = Timeout.InfiniteTimeSpan };
            long start = SampleProcess.ReadStatus(process.Id, "VmRSS:");
            using var content = new GeneratedBody(items, bytes, lines: contentType != "application/json");
            content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
            var clock = Stopwatch.StartNew();
            using HttpResponseMessage response = await client.PostAsync(route, content, cancellationToken);
            string answer = await response.Content.ReadAsStringAsync(cancellationToken);
            clock.Stop();
            if (response.StatusCode != HttpStatusCode.OK)
            {
                throw new InvalidOperationException($"POST {route} ({contentType}): {(int)response.StatusCode} {answer[..Math.Min(answer.Length, 500)]}");
            }

            long count = JsonDocument.Parse(answer).RootElement.GetProperty("count").GetInt64();
            if (count != content.ItemsWritten)
            {
                throw new InvalidOperationException($"POST {route} ({contentType}) read {count} items of the {content.ItemsWritten} sent.");
            }

            return new Result(count, clock.Elapsed, start, SampleProcess.ReadStatus(process.Id, "VmHWM:"), SampleProcess.ReadStatus(process.Id, "VmRSS:"));
        }
        finally
        {
            await SampleProcess.StopAsync(process);
        }
    }

    private sealed record Result(long Items, TimeSpan Time, long StartRss, long PeakRss, long EndRss)
    {
        public double ItemsPerSecond => Items / Time.TotalSeconds;
    }

    /// <summary>The items over and over until <c>bytes</c> are written, as a JSON array or JSON Lines, in 64 KB writes, chunked.</summary>
    private sealed class GeneratedBody(byte[][] items, long bytes, bool lines) : HttpContent
    {
        public long ItemsWritten { get; private set; }

        protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        {
            var buffer = new MemoryStream(80 * 1024);
            long written = 0;
            if (!lines)
            {
                buffer.WriteByte((byte)'[');
            }

            for (int i = 0; written + buffer.Length < bytes; i = (i + 1) % items.Length)
            {
                if (!lines && ItemsWritten > 0)
                {
                    buffer.WriteByte((byte)',');
                }

                buffer.Write(items[i]);
                if (lines)
                {
                    buffer.WriteByte((byte)'\n');
                }

                ItemsWritten++;
                if (buffer.Length >= 64 * 1024)
                {
                    written += buffer.Length;
                    await stream.WriteAsync(buffer.GetBuffer().AsMemory(0, (int)buffer.Length));
                    buffer.SetLength(0);
                }
            }

            if (!lines)
            {
                buffer.WriteByte((byte)']');
            }

            await stream.WriteAsync(buffer.GetBuffer().AsMemory(0, (int)buffer.Length));
        }

        protected override bool TryComputeLength(out long length)
        {
            length = -1;
            return false;
        }
    }
}
