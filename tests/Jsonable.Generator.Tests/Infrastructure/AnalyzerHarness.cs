using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Jsonable.Generator.Tests.Infrastructure;

/// <summary>
/// Compiles a program (or library) against the running .NET and ASP.NET Core shared frameworks, Jsonable.Runtime and
/// Jsonable.AspNetCore, runs the generator over it as a user's build does, and then <see cref="CallSiteAnalyzer"/>.
/// </summary>
internal static class AnalyzerHarness
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_aspNetCoreReferences = new(() =>
    {
        // The shared frameworks this test runs on (it references Microsoft.AspNetCore.App), not the test's own dependencies.
        IEnumerable<string> framework = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
            .Split(Path.PathSeparator)
            .Where(p => p.Contains($"{Path.DirectorySeparatorChar}shared{Path.DirectorySeparatorChar}Microsoft.", StringComparison.Ordinal));
        return [.. framework
            .Append(typeof(ToJsonAttribute).Assembly.Location)
            .Append(typeof(Jsonable.AspNetCore.Http.JsonableResults).Assembly.Location)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))];
    });

    /// <summary>.NET, ASP.NET Core and both Jsonable assemblies.</summary>
    public static ImmutableArray<MetadataReference> AspNetCoreReferences => s_aspNetCoreReferences.Value;

    /// <summary>
    /// The analyzer's diagnostics for <paramref name="sources"/>, which must compile without errors once generated
    /// (so that every test is a program a user could build). <paramref name="references"/> defaults to
    /// <see cref="AspNetCoreReferences"/>.
    /// </summary>
    public static ImmutableArray<Diagnostic> Analyze(
        string[] sources,
        OutputKind outputKind = OutputKind.ConsoleApplication,
        IEnumerable<MetadataReference>? references = null,
        string assemblyName = "UserApp")
    {
        CSharpCompilation compilation = Compile(sources, outputKind, references, assemblyName);
        CSharpGeneratorDriver.Create([new JsonableGenerator().AsSourceGenerator()], parseOptions: GeneratorHarness.ParseOptions)
            .RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> generatorDiagnostics);

        Diagnostic[] errors = [.. generatorDiagnostics.Concat(output.GetDiagnostics()).Where(d => d.Severity == DiagnosticSeverity.Error)];
        Xunit.Assert.True(errors.Length == 0, "The test program does not compile: " + string.Join(Environment.NewLine, errors.Take(5)));

        return output.WithAnalyzers([new CallSiteAnalyzer()])
            .GetAnalyzerDiagnosticsAsync()
            .GetAwaiter()
            .GetResult();
    }

    /// <summary>Compiles and emits <paramref name="source"/> as a library (generated code included) for another compilation to reference.</summary>
    public static MetadataReference Library(string source, string assemblyName)
    {
        CSharpCompilation compilation = Compile([source], OutputKind.DynamicallyLinkedLibrary, null, assemblyName);
        CSharpGeneratorDriver.Create([new JsonableGenerator().AsSourceGenerator()], parseOptions: GeneratorHarness.ParseOptions)
            .RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out _);
        return GeneratorHarness.EmitReference(output);
    }

    private static CSharpCompilation Compile(string[] sources, OutputKind outputKind, IEnumerable<MetadataReference>? references, string assemblyName) =>
        CSharpCompilation.Create(
            assemblyName,
            sources.Select((source, i) => CSharpSyntaxTree.ParseText(source, GeneratorHarness.ParseOptions.WithDocumentationMode(DocumentationMode.None), path: GeneratorHarness.SourcePath(i))),
            references ?? AspNetCoreReferences,
            new CSharpCompilationOptions(outputKind, nullableContextOptions: NullableContextOptions.Enable));
}
