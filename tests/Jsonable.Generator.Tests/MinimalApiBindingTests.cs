using System;
using System.Linq;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Jsonable.Generator.Tests;

/// <summary>
/// A <c>[FromJson]</c> class of a project that references Jsonable.AspNetCore gets a minimal-API <c>BindAsync</c> and
/// <c>IEndpointParameterMetadataProvider</c> (so a plain body parameter is read by the generated reader); the generated
/// code compiles in a strict project (warnings as errors, documentation checked), hierarchies included, and types the
/// binding would change for the worse get none.
/// </summary>
public sealed class MinimalApiBindingTests
{
    private const string Source = """
        using System.Threading.Tasks;
        using Jsonable;
        using Microsoft.AspNetCore.Http;

        namespace Shop;

        /// <summary>A body.</summary>
        [FromJson, ToJson] public partial class Order
        {
            /// <summary>Id.</summary>
            public int Id { get; set; }
        }

        /// <summary>A derived body: hides the base's binding with its own.</summary>
        [FromJson] public partial class RushOrder : Order
        {
            /// <summary>Rush.</summary>
            public bool Rush { get; set; }
        }

        /// <summary>Written only: nothing to bind.</summary>
        [ToJson] public partial class Receipt
        {
            /// <summary>Id.</summary>
            public int Id { get; set; }
        }

        /// <summary>A value type: left to System.Text.Json.</summary>
        [FromJson] public partial struct Point
        {
            /// <summary>X.</summary>
            public int X { get; set; }
        }

        /// <summary>Has its own TryParse, which minimal APIs would stop using.</summary>
        [FromJson] public partial class Code
        {
            /// <summary>Value.</summary>
            public string? Value { get; set; }

            /// <summary>Parses.</summary>
            public static bool TryParse(string? text, out Code? code) { code = new Code { Value = text }; return true; }
        }

        /// <summary>Binds itself.</summary>
        [FromJson] public partial class Custom
        {
            /// <summary>Value.</summary>
            public int Value { get; set; }

            /// <summary>Binds.</summary>
            public static ValueTask<Custom?> BindAsync(HttpContext context) => ValueTask.FromResult<Custom?>(new Custom());
        }
        """;

    [Fact]
    public void FromJsonClasses_GetBindAsync_AndTheProjectCompiles()
    {
        GeneratorRun run = GeneratorHarness.Run(Compile(AnalyzerHarness.AspNetCoreReferences));

        Assert.Empty(run.GeneratorDiagnostics);
        Assert.Empty(run.OutputDiagnostics.Where(d => d.Severity != DiagnosticSeverity.Hidden));
        string order = run.Source("Shop.Order.Jsonable.g.cs");
        Assert.Contains("public static global::System.Threading.Tasks.ValueTask<global::Shop.Order?> BindAsync(global::Microsoft.AspNetCore.Http.HttpContext context, global::System.Reflection.ParameterInfo parameter) =>", order, StringComparison.Ordinal);
        Assert.Contains("global::Jsonable.AspNetCore.Http.JsonableBodyBinding.BindAsync<global::Shop.Order>(context, parameter);", order, StringComparison.Ordinal);
        Assert.Contains("static void global::Microsoft.AspNetCore.Http.Metadata.IEndpointParameterMetadataProvider.PopulateMetadata(", order, StringComparison.Ordinal);
        Assert.Contains("public static new global::System.Threading.Tasks.ValueTask<global::Shop.RushOrder?> BindAsync(", run.Source("Shop.RushOrder.Jsonable.g.cs"), StringComparison.Ordinal);
        foreach (string unbound in new[] { "Shop.Receipt", "Shop.Point", "Shop.Code", "Shop.Custom" })
        {
            Assert.DoesNotContain("BindAsync", run.Source(unbound + ".Jsonable.g.cs"), StringComparison.Ordinal);
        }
    }

    [Fact]
    public void WithoutJsonableAspNetCore_NoBindingIsGenerated()
    {
        GeneratorRun run = GeneratorHarness.Run(Compile(AnalyzerHarness.AspNetCoreReferences.Where(r => !(r.Display ?? string.Empty).EndsWith("Jsonable.AspNetCore.dll", StringComparison.Ordinal))));

        Assert.Empty(run.OutputDiagnostics.Where(d => d.Severity != DiagnosticSeverity.Hidden));
        Assert.All(run.Sources, s => Assert.DoesNotContain("BindAsync(global::", s.SourceText.ToString(), StringComparison.Ordinal));
    }

    private static CSharpCompilation Compile(System.Collections.Generic.IEnumerable<MetadataReference> references) =>
        CSharpCompilation.Create(
            "BindingUser",
            [CSharpSyntaxTree.ParseText(Source, GeneratorHarness.ParseOptions, path: GeneratorHarness.SourcePath(0))],
            references,
            new CSharpCompilationOptions(
                OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: NullableContextOptions.Enable,
                warningLevel: 9999,
                generalDiagnosticOption: ReportDiagnostic.Error));
}
