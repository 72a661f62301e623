using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator.Tests;

/// <summary>
/// Each JSONABLE diagnostic fires on a minimal source, at the span marked <c>[|...|]</c>, with a message that names the
/// culprit, and stays silent on the nearest valid source.
/// </summary>
public sealed class DiagnosticTests
{
    // ---- JSONABLE001: type not partial --------------------------------------------------------------

    [Fact]
    public void TypeNotPartial_Class_ReportsJsonable001OnTypeName()
    {
        AssertSingleDiagnostic(
            """
            using Jsonable;
            namespace Sample;
            [ToJson]
            public class [|Person|]
            {
                public int Age { get; set; }
            }
            """,
            "JSONABLE001",
            "'Person' must be declared partial (and so must every type that contains it) for Jsonable to generate its reader and writer");
    }

    [Fact]
    public void TypeNotPartial_Struct_ReportsJsonable001OnTypeName()
    {
        AssertSingleDiagnostic(
            """
            using Jsonable;
            namespace Sample;
            [FromJson]
            public struct [|Point|]
            {
                public int X { get; set; }
            }
            """,
            "JSONABLE001",
            "'Point' must be declared partial (and so must every type that contains it) for Jsonable to generate its reader and writer");
    }

    [Fact]
    public void TypeNotPartial_PartialOnOtherDeclaration_NoDiagnostic()
    {
        // Only one of the declarations needs the keyword for C# (and for Jsonable).
        AssertCleanGeneration(
            """
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Person
            {
                public int Age { get; set; }
            }
            """,
            """
            namespace Sample;
            public partial class Person
            {
                public string Name { get; set; } = "";
            }
            """);
    }

    [Fact]
    public void ContainingTypeNotPartial_ReportsJsonable001OnContainingTypeName()
    {
        AssertSingleDiagnostic(
            """
            using Jsonable;
            namespace Sample;
            public class Outermost
            {
                public class [|Outer|]
                {
                    [ToJson]
                    public partial class Inner
                    {
                        public int Age { get; set; }
                    }
                }
            }
            """,
            "JSONABLE001",
            "'Outer' must be declared partial (and so must every type that contains it) for Jsonable to generate its reader and writer",
            // Both containing types are reported; this test looks at the innermost.
            select: d => d.GetMessage(CultureInfo.InvariantCulture).StartsWith("'Outer'", System.StringComparison.Ordinal));
    }

    [Fact]
    public void ContainingTypeNotPartial_EveryContainingTypePartial_NoDiagnostic()
    {
        AssertCleanGeneration(
            """
            using Jsonable;
            namespace Sample;
            public static partial class Outermost
            {
                public partial struct Outer
                {
                    [ToJson, FromJson]
                    public partial class Inner
                    {
                        public int Age { get; set; }
                    }
                }
            }
            """);
    }

    // ---- JSONABLE002: unsupported member type -------------------------------------------------------

    [Theory]
    [InlineData("System.IntPtr", "nint", "it is neither a supported built-in type nor a type marked [ToJson]/[FromJson]")]
    [InlineData("object", "object", "it is neither a supported built-in type nor a type marked [ToJson]/[FromJson]")]
    [InlineData("System.Collections.Generic.Dictionary<object, int>", "System.Collections.Generic.Dictionary<object, int>", "dictionary keys must be string, an integer type, an enum or Guid")]
    [InlineData("System.Collections.Generic.List<object>", "System.Collections.Generic.List<object>", "it is neither a supported built-in type nor a type marked [ToJson]/[FromJson]")]
    [InlineData("int[,]", "int[*,*]", "multi-dimensional arrays are not supported; use a jagged array (T[][])")]
    [InlineData("Plain", "Sample.Plain", "it is neither a supported built-in type nor a type marked [ToJson]/[FromJson]")]
    [InlineData("System.Action", "System.Action", "it is neither a supported built-in type nor a type marked [ToJson]/[FromJson]")]
    public void UnsupportedMemberType_ReportsJsonable002OnMemberName(string memberType, string displayedType, string reason)
    {
        AssertSingleDiagnostic(
            $$"""
            using Jsonable;
            namespace Sample;
            public class Plain { }
            [ToJson]
            public partial class Holder
            {
                public int Fine { get; set; }
                public {{memberType}} [|Value|] { get; set; } = default!;
            }
            """,
            "JSONABLE002",
            $"Member 'Value' has type '{displayedType}', which Jsonable cannot serialize: {reason}");
    }

