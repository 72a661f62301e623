using System.Globalization;
using HdrHistogram;
using Spectre.Console;

namespace Jsonable.LoadTests;

/// <summary>
/// Load tests in NBomber's model (scenarios × load simulations, warm-up, measured duration, thresholds, reports),
/// built on HdrHistogram, Spectre.Console and ScottPlot because NBomber itself is not on the package mirror.
/// </summary>
internal static class LoadTestProgram
{
    private const int ExitThresholds = 1;
    private const int ExitUsage = 2;
    private const int ExitPreflight = 3;

    public static async Task<int> Main(string[] args)
    {
        if (args is ["--memory-run" or "--upload-run" or "--hub-fanout" or "--hub-server", ..])
        {
            // Modes of their own: servers in processes of their own, measured from /proc (MemoryRun.cs, UploadRun.cs,
            // HubFanOut/); --hub-server is the hub process a --hub-fanout run starts.
            try
            {
                return args[0] switch
                {
                    "--memory-run" => await MemoryRun.RunAsync(args[1..], CancellationToken.None),
                    "--upload-run" => await UploadRun.RunAsync(args[1..], CancellationToken.None),
                    "--hub-fanout" => await HubFanOut.RunAsync(args[1..], CancellationToken.None),
                    _ => await HubFanOutServer.RunAsync(args[1..]),
                };
            }
            catch (ArgumentException e)
            {
                Console.Error.WriteLine(e.Message);
                return ExitUsage;
            }
        }

        LoadTestOptions options;
        try
        {
            options = LoadTestOptions.Parse(args);
        }
        catch (ArgumentException e)
        {
            Console.Error.WriteLine(e.Message);
            Console.Error.WriteLine();
            Console.Error.WriteLine(LoadTestOptions.Usage);
            return ExitUsage;
        }

        if (options.Help)
        {
            Console.WriteLine(LoadTestOptions.Usage);
            return 0;
        }

        using var stop = new CancellationTokenSource();
        Console.CancelKeyPress += (_, e) =>
        {
            e.Cancel = true;
            stop.Cancel();
        };

        try
        {
            return await RunAsync(options, stop.Token);
        }
        catch (OperationCanceledException) when (stop.IsCancellationRequested)
        {
            Console.Error.WriteLine("Stopped.");
            return 130;
        }
        catch (HttpRequestException e)
        {
            Console.Error.WriteLine($"The server could not be reached or refused the set-up request: {e.Message}");
            return ExitPreflight;
        }
        catch (ArgumentException e)
        {
            Console.Error.WriteLine(e.Message);
            return ExitUsage;
        }
    }

