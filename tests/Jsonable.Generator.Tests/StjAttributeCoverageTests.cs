using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Serialization;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator.Tests;

/// <summary>
/// No System.Text.Json attribute is ignored in silence: every public attribute type of STJ's
/// <c>System.Text.Json.Serialization</c> namespace is either supported (a named test proves it behaves as STJ), or a
/// compile-time diagnostic at the member or type that names it (compiled here), or configures STJ contexts rather
/// than types (with the reason). A new STJ attribute fails <see cref="EveryStjAttribute_IsSupportedDiagnosedOrForContexts"/>.
/// </summary>
public sealed class StjAttributeCoverageTests
{
    /// <summary>Supported attributes and the test ("Class.Method" under tests/) that shows each works as STJ.</summary>
    private static readonly Dictionary<string, string> s_supported = new()
    {
        ["JsonConstructorAttribute"] = "ConstructionTests.JsonConstructor_IsPreferredOverTheParameterlessOne",
        // Only JsonStringEnumConverter (and its generic form) on an enum; any other converter is JSONABLE010 (below).
        ["JsonConverterAttribute"] = "ValueTypeTests.StringEnums_AcceptNumbersAndNamesIgnoringCase_AsStjDoes",
        // Dictionary<string, JsonElement> only; any other shape is JSONABLE011 (below).
        ["JsonExtensionDataAttribute"] = "ExtensionDataTests.UnknownMembers_RoundTripThroughJmc1_AsTheSameData",
        ["JsonIgnoreAttribute"] = "MemberAttributeTests.IgnoreWhenWriting_IsReadButNeverWritten_IgnoreWhenReading_IsWrittenButNeverRead",
        ["JsonIncludeAttribute"] = "MemberAttributeTests.JsonIncludeFields_WriteStjBytes_InBothFormats",
        ["JsonNumberHandlingAttribute"] = "NumberHandlingParityTests.StrictOnType_MemberOverride_ReadsAsStj",
        ["JsonPropertyNameAttribute"] = "AttributeAndNamingTests.StjAttributes_NameIgnoreAndOrderMembersAsStjDoes",
        ["JsonPropertyOrderAttribute"] = "AttributeAndNamingTests.StjAttributes_NameIgnoreAndOrderMembersAsStjDoes",
        ["JsonRequiredAttribute"] = "ConstructionTests.JsonRequiredMissing_FailsNamingTheMember_ButFillingAnExistingInstanceIsAPartialUpdate",
        ["JsonStringEnumMemberNameAttribute"] = "MemberAttributeTests.JsonStringEnumMemberName_WritesAndReadsTheRenamedMember_AsStj",
        ["JsonUnmappedMemberHandlingAttribute"] = "MemberAttributeTests.UnmappedMemberHandlingDisallow_UnknownMember_IsAnErrorWithThePath",
        ["JsonPolymorphicAttribute"] = "PolymorphismParityTests.Write_UnknownDerivedTypeHandling_AsStj",
        ["JsonDerivedTypeAttribute"] = "PolymorphismParityTests.Write_AsBase_SameJsonBytesAsStj",
    };

    /// <summary>Attributes (or uses of them) Jsonable refuses: a source using one, the id, and the member the message must name.</summary>
    private static readonly Dictionary<string, (string Markup, string Id, string Member)> s_diagnosed = new()
    {
        ["JsonConverterAttribute"] = (
            """
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            public sealed class CentsConverter : JsonConverter<decimal>
            {
                public override decimal Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => reader.GetInt64() / 100m;
                public override void Write(Utf8JsonWriter writer, decimal value, JsonSerializerOptions options) => writer.WriteNumberValue((long)(value * 100));
            }
            [ToJson, FromJson]
            public partial class Price
            {
                [JsonConverter(typeof(CentsConverter))]
                public decimal [|Amount|] { get; set; }
            }
            """, "JSONABLE010", "Amount"),
        ["JsonExtensionDataAttribute"] = (
            """
            using System.Collections.Generic;
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Open
            {
                public int Id { get; set; }
                [JsonExtensionData]
                public Dictionary<string, object>? [|Extra|] { get; set; }
            }
            """, "JSONABLE011", "Extra"),
        ["JsonObjectCreationHandlingAttribute"] = (
            """
            using System.Collections.Generic;
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Basket
            {
                [JsonObjectCreationHandling(JsonObjectCreationHandling.Populate)]
                public List<int> [|Items|] { get; } = new();
            }
            """, "JSONABLE012", "Items"),
    };

