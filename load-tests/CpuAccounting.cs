using System.Diagnostics;
using System.Globalization;

namespace Jsonable.LoadTests;

/// <summary>
/// <c>--cpu-pids NAME=PID,...</c>: the CPU time that each named process on this machine (and this load generator)
/// used during each run, per request, read from /proc before and after the run. On a machine that other work shares,
/// requests per second say little; CPU per request says what each part of the path costs, and so what bounds it.
/// A process's live children count with it, and so do its children that have ended (a PostgreSQL postmaster's backends).
/// </summary>
internal sealed class CpuAccounting
{
    public const string CsvFile = "cpu.csv";

    private static readonly double TicksPerSecond = 100; // USER_HZ: 100 on every Linux architecture .NET runs on

    private readonly IReadOnlyList<(string Name, int Pid)> _processes;
    private readonly List<string> _rows = ["engine,scenario,format,requests,process,cpu_seconds,cpu_ms_per_request"];

    private CpuAccounting(IReadOnlyList<(string Name, int Pid)> processes) => _processes = processes;

    public static CpuAccounting Parse(string text)
    {
        var processes = new List<(string, int)>();
        foreach (string item in text.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            string[] parts = item.Split('=', 2);
            processes.Add(parts.Length == 2 && parts[0].Length > 0 && int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out int pid)
                ? (parts[0], pid)
                : throw new ArgumentException($"--cpu-pids: '{item}' is not NAME=PID."));
        }

        return OperatingSystem.IsLinux() && processes.Count > 0
            ? new CpuAccounting(processes)
            : throw new ArgumentException("--cpu-pids needs NAME=PID,... and Linux's /proc.");
    }

    /// <summary>Runs <paramref name="run"/> and records the CPU each process used meanwhile (warm-up included).</summary>
    public async Task<RunResult> MeasureAsync(string engine, string scenario, string format, Func<Task<RunResult>> run)
    {
        double[] before = Sample();
        RunResult result = await run();
        double[] after = Sample();
        long requests = Math.Max(1, result.Requests);
        var line = new List<string>();
        for (int i = 0; i <= _processes.Count; i++)
        {
            string name = i < _processes.Count ? _processes[i].Name : "load-generator";
            double seconds = after[i] - before[i];
            _rows.Add(string.Create(CultureInfo.InvariantCulture, $"{engine},{scenario},{format},{result.Requests},{name},{seconds:0.00},{1000 * seconds / requests:0.000}"));
            line.Add(string.Create(CultureInfo.InvariantCulture, $"{name} {seconds:0.0} s"));
        }

        Console.WriteLine($"cpu {engine} {scenario}/{format} (warm-up included): {string.Join(", ", line)}");
        return result;
    }

    public void Write(string directory) => File.WriteAllLines(Path.Combine(directory, CsvFile), _rows);

    /// <summary>The CPU seconds the named processes (with their children) have used so far: the server side's.</summary>
    public double ServerSeconds() => _processes.Sum(p => TreeTicks(p.Pid)) / TicksPerSecond;

    private double[] Sample()
    {
        var seconds = new double[_processes.Count + 1];
        for (int i = 0; i < _processes.Count; i++)
        {
            seconds[i] = TreeTicks(_processes[i].Pid) / TicksPerSecond;
        }

        seconds[^1] = Process.GetCurrentProcess().TotalProcessorTime.TotalSeconds;
        return seconds;
    }

    /// <summary>utime + stime + cutime + cstime of a process, plus the same of its live children, in clock ticks.</summary>
    private static long TreeTicks(int pid)
    {
        long ticks = ProcessTicks(pid, withEndedChildren: true);
        foreach (string taskDirectory in SafeDirectories($"/proc/{pid}/task"))
        {
            string children = SafeRead(Path.Combine(taskDirectory, "children"));
            foreach (string child in children.Split(' ', StringSplitOptions.RemoveEmptyEntries))
            {
                ticks += TreeTicks(int.Parse(child, CultureInfo.InvariantCulture));
            }
        }

        return ticks;
    }

    /// <summary>utime + stime of one process (all its threads), and with <paramref name="withEndedChildren"/> its reaped children's.</summary>
    public static long ProcessTicks(int pid, bool withEndedChildren)
    {
        string stat = SafeRead($"/proc/{pid}/stat");
        int end = stat.LastIndexOf(')');
        if (end < 0)
        {
            return 0;
        }

        // The fields after "(name) ": [11] utime, [12] stime, [13] cutime, [14] cstime.
        string[] fields = stat[(end + 2)..].Split(' ');
        long ticks = long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture);
        return withEndedChildren ? ticks + long.Parse(fields[13], CultureInfo.InvariantCulture) + long.Parse(fields[14], CultureInfo.InvariantCulture) : ticks;
    }

    private static string SafeRead(string path)
    {
        try
        {
            return File.ReadAllText(path);
        }
        catch (IOException)
        {
            return ""; // the process ended
        }
        catch (UnauthorizedAccessException)
        {
            return "";
        }
    }

    private static IEnumerable<string> SafeDirectories(string path)
    {
        try
        {
            return Directory.GetDirectories(path);
        }
        catch (IOException)
        {
            return [];
        }
    }
}
