using System.Globalization;

namespace Jsonable.LoadTests;

/// <summary>
/// The server's CPU time during each run's measured time (warm-up excluded), from the kernel's accounting in /proc,
/// and what the rest of the machine used meanwhile. On a shared machine requests per second measure the neighbours;
/// CPU time per request is what a route costs whoever else is busy, so the reports lead with it.
/// <para>
/// The sample in this process (the default): this process's own user + system time, which is the server's alone
/// while wrk (a process of its own) drives it, and the server's plus the HttpClient load generator's under the
/// in-process engine. A server elsewhere: the processes named by <c>--cpu-pids</c>, with their children.
/// </para>
/// </summary>
internal sealed class ServerCpu
{
    /// <summary>Other work above this many cores, averaged over a run's measured time, marks the run as noisy.</summary>
    public const double NoisyOtherCores = 0.25;

    private const double TicksPerSecond = 100; // USER_HZ: 100 on every Linux architecture .NET runs on

    private readonly CpuAccounting? _processes;

    private ServerCpu(CpuAccounting? processes) => _processes = processes;

    /// <summary>Whether the server is this process (so the in-process engine's client is counted with it).</summary>
    public bool InThisProcess => _processes is null;

    /// <summary>The sample in this process, or the processes of <c>--cpu-pids</c>; null where neither can be measured.</summary>
    public static ServerCpu? For(bool serverInThisProcess, CpuAccounting? processes) =>
        !OperatingSystem.IsLinux() ? null
        : serverInThisProcess ? new ServerCpu(null)
        : processes is not null ? new ServerCpu(processes)
        : null;

    /// <summary>What the figure counts under <paramref name="engine"/>, for the reports.</summary>
    public string Describe(string engine) => _processes is not null
        ? "Server CPU: the processes named by --cpu-pids (with their children), measured time only."
        : engine == InProcessEngine.Name
            ? "Server CPU: this whole process, i.e. the server and the HttpClient load generator together (they share it), measured time only; the client's share is the same work for every format, so ratios between formats understate the server's differences: the wrk engine's figure is the server's alone."
            : "Server CPU: this process (the sample's Kestrel server alone: wrk is a process of its own), measured time only.";

    /// <summary>Starts counting; <see cref="Window.Stop"/> puts the figures on the run's result.</summary>
    public Window Start() => new(this, Read());

    private Reading Read()
    {
        double server = _processes is null ? CpuAccounting.ProcessTicks(Environment.ProcessId, withEndedChildren: false) / TicksPerSecond : _processes.ServerSeconds();
        double self = CpuAccounting.ProcessTicks(Environment.ProcessId, withEndedChildren: true) / TicksPerSecond;
        return new Reading(server, self, MachineBusySeconds());
    }

    /// <summary>All cores' non-idle time so far, from the first line of /proc/stat (guest time is inside user time).</summary>
    private static double MachineBusySeconds()
    {
        string? line = File.ReadLines("/proc/stat").FirstOrDefault(l => l.StartsWith("cpu ", StringComparison.Ordinal));
        if (line is null)
        {
            return 0;
        }

        // cpu user nice system idle iowait irq softirq steal ...
        long[] f = line.Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1).Select(v => long.Parse(v, CultureInfo.InvariantCulture)).ToArray();
        return (f[0] + f[1] + f[2] + f[5] + f[6] + (f.Length > 7 ? f[7] : 0)) / TicksPerSecond;
    }

    internal readonly record struct Reading(double Server, double Self, double Machine);

    /// <summary>One run's measured time.</summary>
    public readonly struct Window
    {
        private readonly ServerCpu _owner;
        private readonly Reading _start;

        internal Window(ServerCpu owner, Reading start)
        {
            _owner = owner;
            _start = start;
        }

        /// <summary>
        /// <paramref name="result"/> with the server's CPU seconds and the other work's: the machine's busy time less
        /// this process's (wrk, its child, included once it has exited) and, for a server elsewhere, the server's.
        /// </summary>
        public RunResult Stop(RunResult result)
        {
            Reading end = _owner.Read();
            double server = end.Server - _start.Server;
            double self = end.Self - _start.Self;
            double other = end.Machine - _start.Machine - self - (_owner.InThisProcess ? 0 : server);
            return result with { ServerCpuSeconds = Math.Max(0, server), OtherCpuSeconds = Math.Max(0, other) };
        }
    }
}
