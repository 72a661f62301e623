using System.Diagnostics;
using System.Globalization;

namespace Jsonable.LoadTests;

/// <summary>
/// The sample API in a process of its own (the build next to this tool, Production, in-memory SQLite), for the modes
/// that read the server's memory from <c>/proc</c>: <c>--memory-run</c> and <c>--upload-run</c>.
/// </summary>
internal static class SampleProcess
{
    /// <summary>The sample's own build output (its runtimeconfig chooses the server GC, as for any ASP.NET Core app).</summary>
    public static string Assembly()
    {
        string here = Path.Combine(AppContext.BaseDirectory, "Jsonable.Samples.WebApi.dll");
        if (File.Exists(Path.ChangeExtension(here, ".runtimeconfig.json")))
        {
            return here;
        }

        throw new InvalidOperationException($"{here} has no runtimeconfig.json next to it: build load-tests first.");
    }

    /// <summary>
    /// Starts the sample (or another app: <paramref name="arguments"/> go before <c>--urls</c>) on a free loopback port;
    /// returns once Kestrel says where it listens.
    /// </summary>
    public static Process Start(string assembly, string name, out Uri baseUri, IReadOnlyDictionary<string, string>? environment = null, IEnumerable<string>? arguments = null)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = Path.GetDirectoryName(assembly)!,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(assembly);
        foreach (string argument in arguments ?? [])
        {
            start.ArgumentList.Add(argument);
        }

        start.ArgumentList.Add("--urls");
        start.ArgumentList.Add("http://127.0.0.1:0");
        start.Environment["ASPNETCORE_ENVIRONMENT"] = "Production";
        start.Environment["ConnectionStrings__Sample"] = $"Data Source=file:{name}-{Guid.NewGuid():N}?mode=memory&cache=shared";
        start.Environment["Logging__LogLevel__Default"] = "Warning";
        start.Environment["Logging__LogLevel__Microsoft.Hosting.Lifetime"] = "Information";
        foreach ((string key, string value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[key] = value;
        }

        Process process = Process.Start(start) ?? throw new InvalidOperationException("dotnet did not start.");
        process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is not null)
            {
                Console.Error.WriteLine("server: " + e.Data);
            }
        };
        process.BeginErrorReadLine();
        while (process.StandardOutput.ReadLine() is { } line)
        {
            int at = line.IndexOf("Now listening on: ", StringComparison.Ordinal);
            if (at >= 0)
            {
                baseUri = new Uri(line[(at + "Now listening on: ".Length)..].Trim());

                // Keep draining its output so the server never blocks on a full pipe.
                _ = Task.Run(async () =>
                {
                    while (await process.StandardOutput.ReadLineAsync() is not null)
                    {
                    }
                });
                return process;
            }
        }

        throw new InvalidOperationException("The sample exited before it listened.");
    }

    /// <summary>Stops a server started by <see cref="Start"/>.</summary>
    public static async Task StopAsync(Process process)
    {
        process.Kill(entireProcessTree: true);
        await process.WaitForExitAsync(CancellationToken.None);
    }

    /// <summary>A <c>/proc/PID/status</c> line in bytes (the kernel gives kB): VmRSS is now, VmHWM the peak so far.</summary>
    public static long ReadStatus(int pid, string key)
    {
        foreach (string line in File.ReadLines($"/proc/{pid}/status"))
        {
            if (line.StartsWith(key, StringComparison.Ordinal))
            {
                return long.Parse(line[key.Length..].Trim().Split(' ')[0], CultureInfo.InvariantCulture) * 1024;
            }
        }

        throw new InvalidOperationException($"/proc/{pid}/status has no {key}");
    }

    /// <summary>The user and system CPU time a process has used so far, from <c>/proc/PID/stat</c> (in USER_HZ ticks, 100 a second).</summary>
    public static double CpuSeconds(int pid)
    {
        string stat = File.ReadAllText($"/proc/{pid}/stat");
        // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
        string[] fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
        return (long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture)) / 100.0;
    }

    /// <summary>Bytes as whole mebibytes, the tables' unit.</summary>
    public static string Mb(double bytes) => string.Create(CultureInfo.InvariantCulture, $"{bytes / (1024 * 1024):F0} MB");
}
