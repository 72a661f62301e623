using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Jsonable.Roslyn43Host;

/// <summary>
/// Usage:
///   Jsonable.Roslyn43Host --generator DLL --items ITEMS.json --out APP.exe [--generated DIR] [--iterations N]
///     loads DLL as the compiler loads an analyzer file, runs its generator and analyzers over the project described by
///     ITEMS.json (the output of `dotnet msbuild -getItem:Compile -getItem:ReferencePathWithRefAssemblies
///     -getProperty:DefineConstants`) at C# 9, and writes APP.exe. Fails on any load warning, any generator or analyzer
///     warning or error, and any compile error.
///   --measure-other-roslyn 1: allowed only in a build made with -p:RoslynHostVersion=X (to time the other band).
///   Jsonable.Roslyn43Host --expect-load-failure DLL
///     succeeds only if DLL does NOT load here (what Unity's compiler reports as CS8032/CS9057).
/// </summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        Dictionary<string, string> options = ParseArgs(args);
        string roslyn = typeof(CSharpCompilation).Assembly.GetName().Version!.ToString();
        Console.WriteLine($"Roslyn in this process: Microsoft.CodeAnalysis.CSharp {roslyn}");
        if (!options.ContainsKey("measure-other-roslyn") && AppDomain.CurrentDomain.GetAssemblies().Any(a => a.GetName().Name == "Microsoft.CodeAnalysis" && a.GetName().Version!.Major == 4 && a.GetName().Version!.Minor > 3))
        {
            return Fail("a Roslyn newer than 4.3 is loaded in this process");
        }

        if (options.TryGetValue("expect-load-failure", out string? newer))
        {
            LoadedAnalyzerFile rejected = LoadedAnalyzerFile.Load(Path.GetFullPath(newer));
            foreach (string warning in rejected.LoadWarnings)
            {
                Console.WriteLine(warning);
            }

            return rejected.LoadWarnings.Count > 0 && rejected.Generators.IsEmpty
                ? Pass($"{newer} does not load with Roslyn {roslyn}, as expected")
                : Fail($"{newer} loaded with Roslyn {roslyn}: this check cannot tell a Unity-loadable build from another");
        }

        string generatorPath = Path.GetFullPath(Required(options, "generator"));
        LoadedAnalyzerFile loaded = LoadedAnalyzerFile.Load(generatorPath);
        foreach (string warning in loaded.LoadWarnings)
        {
            Console.Error.WriteLine(warning);
        }

        if (loaded.LoadWarnings.Count > 0 || loaded.Generators.Length != 1)
        {
            return Fail($"{generatorPath}: {loaded.LoadWarnings.Count} load warning(s), {loaded.Generators.Length} generator(s) (want 0 and 1)");
        }

        Console.WriteLine($"Loaded {generatorPath}: {loaded.Generators[0].GetGeneratorType().FullName}, analyzers: {string.Join(", ", loaded.Analyzers.Select(a => a.GetType().Name))}");

        ProjectItems project = ProjectItems.Read(Required(options, "items"));
        string outPath = Path.GetFullPath(Required(options, "out"));
        CSharpParseOptions parseOptions = new CSharpParseOptions(LanguageVersion.CSharp9, preprocessorSymbols: project.Defines);
        CSharpCompilation compilation = CSharpCompilation.Create(
            Path.GetFileNameWithoutExtension(outPath),
            project.Sources.Select(path => CSharpSyntaxTree.ParseText(File.ReadAllText(path), parseOptions, path)),
            project.References.Select(path => MetadataReference.CreateFromFile(path)),
            new CSharpCompilationOptions(
                OutputKind.ConsoleApplication,
                optimizationLevel: OptimizationLevel.Release,
                nullableContextOptions: NullableContextOptions.Enable,
                deterministic: true));

        int iterations = options.TryGetValue("iterations", out string? n) ? int.Parse(n) : 1;
        var times = new List<double>();
        Compilation output = compilation;
        GeneratorDriverRunResult? run = null;
        ImmutableArray<Diagnostic> generatorDiagnostics = ImmutableArray<Diagnostic>.Empty;
        for (int i = 0; i < iterations; i++)
        {
            GeneratorDriver driver = CSharpGeneratorDriver.Create(loaded.Generators, parseOptions: parseOptions);
            var watch = Stopwatch.StartNew();
            driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out output, out generatorDiagnostics);
            times.Add(watch.Elapsed.TotalMilliseconds);
            run = driver.GetRunResult();
        }

        ImmutableArray<Diagnostic> analyzerDiagnostics = loaded.Analyzers.IsEmpty
            ? ImmutableArray<Diagnostic>.Empty
            : output.WithAnalyzers(loaded.Analyzers).GetAnalyzerDiagnosticsAsync(CancellationToken.None).GetAwaiter().GetResult();
        var reported = generatorDiagnostics.Concat(run!.Diagnostics).Concat(analyzerDiagnostics)
            .Where(d => d.Severity >= DiagnosticSeverity.Warning).Distinct().ToList();
        reported.ForEach(d => Console.Error.WriteLine(d));

        if (options.TryGetValue("generated", out string? generatedDir))
        {
            Directory.CreateDirectory(generatedDir);
            foreach (GeneratedSourceResult source in run.Results.SelectMany(r => r.GeneratedSources))
            {
                // With a BOM, as the compiler writes them (EmitCompilerGeneratedFiles): .ci/roslyn43-host compares the two byte for byte.
                File.WriteAllText(Path.Combine(generatedDir, source.HintName), source.SourceText.ToString(), new System.Text.UTF8Encoding(true));
            }
        }

        using (FileStream peStream = File.Create(outPath))
        {
            var emit = output.Emit(peStream);
            var errors = emit.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
            errors.ForEach(d => Console.Error.WriteLine(d));
            if (!emit.Success || errors.Count > 0)
            {
                peStream.Close();
                File.Delete(outPath);
                return Fail($"{errors.Count} compile error(s) in the generated program");
            }
        }

        int generated = run.Results.Sum(r => r.GeneratedSources.Length);
        string timing = iterations == 1
            ? $"{times[0]:F0} ms"
            : $"first {times[0]:F0} ms, median of the next {iterations - 1}: {Median(times.Skip(1)):F0} ms";
        Console.WriteLine($"{project.Sources.Count} source file(s) at C# 9, {generated} generated file(s), generator run: {timing}");
        return reported.Count > 0
            ? Fail($"{reported.Count} generator/analyzer diagnostic(s) at warning or above")
            : Pass($"wrote {outPath}");
    }

    private static double Median(IEnumerable<double> values)
    {
        double[] sorted = values.OrderBy(v => v).ToArray();
        return sorted.Length == 0 ? 0 : sorted[sorted.Length / 2];
    }

    private static Dictionary<string, string> ParseArgs(string[] args)
    {
        var options = new Dictionary<string, string>(StringComparer.Ordinal);
        for (int i = 0; i + 1 < args.Length; i += 2)
        {
            options[args[i].TrimStart('-')] = args[i + 1];
        }

        return options;
    }

    private static string Required(Dictionary<string, string> options, string name) =>
        options.TryGetValue(name, out string? value) ? value : throw new ArgumentException($"--{name} is required");

    private static int Pass(string message)
    {
        Console.WriteLine("PASS: " + message);
        return 0;
    }

    private static int Fail(string message)
    {
        Console.Error.WriteLine("FAIL: " + message);
        return 1;
    }
}

/// <summary>A project's sources, references and defines, as `dotnet msbuild -getItem/-getProperty` printed them.</summary>
internal sealed record ProjectItems(IReadOnlyList<string> Sources, IReadOnlyList<string> References, IReadOnlyList<string> Defines)
{
    public static ProjectItems Read(string path)
    {
        using JsonDocument document = JsonDocument.Parse(File.ReadAllText(path));
        JsonElement items = document.RootElement.GetProperty("Items");
        static List<string> Paths(JsonElement list) => list.EnumerateArray().Select(item => item.GetProperty("FullPath").GetString()!).ToList();
        string defines = document.RootElement.GetProperty("Properties").GetProperty("DefineConstants").GetString() ?? string.Empty;
        return new ProjectItems(
            Paths(items.GetProperty("Compile")),
            Paths(items.GetProperty("ReferencePathWithRefAssemblies")),
            defines.Split(';', StringSplitOptions.RemoveEmptyEntries));
    }
}
