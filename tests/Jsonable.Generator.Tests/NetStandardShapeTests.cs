using System.Linq;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Jsonable.Metadata;

namespace Jsonable.Generator.Tests;

/// <summary>
/// A C# 9 project (Unity's) gets the netstandard2.0 shape of the generated code (docs/unity.md): no C# 10+ feature, no
/// static interface members, registration through JsonableStatics. That it compiles against the runtime's netstandard2.0
/// build is checked by building tests/Jsonable.Mono.Tests (net48, C# 9), which runs on Mono in CI.
/// </summary>
public sealed class NetStandardShapeTests
{
    private const string Source =
        """
        #pragma warning disable CS1591 // the user's code is not what is under test
        using System.Collections.Generic;
        using Jsonable;

        namespace Game
        {
            [ToJson, FromJson]
            [ToJson(Property = nameof(Position))]
            public partial class Unit
            {
                public string Name { get; set; } = "";
                public float[]? Position { get; set; }
                public List<Unit>? Squad { get; set; }
                public Dictionary<string, int>? Stats { get; set; }
            }
        }
        """;

    [Fact]
    public void CSharp9_GetsTheNetStandardShape_WithNoNewerLanguageFeature()
    {
        GeneratorRun run = RunWith(LanguageVersion.CSharp9);
        string unit = run.Source("Game.Unit.Jsonable.g.cs");
        string registration = run.Source("JsonableRegistration.g.cs");

        Assert.DoesNotContain("\"u8", unit + registration, System.StringComparison.Ordinal);
        // Names as arrays, which the netstandard2.0 writer and reader take without building a span per call.
        Assert.Contains("private static readonly byte[] __JsonableJsonName_Name = new byte[] { 0x2C, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A };", unit, System.StringComparison.Ordinal); // ,"name":
        Assert.Contains("writer.WriteObjectStartAndName(__JsonableJmc1Name_Name, __JsonableJsonName_Name);", unit, System.StringComparison.Ordinal);
        Assert.Contains("reader.TryReadExpectedFirstName(__JsonableJmc1Name_Name, __JsonableJsonName_Name)", unit, System.StringComparison.Ordinal);
        Assert.DoesNotContain("Name_Name.Slice(1)", unit, System.StringComparison.Ordinal);
        Assert.DoesNotContain("static void global::Jsonable.Metadata.IJsonableWritable", unit, System.StringComparison.Ordinal);
        Assert.DoesNotContain("CollectionsMarshal", unit, System.StringComparison.Ordinal);
        Assert.Contains("global::Jsonable.Metadata.JsonableStatics<global::Game.Unit>.Register(__JsonableWriteValue, __JsonableReadValue, __JsonableReadMembers, __JsonableMergeValue, __JsonableEquals, __JsonableWriteMergePatch)", unit, System.StringComparison.Ordinal);
        Assert.Contains("internal static class JsonableAssemblyRegistration_UserAssembly", registration, System.StringComparison.Ordinal);
        Assert.Contains("[global::System.Runtime.CompilerServices.ModuleInitializer]", registration, System.StringComparison.Ordinal);
        // These references (.NET 10) have the attribute, so it is not declared again; for net48 (tests/Jsonable.Mono.Tests) it is.
        Assert.DoesNotContain("class ModuleInitializerAttribute", registration, System.StringComparison.Ordinal);
        Assert.DoesNotContain("file ", registration, System.StringComparison.Ordinal);

        // Against the net10.0 runtime this shape cannot link (no JsonableStatics), but no error may be about the language.
        Diagnostic[] language = run.OutputDiagnostics
            .Where(d => d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Contains("C# 9", System.StringComparison.Ordinal))
            .ToArray();
        Assert.Empty(language);
    }

    [Fact]
    public void LatestCSharp_OnTheNet10Runtime_KeepsTheNet10Shape()
    {
        GeneratorRun run = RunWith(LanguageVersion.Latest);
        string unit = run.Source("Game.Unit.Jsonable.g.cs");

        Assert.Contains("\"u8", unit, System.StringComparison.Ordinal);
        Assert.Contains("static void global::Jsonable.Metadata.IJsonableWritable<global::Game.Unit>.WriteJsonable", unit, System.StringComparison.Ordinal);
        Assert.DoesNotContain("JsonableStatics", unit, System.StringComparison.Ordinal);
        Assert.Empty(run.OutputDiagnostics);
    }

    private static GeneratorRun RunWith(LanguageVersion version)
    {
        CSharpCompilation compilation = GeneratorHarness.CreateCompilation([Source]);
        var options = new CSharpParseOptions(version, DocumentationMode.Diagnose);
        compilation = compilation.ReplaceSyntaxTree(
            compilation.SyntaxTrees.Single(),
            CSharpSyntaxTree.ParseText(Source, options, path: GeneratorHarness.SourcePath(0)));
        // The generated sources are parsed with the project's language version, as the compiler does.
        GeneratorDriver driver = CSharpGeneratorDriver.Create([new JsonableGenerator().AsSourceGenerator()], parseOptions: options);
        return GeneratorHarness.Run(driver, compilation);
    }
}
