using System.Globalization;
using System.Text.Json;

namespace Jsonable.LoadTests;

/// <summary>
/// How a balancer in front of several instances (samples/Proxy) split each run: when the target answers
/// <c>GET /proxy/stats</c>, its counts are reset before every run and read after it (warm-up included), printed, and
/// written to <see cref="CsvFile"/>. Against a single server nothing happens.
/// </summary>
internal sealed class ProxySplit
{
    public const string CsvFile = "proxy-split.csv";

    private readonly HttpClient _client;
    private readonly List<string> _rows = ["engine,scenario,format,instance,address,requests,share,statuses"];

    private ProxySplit(HttpClient client) => _client = client;

    /// <summary>A recorder when <paramref name="client"/>'s server is the sample's proxy, else null.</summary>
    public static async Task<ProxySplit?> DetectAsync(HttpClient client, CancellationToken cancellationToken)
    {
        using HttpResponseMessage response = await client.GetAsync("/proxy/stats", cancellationToken);
        if (!response.IsSuccessStatusCode || response.Content.Headers.ContentType?.MediaType != "application/json")
        {
            return null;
        }

        using JsonDocument stats = JsonDocument.Parse(await response.Content.ReadAsByteArrayAsync(cancellationToken));
        return stats.RootElement.TryGetProperty("destinations", out _) ? new ProxySplit(client) : null;
    }

    /// <summary>Runs <paramref name="run"/> with the proxy's counts reset before it, and records its split after.</summary>
    public async Task<RunResult> MeasureAsync(string engine, string scenario, string format, Func<Task<RunResult>> run, CancellationToken cancellationToken)
    {
        using (HttpResponseMessage reset = await _client.PostAsync("/proxy/stats/reset", null, cancellationToken))
        {
            reset.EnsureSuccessStatusCode();
        }

        RunResult result = await run();
        using JsonDocument stats = JsonDocument.Parse(await _client.GetByteArrayAsync("/proxy/stats", cancellationToken));
        var destinations = stats.RootElement.GetProperty("destinations").EnumerateArray()
            .Select(d => (Id: d.GetProperty("id").GetString()!, Address: d.GetProperty("address").GetString()!, Requests: d.GetProperty("requests").GetInt64(),
                Statuses: string.Join(' ', d.GetProperty("statuses").EnumerateObject().Select(s => $"{s.Name}:{s.Value.GetInt64()}"))))
            .ToList();
        long total = Math.Max(1, destinations.Sum(d => d.Requests));
        var line = new List<string>();
        foreach (var d in destinations)
        {
            double share = 100.0 * d.Requests / total;
            _rows.Add(string.Create(CultureInfo.InvariantCulture, $"{engine},{scenario},{format},{d.Id},{d.Address},{d.Requests},{share:0.0},{d.Statuses}"));
            line.Add(string.Create(CultureInfo.InvariantCulture, $"{d.Id} {d.Requests} ({share:0.0}%)"));
        }

        Console.WriteLine($"proxy split {engine} {scenario}/{format}: {string.Join(", ", line)}");
        return result;
    }

    public void Write(string directory) => File.WriteAllLines(Path.Combine(directory, CsvFile), _rows);
}