    /// <summary>Attributes that configure STJ's own source-generated contexts (or cannot be applied at all), not Jsonable types.</summary>
    private static readonly Dictionary<string, string> s_notForTypes = new()
    {
        ["JsonSerializableAttribute"] = "names the types of a JsonSerializerContext; on a [ToJson]/[FromJson] type it is JSONABLE014 (a warning)",
        ["JsonSourceGenerationOptionsAttribute"] = "sets the options of a JsonSerializerContext; on a [ToJson]/[FromJson] type it is JSONABLE014 (a warning)",
        ["JsonAttribute"] = "the abstract base class of STJ's attributes; it cannot be applied",
    };

    [Fact]
    public void EveryStjAttribute_IsSupportedDiagnosedOrForContexts()
    {
        List<string> attributes = typeof(JsonSerializer).Assembly.GetExportedTypes()
            .Where(t => t.Namespace == "System.Text.Json.Serialization" && typeof(System.Attribute).IsAssignableFrom(t))
            .Select(t => t.Name)
            .OrderBy(n => n, System.StringComparer.Ordinal)
            .ToList();

        Assert.Contains("JsonPropertyNameAttribute", attributes); // the reflection found STJ's attributes at all
        List<string> unaccounted = attributes.Where(a => !s_supported.ContainsKey(a) && !s_diagnosed.ContainsKey(a) && !s_notForTypes.ContainsKey(a)).ToList();
        Assert.True(unaccounted.Count == 0, "STJ attributes neither supported nor diagnosed: " + string.Join(", ", unaccounted));

        // And no list names an attribute STJ does not have (a typo would hide a gap).
        Assert.Empty(s_supported.Keys.Concat(s_diagnosed.Keys).Concat(s_notForTypes.Keys).Except(attributes));
    }

    [Fact]
    public void SupportedAttributes_NameTestsThatExist()
    {
        string tests = Path.Combine(RepositoryRoot(), "tests");
        string[] sources = Directory.GetFiles(tests, "*.cs", SearchOption.AllDirectories).Where(p => !p.Contains("/obj/", System.StringComparison.Ordinal)).Select(File.ReadAllText).ToArray();
        foreach ((string attribute, string test) in s_supported)
        {
            string[] parts = test.Split('.');
            Assert.True(
                sources.Any(s => s.Contains($"class {parts[0]}", System.StringComparison.Ordinal) && s.Contains($"void {parts[1]}(", System.StringComparison.Ordinal)),
                $"{attribute}: no test {test} under tests/");
        }
    }

    public static TheoryData<string> Diagnosed => [.. s_diagnosed.Keys];

    [Theory]
    [MemberData(nameof(Diagnosed))]
    public void DiagnosedAttribute_ReportsItsIdAtTheMember_NamingIt(string attribute)
    {
        (string markup, string id, string member) = s_diagnosed[attribute];

        AssertDiagnostic(markup, id, member, DiagnosticSeverity.Error);
    }

    [Fact]
    public void ConverterOnTheType_ReportsJsonable010AtTheType()
    {
        AssertDiagnostic(
            """
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            public sealed class PointConverter : JsonConverter<Point>
            {
                public override Point Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => new();
                public override void Write(Utf8JsonWriter writer, Point value, JsonSerializerOptions options) => writer.WriteStringValue("p");
            }
            [ToJson, FromJson, JsonConverter(typeof(PointConverter))]
            public partial class [|Point|]
            {
                public int X { get; set; }
            }
            """,
            "JSONABLE010",
            "Point",
            DiagnosticSeverity.Error);
    }

