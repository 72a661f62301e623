using System.Reflection;
using System.Runtime.CompilerServices;
using Jsonable.AspNetCore.Http;
using Jsonable.AspNetCore.OpenApi;
using Jsonable.AspNetCore.Swashbuckle;
using Jsonable.Http;
using PublicApiGenerator;
using Xunit.Sdk;

namespace Jsonable.AspNetCore.Tests.PublicApi;

/// <summary>
/// The public API of every shipped package assembly, compared with the baselines in <c>PublicApi/*.txt</c>, so that an
/// API change shows up in review as a diff of those files. Members hidden from users (<c>[EditorBrowsable(Never)]</c>:
/// what generated code or another Jsonable package calls) keep that attribute in the listing
/// (<see cref="HiddenMemberMarks"/>). After an intended change, regenerate them with
/// <c>dotnet test tests/Jsonable.AspNetCore.Tests -p:UpdateSnapshots=true</c> and review the diff before committing.
/// </summary>
public sealed class PublicApiTests
{
    private const string UpdateCommand = "dotnet test tests/Jsonable.AspNetCore.Tests -p:UpdateSnapshots=true";

    /// <summary>One type from each shipped package assembly.</summary>
    public static TheoryData<string> PackageAssemblies => new(s_assemblies.Keys);

    private static readonly ApiGeneratorOptions s_options = new()
    {
        // Build stamps, not API: they change with the SDK or the commit.
        ExcludeAttributes = ["System.Runtime.Versioning.TargetFrameworkAttribute", "System.Reflection.AssemblyMetadataAttribute"],
        // The entry points users call first (AddJsonable, UseJsonable, WithJsonableETag, ...) live in Microsoft.*
        // namespaces, as ASP.NET Core's own extensions do; the tool leaves those out unless told otherwise.
        AllowNamespacePrefixes = ["Microsoft"],
    };

    private static readonly Dictionary<string, Assembly> s_assemblies = new[]
    {
        typeof(JsonableSerializer).Assembly,
        typeof(JsonableOptions).Assembly,
        typeof(HttpClientJsonableExtensions).Assembly,
        typeof(JsonableSwaggerGenOptionsExtensions).Assembly,
        typeof(JsonableOpenApiOptionsExtensions).Assembly,
        typeof(Jsonable.AspNetCore.SignalR.JsonableSignalRBuilderExtensions).Assembly,

        // Jsonable.AspNetCore.Swashbuckle11 is the Swashbuckle adapter's source built against Swashbuckle 11, which
        // cannot be loaded beside Swashbuckle 10 here: its API is the Swashbuckle baseline's, types from Microsoft.OpenApi 3.
    }.ToDictionary(a => a.GetName().Name!);

    [Theory]
    [MemberData(nameof(PackageAssemblies))]
    public void PublicApi_MatchesBaseline(string assemblyName)
    {
        Assembly assembly = s_assemblies[assemblyName];
        string actual = Listing(assembly);
        string path = BaselinePath(assemblyName);

        if (UpdateRequested)
        {
            File.WriteAllText(path, actual);
            return;
        }

        if (!File.Exists(path))
        {
            throw new XunitException($"No baseline at {path}. Create it with: {UpdateCommand}");
        }

        string expected = Normalize(File.ReadAllText(path));
        if (expected != actual)
        {
            throw new XunitException(Describe(assemblyName, expected, actual));
        }
    }

    [Fact]
    public void Listing_ShowsTheEntryPointsAndMarksWhatIsHidden()
    {
        // What a user calls first lives in Microsoft.* namespaces; what generated code calls is public but hidden, and a
        // reviewer must be able to tell the two apart.
        string aspNetCore = Listing(typeof(JsonableOptions).Assembly);
        Assert.Contains("public static Microsoft.Extensions.DependencyInjection.IServiceCollection AddJsonable(", aspNetCore, StringComparison.Ordinal);
        Assert.Contains(" UseJsonable(", aspNetCore, StringComparison.Ordinal);
        Assert.Contains(" WithJsonableETag", aspNetCore, StringComparison.Ordinal);
        Assert.Contains(" VaryByJsonableFormat", aspNetCore, StringComparison.Ordinal);

        string runtime = Listing(typeof(JsonableSerializer).Assembly);
        Assert.Contains(HiddenMemberMarks.Mark + "\n    public static class JsonableMetadataServices", runtime, StringComparison.Ordinal);
        Assert.Contains(HiddenMemberMarks.Mark + "\n        public bool TryReadEnum(", runtime, StringComparison.Ordinal);
        Assert.DoesNotContain(HiddenMemberMarks.Mark + "\n        public static string Serialize<T>(", runtime, StringComparison.Ordinal);
    }

    [Fact]
    public void Baselines_CoverExactlyTheShippedAssemblies()
    {
        // A baseline left behind by a renamed or removed package would otherwise never be compared again.
        string[] baselines = Directory.GetFiles(BaselineDirectory(), "*.txt").Select(Path.GetFileNameWithoutExtension).OfType<string>().Order(StringComparer.Ordinal).ToArray();
        if (UpdateRequested)
        {
            foreach (string stale in baselines.Where(b => !s_assemblies.ContainsKey(b)))
            {
                File.Delete(BaselinePath(stale));
            }

            return;
        }

        Assert.Equal(s_assemblies.Keys.Order(StringComparer.Ordinal), baselines);
    }

    private static string Listing(Assembly assembly) => Normalize(HiddenMemberMarks.Apply(assembly, assembly.GeneratePublicApi(s_options)));

    /// <summary>Whether this build asked for the baselines to be rewritten (the csproj passes the property through).</summary>
    private static bool UpdateRequested { get; } = SnapshotFiles.UpdateRequested(typeof(PublicApiTests).Assembly);

    private static string BaselineDirectory([CallerFilePath] string thisFile = "") => Path.GetDirectoryName(thisFile)!;

    private static string BaselinePath(string assemblyName) => Path.Combine(BaselineDirectory(), assemblyName + ".txt");

    private static string Normalize(string text) => text.ReplaceLineEndings("\n").TrimEnd('\n') + "\n";

    private static string Describe(string assemblyName, string expected, string actual)
    {
        (int line, string baselineLine, string builtLine) = SnapshotFiles.FirstDifference(expected, actual);
        return $"The public API of {assemblyName} differs from PublicApi/{assemblyName}.txt at line {line}:{Environment.NewLine}" +
            $"  baseline: {baselineLine}{Environment.NewLine}" +
            $"  built:    {builtLine}{Environment.NewLine}" +
            $"If the change is intended, regenerate the baselines with: {UpdateCommand}";
    }
}
