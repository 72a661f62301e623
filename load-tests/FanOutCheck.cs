using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Net.ServerSentEvents;
using System.Text;
using System.Text.Json;
using Jsonable.Samples.RealData;
using Spectre.Console;

namespace Jsonable.LoadTests;

/// <summary>
/// <c>--fan-out SUBSCRIBERSxCHANGES</c>: SUBSCRIBERS clients follow one transform's live feed while it is PATCHed
/// CHANGES times, one PATCH after another, once through Jsonable's route (server-sent events of generated merge-patch
/// deltas, applied by each subscriber with the generated merge) and once through the System.Text.Json baseline
/// (<c>TypedResults.ServerSentEvents</c> of the whole transform, read by each subscriber with STJ). Reported: events
/// delivered per second over all subscribers, the delay from sending a PATCH to each subscriber having applied its
/// event (p50, p99, max), and the bytes each event took on the wire. Every subscriber must receive every change, and
/// Jsonable's copies must end equal to the stored transform.
/// </summary>
internal static class FanOutCheck
{
    public const string MarkdownFile = "fan-out.md";
    public const string CsvFile = "fan-out.csv";

    private static readonly JsonSerializerOptions s_stjOptions = new(JsonSerializerDefaults.Web);

    private static readonly (string Name, string Route)[] s_routes =
    [
        ("jsonable", "/minimal/transforms/{0}/live"),
        ("stj", "/stj/transforms/{0}/live"),
    ];

