using System;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Jsonable.Benchmarks;

/// <summary>
/// <c>--quick [--seconds N]</c>: the in-process harness (<see cref="QuickHarness"/>); anything else goes to
/// BenchmarkDotNet's <see cref="BenchmarkSwitcher"/> (e.g. <c>--filter *Twitter*</c>, <c>--job short</c>).
/// </summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        if (args.Contains("--quick"))
        {
            return QuickHarness.Run(args);
        }

        IEnumerable<Summary> summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
        bool failed = summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success));
        return failed ? 1 : 0;
    }
}
