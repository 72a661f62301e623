using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Basic.Reference.Assemblies;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Jsonable.Generator.Tests.Infrastructure;

/// <summary>
/// Compiles C# sources against the .NET 10 reference assemblies and Jsonable.Runtime, runs <see cref="JsonableGenerator"/>
/// on them with step tracking on, and hands back what a user's build would see.
/// </summary>
internal static class GeneratorHarness
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_references = new(() =>
        Net100.References.All
            .Cast<MetadataReference>()
            .Append(MetadataReference.CreateFromFile(typeof(ToJsonAttribute).Assembly.Location))
            .ToImmutableArray());

    /// <summary>The options of a strict user project: latest C#, XML documentation comments checked.</summary>
    public static CSharpParseOptions ParseOptions { get; } = new(LanguageVersion.Latest, DocumentationMode.Diagnose);

    /// <summary>
    /// A library compilation with nullable on (or as given), every warning level on and every warning an error
    /// (what <c>TreatWarningsAsErrors</c> plus <c>AnalysisLevel=latest</c> give a user).
    /// </summary>
    public static CSharpCompilation CreateCompilation(
        IEnumerable<string> sources,
        NullableContextOptions nullable = NullableContextOptions.Enable,
        string assemblyName = "UserAssembly",
        IEnumerable<MetadataReference>? extraReferences = null) =>
        CSharpCompilation.Create(
            assemblyName,
            sources.Select((source, i) => CSharpSyntaxTree.ParseText(source, ParseOptions, path: SourcePath(i))),
            s_references.Value.Concat(extraReferences ?? []),
            new CSharpCompilationOptions(
                OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: nullable,
                warningLevel: 9999,
                generalDiagnosticOption: ReportDiagnostic.Error));

    /// <summary>Emits <paramref name="compilation"/> (which must compile) and returns it as a reference for another compilation.</summary>
    public static MetadataReference EmitReference(Compilation compilation)
    {
        using var image = new System.IO.MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult result = compilation.Emit(image);
        if (!result.Success)
        {
            throw new InvalidOperationException("The library did not compile: " + string.Join(Environment.NewLine, result.Diagnostics));
        }

        return MetadataReference.CreateFromImage(image.ToArray());
    }

    /// <summary>The file path given to the <paramref name="index"/>-th source.</summary>
    public static string SourcePath(int index) => $"/src/Source{index}.cs";

    /// <summary>A driver for the generator that records every named step.</summary>
    public static GeneratorDriver CreateDriver() =>
        CSharpGeneratorDriver.Create(
            [new JsonableGenerator().AsSourceGenerator()],
            parseOptions: ParseOptions,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));

    /// <summary>
    /// Generates and compiles <paramref name="source"/> (no diagnostic but those in <paramref name="allowedDiagnostics"/>
    /// from the generator, none at all from the compiler) and loads it into the default context, so the generated code
    /// binds to the very Jsonable.Runtime the tests use. With <paramref name="initialize"/> its module initializer (the
    /// assembly's registration) has run; without it, nothing in the assembly has run yet.
    /// </summary>
    public static System.Reflection.Assembly CompileAndLoad(string source, string assemblyPrefix, bool initialize = true, params string[] allowedDiagnostics)
    {
        GeneratorRun run = Run(CreateCompilation([source], assemblyName: assemblyPrefix + Guid.NewGuid().ToString("N")));
        Xunit.Assert.All(run.GeneratorDiagnostics, d => Xunit.Assert.Contains(d.Id, allowedDiagnostics));
        Xunit.Assert.True(run.OutputDiagnostics.IsEmpty, string.Join(Environment.NewLine, run.OutputDiagnostics.Take(5)));

        using var image = new System.IO.MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult result = run.Output.Emit(image);
        Xunit.Assert.True(result.Success, string.Join(Environment.NewLine, result.Diagnostics.Take(5)));
        image.Position = 0;
        System.Reflection.Assembly assembly = System.Runtime.Loader.AssemblyLoadContext.Default.LoadFromStream(image);
        if (initialize)
        {
            System.Runtime.CompilerServices.RuntimeHelpers.RunModuleConstructor(assembly.ManifestModule.ModuleHandle);
        }

        return assembly;
    }

    /// <summary>Runs the generator over <paramref name="sources"/>.</summary>
    public static GeneratorRun Run(params string[] sources) => Run(CreateCompilation(sources));

    /// <summary>Runs the generator over <paramref name="compilation"/> with a new driver.</summary>
    public static GeneratorRun Run(CSharpCompilation compilation) => Run(CreateDriver(), compilation);

    /// <summary>Runs <paramref name="driver"/> (a new one, or the one a previous run returned) over <paramref name="compilation"/>.</summary>
    public static GeneratorRun Run(GeneratorDriver driver, CSharpCompilation compilation)
    {
        driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> generatorDiagnostics);
        GeneratorRunResult result = driver.GetRunResult().Results.Single();
        if (result.Exception is not null)
        {
            throw new InvalidOperationException("The generator threw.", result.Exception);
        }

        return new GeneratorRun(
            compilation,
            output,
            driver,
            result,
            result.GeneratedSources,
            generatorDiagnostics,
            output.GetDiagnostics());
    }
}
