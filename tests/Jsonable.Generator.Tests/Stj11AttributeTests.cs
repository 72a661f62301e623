using System;
using System.IO;
using System.Linq;
using System.Collections.Immutable;
using System.Reflection;
using Basic.Reference.Assemblies;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Jsonable.Generator.Tests;

/// <summary>
/// System.Text.Json 11's attributes, compiled against the System.Text.Json 11 package (as an app on net10.0 that
/// references it): each one Jsonable does not apply is an error at the type or member that carries it, naming the fix,
/// never silence. Without the package the same source does not compile, so nothing is reported there.
/// </summary>
public sealed class Stj11AttributeTests
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> s_references = new(() =>
    {
        string stj11 = typeof(Stj11AttributeTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "SystemTextJson11").Value!;
        Assert.True(File.Exists(stj11), $"System.Text.Json 11 is not at {stj11} (the test project downloads it)");
        return Net100.References.All
            .Where(r => !string.Equals(Path.GetFileNameWithoutExtension(r.FilePath), "System.Text.Json", StringComparison.OrdinalIgnoreCase))
            .Cast<MetadataReference>()
            .Append(MetadataReference.CreateFromFile(stj11))
            .Append(MetadataReference.CreateFromFile(typeof(ToJsonAttribute).Assembly.Location))
            .ToImmutableArray();
    });

    [Theory]
    [InlineData("[JsonNamingPolicy(JsonKnownNamingPolicy.SnakeCaseLower)]\n[ToJson, FromJson]\npublic partial class [|Person|]\n{\n    public string? FirstName { get; set; }\n}", "JSONABLE060", "'Person' carries [JsonNamingPolicy]", "[JsonPropertyName]")]
    [InlineData("[ToJson, FromJson]\npublic partial class Person\n{\n    [JsonNamingPolicy(JsonKnownNamingPolicy.KebabCaseUpper)]\n    public string? [|FirstName|] { get; set; }\n}", "JSONABLE060", "'FirstName' carries [JsonNamingPolicy]", "[JsonPropertyName]")]
    [InlineData("[JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]\n[ToJson, FromJson]\npublic partial class [|Person|]\n{\n    public string? FirstName { get; set; }\n}", "JSONABLE061", "'Person' carries [JsonIgnore] on the type", "[JsonIgnore(Condition = ...)] on the members")]
    [InlineData("[JsonPolymorphic(InferClosedTypePolymorphism = true)]\n[JsonDerivedType(typeof(Circle), \"circle\")]\n[ToJson, FromJson]\npublic abstract partial class [|Shape|]\n{\n}\n[ToJson, FromJson]\npublic partial class Circle : Shape\n{\n    public int Radius { get; set; }\n}", "JSONABLE063", "'Shape' sets InferClosedTypePolymorphism on [JsonPolymorphic]", "list each derived type with [JsonDerivedType")]
    [InlineData("[JsonPolymorphic(TypeClassifier = typeof(JsonUnionTypeStructuralClassifier))]\n[JsonDerivedType(typeof(Circle), \"circle\")]\n[ToJson, FromJson]\npublic abstract partial class [|Shape|]\n{\n}\n[ToJson, FromJson]\npublic partial class Circle : Shape\n{\n    public int Radius { get; set; }\n}", "JSONABLE063", "'Shape' sets TypeClassifier on [JsonPolymorphic]", "Remove TypeClassifier")]
    [InlineData("[JsonUnion]\n[ToJson, FromJson]\npublic partial class [|Shape|]\n{\n    public int Sides { get; set; }\n}", "JSONABLE062", "'Shape' carries [JsonUnion]", "[JsonPolymorphic]/[JsonDerivedType]")]
    public void An_attribute_Jsonable_does_not_apply_is_an_error_where_it_is_naming_the_fix(string declaration, string id, string what, string fix)
    {
        Markup markup = Markup.Parse("using System.Text.Json.Serialization;\nusing Jsonable;\nnamespace Sample;\n" + declaration + "\n");
        CSharpCompilation compilation = CSharpCompilation.Create(
            "UserAssembly",
            [CSharpSyntaxTree.ParseText(markup.Source, GeneratorHarness.ParseOptions, path: GeneratorHarness.SourcePath(0))],
            s_references.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error)); // valid code under System.Text.Json 11

        GeneratorRun run = GeneratorHarness.Run(compilation);

        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics, d => d.Id == id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        Assert.Equal(markup.Span, diagnostic.Location.SourceSpan);
        string message = diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
        Assert.Contains(what, message, StringComparison.Ordinal);
        Assert.Contains(fix, message, StringComparison.Ordinal);
    }
}