    [Theory]
    [InlineData("int")]
    [InlineData("System.Collections.Generic.Dictionary<string, int[][]>")]
    [InlineData("System.Collections.Generic.IReadOnlyList<int?>")]
    [InlineData("int[][]")]
    [InlineData("Generated")]
    public void UnsupportedMemberType_SupportedType_NoDiagnostic(string memberType)
    {
        AssertCleanGeneration(
            $$"""
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Generated { }
            [ToJson, FromJson]
            public partial class Holder
            {
                public {{memberType}} Value { get; set; } = default!;
            }
            """);
    }

    [Fact]
    public void UnsupportedMemberType_NonPublicMember_NoDiagnostic()
    {
        // Only public instance properties are serialized, so an unsupported private one is no error.
        AssertCleanGeneration(
            """
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Holder
            {
                public int Value { get; set; }
                internal object? Hidden { get; set; }
                private System.IntPtr Handle { get; set; }
                public static object? Shared { get; set; }
                public nint Handle2() => Handle;
            }
            """);
    }

    [Fact]
    public void MemberTypeWithoutFromJson_ReadMember_ReportsJsonable002NamingTheMissingAttribute()
    {
        AssertSingleDiagnostic(
            """
            using Jsonable;
            namespace Sample;
            [ToJson]
            public partial class Child { }
            [ToJson, FromJson]
            public partial class Parent
            {
                public Child? [|Child|] { get; set; }
            }
            """,
            "JSONABLE002",
            "Member 'Child' has type 'Sample.Child?', which Jsonable cannot read: 'Child' is not marked [FromJson]",
            otherSources: ["Sample.Child.Jsonable.g.cs"]);
    }

    [Fact]
    public void MemberTypeWithoutToJson_WrittenMember_ReportsJsonable002NamingTheMissingAttribute()
    {
        AssertSingleDiagnostic(
            """
            using Jsonable;
            namespace Sample;
            [FromJson]
            public partial class Child { }
            [ToJson]
            public partial class Parent
            {
                public System.Collections.Generic.List<Child>? [|Children|] { get; set; }
            }
            """,
            "JSONABLE002",
            "Member 'Children' has type 'System.Collections.Generic.List<Sample.Child>?', which Jsonable cannot write: 'Child' is not marked [ToJson]",
            otherSources: ["Sample.Child.Jsonable.g.cs"]);
    }

    [Fact]
    public void MemberTypeWithoutFromJson_MemberOnlyWritten_NoDiagnostic()
    {
        // A get-only member is never read, so its type needs [ToJson] only.
        AssertCleanGeneration(
            """
            using Jsonable;
            namespace Sample;
            [ToJson]
            public partial class Child { }
            [ToJson, FromJson]
            public partial class Parent
            {
                public Child? Child { get; } = new Child();
                public int Age { get; set; }
            }
            """);
    }

    // ---- JSONABLE003: no parameterless constructor --------------------------------------------------

    [Fact]
    public void NoParameterlessConstructor_FromJsonClass_ReportsJsonable003OnTypeName()
    {
        AssertSingleDiagnostic(
            """
            using Jsonable;
            namespace Sample;
            [FromJson]
            public partial class [|Person|]
            {
                public Person(int age) => Age = age;
                public Person(string name) => Name = name;
                public int Age { get; set; }
                public string? Name { get; set; }
            }
            """,
            "JSONABLE003",
            "'Person' is marked [FromJson] but has no way to be constructed: add a parameterless constructor, a single public constructor, or mark one [JsonConstructor]");
    }

