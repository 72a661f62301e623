using System.Diagnostics;
using System.Globalization;
using System.Text;
using System.Text.Json;

namespace Jsonable.LoadTests;

/// <summary>
/// Runs a scenario through wrk (C, epoll, one thread): a load generator that costs far less CPU than the server, as
/// a cross-check of the in-process numbers. Closed model only (wrk keeps N connections busy). A Lua script sets the
/// method, headers and body, and prints wrk's own summary as one JSON line. wrk counts bytes read including headers,
/// and only tells non-2xx/3xx responses apart, so those are the status classes reported.
/// </summary>
internal sealed class WrkEngine(Uri baseUri, string workDirectory, CpuPinning pinning, TimeSpan timeout)
{
    public const string Name = "wrk";
    private const string ResultMarker = "JSONABLE-WRK-RESULT ";

    /// <summary>Whether wrk is on the PATH.</summary>
    public static bool IsInstalled() => ExternalTool.Find("wrk") is not null;

    /// <summary>Sends the run's requests for <paramref name="duration"/> and forgets them (the priming pass before any run).</summary>
    public async Task WarmUpAsync(Scenario scenario, WireFormat format, ClosedModel simulation, TimeSpan duration, CancellationToken cancellationToken)
    {
        ScenarioRequest request = scenario.Request(format);
        await RunWrkAsync(WriteScript(scenario, format, request), request, simulation.Copies, duration, cancellationToken);
    }

    public async Task<RunResult> RunAsync(Scenario scenario, WireFormat format, ClosedModel simulation, TimeSpan warmup, TimeSpan duration, ServerCpu? cpu, CancellationToken cancellationToken)
    {
        ScenarioRequest request = scenario.Request(format);
        string script = WriteScript(scenario, format, request);
        if (warmup > TimeSpan.Zero)
        {
            await RunWrkAsync(script, request, simulation.Copies, warmup, cancellationToken);
        }

        ServerCpu.Window? window = cpu?.Start();
        (JsonElement summary, TimeSpan elapsed) = await RunWrkAsync(script, request, simulation.Copies, duration, cancellationToken);
        long requests = summary.GetProperty("requests").GetInt64();
        long nonSuccess = summary.GetProperty("status").GetInt64();
        long socketErrors = summary.GetProperty("connect").GetInt64() + summary.GetProperty("read").GetInt64()
            + summary.GetProperty("write").GetInt64() + summary.GetProperty("timeout").GetInt64();
        double seconds = summary.GetProperty("duration_us").GetDouble() / 1e6;
        var statuses = new SortedDictionary<string, long>(StringComparer.Ordinal) { ["2xx/3xx"] = requests - nonSuccess };
        if (nonSuccess > 0)
        {
            statuses["other"] = nonSuccess;
        }

        var errors = new List<string>();
        if (nonSuccess > 0)
        {
            errors.Add($"non-2xx/3xx ×{nonSuccess}");
        }

        if (socketErrors > 0)
        {
            errors.Add($"socket errors (connect {summary.GetProperty("connect")}, read {summary.GetProperty("read")}, write {summary.GetProperty("write")}, timeout {summary.GetProperty("timeout")})");
        }

        var result = new RunResult(
            Name, scenario.Name, format.Name, requests, TimeSpan.FromSeconds(seconds), (requests - nonSuccess) / Math.Max(seconds, 1e-9),
            Ms("p50"), Ms("p75"), Ms("p95"), Ms("p99"), Ms("max"), statuses,
            summary.GetProperty("bytes").GetInt64(), requests * (request.Body?.Length ?? 0), nonSuccess + socketErrors, errors,
            $"wrk -t1 -c{simulation.Copies}; bytes in include headers; {pinning.Describe()}");
        return window is { } measured ? measured.Stop(result) : result;

        double Ms(string name) => summary.GetProperty(name).GetDouble() / 1000.0;
    }

    private async Task<(JsonElement Summary, TimeSpan Elapsed)> RunWrkAsync(string script, ScenarioRequest request, int connections, TimeSpan duration, CancellationToken cancellationToken)
    {
        // wrk takes whole seconds.
        int seconds = Math.Max(1, (int)Math.Round(duration.TotalSeconds));
        var arguments = new List<string>
        {
            "-t1", $"-c{connections}", $"-d{seconds}s", $"--timeout", $"{Math.Max(1, (int)timeout.TotalSeconds)}s",
            "-s", script, new Uri(baseUri, request.PathAndQuery).ToString(),
        };
        var stopwatch = Stopwatch.StartNew();
        (int exitCode, string output, string error) = await ExternalTool.RunAsync(pinning.ClientCommand("wrk", arguments), TimeSpan.FromSeconds(seconds + 60), cancellationToken);
        string? line = output.Split('\n').FirstOrDefault(l => l.StartsWith(ResultMarker, StringComparison.Ordinal));
        if (exitCode != 0 || line is null)
        {
            throw new InvalidOperationException($"wrk failed (exit {exitCode}): {error.Trim()} {output.Trim()}");
        }

        using JsonDocument document = JsonDocument.Parse(line[ResultMarker.Length..]);
        return (document.RootElement.Clone(), stopwatch.Elapsed);
    }

