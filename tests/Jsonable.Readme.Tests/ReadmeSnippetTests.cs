using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using Jsonable.Generator;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Jsonable.Readme.Tests;

/// <summary>
/// Every <c>```csharp</c> block of README.md and the guides under docs/ compiles as written — usings included, no implicit usings —
/// with the Jsonable generator run over it, against the repository's own assemblies (the runtime, ASP.NET Core, client,
/// OpenAPI and Swashbuckle packages, and the sample models in <c>Jsonable.Samples.RealData</c>) and the ASP.NET Core
/// shared framework. A block with top-level statements is compiled as a program, any other as a library. A user copies
/// a block whole, so none may be a fragment (<c>&lt;!-- snippet: fragment … --&gt;</c>, see <see cref="MarkdownSnippets"/>).
/// </summary>
public sealed class ReadmeSnippetTests
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_references = new(LoadReferences);

    /// <summary>What a snippet is compiled against (see <see cref="LoadReferences"/>).</summary>
    internal static ImmutableArray<MetadataReference> References => s_references.Value;

    public static TheoryData<string> Snippets
    {
        get
        {
            var data = new TheoryData<string>();
            foreach (MarkdownSnippet snippet in AllSnippets())
            {
                data.Add(snippet.ToString());
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Snippets))]
    public void CSharpSnippet_CompilesAsWritten_WithTheGenerator(string name)
    {
        MarkdownSnippet snippet = AllSnippets().Single(s => s.ToString() == name);
        Assert.True(snippet.FragmentReason is null, $"{snippet} is marked as a fragment ({snippet.FragmentReason}): a user copies it whole, so make it a whole program.");

        string[] errors = Compile(snippet.Code);

        Assert.True(errors.Length == 0, $"{snippet} does not compile:{Environment.NewLine}{string.Join(Environment.NewLine, errors)}{Environment.NewLine}{Number(snippet.Code)}");
    }

    [Fact]
    public void Readme_HasCSharpSnippets_AndEveryDocIsSearched()
    {
        List<MarkdownSnippet> readme = MarkdownSnippets.CSharpBlocks("README.md");

        Assert.True(readme.Count >= 4, $"only {readme.Count} csharp blocks found in README.md");
        Assert.Contains(AllSnippets(), s => s.File == "docs/http.md");
        Assert.Contains(AllSnippets(), s => s.File == "docs/client.md");
        Assert.Contains(AllSnippets(), s => s.File == "src/Formatters/README.md");
    }

    /// <summary>
    /// A program that registers a service also puts it in the pipeline: a user who copies <c>AddSwaggerGen</c> without
    /// <c>UseSwagger()</c> gets no document, and <c>AddJsonable()</c> without <c>UseJsonable()</c> answers bad bodies
    /// with exceptions instead of problem details.
    /// </summary>
    [Theory]
    [MemberData(nameof(Snippets))]
    public void CSharpSnippet_ThatRegistersAService_AlsoUsesIt(string name)
    {
        MarkdownSnippet snippet = AllSnippets().Single(s => s.ToString() == name);
        string[] missing = MissingPipelineCalls(snippet.Code);

        Assert.True(missing.Length == 0, $"{snippet} registers a service but never calls {string.Join(", ", missing)}");
    }

    [Fact]
    public void MissingPipelineCalls_FindsAnUnmappedService()
    {
        // The check itself can fail: the Swagger snippet as it once was (AddSwaggerGen, AddOpenApi, no UseSwagger/MapOpenApi).
        string[] missing = MissingPipelineCalls("""
            var builder = WebApplication.CreateBuilder(args);
            builder.Services.AddJsonable();
            builder.Services.AddSwaggerGen(o => o.AddJsonable());
            builder.Services.AddOpenApi(o => o.AddJsonable());
            var app = builder.Build();
            app.UseSwaggerUI(o => o.EnableJsonable());
            app.Run();
            """);

        Assert.Equal(["UseJsonable()", "UseSwagger()", "MapOpenApi()"], missing);
    }

    /// <summary>The pipeline calls a program is missing for the services it registers (only for programs that build an app).</summary>
    private static string[] MissingPipelineCalls(string code)
    {
        if (!code.Contains("builder.Build()", StringComparison.Ordinal))
        {
            return [];
        }

        (string Registers, string Uses)[] pairs =
        [
            ("Services.AddJsonable(", "UseJsonable()"),
            ("AddSwaggerGen(", "UseSwagger()"),
            ("AddOpenApi(", "MapOpenApi()"),
            ("AddControllers()", "MapControllers()"),
        ];
        return pairs.Where(p => code.Contains(p.Registers, StringComparison.Ordinal) && !code.Contains(p.Uses, StringComparison.Ordinal))
            .Select(p => p.Uses)
            .ToArray();
    }

    [Fact]
    public void Compile_BrokenSnippet_ReportsTheError()
    {
        // The check itself can fail: a missing using, and a [ToJson] member the generator refuses.
        string[] errors = Compile("""
            [Jsonable.ToJson]
            public partial class Bad { public object? Anything { get; set; } }
            public static class Uses { public static void M() => Console.WriteLine(); }
            """);

        Assert.Contains(errors, e => e.Contains("CS0103", StringComparison.Ordinal)); // Console: no using System
        Assert.Contains(errors, e => e.Contains("JSONABLE002", StringComparison.Ordinal));
    }

    [Fact]
    public void Compile_QuickStartShape_RunsTheGenerator()
    {
        // A generated member (ToJson) resolves only when the generator ran over the snippet.
        string[] errors = Compile("""
            using Jsonable;

            string json = new Point { X = 1 }.ToJson();

            [ToJson]
            public partial class Point { public int X { get; set; } }
            """);

        Assert.Empty(errors);
    }

    /// <summary>The files whose blocks are compiled: the README, every page under docs/ and every package's readme.</summary>
    internal static IEnumerable<MarkdownSnippet> AllSnippets() =>
        MarkdownSnippets.DocumentationFiles().Concat(MarkdownSnippets.PackageReadmeFiles()).SelectMany(MarkdownSnippets.CSharpBlocks);

    /// <summary>The errors (compiler and generator) of <paramref name="code"/> compiled with the generator.</summary>
    private static string[] Compile(string code)
    {
        Compilation output = CompileWithGenerator(code, out ImmutableArray<Diagnostic> generatorDiagnostics);
        return generatorDiagnostics.Concat(output.GetDiagnostics())
            .Where(d => d.Severity == DiagnosticSeverity.Error)
            .Select(d => d.ToString())
            .ToArray();
    }

    /// <summary>
    /// <paramref name="code"/> as a snippet is compiled (a program when it has top-level statements, else a library) with
    /// the generator's output added; the other snippet tests compile through this too.
    /// </summary>
    internal static Compilation CompileWithGenerator(string code, out ImmutableArray<Diagnostic> generatorDiagnostics)
    {
        var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
        SyntaxTree tree = CSharpSyntaxTree.ParseText(code, parseOptions, path: "Snippet.cs");
        bool isProgram = tree.GetRoot().DescendantNodes().OfType<GlobalStatementSyntax>().Any();
        CSharpCompilation compilation = CSharpCompilation.Create(
            "ReadmeSnippet",
            [tree],
            s_references.Value,
            new CSharpCompilationOptions(
                isProgram ? OutputKind.ConsoleApplication : OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: NullableContextOptions.Enable));

        GeneratorDriver driver = CSharpGeneratorDriver.Create([new JsonableGenerator().AsSourceGenerator()], parseOptions: parseOptions);
        driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out generatorDiagnostics);
        return output;
    }

    /// <summary>
    /// The running framework's assemblies (.NET and ASP.NET Core: this test references the ASP.NET Core framework) and
    /// the assemblies next to the test (Jsonable's, the sample models, Swashbuckle, Microsoft.AspNetCore.OpenApi).
    /// </summary>
    private static ImmutableArray<MetadataReference> LoadReferences()
    {
        var paths = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (string path in ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator))
        {
            paths.TryAdd(Path.GetFileName(path), path);
        }

        foreach (string path in Directory.GetFiles(AppContext.BaseDirectory, "*.dll"))
        {
            paths.TryAdd(Path.GetFileName(path), path);
        }

        return [.. paths.Values.Where(IsManagedAssembly).Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))];
    }

    private static bool IsManagedAssembly(string path)
    {
        try
        {
            System.Reflection.AssemblyName.GetAssemblyName(path);
            return true;
        }
        catch (BadImageFormatException)
        {
            return false;
        }
    }

    private static string Number(string code) =>
        string.Join(Environment.NewLine, code.Split('\n').Select((line, i) => $"{i + 1,3}: {line}"));
}