    private static async Task<int> RunAsync(LoadTestOptions options, CancellationToken cancellationToken)
    {
        DateTime started = DateTime.UtcNow;
        using SampleHost? host = options.Url is null ? new SampleHost() : null;
        Uri baseUri = options.Url ?? host!.Start();
        string target = host is null
            ? $"{baseUri} (a server started elsewhere)"
            : $"the sample in this process: Kestrel on {baseUri}, Production environment, in-memory SQLite";
        AnsiConsole.MarkupLineInterpolated($"[bold]Target:[/] {target}");

        using var engine = new InProcessEngine(baseUri, options.Simulation.MaxConcurrency, options.Timeout);
        using var setupClient = new HttpClient { BaseAddress = baseUri, Timeout = options.Timeout };
        TestData data = await TestData.LoadAsync(setupClient, cancellationToken);
        IReadOnlyList<Scenario> all = ScenarioCatalog.Create(data);
        List<Scenario> scenarios = options.ScenarioNames is null
            ? [.. all]
            : options.ScenarioNames.Select(n => all.FirstOrDefault(s => s.Name == n)
                ?? throw new ArgumentException($"No scenario '{n}': {string.Join(", ", all.Select(s => s.Name))}.")).ToList();

        (int Subscribers, int Changes)? fanOut = options.FanOut ?? (options.Smoke && host is not null ? (16, 20) : null);
        if (scenarios.Count == 0)
        {
            return Report(fanOut is { } only ? await FanOutAsync(baseUri, only, options, cancellationToken) : [], smoke: null);
        }

        ProxySplit? split = await ProxySplit.DetectAsync(setupClient, cancellationToken);
        if (split is not null)
        {
            AnsiConsole.MarkupLine($"The target is the sample's proxy: how it split each run goes to {ProxySplit.CsvFile}.");
        }

        IReadOnlyList<string> preflight = await Preflight.CheckAsync(engine, scenarios, options.Formats, cancellationToken);
        if (preflight.Count > 0)
        {
            AnsiConsole.MarkupLine("[red]Pre-flight check failed; nothing was measured:[/]");
            foreach (string problem in preflight)
            {
                AnsiConsole.WriteLine("  " + problem);
            }

            return ExitPreflight;
        }

        AnsiConsole.MarkupLineInterpolated($"Pre-flight: {scenarios.Count} scenarios in {options.Formats.Count} formats answer 2xx in their format with the same data.");

        CpuPinning pinning = CpuPinning.For(serverInProcess: host is not null);
        ServerCpu? serverCpu = ServerCpu.For(serverInThisProcess: host is not null, options.Cpu);
        string workDirectory = Directory.CreateTempSubdirectory("jsonable-load-").FullName;
        var engineNotes = new Dictionary<string, string>();
        var results = new List<RunResult>();
        try
        {
            foreach (string engineName in options.Engines)
            {
                if (engineName == InProcessEngine.Name)
                {
                    engineNotes[engineName] = $"In-process engine: HttpClient (SocketsHttpHandler, {options.Simulation.MaxConcurrency} connections), {options.Simulation.Describe()}. "
                        + (host is null ? "The client runs here, the server elsewhere." : "Client and server share this process and every core: the client's own cost is in the numbers.")
                        + " Bytes are response and request bodies. " + CpuNote(serverCpu, engineName);
                    results.AddRange(await RunEngineAsync(engineName, scenarios, options, cancellationToken,
                        (scenario, format, live, token) => CountedBy(split, options.Cpu, engineName, scenario, format, () => RunInProcessAsync(engine, scenario, format, options, serverCpu, live, token), token)));
                }
                else
                {
                    var wrk = new WrkEngine(baseUri, workDirectory, pinning, options.Timeout);
                    var closed = (ClosedModel)options.Simulation;
                    engineNotes[engineName] = $"wrk {closed.Copies} connections, 1 thread (closed model), {pinning.Describe()}. Bytes in are wrk's count (headers included); bytes out are request bodies. " + CpuNote(serverCpu, engineName);
                    await pinning.PinServerAsync(cancellationToken);
                    try
                    {
                        results.AddRange(await RunEngineAsync(engineName, scenarios, options, cancellationToken,
                            (scenario, format, _, token) => CountedBy(split, options.Cpu, engineName, scenario, format, () => wrk.RunAsync(scenario, format, closed, options.Warmup, options.Duration, serverCpu, token), token)));
                    }
                    finally
                    {
                        await pinning.ReleaseServer(CancellationToken.None);
                    }
                }
            }
        }
        finally
        {
            Directory.Delete(workDirectory, recursive: true);
        }

        var conditions = new RunConditions(
            started, options.CommandLine, target, options.Simulation.Describe(), options.Warmup, options.Duration, engineNotes,
            scenarios.Select(s => s.Name).ToList(), scenarios.Select(s => s.Description).ToList(), options.Formats);
        IReadOnlyList<string> files = Reports.Write(options.OutputDirectory, conditions, results);

        foreach (string engineName in Reports.Engines(results))
        {
            var table = new Table().Title($"{engineName}: {conditions.Simulation}");
            foreach (int column in Reports.ConsoleColumns)
            {
                table.AddColumn(Reports.SummaryHeader[column]);
            }

            foreach (string[] row in Reports.SummaryRows(results, engineName))
            {
                // Short format names: the console may be 80 columns wide.
                row[1] = WireFormat.All.First(f => f.Label == row[1]).Name;
                table.AddRow(Reports.ConsoleColumns.Select(c => Markup.Escape(row[c])).ToArray());
            }

            AnsiConsole.Write(table);
        }

        split?.Write(options.OutputDirectory);
        options.Cpu?.Write(options.OutputDirectory);
        AnsiConsole.MarkupLineInterpolated($"Reports: {options.OutputDirectory} ({string.Join(", ", files)})");

        if (host is not null && host.ServerWarnings.Count > 0)
        {
            AnsiConsole.MarkupLine("[yellow]The server logged:[/]");
            foreach (string warning in host.ServerWarnings)
            {
                AnsiConsole.WriteLine("  " + warning);
            }
        }

        var failures = new List<string>();
        if (fanOut is { } check)
        {
            failures.AddRange(await FanOutAsync(baseUri, check, options, cancellationToken));
        }

        foreach (RunResult result in results)
        {
            failures.AddRange(options.Thresholds.Select(t => t.Check(result)).OfType<string>());
        }

        if (options.Smoke)
        {
            failures.AddRange(ReportCheck.Check(options.OutputDirectory, results, serverCpuMeasured: serverCpu is not null).Select(p => "smoke: " + p));
        }

        if (options.ConcurrencyCheck is { } concurrency)
        {
            failures.AddRange((await ConcurrencyCheck.RunAsync(setupClient, concurrency.Clients, concurrency.Count, options.OutputDirectory, cancellationToken))
                .Select(p => "concurrency check: " + p));
        }

        return Report(failures, options.Smoke ? $"smoke: {results.Count} runs, every response 2xx, {files.Count} report files written and read back" : null);
    }

