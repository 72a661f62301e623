using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using Jsonable.Tests.Shared;
using Xunit.Sdk;

namespace Jsonable.Generator.Tests.Infrastructure;

/// <summary>
/// Compares generated sources with the baselines checked in under <c>Snapshots/</c> next to the calling test file,
/// or rewrites those baselines when the project was built with <c>-p:UpdateSnapshots=true</c>.
/// </summary>
internal static class SnapshotAssert
{
    public const string UpdateCommand = "dotnet test tests/Jsonable.Generator.Tests -p:UpdateSnapshots=true";

    private const string Suffix = ".cs.txt";

    /// <summary>Whether this build asked for the baselines to be rewritten (the csproj passes the property through).</summary>
    public static bool UpdateRequested { get; } = SnapshotFiles.UpdateRequested(typeof(SnapshotAssert).Assembly);

    /// <summary>
    /// Asserts that the generated sources of <paramref name="run"/> are exactly the baselines
    /// <c>Snapshots/&lt;scenario&gt;.&lt;type&gt;.cs.txt</c>: the same files, the same text (line endings aside).
    /// </summary>
    public static void Matches(string scenario, GeneratorRun run, [CallerFilePath] string callerFile = "")
    {
        string directory = Path.Combine(Path.GetDirectoryName(callerFile)!, "Snapshots");
        var actual = run.Sources.ToDictionary(
            s => scenario + "." + s.HintName.Replace(".Jsonable.g.cs", string.Empty, StringComparison.Ordinal).Replace(".g.cs", string.Empty, StringComparison.Ordinal) + Suffix,
            s => Normalize(s.SourceText.ToString()),
            StringComparer.Ordinal);

        if (UpdateRequested)
        {
            Directory.CreateDirectory(directory);
            foreach (string stale in Directory.GetFiles(directory, scenario + ".*" + Suffix))
            {
                File.Delete(stale);
            }

            foreach (KeyValuePair<string, string> file in actual)
            {
                File.WriteAllText(Path.Combine(directory, file.Key), file.Value);
            }

            return;
        }

        if (!Directory.Exists(directory))
        {
            throw new XunitException($"No snapshot folder at {directory}. Create the baselines with: {UpdateCommand}");
        }

        string[] expectedNames = Directory.GetFiles(directory, scenario + ".*" + Suffix).Select(Path.GetFileName).OfType<string>().Order(StringComparer.Ordinal).ToArray();
        string[] actualNames = actual.Keys.Order(StringComparer.Ordinal).ToArray();
        if (!expectedNames.SequenceEqual(actualNames))
        {
            throw new XunitException(
                $"Scenario '{scenario}' generated [{string.Join(", ", actualNames)}] but the baselines are [{string.Join(", ", expectedNames)}]. " +
                $"If the change is intended, regenerate the baselines with: {UpdateCommand}");
        }

        foreach (string name in actualNames)
        {
            string expected = Normalize(File.ReadAllText(Path.Combine(directory, name)));
            if (expected != actual[name])
            {
                throw new XunitException(Describe(name, expected, actual[name]));
            }
        }
    }

    private static string Normalize(string text) => text.Replace("\r\n", "\n", StringComparison.Ordinal).Replace('\r', '\n');

    private static string Describe(string name, string expected, string actual)
    {
        (int line, string baselineLine, string generatedLine) = SnapshotFiles.FirstDifference(expected, actual);
        return $"Generated source differs from Snapshots/{name} at line {line}:{Environment.NewLine}" +
            $"  baseline:  {baselineLine}{Environment.NewLine}" +
            $"  generated: {generatedLine}{Environment.NewLine}" +
            $"If the change is intended, regenerate the baselines with: {UpdateCommand}";
    }
}
