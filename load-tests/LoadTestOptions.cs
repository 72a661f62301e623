using System.Globalization;
using System.Reflection;

namespace Jsonable.LoadTests;

/// <summary>The command line, parsed and checked.</summary>
internal sealed class LoadTestOptions
{
    public const string Usage = """
        Load tests of the Jsonable sample: every scenario in Jsonable JMC1, Jsonable JSON, System.Text.Json and
        pre-serialized bytes, side by side.

        dotnet run -c Release --project load-tests -- [options]

          --url URL           target a running server (the sample's routes) instead of starting the sample in this
                              process (Kestrel on 127.0.0.1, a free port, Production, in-memory SQLite)
          --engine LIST       in-process (default), wrk, or both: in-process,wrk
          --load SIM          closed:COPIES (default closed:32) | constant:RATE | ramp:FROM-TO (requests/s)
          --max-in-flight N   open model: requests in flight at most (default 1024; past it a due request is an error)
          --duration TIME     measured time per scenario and format (default 10s; 500ms, 2s, 1m)
          --warmup TIME       unmeasured time before each (default 2s)
          --scenarios LIST    scenario names (default all), comma-separated
          --formats LIST      jmc1,json,stj,raw (default all)
          --timeout TIME      per request (default 30s)
          --fail-if RULE      exit 1 when a run breaks it; repeatable. p50|p75|p95|p99|max >|< TIME,
                              errors > N, rps < N; scope it with SCENARIO[/FORMAT]: e.g. "get-status/jmc1:p99>5ms"
          --out DIR           report folder (default load-tests/reports/<UTC time>)
          --concurrency-check CLIENTSxCOUNT
                              after the runs, CLIENTS clients PATCH one transform COUNT times each at once (half with
                              If-Match, retrying on 412; half without): exit 1 unless the outcome equals a serial replay
          --cpu-pids NAME=PID,...
                              a server elsewhere (--url) on this machine: its processes (with their children) give
                              the reports' server CPU per request; each one's CPU seconds and the load generator's,
                              per request, are also printed and written to cpu.csv. The sample in this process needs
                              no flag: its CPU per request is in every report
          --fan-out SUBSCRIBERSxCHANGES
                              after the runs, SUBSCRIBERS clients follow one transform's live feed (server-sent
                              events) while it is PATCHed CHANGES times, through Jsonable's deltas and the STJ
                              baseline: events/s and the delay from PATCH to receipt, to fan-out.md and fan-out.csv;
                              exit 1 unless every subscriber gets every change. "--scenarios none" runs only this
          --smoke             seconds-long check for CI: closed:4, 0.3 s each, no warm-up; exit 1 unless every
                              response is 2xx and every report file is written and reads back (and, against the
                              sample in this process, a --fan-out 16x20 unless one is given)
          --help

        The server's memory on 23 MB bodies (a mode of its own; see MemoryRun.cs):
        dotnet run -c Release --project load-tests -- --memory-run [--rounds N] [--routes LIST] [--statuses N]

        Streamed uploads, Jsonable's stream route against System.Text.Json's: items/s and server RSS (see UploadRun.cs):
        dotnet run -c Release --project load-tests -- --upload-run [--megabytes N] [--bodies json,jsonl] [--routes LIST] [--out DIR]
        """;

    public Uri? Url { get; private set; }

    public IReadOnlyList<string> Engines { get; private set; } = [InProcessEngine.Name];

    public LoadSimulation Simulation { get; private set; } = new ClosedModel(32);

    public TimeSpan Duration { get; private set; } = TimeSpan.FromSeconds(10);

    public TimeSpan Warmup { get; private set; } = TimeSpan.FromSeconds(2);

    public TimeSpan Timeout { get; private set; } = TimeSpan.FromSeconds(30);

    public IReadOnlyList<string>? ScenarioNames { get; private set; }

    public IReadOnlyList<WireFormat> Formats { get; private set; } = WireFormat.All;

    public IReadOnlyList<Threshold> Thresholds { get; private set; } = [];

    public string OutputDirectory { get; private set; } = "";

    public bool Smoke { get; private set; }

    /// <summary>The processes whose CPU <c>--cpu-pids</c> accounts for, or null.</summary>
    public CpuAccounting? Cpu { get; private set; }

    /// <summary>The <c>--fan-out</c> subscribers and changes, or null.</summary>
    public (int Subscribers, int Changes)? FanOut { get; private set; }

    /// <summary>The <c>--concurrency-check</c> clients and PATCHes per client, or null.</summary>
    public (int Clients, int Count)? ConcurrencyCheck { get; private set; }

    public bool Help { get; private set; }

    /// <summary>The arguments as given, for the report.</summary>
    public string CommandLine { get; private set; } = "";