    /// <summary>Prints the failures (or the smoke run's summary when there are none) and returns the exit code.</summary>
    private static int Report(IReadOnlyList<string> failures, string? smoke)
    {
        foreach (string failure in failures)
        {
            AnsiConsole.MarkupLineInterpolated($"[red]FAIL[/] {failure}");
        }

        if (smoke is not null && failures.Count == 0)
        {
            AnsiConsole.WriteLine(smoke);
        }

        return failures.Count == 0 ? 0 : ExitThresholds;
    }

    private static async Task<IReadOnlyList<string>> FanOutAsync(Uri baseUri, (int Subscribers, int Changes) check, LoadTestOptions options, CancellationToken cancellationToken) =>
        (await FanOutCheck.RunAsync(baseUri, check.Subscribers, check.Changes, options.OutputDirectory, cancellationToken)).Select(p => "fan-out: " + p).ToList();

    /// <summary>A run, with the proxy's split and the CPU per process recorded around it when asked for.</summary>
    private static Task<RunResult> CountedBy(ProxySplit? split, CpuAccounting? cpu, string engine, Scenario scenario, WireFormat format, Func<Task<RunResult>> run, CancellationToken cancellationToken)
    {
        Func<Task<RunResult>> accounted = cpu is null ? run : () => cpu.MeasureAsync(engine, scenario.Name, format.Name, run);
        return split is null ? accounted() : split.MeasureAsync(engine, scenario.Name, format.Name, accounted, cancellationToken);
    }

    private delegate Task<RunResult> RunOne(Scenario scenario, WireFormat format, LiveView live, CancellationToken cancellationToken);

    /// <summary>What the live display shows: the recorder in use (warm-up, then the measured one).</summary>
    private sealed class LiveView
    {
        public volatile RunRecorder Current = new();
        public volatile bool WarmingUp;
    }

    /// <summary>Every scenario in every format through one engine, one after another, with live progress.</summary>
    private static async Task<List<RunResult>> RunEngineAsync(string engineName, IReadOnlyList<Scenario> scenarios, LoadTestOptions options, CancellationToken cancellationToken, RunOne run)
    {
        var results = new List<RunResult>();
        TimeSpan perRun = options.Warmup + options.Duration;
        if (!AnsiConsole.Profile.Capabilities.Interactive)
        {
            // No live display to draw on (CI, a pipe): one line per run.
            foreach (Scenario scenario in scenarios)
            {
                foreach (WireFormat format in options.Formats.Where(scenario.RunsIn))
                {
                    RunResult result = await run(scenario, format, new LiveView(), cancellationToken);
                    results.Add(result);
                    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"{engineName} {scenario.Name}/{format.Name}: {result.Requests} requests, {Reports.Compact(result.Rps)} req/s, server CPU {Reports.Micros(result.CpuPerRequest)}/request, p50 {Reports.Ms(result.P50)}, p99 {Reports.Ms(result.P99)}, errors {result.Errors}"));
                }
            }

