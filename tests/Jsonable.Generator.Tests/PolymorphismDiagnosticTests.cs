using System.Globalization;
using System.Linq;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator.Tests;

/// <summary>
/// JSONABLE020-025: what Jsonable needs of a [JsonPolymorphic]/[JsonDerivedType] hierarchy (and what STJ would only find
/// out at run time) is an error at the attribute or member, with a message naming the types and saying what to do.
/// </summary>
public sealed class PolymorphismDiagnosticTests
{
    [Fact]
    public void DerivedTypeNotMarked_ReportsJsonable020OnTheAttribute()
    {
        AssertSingleDiagnostic(
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            [[|JsonDerivedType(typeof(Circle), "circle")|]]
            public partial class Shape { public string? Color { get; set; } }
            public class Circle : Shape { public double Radius { get; set; } }
            """,
            "JSONABLE020",
            "'Sample.Circle' is a derived type of 'Shape' ([JsonDerivedType]), so Jsonable must write and read it as 'Shape': mark 'Sample.Circle' partial and [ToJson, FromJson] as 'Shape' is");
    }

    [Fact]
    public void DerivedTypeMarkedForWritingOnly_ReportsJsonable020NamingFromJson()
    {
        AssertSingleDiagnostic(
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            [[|JsonDerivedType(typeof(Circle), 1)|]]
            public partial class Shape { public string? Color { get; set; } }
            [ToJson]
            public partial class Circle : Shape { public double Radius { get; set; } }
            """,
            "JSONABLE020",
            "'Sample.Circle' is a derived type of 'Shape' ([JsonDerivedType]), so Jsonable must write and read it as 'Shape': mark 'Sample.Circle' partial and [FromJson] as 'Shape' is");
    }

    [Fact]
    public void DerivedTypeNotDerived_ReportsJsonable021()
    {
        AssertSingleDiagnostic(
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            [[|JsonDerivedType(typeof(Other), "other")|]]
            public partial class Shape { public string? Color { get; set; } }
            [ToJson, FromJson]
            public partial class Other { public int X { get; set; } }
            """,
            "JSONABLE021",
            "'Sample.Other' in [JsonDerivedType] on 'Shape' does not derive from 'Shape' (System.Text.Json fails at run time); remove it or derive it from 'Shape'");
    }

    [Fact]
    public void DuplicateDiscriminator_ReportsJsonable022OnTheSecondAttribute()
    {
        AssertSingleDiagnostic(
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            [JsonDerivedType(typeof(Circle), "c")]
            [[|JsonDerivedType(typeof(Square), "c")|]]
            public partial class Shape { public string? Color { get; set; } }
            [ToJson, FromJson]
            public partial class Circle : Shape { public double Radius { get; set; } }
            [ToJson, FromJson]
            public partial class Square : Shape { public int Side { get; set; } }
            """,
            "JSONABLE022",
            "[JsonDerivedType] on 'Shape' lists 'Sample.Square' or the discriminator \"c\" a second time (System.Text.Json fails at run time); give each derived type one unique discriminator");
    }