    [Fact]
    public void NoParameterlessConstructor_ToJsonOnly_NoDiagnostic()
    {
        // Writing never constructs.
        AssertCleanGeneration(
            """
            using Jsonable;
            namespace Sample;
            [ToJson]
            public partial class Person
            {
                public Person(int age) => Age = age;
                public int Age { get; set; }
            }
            """);
    }

    [Fact]
    public void NoParameterlessConstructor_StructOrExtraConstructor_NoDiagnostic()
    {
        AssertCleanGeneration(
            """
            using Jsonable;
            namespace Sample;
            [FromJson]
            public partial struct Point
            {
                public Point(int x) => X = x;
                public int X { get; set; }
            }
            [FromJson]
            public partial class Person
            {
                public Person() { }
                public Person(int age) => Age = age;
                public int Age { get; set; }
            }
            """);
    }

    // ---- JSONABLE004: partial writer names no member ------------------------------------------------

    [Fact]
    public void PartialWriterMemberNotFound_UnknownName_ReportsJsonable004OnAttribute()
    {
        AssertSingleDiagnostic(
            """
            using Jsonable;
            namespace Sample;
            [ToJson, [|ToJson(Property = "Nope")|]]
            public partial class Transform
            {
                public int Position { get; set; }
            }
            """,
            "JSONABLE004",
            "[ToJson(Property = \"Nope\")] on 'Transform' names no serialized member; use nameof() of a public property with a getter");
    }

    [Fact]
    public void PartialWriterMemberNotFound_SetOnlyMember_ReportsJsonable004OnAttribute()
    {
        AssertSingleDiagnostic(
            """
            using Jsonable;
            namespace Sample;
            [[|ToJson(Property = nameof(Secret))|], FromJson]
            public partial class Transform
            {
                public int Position { get; set; }
                public int Secret { set { } }
            }
            """,
            "JSONABLE004",
            "[ToJson(Property = \"Secret\")] on 'Transform' names no serialized member; use nameof() of a public property with a getter");
    }

    [Fact]
    public void PartialWriterMemberNotFound_NameofOfMember_GeneratesTheWriter()
    {
        GeneratorRun run = AssertCleanGeneration(
            """
            using Jsonable;
            namespace Sample;
            [ToJson(Property = nameof(Position))]
            public partial class Transform
            {
                public int Position { get; set; }
                public int Rotation { get; set; }
            }
            """);

        Assert.Contains("public void ToJsonUtf8_Position<TWriter>(TWriter writer, bool emitMetadataComments = true)", run.Source("Sample.Transform.Jsonable.g.cs"), System.StringComparison.Ordinal);
    }

    // ---- JSONABLE005: duplicate partial writer ------------------------------------------------------

    [Fact]
    public void DuplicatePartialWriter_SameNameTwice_ReportsJsonable005OnSecondAttribute()
    {
        AssertSingleDiagnostic(
            """
            using Jsonable;
            namespace Sample;
            [ToJson(Property = nameof(Position))]
            [[|ToJson(Property = "Position")|]]
            public partial class Transform
            {
                public int Position { get; set; }
            }
            """,
            "JSONABLE005",
            "[ToJson(Property = \"Position\")] appears more than once on 'Transform'; remove the duplicate");
    }

    [Fact]
    public void DuplicatePartialWriter_DifferentNames_NoDiagnostic()
    {
        GeneratorRun run = AssertCleanGeneration(
            """
            using Jsonable;
            namespace Sample;
            [ToJson(Property = nameof(Position)), ToJson(Property = nameof(Rotation))]
            public partial class Transform
            {
                public int Position { get; set; }
                public int Rotation { get; set; }
            }
            """);

        string source = run.Source("Sample.Transform.Jsonable.g.cs");
        Assert.Contains("ToJsonUtf8_Position<TWriter>", source, System.StringComparison.Ordinal);
        Assert.Contains("ToJsonUtf8_Rotation<TWriter>", source, System.StringComparison.Ordinal);
    }

    // ---- JSONABLE006: generic type ------------------------------------------------------------------

