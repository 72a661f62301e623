using System.Text.Json;
using System.Text.Json.Nodes;

namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// Compares an OpenAPI document with its checked-in snapshot under <c>tests/Integration/Snapshots</c> (normalised:
/// object members sorted, two-space indentation). To accept a change, regenerate and review the diff:
/// <c>UPDATE_SNAPSHOTS=1 dotnet test tests/Integration</c> or <c>dotnet test tests/Integration -p:UpdateSnapshots=true</c>.
/// </summary>
public static class DocumentSnapshot
{
    /// <summary>Asserts <paramref name="document"/> equals the snapshot <paramref name="fileName"/> (or rewrites it when updating).</summary>
    public static void AssertMatches(JsonNode document, string fileName)
    {
        string actual = Normalise(document);
        string snapshotPath = Path.Combine(ProjectDirectory(), "Snapshots", fileName);

        if (UpdateSnapshots())
        {
            Directory.CreateDirectory(Path.GetDirectoryName(snapshotPath)!);
            File.WriteAllText(snapshotPath, actual);
            return;
        }

        Assert.True(File.Exists(snapshotPath), $"No snapshot at {snapshotPath}; create it with UPDATE_SNAPSHOTS=1 (see {nameof(DocumentSnapshot)}).");
        string expected = File.ReadAllText(snapshotPath).ReplaceLineEndings("\n");
        if (expected != actual)
        {
            (int line, string snapshotLine, string actualLine) = SnapshotFiles.FirstDifference(expected, actual);
            Assert.Fail(
                $"{fileName} differs from {snapshotPath} at line {line}:\n" +
                $"  snapshot: {snapshotLine}\n" +
                $"  actual:   {actualLine}\n" +
                "If the change is intended, regenerate with UPDATE_SNAPSHOTS=1 and review the diff.");
        }
    }

    /// <summary>Sorted object members, two-space indentation, \n line endings, a final newline.</summary>
    private static string Normalise(JsonNode document)
    {
        string json = Sorted(document)!.ToJsonString(new JsonSerializerOptions
        {
            WriteIndented = true,
            Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        });
        return json.ReplaceLineEndings("\n") + "\n";
    }

    private static JsonNode? Sorted(JsonNode? node) => node switch
    {
        JsonObject obj => new JsonObject(obj.OrderBy(p => p.Key, StringComparer.Ordinal).Select(p => KeyValuePair.Create(p.Key, Sorted(p.Value)))),
        JsonArray array => new JsonArray(array.Select(Sorted).ToArray()),
        _ => node?.DeepClone(),
    };

    private static bool UpdateSnapshots() =>
        Environment.GetEnvironmentVariable("UPDATE_SNAPSHOTS") is "1" or "true"
        || SnapshotFiles.UpdateRequested(typeof(DocumentSnapshot).Assembly);

    /// <summary>tests/Integration in the source tree, found above the test binaries.</summary>
    private static string ProjectDirectory()
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "Jsonable.Integration.Tests.csproj")))
            {
                return directory.FullName;
            }
        }

        throw new DirectoryNotFoundException("Jsonable.Integration.Tests.csproj not found above " + AppContext.BaseDirectory);
    }
}