    public static (int Subscribers, int Changes) Parse(string text)
    {
        string[] parts = text.ToLowerInvariant().Split('x');
        return parts.Length == 2
            && int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out int subscribers) && subscribers is >= 1 and <= 10_000
            && int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out int changes) && changes is >= 1 and <= 100_000
            ? (subscribers, changes)
            : throw new ArgumentException($"--fan-out '{text}' is not SUBSCRIBERSxCHANGES, e.g. 200x100 (1 to 10000 subscribers).");
    }

    /// <summary>Runs both routes; the problems found (none when every subscriber got every change and Jsonable's copies match).</summary>
    public static async Task<IReadOnlyList<string>> RunAsync(Uri baseUri, int subscribers, int changes, string reportDirectory, CancellationToken cancellationToken)
    {
        var problems = new List<string>();
        var results = new List<Result>();
        foreach ((string name, string route) in s_routes)
        {
            results.Add(await RunRouteAsync(baseUri, name, route, subscribers, changes, problems, cancellationToken));
        }

        Write(reportDirectory, subscribers, changes, results);
        var table = new Table().Title($"fan-out: {subscribers} subscribers x {changes} PATCHes, one after another");
        foreach (string header in s_header)
        {
            table.AddColumn(header);
        }

        foreach (Result result in results)
        {
            table.AddRow(Row(result).Select(Markup.Escape).ToArray());
        }

        AnsiConsole.Write(table);
        return problems;
    }

    private static async Task<Result> RunRouteAsync(Uri baseUri, string name, string route, int subscriberCount, int changes, List<string> problems, CancellationToken cancellationToken)
    {
        using var handler = new SocketsHttpHandler { MaxConnectionsPerServer = int.MaxValue };
        using var client = new HttpClient(handler) { BaseAddress = baseUri, Timeout = Timeout.InfiniteTimeSpan };
        long id = await CreateTransformAsync(client, cancellationToken);
        string url = string.Format(CultureInfo.InvariantCulture, route, id);

        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        stop.CancelAfter(TimeSpan.FromSeconds(60 + changes * subscriberCount / 1000.0));
        Subscriber[] subscribers = Enumerable.Range(0, subscriberCount).Select(_ => new Subscriber(name == "jsonable", changes)).ToArray();
        Task[] following = subscribers.Select(s => s.FollowAsync(client, url, stop.Token)).ToArray();
        await Task.WhenAll(subscribers.Select(s => s.Subscribed.Task)).WaitAsync(stop.Token);

        var sent = new Dictionary<string, long>(changes);
        long first = Stopwatch.GetTimestamp();
        for (int i = 0; i < changes; i++)
        {
            long at = Stopwatch.GetTimestamp();
            using var patch = new HttpRequestMessage(HttpMethod.Patch, $"/minimal/transforms/{id}")
            {
                Content = new ByteArrayContent(Encoding.UTF8.GetBytes($$"""{"position":[{{i}},0.5,-1],"name":"change {{i}}"}""")),
            };
            patch.Content.Headers.ContentType = new MediaTypeHeaderValue("application/merge-patch+json");
            using HttpResponseMessage response = await client.SendAsync(patch, stop.Token);
            if (response.StatusCode != HttpStatusCode.OK || response.Headers.ETag is not { } etag)
            {
                problems.Add($"{name}: PATCH {i} answered {(int)response.StatusCode}");
                continue;
            }

            sent[VersionOf(etag.Tag)] = at;
        }

        try
        {
            await Task.WhenAll(following);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            // Timed out: the counts below say who missed what.
        }

        await stop.CancelAsync();
        byte[] stored = await client.GetByteArrayAsync($"/minimal/transforms/{id}", cancellationToken);
        var delays = new List<double>(subscriberCount * changes);
        long last = first;
        int incomplete = 0, different = 0;
        long bytes = 0;
        foreach (Subscriber subscriber in subscribers)
        {
            incomplete += subscriber.Received.Count < changes ? 1 : 0;
            bytes += subscriber.Bytes;
            foreach ((string etag, long at) in subscriber.Received)
            {
                if (sent.TryGetValue(VersionOf(etag), out long sentAt))
                {
                    delays.Add(Stopwatch.GetElapsedTime(sentAt, at).TotalMilliseconds);
                    last = Math.Max(last, at);
                }
            }

            different += subscriber.Copy is { } copy && !JsonableSerializer.SerializeToUtf8Bytes(copy, JsonableFormat.Json).AsSpan().SequenceEqual(stored) ? 1 : 0;
        }

        if (incomplete > 0)
        {
            problems.Add($"{name}: {incomplete} of {subscriberCount} subscribers did not receive all {changes} changes");
        }

        if (delays.Count < subscriberCount * changes - incomplete * changes)
        {
            // An event whose id names no PATCH sent (a feed whose ids changed form) would leave the delays unmeasured.
            problems.Add($"{name}: {subscriberCount * changes - delays.Count} events carried an id that matches no PATCH's ETag");
        }

        if (different > 0)
        {
            problems.Add($"{name}: {different} of {subscriberCount} subscribers' copies differ from the stored transform");
        }

        delays.Sort();
        double seconds = Math.Max(Stopwatch.GetElapsedTime(first, last).TotalSeconds, 1e-6);
        return new Result(name, url, subscriberCount, changes, delays.Count, delays.Count / seconds, Percentile(delays, 50), Percentile(delays, 99), delays.Count > 0 ? delays[^1] : 0,
            delays.Count > 0 ? (double)bytes / (subscriberCount * (changes + 1)) : 0);
    }

    /// <summary>
    /// The version an ETag or an event id names: the ETag's opaque tag without its quotes (<c>"7"</c>), the version feed's
    /// event id bare (<c>7</c>), so a PATCH and the event it caused meet on one key.
    /// </summary>
    private static string VersionOf(string tag) => tag.StartsWith("W/", StringComparison.Ordinal) ? tag[2..].Trim('"') : tag.Trim('"');

    private static async Task<long> CreateTransformAsync(HttpClient client, CancellationToken cancellationToken)
    {
        using var content = new ByteArrayContent("""{"id":0,"name":"fan-out","position":[0,0,0],"tags":["load"],"payload":{"kind":"crate","mass":3}}"""u8.ToArray());
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        using HttpResponseMessage created = await client.PostAsync("/minimal/transforms", content, cancellationToken);
        created.EnsureSuccessStatusCode();
        return Transform.CreateFromJson(await created.Content.ReadAsByteArrayAsync(cancellationToken)).Id;
    }

    private static double Percentile(List<double> sorted, double percentile) =>
        sorted.Count == 0 ? 0 : sorted[Math.Clamp((int)Math.Ceiling(percentile / 100 * sorted.Count) - 1, 0, sorted.Count - 1)];

    private static readonly string[] s_header = ["route", "subscribers", "changes", "events", "events/s", "p50 delay", "p99 delay", "max delay", "bytes/event"];

    private static string[] Row(Result r) =>
    [
        r.Name, r.Subscribers.ToString(CultureInfo.InvariantCulture), r.Changes.ToString(CultureInfo.InvariantCulture), r.Events.ToString(CultureInfo.InvariantCulture),
        Reports.Compact(r.EventsPerSecond), Reports.Ms(r.P50), Reports.Ms(r.P99), Reports.Ms(r.Max), r.BytesPerEvent.ToString("0", CultureInfo.InvariantCulture),
    ];

    private static void Write(string directory, int subscribers, int changes, List<Result> results)
    {
        Directory.CreateDirectory(directory);
        var md = new StringBuilder();
        md.AppendLine(CultureInfo.InvariantCulture, $"# Fan-out: {subscribers} subscribers, {changes} PATCHes one after another");
        md.AppendLine();
        md.AppendLine("Delay: from sending a PATCH to a subscriber having applied its event. Bytes/event: the data of each event as the subscribers parsed it (SSE field names not counted; the first snapshot counted as an event).");
        md.AppendLine();
        md.AppendLine("| " + string.Join(" | ", s_header) + " |");
        md.AppendLine("|" + string.Concat(Enumerable.Repeat(" --- |", s_header.Length)));
        foreach (Result result in results)
        {
            md.AppendLine("| " + string.Join(" | ", Row(result)) + " |");
        }

        File.WriteAllText(Path.Combine(directory, MarkdownFile), md.ToString());
        var csv = new StringBuilder("route,url,subscribers,changes,events,events_per_s,p50_ms,p99_ms,max_ms,bytes_per_event\n");
        foreach (Result r in results)
        {
            csv.AppendLine(string.Create(CultureInfo.InvariantCulture, $"{r.Name},{r.Url},{r.Subscribers},{r.Changes},{r.Events},{r.EventsPerSecond:0.0},{r.P50:0.000},{r.P99:0.000},{r.Max:0.000},{r.BytesPerEvent:0.0}"));
        }

        File.WriteAllText(Path.Combine(directory, CsvFile), csv.ToString());
    }

    private sealed record Result(string Name, string Url, int Subscribers, int Changes, int Events, double EventsPerSecond, double P50, double P99, double Max, double BytesPerEvent);

    /// <summary>One follower: applies each event as it is parsed and records when, by the event's id (the ETag).</summary>
    private sealed class Subscriber(bool deltas, int changes)
    {
        public TaskCompletionSource Subscribed { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public List<(string ETag, long At)> Received { get; } = new(changes);

        public Transform? Copy { get; private set; }

        public long Bytes { get; private set; }

        public async Task FollowAsync(HttpClient client, string url, CancellationToken cancellationToken)
        {
            using var request = new HttpRequestMessage(HttpMethod.Get, url);
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("text/event-stream"));
            using HttpResponseMessage response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
            response.EnsureSuccessStatusCode();
            await using Stream stream = await response.Content.ReadAsStreamAsync(cancellationToken);
            bool first = true;
            await foreach (SseItem<long> item in SseParser.Create(stream, Apply).EnumerateAsync(cancellationToken))
            {
                if (first)
                {
                    first = false;
                    Subscribed.TrySetResult();
                    continue;
                }

                Received.Add((item.EventId ?? "", item.Data));
                if (Received.Count == changes)
                {
                    return;
                }
            }
        }

        /// <summary>Applies one event's data where the parser holds it; returns when it was applied.</summary>
        private long Apply(string eventType, ReadOnlySpan<byte> data)
        {
            Bytes += data.Length;
            if (!deltas)
            {
                Copy = null; // the STJ baseline's copies are whole states, checked by count only
                _ = JsonSerializer.Deserialize<Transform>(data, s_stjOptions);
            }
            else if (eventType == "snapshot")
            {
                Copy = Transform.CreateFromJson(data);
            }
            else
            {
                Copy!.MergeFromJson(data);
            }

            return Stopwatch.GetTimestamp();
        }
    }
}