    [Fact]
    public void GenericTypeNotSupported_TypeNestedInGenericType_ReportsJsonable006WithAWayOut()
    {
        AssertSingleDiagnostic(
            """
            using Jsonable;
            namespace Sample;
            public partial class Outer<T>
            {
                [ToJson, FromJson]
                public partial class [|Box|]
                {
                    public int Count { get; set; }
                }
            }
            """,
            "JSONABLE006",
            "'Box' is declared inside the generic type 'Outer'; Jsonable cannot generate it there: declare 'Box' outside 'Outer' (it may be generic itself, and then [assembly: JsonableType(typeof(...))] names its closed types)");
    }

    [Fact]
    public void GenericType_Itself_IsGeneratedWithoutDiagnostic()
    {
        AssertCleanGeneration(
            """
            using System.Collections.Generic;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Box<T>
            {
                public List<T>? Items { get; set; }
                public int Count { get; set; }
            }
            """);
    }

    [Fact]
    public void GenericTypeNotSupported_ClosedGenericMemberTypes_NoDiagnostic()
    {
        AssertCleanGeneration(
            """
            using System.Collections.Generic;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Box
            {
                public List<int>? Items { get; set; }
                public Dictionary<string, List<int>>? Groups { get; set; }
            }
            """);
    }

    // ---- helpers ------------------------------------------------------------------------------------

    /// <summary>
    /// Runs the generator on <paramref name="markup"/> and asserts it reports exactly one diagnostic with <paramref name="id"/>
    /// (or the one <paramref name="select"/> picks), as an error, with <paramref name="message"/>, at the marked span;
    /// and that nothing is generated for the type (only for <paramref name="otherSources"/>, hint names of other, valid types).
    /// </summary>
    private static void AssertSingleDiagnostic(string markup, string id, string message, System.Func<Diagnostic, bool>? select = null, string[]? otherSources = null)
    {
        Markup parsed = Markup.Parse(markup);
        GeneratorRun run = GeneratorHarness.Run(parsed.Source);

        ImmutableArray<Diagnostic> withId = run.GeneratorDiagnostics.Where(d => d.Id == id).ToImmutableArray();
        Assert.All(run.GeneratorDiagnostics, d => Assert.Equal(id, d.Id));
        Diagnostic diagnostic = select is null ? Assert.Single(withId) : Assert.Single(withId, d => select(d));
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        Assert.Equal(message, diagnostic.GetMessage(CultureInfo.InvariantCulture));

        FileLinePositionSpan where = diagnostic.Location.GetLineSpan();
        Assert.Equal(GeneratorHarness.SourcePath(0), where.Path);
        Assert.Equal(parsed.LineSpan(parsed.Span), where.Span);
        Assert.Equal(parsed.Span, diagnostic.Location.SourceSpan);

        // The other types are generated and registered (the broken one is neither); with none, there is nothing to register.
        string[] expected = otherSources is null or [] ? [] : [.. otherSources, "JsonableRegistration.g.cs"];
        Assert.Equal(expected.Order(System.StringComparer.Ordinal), run.HintNames);
        if (otherSources is { Length: > 0 })
        {
            string registration = run.Source("JsonableRegistration.g.cs");
            Assert.Equal(otherSources.Length, registration.Split("typeof(global::").Length - 1);
            Assert.All(otherSources, hint => Assert.Contains($"typeof(global::{hint.Replace(".Jsonable.g.cs", string.Empty, System.StringComparison.Ordinal)})", registration, System.StringComparison.Ordinal));
        }
    }

    /// <summary>Asserts the generator reports nothing, generates source, and the whole program compiles without a single diagnostic.</summary>
    private static GeneratorRun AssertCleanGeneration(params string[] sources)
    {
        GeneratorRun run = GeneratorHarness.Run(sources.Select(s => "#pragma warning disable CS1591\n" + s).ToArray());
        Assert.Empty(run.GeneratorDiagnostics);
        Assert.NotEmpty(run.Sources);
        Assert.Empty(run.OutputDiagnostics);
        return run;
    }
}
