using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Jsonable.Generator.Tests;

/// <summary>JSONABLE007-009 and the naming-policy default, including the MSBuild property.</summary>
public sealed class ConstructionAndNamingTests
{
    [Fact]
    public void ConflictingNames_ReportsJsonable007NamingBothMembers()
    {
        GeneratorRun run = GeneratorHarness.Run(
            """
            using Jsonable;
            using System.Text.Json.Serialization;
            namespace Sample;
            [ToJson]
            public partial class Dup
            {
                public int Name { get; set; }
                [JsonPropertyName("name")]
                public int Other { get; set; }
            }
            """);

        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics);
        Assert.Equal("JSONABLE007", diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        Assert.Equal("Members 'Name' and 'Other' of 'Dup' both have the JSON name \"name\" after the naming policy and [JsonPropertyName]; rename one", diagnostic.GetMessage(CultureInfo.InvariantCulture));
        Assert.Equal("Other", run.Input.SyntaxTrees.Single().GetText().ToString(diagnostic.Location.SourceSpan)); // the second member
        Assert.Empty(run.Sources);
    }

    [Fact]
    public void NamesThatDifferAfterThePolicy_NoDiagnostic()
    {
        GeneratorRun run = GeneratorHarness.Run(
            """
            #pragma warning disable CS1591
            using Jsonable;
            using System.Text.Json.Serialization;
            namespace Sample;
            [ToJson]
            public partial class NoDup
            {
                public int Name { get; set; }
                [JsonPropertyName("Name")]
                public int Other { get; set; }
            }
            """);

        Assert.Empty(run.GeneratorDiagnostics);
        Assert.Empty(run.OutputDiagnostics);
    }

    [Fact]
    public void ConstructorOnlyMember_ReportsJsonable008Warning_AndStillGenerates()
    {
        GeneratorRun run = GeneratorHarness.Run(
            """
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Money
            {
                public Money(decimal amount) => Amount = amount;
                public decimal Amount { get; }
            }
            """);

        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics);
        Assert.Equal("JSONABLE008", diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Warning, diagnostic.Descriptor.DefaultSeverity); // the harness, like TreatWarningsAsErrors, raises it
        Assert.Contains("'Amount' of 'Money' can only be set through the constructor", diagnostic.GetMessage(CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
        Assert.Equal("Amount", run.Input.SyntaxTrees.Single().GetText().ToString(diagnostic.Location.SourceSpan));
        Assert.NotEmpty(run.Sources);
    }

    [Fact]
    public void UnboundConstructorParameter_ReportsJsonable009AtTheParameter()
    {
        GeneratorRun run = GeneratorHarness.Run(
            """
            using Jsonable;
            namespace Sample;
            [FromJson]
            public partial class Person
            {
                public Person(string nickname) => Name = nickname;
                public string Name { get; set; }
            }
            """);

        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics);
        Assert.Equal("JSONABLE009", diagnostic.Id);
        Assert.Equal("Parameter 'nickname' of the constructor of 'Person' matches no serialized member of the same name and type; add the member or mark another constructor [JsonConstructor]", diagnostic.GetMessage(CultureInfo.InvariantCulture));
        Assert.Equal("nickname", run.Input.SyntaxTrees.Single().GetText().ToString(diagnostic.Location.SourceSpan));
    }

    [Fact]
    public void PositionalRecordRequiredAndInitMembers_CompileWithoutDiagnostics()
    {
        GeneratorRun run = GeneratorHarness.Run(
            """
            #pragma warning disable CS1591
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial record Point(int X, int Y);
            [ToJson, FromJson]
            public partial class Order
            {
                public required string Id { get; init; }
                public string Note { get; init; } = "";
            }
            [ToJson, FromJson]
            public readonly partial record struct Size(int Width, int Height);
            """);

        Assert.Empty(run.GeneratorDiagnostics);
        Assert.Empty(run.OutputDiagnostics);
    }

    [Theory]
    [InlineData(null, "\"firstName\"")]
    [InlineData("AsDeclared", "\"FirstName\"")]
    [InlineData("snake_case_lower", "\"first_name\"")]
    [InlineData("KebabCaseUpper", "\"FIRST-NAME\"")]
    public void DefaultNamingPolicy_IsCamelCase_AndTheMSBuildPropertyChangesIt(string? msbuildValue, string expectedName)
    {
        CSharpCompilation compilation = GeneratorHarness.CreateCompilation([
            """
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Person { public string? FirstName { get; set; } }
            """]);
        var options = new TestOptionsProvider(msbuildValue is null ? [] : new() { ["build_property.JsonableNamingPolicy"] = msbuildValue });
        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            [new JsonableGenerator().AsSourceGenerator()],
            parseOptions: GeneratorHarness.ParseOptions,
            optionsProvider: options);

        driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out _, out ImmutableArray<Diagnostic> diagnostics);
        string source = driver.GetRunResult().GeneratedTrees.Single(t => t.FilePath.EndsWith("Sample.Person.Jsonable.g.cs", System.StringComparison.Ordinal)).GetText().ToString();

        Assert.Empty(diagnostics);
        Assert.Contains(expectedName + "u8", source, System.StringComparison.Ordinal); // the name the reader matches
    }

    [Fact]
    public void TypeAttribute_WinsOverTheMSBuildProperty()
    {
        CSharpCompilation compilation = GeneratorHarness.CreateCompilation([
            """
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.SnakeCaseUpper)]
            public partial class Person { public string? FirstName { get; set; } }
            """]);
        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            [new JsonableGenerator().AsSourceGenerator()],
            parseOptions: GeneratorHarness.ParseOptions,
            optionsProvider: new TestOptionsProvider(new() { ["build_property.JsonableNamingPolicy"] = "AsDeclared" }));

        string source = driver.RunGenerators(compilation).GetRunResult().GeneratedTrees.Single(t => t.FilePath.EndsWith("Sample.Person.Jsonable.g.cs", System.StringComparison.Ordinal)).GetText().ToString();

        Assert.Contains("\"FIRST_NAME\"u8", source, System.StringComparison.Ordinal);
    }

    private sealed class TestOptionsProvider(Dictionary<string, string> global) : AnalyzerConfigOptionsProvider
    {
        public override AnalyzerConfigOptions GlobalOptions { get; } = new Options(global);

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => new Options([]);

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => new Options([]);

        private sealed class Options(Dictionary<string, string> values) : AnalyzerConfigOptions
        {
            public override bool TryGetValue(string key, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out string? value) => values.TryGetValue(key, out value);
        }
    }
}