            return results;
        }

        await AnsiConsole.Progress()
            .AutoClear(false)
            .Columns(new TaskDescriptionColumn { Alignment = Justify.Left }, new ProgressBarColumn(), new PercentageColumn(), new RemainingTimeColumn())
            .StartAsync(async context =>
            {
                foreach (Scenario scenario in scenarios)
                {
                    foreach (WireFormat format in options.Formats.Where(scenario.RunsIn))
                    {
                        string label = $"{engineName} {scenario.Name}/{format.Name}";
                        ProgressTask task = context.AddTask(Markup.Escape(label), maxValue: perRun.TotalSeconds);
                        var live = new LiveView();
                        RunRecorder? shown = null;
                        DateTime begun = DateTime.UtcNow;
                        Task<RunResult> running = run(scenario, format, live, cancellationToken);
                        long lastCount = 0;
                        while (await Task.WhenAny(running, Task.Delay(500, cancellationToken)) != running)
                        {
                            TimeSpan elapsed = DateTime.UtcNow - begun;
                            task.Value = Math.Min(elapsed.TotalSeconds, perRun.TotalSeconds);
                            RunRecorder recorder = live.Current;
                            if (!ReferenceEquals(recorder, shown))
                            {
                                shown = recorder;
                                lastCount = 0;
                            }

                            long count = recorder.Requests;
                            HistogramBase interval = recorder.TakeInterval();
                            string warming = live.WarmingUp ? ", warming up" : "";
                            string now = interval.TotalCount > 0
                                ? string.Create(CultureInfo.InvariantCulture, $" [grey]{Reports.Compact((count - lastCount) / 0.5)} req/s, p99 {Reports.Ms(interval.GetValueAtPercentile(99) / 1000.0)}{warming}[/]")
                                : live.WarmingUp ? " [grey]warming up[/]" : "";
                            lastCount = count;
                            task.Description = Markup.Escape(label) + now;
                        }

                        RunResult result = await running;
                        results.Add(result);
                        task.Value = task.MaxValue;
                        task.Description = Markup.Escape(label) + string.Create(CultureInfo.InvariantCulture,
                            $" [green]{Reports.Compact(result.Rps)} req/s, server CPU {Reports.Micros(result.CpuPerRequest)}/request, p50 {Reports.Ms(result.P50)}, p99 {Reports.Ms(result.P99)}[/]{(result.Errors > 0 ? $" [red]{result.Errors} errors[/]" : "")}");
                        task.StopTask();
                    }
                }
            });
        return results;
    }

    private static string CpuNote(ServerCpu? cpu, string engine) =>
        cpu?.Describe(engine) ?? "Server CPU: not measured (the server runs elsewhere; name its processes with --cpu-pids on the same machine).";

    private static async Task<RunResult> RunInProcessAsync(InProcessEngine engine, Scenario scenario, WireFormat format, LoadTestOptions options, ServerCpu? cpu, LiveView live, CancellationToken cancellationToken)
    {
        ScenarioRequest request = scenario.Request(format);

        // Start each run from the same state: nothing left over from the last run's garbage.
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();

        if (options.Warmup > TimeSpan.Zero)
        {
            // The live display shows the warm-up too; its numbers are then thrown away.
            live.WarmingUp = true;
            await engine.RunAsync(request, options.Simulation, options.Warmup, live.Current, cancellationToken);
            live.WarmingUp = false;
        }

        var recorder = new RunRecorder();
        live.Current = recorder;
        ServerCpu.Window? window = cpu?.Start();
        TimeSpan elapsed = await engine.RunAsync(request, options.Simulation, options.Duration, recorder, cancellationToken);
        RunResult result = recorder.Finish(InProcessEngine.Name, scenario, format, elapsed, options.Simulation.Describe());
        return window is { } measured ? measured.Stop(result) : result;
    }
}
