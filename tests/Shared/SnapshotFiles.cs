#nullable enable
using System;
using System.Linq;
using System.Reflection;

namespace Jsonable.Tests.Shared;

/// <summary>
/// What every checked-in snapshot (generated sources, public API baselines, OpenAPI documents) needs: whether this run
/// rewrites them, and where an actual text first leaves its snapshot. Linked as source into each project with snapshots.
/// </summary>
internal static class SnapshotFiles
{
    /// <summary>The text shown for a line past the end of one side.</summary>
    public const string EndOfFile = "<end of file>";

    /// <summary>
    /// Whether <paramref name="testAssembly"/> was built with <c>-p:UpdateSnapshots=true</c> (its csproj passes the
    /// property through as <see cref="AssemblyMetadataAttribute"/> <c>UpdateSnapshots</c>).
    /// </summary>
    public static bool UpdateRequested(Assembly testAssembly) => testAssembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .Any(a => a.Key == "UpdateSnapshots" && string.Equals(a.Value, "true", StringComparison.OrdinalIgnoreCase));

    /// <summary>
    /// The first line (1-based, lines split at <c>\n</c>) where <paramref name="actual"/> differs from
    /// <paramref name="expected"/>, with that line of each (<see cref="EndOfFile"/> past the end of one).
    /// </summary>
    public static (int Line, string Expected, string Actual) FirstDifference(string expected, string actual)
    {
        string[] e = expected.Split('\n');
        string[] a = actual.Split('\n');
        int line = 0;
        while (line < e.Length && line < a.Length && e[line] == a[line])
        {
            line++;
        }

        return (line + 1, line < e.Length ? e[line] : EndOfFile, line < a.Length ? a[line] : EndOfFile);
    }
}
