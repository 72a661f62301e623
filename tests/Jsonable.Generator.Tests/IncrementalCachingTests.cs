using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Jsonable.Generator.Tests;

/// <summary>
/// The pipeline must not redo work for edits that cannot change the generated code: every named step reports
/// Cached/Unchanged and every source output Cached. Its models must hold no Roslyn objects (as the Roslyn
/// incremental-generators cookbook asks), or they would pin old compilations and never compare equal.
/// </summary>
public sealed class IncrementalCachingTests
{
    private const string Models = """
        using System.Collections.Generic;
        using Jsonable;

        namespace Sample;

        [ToJson(Property = nameof(Name)), FromJson]
        public partial class Person
        {
            public string Name { get; set; } = "";
            public int Age { get; set; }
            public List<Address>? Addresses { get; set; }
            public Dictionary<string, int?>? Scores { get; set; }

            public int Twice() => Age * 2;
        }

        [ToJson, FromJson]
        public partial struct Address
        {
            public string? Street { get; set; }
        }

        [FromJson]
        public partial class Command
        {
            public int Id { get; set; }
        }
        """;

    private const string Unrelated = """
        namespace Sample;

        public static class Helpers
        {
            public static int Add(int a, int b) => a + b;
        }
        """;

    private static readonly string[] s_trackingNames = typeof(JsonableGenerator.TrackingNames)
        .GetFields(BindingFlags.Public | BindingFlags.Static)
        .Where(f => f.IsLiteral)
        .Select(f => (string)f.GetRawConstantValue()!)
        .ToArray();

    [Fact]
    public void TrackingNames_AreTheSevenNamedSteps()
    {
        Assert.Equal(["ToJsonTypes", "FromJsonOnlyTypes", "Types", "Models", "NamedTypes", "Diagnostics", "Registrations"], s_trackingNames);
    }

    [Fact]
    public void AddUnrelatedSyntaxTree_SecondRun_EveryStepCachedOrUnchanged()
    {
        (GeneratorRun first, CSharpCompilation compilation) = FirstRun(Models, Unrelated);

        GeneratorRun second = GeneratorHarness.Run(
            first.Driver,
            compilation.AddSyntaxTrees(CSharpSyntaxTree.ParseText("namespace Sample; public class Added { }", GeneratorHarness.ParseOptions, path: "/src/Added.cs")));

        AssertEverythingCached(first, second);
    }

    [Fact]
    public void EditUnrelatedSyntaxTree_SecondRun_EveryStepCachedOrUnchanged()
    {
        (GeneratorRun first, CSharpCompilation compilation) = FirstRun(Models, Unrelated);

        GeneratorRun second = GeneratorHarness.Run(first.Driver, Edit(compilation, 1, "a + b", "b + a"));

        AssertEverythingCached(first, second);
    }

    [Fact]
    public void EditMethodBodyInGeneratedTypesFile_SecondRun_EveryStepCachedOrUnchanged()
    {
        (GeneratorRun first, CSharpCompilation compilation) = FirstRun(Models, Unrelated);

        GeneratorRun second = GeneratorHarness.Run(first.Driver, Edit(compilation, 0, "Age * 2", "Age * 3 + 1"));

        AssertEverythingCached(first, second);
    }

    [Fact]
    public void TypeWithDiagnostics_EditAfterIt_DiagnosticsCachedAndStillReported()
    {
        // Diagnostics live beside the model (descriptor, location as values, arguments): they must compare equal too.
        const string broken = """
            using Jsonable;
            namespace Sample;
            [ToJson(Property = "Nope")]
            public partial class Broken
            {
                public object? Value { get; set; }
            }
            [FromJson]
            public partial class Fine
            {
                public int Value { get; set; }
            }
            public class After
            {
                public int Method() => 1;
            }
            """;
        (GeneratorRun first, CSharpCompilation compilation) = FirstRun(broken, Unrelated);
        Assert.Equal(["JSONABLE002", "JSONABLE004"], first.GeneratorDiagnostics.Select(d => d.Id).Order());

        GeneratorRun second = GeneratorHarness.Run(first.Driver, Edit(compilation, 0, "=> 1;", "=> 2;"));

        AssertStepsCachedOrUnchanged(second);
        Assert.Equal(
            first.GeneratorDiagnostics.Select(d => d.ToString()).Order(),
            second.GeneratorDiagnostics.Select(d => d.ToString()).Order());
    }

