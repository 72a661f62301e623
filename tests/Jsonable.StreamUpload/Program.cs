using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Net.Sockets;
using System.Text.Json;
using Jsonable;
using Jsonable.Samples.RealData;

namespace Jsonable.StreamUpload;

/// <summary>
/// Starts the sample API (<c>--server</c>, the built Jsonable.Samples.WebApi.dll) once per route, POSTs
/// <c>--megabytes</c> of generated statuses to it as one streamed body (<c>--format json|jsonl</c>), and reports the
/// server's peak RSS (VmHWM) and end RSS (VmRSS) from /proc, the time and items per second.
/// </summary>
internal static class Program
{
    private static readonly string[] s_routes = ["/minimal/statuses/stream", "/stj/statuses/stream"];

    private static async Task<int> Main(string[] args)
    {
        string server = Argument(args, "--server", Path.Combine("samples", "WebApi", "bin", "Release", "net10.0", "Jsonable.Samples.WebApi.dll"));
        long megabytes = long.Parse(Argument(args, "--megabytes", "1024"), CultureInfo.InvariantCulture);
        string format = Argument(args, "--format", "jsonl");
        string data = Argument(args, "--data", Path.Combine("data", "twitter.json"));
        string contentType = format == "jsonl" ? "application/jsonl" : "application/json";

        byte[][] items = [.. TwitterRoot.CreateFromJson(File.ReadAllBytes(data)).statuses!.Select(s => JsonableSerializer.SerializeToUtf8Bytes(s))];
        Console.WriteLine($"body: {megabytes} MB of twitter statuses as {contentType} (mean item {items.Average(i => i.Length):F0} bytes)");
        Console.WriteLine("| route | items | time (s) | items/s | server RSS before (MB) | peak RSS (MB) | end RSS (MB) |");
        Console.WriteLine("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        foreach (string route in s_routes)
        {
            await MeasureAsync(server, route, contentType, items, megabytes * 1024 * 1024);
        }

        return 0;
    }

    private static async Task MeasureAsync(string server, string route, string contentType, byte[][] items, long bytes)
    {
        int port = FreeLoopbackPort();
        var start = new ProcessStartInfo("dotnet", [Path.GetFullPath(server), "--urls", $"http://127.0.0.1:{port}"])
        {
            WorkingDirectory = Path.GetDirectoryName(Path.GetFullPath(server))!,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        start.Environment["ASPNETCORE_ENVIRONMENT"] = "Production";
        start.Environment["ConnectionStrings__Sample"] = $"Data Source=file:upload-{Guid.NewGuid():N}?mode=memory&cache=shared";
        start.Environment["Logging__LogLevel__Default"] = "Warning";
        using Process process = Process.Start(start)!;
        process.OutputDataReceived += (_, _) => { };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) Console.Error.WriteLine("server: " + e.Data); };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        try
        {
            using var client = new HttpClient { BaseAddress = new Uri($"http://127.0.0.1:{port}"), Timeout = Timeout.InfiniteTimeSpan };
            await WaitUntilUpAsync(client);
            long before = ProcStatus(process.Id, "VmRSS:");

            var content = new GeneratedBody(items, bytes, contentType == "application/jsonl");
            content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
            var clock = Stopwatch.StartNew();
            using HttpResponseMessage response = await client.PostAsync(route, content);
            string answer = await response.Content.ReadAsStringAsync();
            clock.Stop();
            if (!response.IsSuccessStatusCode)
            {
                throw new InvalidOperationException($"{route}: {(int)response.StatusCode} {answer}");
            }

            long count = JsonDocument.Parse(answer).RootElement.GetProperty("count").GetInt64();
            if (count != content.ItemsWritten)
            {
                throw new InvalidOperationException($"{route} read {count} items of {content.ItemsWritten}.");
            }

            long peak = ProcStatus(process.Id, "VmHWM:");
            long end = ProcStatus(process.Id, "VmRSS:");
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"| `{route}` | {count:N0} | {clock.Elapsed.TotalSeconds:F1} | {count / clock.Elapsed.TotalSeconds:N0} | {before / 1024.0:F0} | {peak / 1024.0:F0} | {end / 1024.0:F0} |"));
        }
        finally
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync();
        }
    }

    /// <summary>A value in kB from /proc/PID/status (VmRSS: now, VmHWM: the peak so far).</summary>
    private static long ProcStatus(int pid, string field) =>
        long.Parse(File.ReadLines($"/proc/{pid}/status").First(l => l.StartsWith(field, StringComparison.Ordinal))[field.Length..].Trim().Split(' ')[0], CultureInfo.InvariantCulture);

    private static async Task WaitUntilUpAsync(HttpClient client)
    {
        for (int attempt = 0; attempt < 600; attempt++)
        {
            try
            {
                using HttpResponseMessage response = await client.GetAsync("/minimal/statuses?limit=1");
                if (response.IsSuccessStatusCode)
                {
                    return;
                }
            }
            catch (HttpRequestException)
            {
            }

            await Task.Delay(100);
        }

        throw new TimeoutException("The server did not start.");
    }

    private static int FreeLoopbackPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    private static string Argument(string[] args, string name, string fallback)
    {
        int at = Array.IndexOf(args, name);
        return at >= 0 && at + 1 < args.Length ? args[at + 1] : fallback;
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
