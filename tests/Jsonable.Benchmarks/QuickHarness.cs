using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;

namespace Jsonable.Benchmarks;

/// <summary>
/// Runs every benchmark in this process for a fixed time budget (no BenchmarkDotNet process spawning): a warm-up,
/// then timed batches measured with <see cref="Stopwatch"/> and allocations with
/// <see cref="GC.GetAllocatedBytesForCurrentThread"/>. Prints Markdown; exits 1 if a check or a benchmark threw.
/// </summary>
internal static class QuickHarness
{
    private const int Rounds = 10;

    private static readonly Type[] s_scenarios =
    [
        typeof(TwitterReadBenchmarks),
        typeof(CitmReadBenchmarks),
        typeof(TwitterEscapedReadBenchmarks),
        typeof(TwitterWriteBenchmarks),
        typeof(CitmWriteBenchmarks),
        typeof(SmallWriteBenchmarks),
        typeof(MergeBenchmarks),
        typeof(DeltaTwitterOneMemberBenchmarks),
        typeof(DeltaTwitterTenthBenchmarks),
        typeof(DeltaCitmOneMemberBenchmarks),
        typeof(DeltaCitmTenthBenchmarks),
        typeof(PlainMinimalBenchmarks),
        typeof(EnumsBenchmarks),
        typeof(TwitterPipeReadBenchmarks),
    ];

    // Rows of output sizes from ISizedScenario scenarios, printed after the timings.
    private static readonly List<string> s_sizeRows = [];

    public static int Run(string[] args)
    {
        double seconds = 1.0;
        if (args.Contains("--cpu-time") && !ThreadCpuClock.TryEnable())
        {
            Console.Error.WriteLine("--cpu-time needs Linux (clock_gettime with CLOCK_THREAD_CPUTIME_ID).");
            return 2;
        }

        int at = Array.IndexOf(args, "--seconds");
        if (at >= 0)
        {
            if (at + 1 >= args.Length
                || !double.TryParse(args[at + 1], NumberStyles.Float, CultureInfo.InvariantCulture, out seconds)
                || seconds <= 0)
            {
                Console.Error.WriteLine("--seconds needs a positive number, e.g. --seconds 0.2");
                return 2;
            }
        }

        at = Array.IndexOf(args, "--profile");
        if (at >= 0)
        {
            return RunOneForProfiler(at + 1 < args.Length ? args[at + 1] : "", seconds);
        }

        Type[] scenarios = s_scenarios;
        at = Array.IndexOf(args, "--scenarios");
        if (at >= 0)
        {
            string[] wanted = at + 1 < args.Length ? args[at + 1].Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries) : [];
            scenarios = [.. s_scenarios.Where(t => wanted.Contains(ScenarioName(t), StringComparer.OrdinalIgnoreCase))];
            if (scenarios.Length == 0)
            {
                Console.Error.WriteLine($"--scenarios needs a comma-separated list of: {string.Join(", ", s_scenarios.Select(ScenarioName))}");
                return 2;
            }
        }

        bool interleaved = args.Contains("--interleaved-warm-up");
        PrintEnvironment(seconds, interleaved);
        int failures = 0;
        failures += PrintPayloadSizes();

        Console.WriteLine("| Scenario | Method | ns/op (median round) | Ratio to baseline | Baseline time ÷ this | This ÷ MemoryPack | Allocated B/op | Ops timed |");
        Console.WriteLine("|---|---|---:|---:|---:|---:|---:|---:|");
        var summaries = new List<string>();
        foreach (Type type in scenarios)
        {
            failures += RunScenario(type, seconds, interleaved, summaries);
        }

        if (summaries.Count > 0)
        {
            Console.WriteLine();
            Console.WriteLine("| Read, times faster (median rounds above) | JMC1 vs Jsonable compact JSON | Jsonable compact JSON vs STJ compact | JMC1 vs STJ compact | JMC1 vs MessagePack | JMC1 time ÷ MemoryPack's |");
            Console.WriteLine("|---|---:|---:|---:|---:|---:|");
            summaries.ForEach(Console.WriteLine);
        }

        if (s_sizeRows.Count > 0)
        {
            Console.WriteLine();
            Console.WriteLine("| Bytes written | Put_Json | Put_Jmc1 | Delta_Json | Delta_Jmc1 | MessagePack | Delta ÷ Put, JSON | Delta ÷ Put, JMC1 |");
            Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|");
            s_sizeRows.ForEach(Console.WriteLine);
        }