    [Fact]
    public void TypeWithWarning_LinesAddedAboveIt_ModelEqualSourceCachedDiagnosticMoved()
    {
        // STJ's test: moving a declaration changes the diagnostic's location, which lives beside the model, not in it.
        // So the parse step sees a change, the model step finds the model equal, and the source is not generated again,
        // while the warning is reported again at its new line. A location in the model would fail every assert below.
        const string withWarning = """
            using Jsonable;
            namespace Sample;
            [FromJson]
            public partial class Other
            {
                public int Value { get; set; }
            }
            public class Before
            {
            }
            [ToJson, FromJson]
            public partial class Fixed
            {
                public Fixed(string code) => Code = code;
                public string Code { get; }
                public string? Label { get; set; }
            }
            """;
        (GeneratorRun first, CSharpCompilation compilation) = FirstRun(withWarning, Unrelated);
        Diagnostic before = Assert.Single(first.GeneratorDiagnostics);
        Assert.Equal("JSONABLE008", before.Id);
        Assert.Equal(14, before.Location.GetLineSpan().StartLinePosition.Line);
        Assert.Equal(["JsonableRegistration.g.cs", "Sample.Fixed.Jsonable.g.cs", "Sample.Other.Jsonable.g.cs"], first.HintNames);

        GeneratorRun second = GeneratorHarness.Run(first.Driver, Edit(compilation, 0, "public class Before\n{\n}", "public class Before\n{\n    public int A;\n\n    public int B;\n}"));

        // The parse result carries the moved location: it did change, and so did the diagnostics step.
        Assert.Contains(IncrementalStepRunReason.Modified, StepOutputs(second, JsonableGenerator.TrackingNames.ToJsonTypes).Select(o => o.Reason));
        Assert.Contains(IncrementalStepRunReason.Modified, StepOutputs(second, JsonableGenerator.TrackingNames.Diagnostics).Select(o => o.Reason));

        // No source model did, and nothing downstream of the models ran again.
        Assert.Equal(StepOutputs(first, JsonableGenerator.TrackingNames.Models).Select(o => o.Value), StepOutputs(second, JsonableGenerator.TrackingNames.Models).Select(o => o.Value));
        Assert.All(StepOutputs(second, JsonableGenerator.TrackingNames.Models), o => Assert.True(
            o.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, $"Models produced {o.Reason} for {o.Value}"));
        Assert.All(StepOutputs(second, JsonableGenerator.TrackingNames.NamedTypes), o => Assert.Equal(IncrementalStepRunReason.Cached, o.Reason));
        IEnumerable<(object Value, IncrementalStepRunReason Reason)> sourceOutputs = SourceOutputs(second, JsonableGenerator.TrackingNames.NamedTypes);
        Assert.NotEmpty(sourceOutputs);
        Assert.All(sourceOutputs, o => Assert.Equal(IncrementalStepRunReason.Cached, o.Reason));
        Assert.Equal(first.Source("Sample.Fixed.Jsonable.g.cs"), second.Source("Sample.Fixed.Jsonable.g.cs"));

        // The warning follows the member: same text under its span, three lines lower, same message.
        Diagnostic after = Assert.Single(second.GeneratorDiagnostics);
        Assert.Equal("JSONABLE008", after.Id);
        Assert.Equal(17, after.Location.GetLineSpan().StartLinePosition.Line);
        Assert.Equal("Code", second.Input.SyntaxTrees.First().GetText().ToString(after.Location.SourceSpan));
        Assert.Equal(before.GetMessage(System.Globalization.CultureInfo.InvariantCulture), after.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
    }

    [Fact]
    public void ChangeMember_SecondRun_ModelAndSourceModified()
    {
        // The control: a change that does alter the generated code must get through the cache.
        (GeneratorRun first, CSharpCompilation compilation) = FirstRun(Models, Unrelated);

        GeneratorRun second = GeneratorHarness.Run(first.Driver, Edit(compilation, 0, "public int Age { get; set; }", "public long Age { get; set; }"));

        Assert.Contains(IncrementalStepRunReason.Modified, StepOutputs(second, JsonableGenerator.TrackingNames.ToJsonTypes).Select(o => o.Reason));
        Assert.Contains(IncrementalStepRunReason.Modified, SourceOutputs(second).Select(o => o.Reason));
        Assert.Equal(first.HintNames, second.HintNames);
        Assert.Contains("ReadInt64", second.Source("Sample.Person.Jsonable.g.cs"), System.StringComparison.Ordinal);

        // The assembly's registration lists types, not members: it is not generated again.
        Assert.True(Assert.Single(StepOutputs(second, JsonableGenerator.TrackingNames.Registrations)).Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged);
        Assert.Equal(IncrementalStepRunReason.Cached, Assert.Single(SourceOutputs(second, JsonableGenerator.TrackingNames.Registrations)).Reason);
        Assert.Equal(first.Source("JsonableRegistration.g.cs"), second.Source("JsonableRegistration.g.cs"));
    }

    [Fact]
    public void MemberTypeLosesAttributeInAnotherFile_SecondRun_DependentTypeReportsIt()
    {
        // Caching must not hide a change that comes from another file: Person reads Address from Models.
        const string address = """
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Address
            {
                public string? Street { get; set; }
            }
            """;
        string models = Models.Replace("public partial struct Address", "public partial struct OldAddress", System.StringComparison.Ordinal);
        (GeneratorRun first, CSharpCompilation compilation) = FirstRun(models, address);
        Assert.Empty(first.GeneratorDiagnostics);

        GeneratorRun second = GeneratorHarness.Run(first.Driver, Edit(compilation, 1, "[ToJson, FromJson]", "[ToJson]"));

        Diagnostic diagnostic = Assert.Single(second.GeneratorDiagnostics);
        Assert.Equal("JSONABLE002", diagnostic.Id);
        Assert.Contains("'Address' is not marked [FromJson]", diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
        Assert.DoesNotContain("Sample.Person.Jsonable.g.cs", second.HintNames);
    }

    [Fact]
    public void StepOutputs_FirstAndSecondRun_HoldNoRoslynObjects()
    {
        (GeneratorRun first, CSharpCompilation compilation) = FirstRun(Models, Unrelated);
        GeneratorRun second = GeneratorHarness.Run(first.Driver, Edit(compilation, 0, "Age * 2", "Age * 4"));

        foreach (GeneratorRun run in new[] { first, second })
        {
            var offenders = new List<string>();
            foreach (string name in s_trackingNames)
            {
                foreach ((object value, int i) in StepOutputs(run, name).Select((o, i) => (o.Value, i)))
                {
                    offenders.AddRange(RoslynObjectFinder.Find(value, $"{name}[{i}]"));
                }
            }

            foreach ((object value, int i) in SourceOutputs(run).Select((o, i) => (o.Value, i)))
            {
                offenders.AddRange(RoslynObjectFinder.Find(value, $"SourceOutput[{i}]"));
            }

            Assert.Empty(offenders);
        }
    }

    [Fact]
    public void RoslynObjectFinder_ObjectHoldingASymbol_ReportsIt()
    {
        // The control for the walk above: it does see a symbol held deep inside a model.
        CSharpCompilation compilation = GeneratorHarness.CreateCompilation([Models]);
        INamedTypeSymbol symbol = compilation.GetTypeByMetadataName("Sample.Person")!;

        List<string> found = RoslynObjectFinder.Find(new[] { new KeyValuePair<string, object>("x", new List<object> { symbol }) }, "root");

        Assert.Single(found);
    }

    private static (GeneratorRun Run, CSharpCompilation Compilation) FirstRun(params string[] sources)
    {
        CSharpCompilation compilation = GeneratorHarness.CreateCompilation(sources);
        GeneratorRun run = GeneratorHarness.Run(compilation);
        if (sources[0] == Models)
        {
            Assert.Empty(run.GeneratorDiagnostics);
            Assert.Equal(["JsonableRegistration.g.cs", "Sample.Address.Jsonable.g.cs", "Sample.Command.Jsonable.g.cs", "Sample.Person.Jsonable.g.cs"], run.HintNames);
        }

        // Every named step must have run and produced something, or "all cached" below would prove nothing.
        foreach (string name in s_trackingNames)
        {
            Assert.NotEmpty(StepOutputs(run, name));
            Assert.All(StepOutputs(run, name), o => Assert.Equal(IncrementalStepRunReason.New, o.Reason));
        }

        return (run, compilation);
    }

    private static CSharpCompilation Edit(CSharpCompilation compilation, int treeIndex, string oldText, string newText)
    {
        SyntaxTree tree = compilation.SyntaxTrees.ElementAt(treeIndex);
        string text = tree.GetText().ToString();
        Assert.Contains(oldText, text, System.StringComparison.Ordinal);
        return compilation.ReplaceSyntaxTree(tree, tree.WithChangedText(Microsoft.CodeAnalysis.Text.SourceText.From(text.Replace(oldText, newText, System.StringComparison.Ordinal))));
    }

    private static void AssertEverythingCached(GeneratorRun first, GeneratorRun second)
    {
        AssertStepsCachedOrUnchanged(second);
        Assert.Equal(first.HintNames, second.HintNames);
        Assert.All(first.Sources, s => Assert.Equal(s.SourceText.ToString(), second.Source(s.HintName)));
    }

    private static void AssertStepsCachedOrUnchanged(GeneratorRun run)
    {
        foreach (string name in s_trackingNames)
        {
            IEnumerable<(object Value, IncrementalStepRunReason Reason)> outputs = StepOutputs(run, name);
            Assert.NotEmpty(outputs);
            Assert.All(outputs, o => Assert.True(
                o.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged,
                $"Step {name} produced {o.Reason} for {o.Value}"));
        }

        Assert.NotEmpty(SourceOutputs(run));
        Assert.All(SourceOutputs(run), o => Assert.Equal(IncrementalStepRunReason.Cached, o.Reason));
    }

    private static IEnumerable<(object Value, IncrementalStepRunReason Reason)> StepOutputs(GeneratorRun run, string trackingName) =>
        run.Result.TrackedSteps.TryGetValue(trackingName, out var steps)
            ? steps.SelectMany(s => s.Outputs).ToList()
            : [];

    private static IEnumerable<(object Value, IncrementalStepRunReason Reason)> SourceOutputs(GeneratorRun run) =>
        run.Result.TrackedOutputSteps.SelectMany(kv => kv.Value).SelectMany(s => s.Outputs).ToList();

    /// <summary>The outputs of the source-output step fed by the step named <paramref name="inputTrackingName"/>.</summary>
    private static IEnumerable<(object Value, IncrementalStepRunReason Reason)> SourceOutputs(GeneratorRun run, string inputTrackingName) =>
        run.Result.TrackedOutputSteps.SelectMany(kv => kv.Value)
            .Where(s => Feeds(s, inputTrackingName))
            .SelectMany(s => s.Outputs)
            .ToList();

    private static bool Feeds(IncrementalGeneratorRunStep step, string trackingName) =>
        step.Name == trackingName || step.Inputs.Any(i => Feeds(i.Source, trackingName));
}
