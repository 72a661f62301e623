using System.Collections.Concurrent;
using System.Diagnostics;
using HdrHistogram;

namespace Jsonable.LoadTests;

/// <summary>
/// What one run (a scenario in one format through one engine) records while it runs: latencies in an HdrHistogram
/// recorder (microseconds, 3 significant digits, up to 5 minutes), status codes, bytes and errors. Safe to record
/// from any thread; <see cref="TakeInterval"/> gives the live display the latest interval without stopping writers.
/// </summary>
internal sealed class RunRecorder
{
    private const long HighestTrackableMicroseconds = 5L * 60 * 1_000_000;

    private readonly Recorder _recorder = HistogramFactory.With64BitBucketSize()
        .WithValuesFrom(1).WithValuesUpTo(HighestTrackableMicroseconds).WithPrecisionOf(3)
        .WithThreadSafeWrites().WithThreadSafeReads().Create();

    private readonly HistogramBase _total = HistogramFactory.With64BitBucketSize()
        .WithValuesFrom(1).WithValuesUpTo(HighestTrackableMicroseconds).WithPrecisionOf(3).Create();

    private readonly long[] _statusCounts = new long[600];
    private readonly ConcurrentDictionary<string, long> _errorMessages = new();
    private readonly object _intervalLock = new();
    private long _requests;
    private long _failures;
    private long _bytesIn;
    private long _bytesOut;

    /// <summary>Responses and transport failures so far.</summary>
    public long Requests => Interlocked.Read(ref _requests);

    /// <summary>A response: its latency, status code and body sizes.</summary>
    public void RecordResponse(long elapsedTicks, int statusCode, long bytesIn, long bytesOut)
    {
        _recorder.RecordValue(Math.Clamp(ToMicroseconds(elapsedTicks), 1, HighestTrackableMicroseconds));
        Interlocked.Increment(ref _statusCounts[Math.Clamp(statusCode, 0, _statusCounts.Length - 1)]);
        Interlocked.Add(ref _bytesIn, bytesIn);
        Interlocked.Add(ref _bytesOut, bytesOut);
        if (statusCode is < 200 or > 299)
        {
            Interlocked.Increment(ref _failures);
            _errorMessages.AddOrUpdate($"HTTP {statusCode}", 1, (_, n) => n + 1);
        }

        Interlocked.Increment(ref _requests);
    }

    /// <summary>A request that got no response (refused, reset, timed out, or never sent).</summary>
    public void RecordFailure(string message, long bytesOut = 0)
    {
        Interlocked.Add(ref _bytesOut, bytesOut);
        Interlocked.Increment(ref _failures);
        Interlocked.Increment(ref _requests);
        _errorMessages.AddOrUpdate(message, 1, (_, n) => n + 1);
    }

    /// <summary>The latencies since the last call (also added to the run's total).</summary>
    public HistogramBase TakeInterval()
    {
        lock (_intervalLock)
        {
            HistogramBase interval = _recorder.GetIntervalHistogram();
            _total.Add(interval);
            return interval;
        }
    }

    /// <summary>The run's result once every request has ended.</summary>
    public RunResult Finish(string engine, Scenario scenario, WireFormat format, TimeSpan elapsed, string notes)
    {
        TakeInterval();
        var statuses = new SortedDictionary<string, long>(StringComparer.Ordinal);
        for (int code = 0; code < _statusCounts.Length; code++)
        {
            if (_statusCounts[code] > 0)
            {
                statuses[code.ToString(System.Globalization.CultureInfo.InvariantCulture)] = _statusCounts[code];
            }
        }

        long responses = _total.TotalCount;

        // Only 2xx answers count towards the rate: a route that fails fast must not look fast.
        long successes = _statusCounts.Skip(200).Take(100).Sum();
        return new RunResult(
            engine, scenario.Name, format.Name, Requests, elapsed, successes / Math.Max(elapsed.TotalSeconds, 1e-9),
            Percentile(50), Percentile(75), Percentile(95), Percentile(99),
            responses == 0 ? 0 : _total.GetMaxValue() / 1000.0,
            statuses, Interlocked.Read(ref _bytesIn), Interlocked.Read(ref _bytesOut), Interlocked.Read(ref _failures),
            _errorMessages.OrderByDescending(p => p.Value).Take(5).Select(p => $"{p.Key} ×{p.Value}").ToList(), notes);

        double Percentile(double p) => responses == 0 ? 0 : _total.GetValueAtPercentile(p) / 1000.0;
    }

    public static long ToMicroseconds(long stopwatchTicks) => stopwatchTicks * 1_000_000 / Stopwatch.Frequency;
}

/// <summary>
/// The outcome of one run. <see cref="Rps"/> counts 2xx responses only; latencies in milliseconds; <see cref="StatusCounts"/> is keyed by status code (or by a
/// class such as <c>2xx/3xx</c> where the engine reports no more); bytes are what the engine can count (see notes).
/// </summary>
internal sealed record RunResult(
    string Engine,
    string Scenario,
    string Format,
    long Requests,
    TimeSpan Elapsed,
    double Rps,
    double P50,
    double P75,
    double P95,
    double P99,
    double Max,
    IReadOnlyDictionary<string, long> StatusCounts,
    long BytesIn,
    long BytesOut,
    long Errors,
    IReadOnlyList<string> ErrorSamples,
    string Notes)
{
    /// <summary>Requests that got a 2xx response.</summary>
    public long Successes => StatusCounts.Where(p => p.Key.StartsWith('2')).Sum(p => p.Value);

    /// <summary>The server's CPU seconds during the measured time (see <see cref="ServerCpu"/>), or null where not measured.</summary>
    public double? ServerCpuSeconds { get; init; }

    /// <summary>CPU seconds the rest of the machine used during the measured time (neighbours), or null.</summary>
    public double? OtherCpuSeconds { get; init; }

    /// <summary>Server CPU microseconds per request.</summary>
    public double? CpuPerRequest => ServerCpuSeconds is { } s && Requests > 0 ? s * 1e6 / Requests : null;

    /// <summary>Server CPU microseconds per megabyte (10^6 bytes) of response and request bodies, as the engine counts bytes.</summary>
    public double? CpuPerMegabyte => ServerCpuSeconds is { } s && BytesIn + BytesOut > 0 ? s * 1e6 / ((BytesIn + BytesOut) / 1e6) : null;

    /// <summary>Cores the rest of the machine kept busy on average during the measured time.</summary>
    public double? OtherCores => OtherCpuSeconds is { } s && Elapsed > TimeSpan.Zero ? s / Elapsed.TotalSeconds : null;
}