    public static LoadTestOptions Parse(string[] args)
    {
        var options = new LoadTestOptions { CommandLine = string.Join(' ', args.Select(a => a.Contains(' ') || a.Contains('>') || a.Contains('<') ? $"\"{a}\"" : a)) };
        string? load = null;
        int maxInFlight = 1024;
        bool durationSet = false, warmupSet = false;
        var thresholds = new List<Threshold>();
        for (int i = 0; i < args.Length; i++)
        {
            string name = args[i];
            string Value() => i + 1 < args.Length ? args[++i] : throw new ArgumentException($"{name} needs a value.");
            switch (name)
            {
                case "--url":
                    string url = Value();
                    options.Url = Uri.TryCreate(url.EndsWith('/') ? url : url + "/", UriKind.Absolute, out Uri? uri) && uri.Scheme is "http" or "https"
                        ? uri
                        : throw new ArgumentException($"--url '{url}' is not an http(s) URL.");
                    break;
                case "--engine":
                    options.Engines = ParseEngines(Value());
                    break;
                case "--load":
                    load = Value();
                    break;
                case "--max-in-flight":
                    string max = Value();
                    maxInFlight = int.TryParse(max, NumberStyles.None, CultureInfo.InvariantCulture, out int n) && n is > 0 and <= 100_000
                        ? n
                        : throw new ArgumentException($"--max-in-flight '{max}' is not a count from 1 to 100000.");
                    break;
                case "--duration":
                    options.Duration = ParseTime(Value(), name, allowZero: false);
                    durationSet = true;
                    break;
                case "--warmup":
                    options.Warmup = ParseTime(Value(), name, allowZero: true);
                    warmupSet = true;
                    break;
                case "--timeout":
                    options.Timeout = ParseTime(Value(), name, allowZero: false);
                    break;
                case "--scenarios":
                    string scenarioList = Value();
                    options.ScenarioNames = scenarioList == "none" ? [] : scenarioList.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
                    break;
                case "--formats":
                    options.Formats = Value().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
                        .Select(f => WireFormat.All.FirstOrDefault(w => w.Name == f.ToLowerInvariant())
                            ?? throw new ArgumentException($"--formats: '{f}' is none of {string.Join(", ", WireFormat.All.Select(w => w.Name))}."))
                        .Distinct().OrderBy(f => WireFormat.All.ToList().IndexOf(f)).ToList();
                    break;
                case "--fail-if":
                    thresholds.Add(Threshold.Parse(Value()));
                    break;
                case "--out":
                    options.OutputDirectory = Path.GetFullPath(Value());
                    break;
                case "--cpu-pids":
                    options.Cpu = CpuAccounting.Parse(Value());
                    break;
                case "--concurrency-check":
                    options.ConcurrencyCheck = Jsonable.LoadTests.ConcurrencyCheck.Parse(Value());
                    break;
                case "--fan-out":
                    options.FanOut = FanOutCheck.Parse(Value());
                    break;
                case "--smoke":
                    options.Smoke = true;
                    break;
                case "--help" or "-h" or "-?":
                    options.Help = true;
                    break;
                default:
                    throw new ArgumentException($"Unknown option '{name}'.");
            }
        }

        if (options.Smoke)
        {
            load ??= "closed:4";
            options.Duration = durationSet ? options.Duration : TimeSpan.FromMilliseconds(300);
            options.Warmup = warmupSet ? options.Warmup : TimeSpan.Zero;
        }

        options.Simulation = load is null ? new ClosedModel(32) : LoadSimulation.Parse(load, maxInFlight);
        options.Thresholds = thresholds;
        if (options.Simulation.IsOpen && options.Engines.Contains(WrkEngine.Name))
        {
            throw new ArgumentException("wrk runs the closed model only (it keeps N connections busy): use --load closed:N with --engine wrk.");
        }

        if (options.OutputDirectory.Length == 0)
        {
            options.OutputDirectory = Path.Combine(DefaultReportsDirectory(), DateTime.UtcNow.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture));
        }

        return options;
    }

    /// <summary>load-tests/reports/ of the source tree this tool was built from, else ./load-test-reports.</summary>
    private static string DefaultReportsDirectory()
    {
        string? project = typeof(LoadTestOptions).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .FirstOrDefault(a => a.Key == "ProjectDirectory")?.Value;
        return project is not null && Directory.Exists(project)
            ? Path.Combine(project, "reports")
            : Path.Combine(Environment.CurrentDirectory, "load-test-reports");
    }

    private static List<string> ParseEngines(string text)
    {
        var engines = new List<string>();
        foreach (string engine in text.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            switch (engine.ToLowerInvariant())
            {
                case "in-process" or "inprocess":
                    engines.Add(InProcessEngine.Name);
                    break;
                case "wrk":
                    engines.Add(WrkEngine.IsInstalled()
                        ? WrkEngine.Name
                        : throw new ArgumentException("--engine wrk: wrk is not on the PATH (Debian: apt-get install wrk)."));
                    break;
                case "bombardier":
                    throw new ArgumentException(
                        "--engine bombardier is not supported: Debian's 'bombardier' package is an unrelated game, and the Go "
                        + "HTTP benchmarking tool of that name has no Debian package; use --engine wrk.");
                default:
                    throw new ArgumentException($"--engine: '{engine}' is not in-process or wrk.");
            }
        }

        return engines.Count > 0 ? engines.Distinct().ToList() : throw new ArgumentException("--engine needs at least one engine.");
    }

    /// <summary>Parses 500ms, 2s, 1.5s, 1m, 250us or a plain number of seconds.</summary>
    public static TimeSpan ParseTime(string text, string option, bool allowZero)
    {
        string t = text.Trim().ToLowerInvariant();
        (string number, double scale) = t switch
        {
            _ when t.EndsWith("ms", StringComparison.Ordinal) => (t[..^2], 1e-3),
            _ when t.EndsWith("us", StringComparison.Ordinal) || t.EndsWith("µs", StringComparison.Ordinal) => (t[..^2], 1e-6),
            _ when t.EndsWith('s') => (t[..^1], 1.0),
            _ when t.EndsWith('m') => (t[..^1], 60.0),
            _ => (t, 1.0),
        };
        return double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out double value)
               && (allowZero ? value >= 0 : value > 0) && value * scale <= 24 * 3600
            ? TimeSpan.FromSeconds(value * scale)
            : throw new ArgumentException($"{option} '{text}' is not a time such as 500ms, 10s or 1m.");
    }
}
