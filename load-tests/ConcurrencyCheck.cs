using System.Globalization;
using System.Net;
using System.Text;
using System.Text.Json.Nodes;

namespace Jsonable.LoadTests;

/// <summary>
/// <c>--concurrency-check CLIENTSxCOUNT</c>: every client hammers the same transform at once, through whatever the URL
/// is (one instance, or the proxy over several), and the outcome must equal a serial replay.
/// <list type="bullet">
/// <item>Half the clients increment a counter by read, then PATCH with <c>If-Match</c>: a 412 is a lost race, counted
/// and retried from a fresh read. The counter must end exactly COUNT higher per client.</item>
/// <item>The other half PATCH their own counter key COUNT times without <c>If-Match</c>, so the server's
/// compare-and-swap is what keeps them apart: each key must end at COUNT.</item>
/// <item>Every 2xx PATCH bumps the row version (the ETag) by one, a 412 by none: the version must end exactly the number
/// of 2xx PATCHes higher.</item>
/// </list>
/// Nothing else may write the transform meanwhile (the load-test runs are over by then).
/// </summary>
internal static class ConcurrencyCheck
{
    private const string MergePatch = "application/merge-patch+json";
    private const string IncrementKey = "scale-out-check";

    public static (int Clients, int Count) Parse(string text)
    {
        string[] parts = text.ToLowerInvariant().Split('x');
        return parts.Length == 2
            && int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out int clients) && clients is >= 2 and <= 1000
            && int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out int count) && count is >= 1 and <= 100_000
            ? (clients, count)
            : throw new ArgumentException($"--concurrency-check '{text}' is not CLIENTSxCOUNT, e.g. 16x25 (2 to 1000 clients).");
    }

    /// <summary>Runs the check; the problems found (none when the outcome equals a serial replay).</summary>
    public static async Task<IReadOnlyList<string>> RunAsync(HttpClient client, int clients, int count, string reportDirectory, CancellationToken cancellationToken)
    {
        string path = $"/minimal/transforms/{TestData.PatchedTransformId}";
        (JsonObject before, string etagBefore) = await ReadAsync(client, path, cancellationToken);
        int incrementStart = (int?)before["counters"]?[IncrementKey] ?? 0;
        int incrementers = clients / 2;
        int blindWriters = clients - incrementers;
        long preconditionFailures = 0, applied = 0;
        var problems = new List<string>();
        var started = DateTime.UtcNow;

        async Task Increment(int index)
        {
            for (int done = 0; done < count;)
            {
                // MVC and minimal routes alike: both go through the same store.
                string route = index % 2 == 0 ? path : path.Replace("/minimal/", "/api/", StringComparison.Ordinal);
                (JsonObject current, string etag) = await ReadAsync(client, route, cancellationToken);
                int value = (int?)current["counters"]?[IncrementKey] ?? 0;
                HttpStatusCode status = await PatchAsync(route, $$$"""{"counters":{"{{{IncrementKey}}}":{{{value + 1}}}}}""", etag);
                if (status == HttpStatusCode.PreconditionFailed)
                {
                    Interlocked.Increment(ref preconditionFailures);
                    continue;
                }

                Expect(status, $"If-Match PATCH by client {index}");
                Interlocked.Increment(ref applied);
                done++;
            }
        }

        async Task WriteBlind(int index)
        {
            for (int i = 1; i <= count; i++)
            {
                Expect(await PatchAsync(path, $$$"""{"counters":{"blind-{{{index}}}":{{{i}}}}}""", ifMatch: null), $"PATCH without If-Match by client {index}");
                Interlocked.Increment(ref applied);
            }
        }

        async Task<HttpStatusCode> PatchAsync(string route, string json, string? ifMatch)
        {
            using var request = new HttpRequestMessage(HttpMethod.Patch, route) { Content = new ByteArrayContent(Encoding.UTF8.GetBytes(json)) };
            request.Content.Headers.TryAddWithoutValidation("Content-Type", MergePatch);
            if (ifMatch is not null)
            {
                request.Headers.TryAddWithoutValidation("If-Match", ifMatch);
            }

            using HttpResponseMessage response = await client.SendAsync(request, cancellationToken);
            return response.StatusCode;
        }

        void Expect(HttpStatusCode status, string what)
        {
            if (status != HttpStatusCode.OK)
            {
                lock (problems)
                {
                    problems.Add($"{what}: HTTP {(int)status}");
                }
            }
        }

        await Task.WhenAll(Enumerable.Range(0, incrementers).Select(Increment).Concat(Enumerable.Range(incrementers, blindWriters).Select(WriteBlind)));
        TimeSpan elapsed = DateTime.UtcNow - started;

        (JsonObject after, string etagAfter) = await ReadAsync(client, path, cancellationToken);
        int incrementEnd = (int?)after["counters"]?[IncrementKey] ?? 0;
        if (incrementEnd != incrementStart + incrementers * count)
        {
            problems.Add($"lost update: {IncrementKey} went from {incrementStart} to {incrementEnd}, a serial replay of {incrementers}×{count} increments ends at {incrementStart + incrementers * count}");
        }

        for (int c = incrementers; c < clients; c++)
        {
            int value = (int?)after["counters"]?[$"blind-{c}"] ?? -1;
            if (value != count)
            {
                problems.Add($"lost update: blind-{c} is {value}, its last PATCH set {count}");
            }
        }

        // The sample's ETag is the row version; where it is a number, it must have moved once per applied PATCH.
        if (Version(etagBefore) is { } versionBefore && Version(etagAfter) is { } versionAfter && versionAfter - versionBefore != applied)
        {
            problems.Add($"the version went from {versionBefore} to {versionAfter} for {applied} applied PATCHes");
        }

        string summary = string.Create(CultureInfo.InvariantCulture,
            $"concurrency check: {clients} clients on transform {TestData.PatchedTransformId} in {elapsed.TotalSeconds:0.0} s: "
            + $"{incrementers}×{count} If-Match increments ({preconditionFailures} answered 412 and were retried), "
            + $"{blindWriters}×{count} PATCHes without If-Match; {applied} applied, ETag {etagBefore} → {etagAfter}, "
            + $"{IncrementKey} {incrementStart} → {incrementEnd}: {(problems.Count == 0 ? "equals a serial replay" : $"{problems.Count} problems")}");
        Console.WriteLine(summary);
        Directory.CreateDirectory(reportDirectory);
        await File.WriteAllLinesAsync(Path.Combine(reportDirectory, "concurrency-check.txt"), [summary, .. problems], cancellationToken);
        return problems;
    }

    private static async Task<(JsonObject Transform, string ETag)> ReadAsync(HttpClient client, string route, CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, route);
        request.Headers.TryAddWithoutValidation("Accept", "application/json");
        using HttpResponseMessage response = await client.SendAsync(request, cancellationToken);
        response.EnsureSuccessStatusCode();
        string etag = response.Headers.ETag?.ToString() ?? throw new InvalidOperationException($"GET {route} answered no ETag.");
        return (JsonNode.Parse(await response.Content.ReadAsByteArrayAsync(cancellationToken))!.AsObject(), etag);
    }

    private static long? Version(string etag) =>
        long.TryParse(etag.Trim('"'), NumberStyles.None, CultureInfo.InvariantCulture, out long version) ? version : null;
}
