using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator.Tests;

/// <summary>
/// JSONABLE043: a <c>[JsonStringEnumMemberName]</c> that System.Text.Json refuses. STJ's enum converter checks every
/// name when it is made, whatever the enum is used as (a name, a number, a dictionary key), and throws
/// InvalidOperationException for a null or empty name, one that starts or ends with whitespace (<c>char.IsWhiteSpace</c>,
/// so a tab or a no-break space too), and a comma in a <c>[Flags]</c> enum; it takes inner spaces, a leading digit or
/// '-', non-ASCII text and a comma in an enum without <c>[Flags]</c>. The diagnostic is at the enum member, once.
/// </summary>
public sealed class EnumNameDiagnosticTests
{
    private const string Fix = "Use a name that is not empty and neither starts nor ends with whitespace";

    [Theory]
    [InlineData("\"\"", "", "\"\"", "it is empty")]
    [InlineData("\" red\"", "", "\" red\"", "it starts with whitespace")]
    [InlineData("\"red \"", "", "\"red \"", "it ends with whitespace")]
    [InlineData("\"\\t\"", "", "\"\\u0009\"", "it starts with whitespace")]
    [InlineData("\"\\u00A0red\"", "", "\"\\u00A0red\"", "it starts with whitespace")]
    [InlineData("null", "", "null", "it is null")]
    [InlineData("\"red,blue\"", "[System.Flags] ", "\"red,blue\"", "it contains a comma, which separates the names of a [Flags] combination")]
    [InlineData("\" red\"", "[System.Flags] ", "\" red\"", "it starts with whitespace")]
    public void RefusedName_ReportsJsonable043AtTheEnumMember(string attributeArgument, string enumAttributes, string shownName, string reason)
    {
        Markup markup = Markup.Parse(
            $$"""
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Paint
            {
                public Color Color { get; set; }
            }
            {{enumAttributes}}public enum Color
            {
                [JsonStringEnumMemberName({{attributeArgument}})]
                [|Red|] = 1,
                Blue = 2,
            }
            """);
        GeneratorRun run = GeneratorHarness.Run(markup.Source);

        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics);
        Assert.Equal("JSONABLE043", diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        string flagsFix = enumAttributes.Length > 0 ? ", without commas in a [Flags] enum" : string.Empty;
        Assert.Equal(
            $"Enum member 'Color.Red' is named {shownName} by [JsonStringEnumMemberName], which System.Text.Json refuses because {reason}: it throws InvalidOperationException whenever the enum is serialized, as a name or as a number. {Fix}{flagsFix}.",
            diagnostic.GetMessage(CultureInfo.InvariantCulture));
        Assert.Equal(GeneratorHarness.SourcePath(0), diagnostic.Location.GetLineSpan().Path);
        Assert.Equal(markup.Span, diagnostic.Location.SourceSpan);

        // As for any error in a type: nothing is generated for it, so the build stops here rather than at run time.
        Assert.Empty(run.HintNames);
    }

    [Theory]
    [InlineData("\"red,blue\"", "")]
    [InlineData("\"dark red\"", "[System.Flags] ")]
    [InlineData("\"1st\"", "[System.Flags] ")]
    [InlineData("\"-red\"", "")]
    [InlineData("\"café <b>\"", "")]
    public void NameStjTakes_NoDiagnostic(string attributeArgument, string enumAttributes)
    {
        GeneratorRun run = GeneratorHarness.Run(
            $$"""
            #pragma warning disable CS1591
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Paint
            {
                [JsonConverter(typeof(JsonStringEnumConverter))]
                public Color Color { get; set; }
            }
            {{enumAttributes}}public enum Color
            {
                [JsonStringEnumMemberName({{attributeArgument}})]
                Red = 1,
                Blue = 2,
            }
            """);

        Assert.Empty(run.GeneratorDiagnostics);
        Assert.Empty(run.OutputDiagnostics);
        Assert.Contains("Sample.Paint.Jsonable.g.cs", run.HintNames);
    }