        Console.WriteLine();
        Console.WriteLine(failures == 0
            ? "All scenarios ran and every output round-tripped to the original data."
            : $"{failures} failure(s): see the messages above.");
        return failures == 0 ? 0 : 1;
    }

    /// <summary>
    /// <c>--profile Scenario.Method</c>: only that method, warmed up and then run for the time budget, so that a sampling
    /// profiler attached to the process (perf, dotnet-trace) sees nothing else in the steady state.
    /// </summary>
    private static int RunOneForProfiler(string target, double seconds)
    {
        string[] parts = target.Split('.');
        Type? type = parts.Length == 2 ? s_scenarios.SingleOrDefault(t => ScenarioName(t).Equals(parts[0], StringComparison.OrdinalIgnoreCase)) : null;
        MethodInfo? method = type?.GetMethods(BindingFlags.Public | BindingFlags.Instance)
            .SingleOrDefault(m => m.Name.Equals(parts[1], StringComparison.OrdinalIgnoreCase) && m.GetCustomAttribute<BenchmarkAttribute>() is not null);
        if (method is null)
        {
            Console.Error.WriteLine("--profile needs Scenario.Method, e.g. --profile TwitterRead.Jsonable_Jmc1");
            return 2;
        }

        var instance = (IScenario)Activator.CreateInstance(type!)!;
        instance.Setup();
        var runner = new Runner(method.Name, false, Bind(instance, method));
        runner.WarmUp(seconds);
        Console.WriteLine($"warmed up; profiling window starts ({seconds:0.###} s)");
        runner.MeasureRound(seconds);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{target}: {runner.MedianNanosecondsPerOp:N0} ns/op over {runner.Operations:N0} ops, {runner.AllocatedBytesPerOp:N0} B/op"));
        return 0;
    }

    private static string ScenarioName(Type type) => type.Name.Replace("Benchmarks", "", StringComparison.Ordinal);

    private static void PrintEnvironment(double seconds, bool interleaved)
    {
        bool optimized = typeof(QuickHarness).Assembly.GetCustomAttribute<DebuggableAttribute>()?.IsJITOptimizerDisabled != true;
        Console.WriteLine("# Jsonable quick benchmark");
        Console.WriteLine();
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{RuntimeInformation.FrameworkDescription}, {RuntimeInformation.OSDescription}, {RuntimeInformation.ProcessArchitecture}, " +
            $"{Environment.ProcessorCount} cores, {(optimized ? "optimized build" : "DEBUG BUILD (numbers are meaningless)")}, " +
            $"{seconds:0.###} s timed per method in {Rounds} interleaved rounds ({(ThreadCpuClock.Enabled ? "CPU time of the benchmark thread per op, --cpu-time" : "wall-clock time per op")}), after a warm-up of {seconds / 3:0.###}–{Math.Max(2.0, seconds):0.###} s per method (until the time per op settles{(interleaved ? "; methods interleaved, --interleaved-warm-up" : "")})."));
        Console.WriteLine();
    }

    private static int PrintPayloadSizes()
    {
        Console.WriteLine("| Payload bytes | Original file | STJ JSON | Jsonable JSON | JMC1 | MessagePack | MemoryPack |");
        Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|");
        try
        {
            PrintSizes(Payloads.Twitter);
            PrintSizes(Payloads.Citm);
            Console.WriteLine();
            return 0;
        }
        catch (Exception e)
        {
            Console.WriteLine();
            Console.WriteLine($"FAILED loading payloads: {e}");
            Console.WriteLine();
            return 1;
        }
    }

    private static void PrintSizes<T>(Payload<T> p)
        where T : class
    {
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"| {p.FileName} | {p.OriginalJson.Length:N0} | {p.StjJson.Length:N0} | {p.JsonableJson.Length:N0} | {p.Jmc1.Length:N0} | {p.MessagePack.Length:N0} | {p.MemoryPack.Length:N0} |"));
    }

    /// <summary>
    /// One method after another by default, so each reaches optimized code on a profile of its own work first. With
    /// <c>--interleaved-warm-up</c>, 50 ms of each in turn until all have settled: the JIT's profile of code the
    /// methods share (the writer and the generated code serve JSON and JMC1 alike, choosing by a flag) then sees them
    /// mixed, as in a server that answers both formats, instead of favouring whichever method warmed up first.
    /// </summary>
    private static void WarmUp(List<Runner> runners, double seconds, bool interleaved)
    {
        if (!interleaved)
        {
            foreach (Runner runner in runners)
            {
                runner.Guard(() => runner.WarmUp(seconds));
            }

            return;
        }

        var pending = new List<Runner>(runners);
        while (pending.Count > 0)
        {
            foreach (Runner runner in pending.ToArray())
            {
                bool settled = true;
                runner.Guard(() => settled = runner.WarmUpChunk(seconds));
                if (settled || runner.Failure is not null)
                {
                    pending.Remove(runner);
                }
            }
        }
    }

    private static int RunScenario(Type type, double seconds, bool interleaved, List<string> summaries)
    {
        string scenario = ScenarioName(type);
        var scenarioInstance = (IScenario)Activator.CreateInstance(type)!;
        try
        {
            scenarioInstance.Setup();
        }
        catch (Exception e)
        {
            Console.WriteLine($"| {scenario} | setup / round-trip check | FAILED | | | | | |");
            Console.Error.WriteLine($"{scenario} setup failed: {e}");
            return 1;
        }

        List<Runner> runners = type.GetMethods(BindingFlags.Public | BindingFlags.Instance)
            .Select(m => (Method: m, Attribute: m.GetCustomAttribute<BenchmarkAttribute>()))
            .Where(x => x.Attribute is not null)
            .OrderBy(x => x.Method.MetadataToken)
            .Select(x => new Runner(x.Method.Name, x.Attribute!.Baseline, Bind(scenarioInstance, x.Method)))
            .ToList();

        WarmUp(runners, seconds, interleaved);

        // The timed budget is cut into rounds that visit every method in turn, so a change in machine load
        // (other processes) hits all methods alike instead of whichever happened to run then; the median round
        // is reported.
        double roundSeconds = seconds / Rounds;
        for (int round = 0; round < Rounds; round++)
        {
            foreach (Runner runner in runners)
            {
                runner.Guard(() => runner.MeasureRound(roundSeconds));
            }
        }

        Runner baseline = runners.Single(r => r.IsBaseline);
        Runner? floor = runners.SingleOrDefault(r => r.Name == "MemoryPack" && r.Failure is null);
        foreach (Runner r in runners)
        {
            if (r.Failure is not null)
            {
                Console.WriteLine($"| {scenario} | {r.Name} | FAILED | | | | | |");
                Console.Error.WriteLine($"{scenario}.{r.Name} threw: {r.Failure}");
                continue;
            }

            double ns = r.MedianNanosecondsPerOp;
            string ratio = baseline.Failure is null ? (ns / baseline.MedianNanosecondsPerOp).ToString("0.00", CultureInfo.InvariantCulture) : "?";
            string speedup = baseline.Failure is null ? (baseline.MedianNanosecondsPerOp / ns).ToString("0.00", CultureInfo.InvariantCulture) + "×" : "?";
            string overFloor = floor is null ? "–" : (ns / floor.MedianNanosecondsPerOp).ToString("0.00", CultureInfo.InvariantCulture) + "×";
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"| {scenario} | {r.Name}{(r.IsBaseline ? " (baseline)" : "")} | {ns:N0} | {ratio} | {speedup} | {overFloor} | {r.AllocatedBytesPerOp:N0} | {r.Operations:N0} |"));
        }

        if (scenarioInstance is ISizedScenario sized)
        {
            s_sizeRows.Add(sized.SizeRow);
        }

        if (type.IsAssignableTo(typeof(IReadScenario)))
        {
            summaries.Add(ReadSummary(scenario, runners));
        }

        return runners.Count(r => r.Failure is not null);
    }

    /// <summary>The read targets (docs/performance.md) as ratios of this run's medians: how many times faster the first is than the second.</summary>
    private static string ReadSummary(string scenario, List<Runner> runners)
    {
        string Faster(string method, string than)
        {
            Runner a = runners.Single(r => r.Name == method);
            Runner b = runners.Single(r => r.Name == than);
            return a.Failure is null && b.Failure is null
                ? (b.MedianNanosecondsPerOp / a.MedianNanosecondsPerOp).ToString("0.00", CultureInfo.InvariantCulture) + "×"
                : "?";
        }

        string jmc1OverFloor = Faster("MemoryPack", "Jsonable_Jmc1");
        return $"| {scenario} | {Faster("Jsonable_Jmc1", "Jsonable_CompactJson")} | {Faster("Jsonable_CompactJson", "Stj_CompactJson")} | {Faster("Jsonable_Jmc1", "Stj_CompactJson")} | {Faster("Jsonable_Jmc1", "MessagePack")} | {jmc1OverFloor} |";
    }

    private static Action Bind(object instance, MethodInfo method)
    {
        MethodInfo bind = typeof(QuickHarness).GetMethod(nameof(BindTyped), BindingFlags.NonPublic | BindingFlags.Static)!
            .MakeGenericMethod(method.ReturnType);
        return (Action)bind.Invoke(null, [instance, method])!;
    }

    private static Action BindTyped<TResult>(object instance, MethodInfo method)
    {
        Func<TResult> run = method.CreateDelegate<Func<TResult>>(instance);
        return () => Sink<TResult>.Value = run();
    }

    /// <summary>One benchmark method: its warm-up, its timed rounds and what they measured.</summary>
    private sealed class Runner(string name, bool isBaseline, Action run)
    {
        private readonly List<double> _roundNanosecondsPerOp = [];
        private long _batch = 1;
        private long _allocated;

        public string Name { get; } = name;

        public bool IsBaseline { get; } = isBaseline;

        public Exception? Failure { get; private set; }

        public long Operations { get; private set; }

        public long AllocatedBytesPerOp => Operations == 0 ? 0 : _allocated / Operations;

        public double MedianNanosecondsPerOp
        {
            get
            {
                List<double> sorted = [.. _roundNanosecondsPerOp.Order()];
                int mid = sorted.Count / 2;
                return sorted.Count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
            }
        }

        public void Guard(Action step)
        {
            if (Failure is not null)
            {
                return;
            }

            try
            {
                step();
            }
            catch (Exception e)
            {
                Failure = e;
            }
        }

        private double _warmedUpSeconds;
        private double _bestSecondsPerOp = double.MaxValue;

        /// <summary>
        /// Warms up until the time per op stops improving: tiered compilation needs a quiet 100 ms and 30 calls per
        /// method before it swaps in optimized code, and tier-0 code can be tens of times slower, so a fixed short
        /// warm-up would time unoptimized code. At least a third of the budget, at most max(2 s, the budget).
        /// </summary>
        public void WarmUp(double seconds)
        {
            while (!WarmUpChunk(seconds))
            {
            }
        }

        /// <summary>Runs about 50 ms of warm-up; true once this method has settled (see <see cref="WarmUp"/>).</summary>
        public bool WarmUpChunk(double seconds)
        {
            long chunkStart = Stopwatch.GetTimestamp();
            long chunkOps = 0;
            do
            {
                run();
                chunkOps++;
            }
            while (Stopwatch.GetElapsedTime(chunkStart).TotalSeconds < 0.05);

            double elapsed = Stopwatch.GetElapsedTime(chunkStart).TotalSeconds;
            double secondsPerOp = elapsed / chunkOps;
            _warmedUpSeconds += elapsed;
            bool settled = secondsPerOp > _bestSecondsPerOp * 0.95;
            _bestSecondsPerOp = Math.Min(_bestSecondsPerOp, secondsPerOp);
            _batch = Math.Max(1, (long)(0.01 / _bestSecondsPerOp)); // about 10 ms between clock reads
            return _warmedUpSeconds >= Math.Max(2.0, seconds) || (_warmedUpSeconds >= seconds / 3 && settled);
        }

        public void MeasureRound(double seconds)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();

            long budgetTicks = (long)(seconds * Stopwatch.Frequency);
            long operations = 0;
            long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            long cpuStart = ThreadCpuClock.NowNanoseconds();
            long start = Stopwatch.GetTimestamp();
            long elapsedTicks;
            do
            {
                for (long i = 0; i < _batch; i++)
                {
                    run();
                }

                operations += _batch;
                elapsedTicks = Stopwatch.GetTimestamp() - start;
            }
            while (elapsedTicks < budgetTicks);

            _allocated += GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
            Operations += operations;
            _roundNanosecondsPerOp.Add(ThreadCpuClock.Enabled
                ? (double)(ThreadCpuClock.NowNanoseconds() - cpuStart) / operations
                : elapsedTicks * (1e9 / Stopwatch.Frequency) / operations);
        }
    }

    private static class Sink<T>
    {
        public static T? Value;
    }
}

/// <summary>
/// <c>--cpu-time</c>: the benchmark thread's CPU time (Linux <c>CLOCK_THREAD_CPUTIME_ID</c>) instead of wall-clock time,
/// so that time the thread spends descheduled on a machine shared with other work is not counted. Garbage collections
/// triggered by the benchmark's allocations run on that thread (workstation GC) and are counted.
/// </summary>
internal static class ThreadCpuClock
{
    private const int ClockThreadCpuTimeId = 3;

    public static bool Enabled { get; private set; }

    public static bool TryEnable()
    {
        if (!OperatingSystem.IsLinux())
        {
            return false;
        }

        Enabled = ClockGetTime(ClockThreadCpuTimeId, out _) == 0;
        return Enabled;
    }

    public static long NowNanoseconds()
    {
        if (!Enabled)
        {
            return 0;
        }

        _ = ClockGetTime(ClockThreadCpuTimeId, out TimeSpec now);
        return (now.Seconds * 1_000_000_000L) + now.Nanoseconds;
    }

    [DllImport("libc", EntryPoint = "clock_gettime")]
    private static extern int ClockGetTime(int clockId, out TimeSpec time);

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }
}