    [Fact]
    public void StringEnumConverterOnANonEnumMember_ReportsJsonable010()
    {
        // STJ throws at run time for this; Jsonable says so at compile time.
        AssertDiagnostic(
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Ticket
            {
                [JsonConverter(typeof(JsonStringEnumConverter))]
                public int [|Level|] { get; set; }
            }
            """,
            "JSONABLE010",
            "Level",
            DiagnosticSeverity.Error);
    }

    [Fact]
    public void StringEnumConverterSubclass_OnAnEnumMember_ReportsJsonable010()
    {
        // A subclass can pass a naming policy (or refuse integers) to its base, which the attribute does not show.
        AssertDiagnostic(
            """
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            public enum Mood { Calm, VeryBusy }
            public sealed class CamelEnums : JsonStringEnumConverter
            {
                public CamelEnums() : base(JsonNamingPolicy.CamelCase) { }
            }
            [ToJson, FromJson]
            public partial class Status
            {
                [JsonConverter(typeof(CamelEnums))]
                public Mood [|Current|] { get; set; }
            }
            """,
            "JSONABLE010",
            "Current",
            DiagnosticSeverity.Error);
    }

    [Fact]
    public void ConverterOnAnEnumType_OtherThanStringEnum_ReportsJsonable002AtTheMember()
    {
        AssertDiagnostic(
            """
            using System;
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            public sealed class LevelConverter : JsonConverter<Level>
            {
                public override Level Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => Level.Low;
                public override void Write(Utf8JsonWriter writer, Level value, JsonSerializerOptions options) => writer.WriteStringValue("x");
            }
            [JsonConverter(typeof(LevelConverter))]
            public enum Level { Low, High }
            [ToJson, FromJson]
            public partial class Alarm
            {
                public Level [|Level|] { get; set; }
            }
            """,
            "JSONABLE002",
            "Level",
            DiagnosticSeverity.Error);
    }

    [Theory]
    [InlineData("string?", "Name")]
    [InlineData("System.DayOfWeek", "Day")]
    [InlineData("System.Collections.Generic.List<string>?", "Tags")]
    public void NumberHandlingOnAMemberWithoutNumbers_ReportsJsonable013(string type, string member)
    {
        // STJ throws InvalidOperationException at run time for these.
        AssertDiagnostic(
            $$"""
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Item
            {
                [JsonNumberHandling(JsonNumberHandling.WriteAsString)]
                public {{type}} [|{{member}}|] { get; set; }
            }
            """,
            "JSONABLE013",
            member,
            DiagnosticSeverity.Error);
    }

    [Fact]
    public void NumberHandlingOnNumbersAndCollectionsOfNumbers_NoDiagnostic()
    {
        GeneratorRun run = GeneratorHarness.Run(
            """
            using System.Collections.Generic;
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Item
            {
                [JsonNumberHandling(JsonNumberHandling.WriteAsString)]
                public long Id { get; set; }
                [JsonNumberHandling(JsonNumberHandling.Strict)]
                public int? Maybe { get; set; }
                [JsonNumberHandling(JsonNumberHandling.AllowNamedFloatingPointLiterals)]
                public List<double>? Values { get; set; }
                [JsonNumberHandling(JsonNumberHandling.WriteAsString)]
                public Dictionary<string, decimal?>? Prices { get; set; }
            }
            """);

        Assert.Empty(run.GeneratorDiagnostics);
        Assert.Contains("Sample.Item.Jsonable.g.cs", run.HintNames);
    }

    [Theory]
    [InlineData("JsonSerializable(typeof(int))", "JsonSerializableAttribute")]
    [InlineData("JsonSourceGenerationOptions(WriteIndented = true)", "JsonSourceGenerationOptionsAttribute")]
    public void ContextAttributeOnAJsonableType_ReportsJsonable014Warning(string attribute, string name)
    {
        AssertDiagnostic(
            $$"""
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson, {{attribute}}]
            public partial class [|Order|]
            {
                public int Id { get; set; }
            }
            """,
            "JSONABLE014",
            "Order",
            DiagnosticSeverity.Warning,
            name);
    }

    [Fact]
    public void PrivateFieldOfABaseType_WithJsonInclude_IsNotReachable_AndIsReportedNotDropped()
    {
        // Generated code lives in the derived type, which cannot reach a base type's private field.
        GeneratorRun run = GeneratorHarness.Run(
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            public class Base
            {
                [JsonInclude]
                private int _secret;
                public int Peek() => _secret;
            }
            [ToJson, FromJson]
            public partial class Derived : Base
            {
                public int Id { get; set; }
            }
            """);

        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics);
        Assert.Equal("JSONABLE015", diagnostic.Id);
        Assert.Contains("'_secret'", diagnostic.GetMessage(CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
    }

    private static void AssertDiagnostic(string markup, string id, string member, DiagnosticSeverity severity, string? alsoNamed = null)
    {
        Markup parsed = Markup.Parse(markup);
        GeneratorRun run = GeneratorHarness.Run(parsed.Source);

        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics, d => d.Id == id);
        Assert.Equal(severity, diagnostic.Descriptor.DefaultSeverity); // the harness makes every warning an error, as TreatWarningsAsErrors does
        string message = diagnostic.GetMessage(CultureInfo.InvariantCulture);
        Assert.Contains($"'{member}'", message, System.StringComparison.Ordinal);
        if (alsoNamed is not null)
        {
            Assert.Contains(alsoNamed, message, System.StringComparison.Ordinal);
        }

        Assert.Equal(parsed.Span, diagnostic.Location.SourceSpan);
        Assert.Equal(GeneratorHarness.SourcePath(0), diagnostic.Location.GetLineSpan().Path);
    }

    private static string RepositoryRoot()
    {
        for (DirectoryInfo? d = new(System.AppContext.BaseDirectory); d is not null; d = d.Parent)
        {
            if (File.Exists(Path.Combine(d.FullName, "Jsonable.AspNetCore.sln")))
            {
                return d.FullName;
            }
        }

        throw new DirectoryNotFoundException("The repository root (Jsonable.AspNetCore.sln) is not above " + System.AppContext.BaseDirectory);
    }
}