    [Fact]
    public void EnumUsedByManyMembersAndTypes_AsNumberKeyAndList_ReportedOnceAtTheMember()
    {
        // STJ refuses the enum however it is written, so a member that writes it as a number is no way round it.
        Markup markup = Markup.Parse(
            """
            using System.Collections.Generic;
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson]
            public partial class Paint
            {
                public Color Color { get; set; }
                public Color? Previous { get; set; }
            }
            [FromJson]
            public partial class Palette
            {
                public Dictionary<Color, int> Counts { get; set; } = new();
                public List<Color> Colors { get; set; } = new();
            }
            public enum Color
            {
                Red,
                [JsonStringEnumMemberName("blue ")]
                [|Blue|],
            }
            """);
        GeneratorRun run = GeneratorHarness.Run(markup.Source);

        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics);
        Assert.Equal("JSONABLE043", diagnostic.Id);
        Assert.Equal(markup.Span, diagnostic.Location.SourceSpan);
        Assert.StartsWith("Enum member 'Color.Blue' is named \"blue \" by [JsonStringEnumMemberName]", diagnostic.GetMessage(CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
        Assert.Empty(run.HintNames);
    }

    [Fact]
    public void EnumFromAnotherAssembly_ReportedAtTheMemberThatUsesIt()
    {
        // Declared in a referenced library, the enum member has no source location: the member using it is where to look.
        var library = GeneratorHarness.CreateCompilation(
            [
                """
                #pragma warning disable CS1591
                using System.Text.Json.Serialization;
                namespace Library;
                public enum Shade
                {
                    [JsonStringEnumMemberName("")]
                    Light,
                }
                """,
            ],
            assemblyName: "ShadeLibrary");
        Markup markup = Markup.Parse(
            """
            using Jsonable;
            namespace Sample;
            [ToJson]
            public partial class Lamp
            {
                public Library.Shade [|Shade|] { get; set; }
            }
            """);
        GeneratorRun run = GeneratorHarness.Run(GeneratorHarness.CreateCompilation([markup.Source], extraReferences: [GeneratorHarness.EmitReference(library)]));

        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics);
        Assert.Equal("JSONABLE043", diagnostic.Id);
        Assert.Equal(markup.Span, diagnostic.Location.SourceSpan);
        Assert.StartsWith("Enum member 'Shade.Light' is named \"\" by [JsonStringEnumMemberName]", diagnostic.GetMessage(CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
    }

    [Fact]
    public void RefusedNames_AreExactlyTheOnesStjRefuses()
    {
        // The generator's rule against STJ's converter itself, on names at every edge the rule draws.
        string?[] names = [null, "", " ", "a", " a", "a ", "\ta", "a\n", "\u00A0a", "a\u2003", "a b", "a,b", ",", "1", "-1", "é", "\u200Ba"];
        foreach (string? name in names)
        {
            foreach (bool isFlags in new[] { false, true })
            {
                GeneratorRun run = GeneratorHarness.Run(
                    $$"""
                    using System.Text.Json.Serialization;
                    using Jsonable;
                    namespace Sample;
                    [ToJson]
                    public partial class Paint
                    {
                        public Color Color { get; set; }
                    }
                    {{(isFlags ? "[System.Flags] " : "")}}public enum Color
                    {
                        [JsonStringEnumMemberName({{(name is null ? "null" : Literal(name))}})]
                        Red = 1,
                    }
                    """);
                bool stjRefuses = StjRefuses(name, isFlags);
                bool generatorRefuses = run.GeneratorDiagnostics.Any(d => d.Id == "JSONABLE043");
                Assert.True(stjRefuses == generatorRefuses, $"{(name is null ? "null" : Literal(name))} (flags: {isFlags}): STJ refuses {stjRefuses}, the generator {generatorRefuses}");
            }
        }
    }

    private static string Literal(string text) =>
        "\"" + string.Concat(text.Select(c => c is < ' ' or > '~' ? $"\\u{(int)c:X4}" : c.ToString())) + "\"";

    private static bool StjRefuses(string? name, bool isFlags)
    {
        var options = new System.Text.Json.JsonSerializerOptions { Converters = { new System.Text.Json.Serialization.JsonStringEnumConverter(new FixedPolicy(name)) } };
        try
        {
            _ = isFlags
                ? System.Text.Json.JsonSerializer.Serialize(ProbeFlags.One, options)
                : System.Text.Json.JsonSerializer.Serialize(ProbePlain.One, options);
            return false;
        }
        catch (System.InvalidOperationException)
        {
            return true;
        }
    }

    private sealed class FixedPolicy(string? name) : System.Text.Json.JsonNamingPolicy
    {
        public override string ConvertName(string name1) => name!;
    }

    private enum ProbePlain
    {
        One,
    }

    [System.Flags]
    private enum ProbeFlags
    {
        One = 1,
    }
}