    private string WriteScript(Scenario scenario, WireFormat format, ScenarioRequest request)
    {
        var lua = new StringBuilder();
        lua.Append(CultureInfo.InvariantCulture, $"wrk.method = \"{request.Method.Method}\"\n");
        lua.Append(CultureInfo.InvariantCulture, $"wrk.headers[\"Accept\"] = \"{request.Accept}\"\n");
        if (request.Body is not null)
        {
            string bodyPath = Path.Combine(workDirectory, $"{scenario.Name}.{format.Name}.body");
            File.WriteAllBytes(bodyPath, request.Body);
            lua.Append(CultureInfo.InvariantCulture, $"wrk.headers[\"Content-Type\"] = \"{request.ContentType}\"\n");
            lua.Append(CultureInfo.InvariantCulture, $"local file = assert(io.open(\"{bodyPath}\", \"rb\"))\nwrk.body = file:read(\"*a\")\nfile:close()\n");
        }

        lua.Append($$"""
            done = function(summary, latency, requests)
              local e = summary.errors
              io.write(string.format('{{ResultMarker}}{"requests":%.0f,"duration_us":%.0f,"bytes":%.0f,"connect":%.0f,"read":%.0f,"write":%.0f,"status":%.0f,"timeout":%.0f,"p50":%.0f,"p75":%.0f,"p95":%.0f,"p99":%.0f,"max":%.0f}\n',
                summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
                latency:percentile(50), latency:percentile(75), latency:percentile(95), latency:percentile(99), latency.max))
            end

            """);
        string path = Path.Combine(workDirectory, $"{scenario.Name}.{format.Name}.lua");
        File.WriteAllText(path, lua.ToString());
        return path;
    }
}

/// <summary>
/// Keeps the server and an external load generator off each other's cores with taskset: this process (the
/// in-process server) on core 0, the generator on the others. Used only while an external engine runs, on a machine
/// with at least two cores, when the server is in this process and taskset is installed.
/// </summary>
internal sealed class CpuPinning
{
    private readonly string? _taskset;
    private readonly int _cores;

    private CpuPinning(string? taskset, int cores)
    {
        _taskset = taskset;
        _cores = cores;
    }

    public bool Active => _taskset is not null;

    public static CpuPinning For(bool serverInProcess) =>
        serverInProcess && Environment.ProcessorCount >= 2 && ExternalTool.Find("taskset") is { } taskset
            ? new CpuPinning(taskset, Environment.ProcessorCount)
            : new CpuPinning(null, Environment.ProcessorCount);

    public string Describe() => Active
        ? $"server pinned to core 0, client to core{(_cores > 2 ? $"s 1-{_cores - 1}" : " 1")} (taskset)"
        : "not pinned";

    /// <summary>The command that runs <paramref name="program"/> on the client cores.</summary>
    public (string Program, IReadOnlyList<string> Arguments) ClientCommand(string program, IReadOnlyList<string> arguments) => Active
        ? (_taskset!, ["-c", $"1-{_cores - 1}", program, .. arguments])
        : (program, arguments);

    /// <summary>Puts every thread of this process on core 0 (the server's), until <see cref="ReleaseServer"/>.</summary>
    public Task PinServerAsync(CancellationToken cancellationToken) => SetOwnAffinityAsync("0", cancellationToken);

    public Task ReleaseServer(CancellationToken cancellationToken) => SetOwnAffinityAsync($"0-{_cores - 1}", cancellationToken);

    private async Task SetOwnAffinityAsync(string cores, CancellationToken cancellationToken)
    {
        if (!Active)
        {
            return;
        }

        // -a: every thread that exists now; threads started later inherit from the thread that starts them.
        (int exitCode, _, string error) = await ExternalTool.RunAsync(
            (_taskset!, ["-a", "-p", "-c", cores, Environment.ProcessId.ToString(CultureInfo.InvariantCulture)]), TimeSpan.FromSeconds(10), cancellationToken);
        if (exitCode != 0)
        {
            throw new InvalidOperationException($"taskset could not pin this process to cores {cores}: {error.Trim()}");
        }
    }
}

/// <summary>Finds and runs external programs.</summary>
internal static class ExternalTool
{
    public static string? Find(string program) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(directory => Path.Combine(directory, program))
            .FirstOrDefault(File.Exists);

    public static async Task<(int ExitCode, string Output, string Error)> RunAsync((string Program, IReadOnlyList<string> Arguments) command, TimeSpan limit, CancellationToken cancellationToken)
    {
        var start = new ProcessStartInfo(command.Program) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string argument in command.Arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using Process process = Process.Start(start) ?? throw new InvalidOperationException($"{command.Program} did not start.");
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(limit);
        Task<string> output = process.StandardOutput.ReadToEndAsync(timeout.Token);
        Task<string> error = process.StandardError.ReadToEndAsync(timeout.Token);
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw;
        }

        return (process.ExitCode, await output, await error);
    }
}