    [Fact]
    public void PolymorphicStruct_ReportsJsonable023OnTheType()
    {
        AssertSingleDiagnostic(
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson, JsonPolymorphic]
            public partial struct [|Point|] { public int X { get; set; } }
            """,
            "JSONABLE023",
            "'Point' is a struct: Jsonable supports [JsonPolymorphic]/[JsonDerivedType] on non-generic, non-sealed classes and non-generic derived classes; use an abstract base class instead");
    }

    [Fact]
    public void PolymorphicSealedClass_ReportsJsonable023OnTheType()
    {
        AssertSingleDiagnostic(
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson, JsonPolymorphic]
            public sealed partial class [|Leaf|] { public int X { get; set; } }
            """,
            "JSONABLE023",
            "'Leaf' is sealed: Jsonable supports [JsonPolymorphic]/[JsonDerivedType] on non-generic, non-sealed classes and non-generic derived classes; use an abstract base class instead");
    }

    [Fact]
    public void PolymorphicInterface_ReportsJsonable023OnTheType()
    {
        AssertSingleDiagnostic(
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson]
            [JsonDerivedType(typeof(Circle), "circle")]
            public partial interface [|IShape|] { string? Color { get; } }
            [ToJson]
            public partial class Circle : IShape { public string? Color { get; set; } }
            """,
            "JSONABLE023",
            "'IShape' is an interface: Jsonable supports [JsonPolymorphic]/[JsonDerivedType] on non-generic, non-sealed classes and non-generic derived classes; use an abstract base class instead");
    }

    [Fact]
    public void DollarNameInDerivedType_ReportsJsonable024OnTheMember()
    {
        AssertSingleDiagnostic(
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            [JsonDerivedType(typeof(Circle), "circle")]
            public partial class Shape { public string? Color { get; set; } }
            [ToJson, FromJson]
            public partial class Circle : Shape { [JsonPropertyName("$radius")] public double [|Radius|] { get; set; } }
            """,
            "JSONABLE024",
            "Member 'Radius' of 'Circle' has the JSON name \"$radius\": in a polymorphic hierarchy names starting with '$' are metadata, and System.Text.Json cannot read such a member back through the base; rename it with [JsonPropertyName]");
    }

    [Fact]
    public void MemberNamedLikeTheDiscriminator_ReportsJsonable025OnTheMember()
    {
        AssertSingleDiagnostic(
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            [JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
            [JsonDerivedType(typeof(Circle), "circle")]
            public partial class Shape { public string? Color { get; set; } }
            [ToJson, FromJson]
            public partial class Circle : Shape { public string? [|Kind|] { get; set; } }
            """,
            "JSONABLE025",
            "Member 'Kind' of 'Circle' has the JSON name of the type discriminator \"kind\" (System.Text.Json fails at run time); rename the member or set TypeDiscriminatorPropertyName");
    }

    [Fact]
    public void ValidHierarchy_AbstractBaseIntermediateAndAllOptions_GeneratesCleanCode()
    {
        GeneratorRun run = GeneratorHarness.Run(
            """
            #pragma warning disable CS1591
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            [JsonPolymorphic(TypeDiscriminatorPropertyName = "kind", IgnoreUnrecognizedTypeDiscriminators = true, UnknownDerivedTypeHandling = JsonUnknownDerivedTypeHandling.FallBackToNearestAncestor)]
            [JsonDerivedType(typeof(Cat), "cat")]
            [JsonDerivedType(typeof(Lion), 2)]
            [JsonDerivedType(typeof(Dog))]
            public abstract partial class Animal { public string? Name { get; set; } protected Animal() { } }
            [ToJson, FromJson]
            [JsonDerivedType(typeof(Lion), "lion")]
            [JsonDerivedType(typeof(Cat), "cat")]
            public partial class Cat : Animal { public int Lives { get; set; } }
            [ToJson, FromJson]
            public partial class Lion : Cat { public required int Mane { get; set; } }
            [ToJson, FromJson]
            public partial class Dog : Animal { public Dog(bool good) => Good = good; public bool Good { get; set; } }
            """);

        Assert.Empty(run.GeneratorDiagnostics);
        Assert.True(run.OutputDiagnostics.IsEmpty, string.Join(System.Environment.NewLine, run.OutputDiagnostics));
        Assert.Contains("Sample.Animal.Jsonable.g.cs", run.HintNames);
    }

    private static void AssertSingleDiagnostic(string markup, string id, string message)
    {
        Markup parsed = Markup.Parse(markup);
        GeneratorRun run = GeneratorHarness.Run(parsed.Source);

        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics);
        Assert.Equal(id, diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        Assert.Equal(message, diagnostic.GetMessage(CultureInfo.InvariantCulture));
        Assert.Equal(parsed.Span, diagnostic.Location.SourceSpan);
        Assert.Equal(GeneratorHarness.SourcePath(0), diagnostic.Location.GetLineSpan().Path);
    }
}
