#nullable enable
using System;
using System.Collections.Generic;
using System.Text;
using System.Text.Json;

namespace Jsonable.Runtime.Tests.Polymorphism;

/// <summary>
/// [JsonPolymorphic]/[JsonDerivedType] against System.Text.Json's reflection serializer with the web defaults: the same
/// JSON bytes, the same data in JMC1, and the same outcome (value or error) for every read.
/// </summary>
public sealed class PolymorphismParityTests
{
    private static readonly JsonSerializerOptions s_web = JsonSerializerOptions.Web;

    private static readonly JsonSerializerOptions s_webSkippingComments = new(JsonSerializerOptions.Web) { ReadCommentHandling = JsonCommentHandling.Skip };

    // ---- writing ---------------------------------------------------------------------------------

    public static TheoryData<string> ShapeValues => new(ShapeCases.Keys);

    private static readonly Dictionary<string, Shape> ShapeCases = new()
    {
        ["circle (string discriminator)"] = new Circle { Radius = 2, Color = "red" },
        ["square (int discriminator)"] = new Square { Side = 3 },
        ["triangle (listed without discriminator)"] = new Triangle { Color = "blue" },
        ["the base itself"] = new Shape { Color = "green" },
        ["big circle (grandchild, listed on the base)"] = new BigCircle { Radius = 1, Extra = 5 },
        ["negative int discriminator"] = new Negative(),
    };

    [Theory]
    [MemberData(nameof(ShapeValues))]
    public void Write_AsBase_SameJsonBytesAsStj(string name)
    {
        Shape value = ShapeCases[name];

        AssertSameJson(value);
        AssertSameJson(new List<Shape> { value, value });
        AssertSameJson(new[] { value });
        AssertSameJson(new Drawing { Main = value, Layers = [value], ByName = new() { ["x"] = value } });
    }

    [Theory]
    [MemberData(nameof(ShapeValues))]
    public void Write_AsBase_Jmc1CarriesTheSameData(string name)
    {
        Shape value = ShapeCases[name];
        var drawing = new Drawing { Main = value, Layers = [value, null!], Pets = [new Cat { Lives = 9 }], ByName = new() { ["x"] = value } };

        byte[] jmc1 = JsonableSerializer.SerializeToUtf8Bytes(drawing, JsonableFormat.Jmc1);

        // STJ reads JMC1 as JSON with comments: it must read what it reads from its own JSON (a type listed without a
        // discriminator comes back as the base there too), and so must Jsonable.
        string expected = JsonSerializer.Serialize(JsonSerializer.Deserialize<Drawing>(JsonSerializer.Serialize(drawing, s_web), s_web), s_web);
        Drawing? throughStj = JsonSerializer.Deserialize<Drawing>(jmc1, s_webSkippingComments);
        Assert.Equal(expected, JsonSerializer.Serialize(throughStj, s_web));
        Drawing? throughJsonable = JsonableSerializer.Deserialize<Drawing>(jmc1, JsonableFormat.Jmc1);
        Assert.Equal(expected, JsonSerializer.Serialize(throughJsonable, s_web));
    }

    [Fact]
    public void Write_DerivedAsItself_HasNoDiscriminator_AsStj()
    {
        AssertSameJson(new Circle { Radius = 2 });
        AssertSameJson(new Cat { Lives = 1 });
        Assert.DoesNotContain("$type", new Circle { Radius = 2 }.ToJson(), StringComparison.Ordinal);
    }

    [Fact]
    public void Write_ThroughToJsonOfTheBase_Dispatches()
    {
        Shape shape = new Circle { Radius = 2, Color = "red" };

        Assert.Equal("{\"$type\":\"circle\",\"radius\":2,\"color\":\"red\"}", shape.ToJson());
        Assert.Equal(JsonSerializer.Serialize(shape, s_web), shape.ToJson());
    }

    [Fact]
    public void Write_Jmc1_DiscriminatorIsAnOrdinaryNameWithLengthComments()
    {
        byte[] jmc1 = JsonableSerializer.SerializeToUtf8Bytes<Shape>(new Circle { Radius = 2 }, JsonableFormat.Jmc1);
        byte[] square = JsonableSerializer.SerializeToUtf8Bytes<Shape>(new Square { Side = 3 }, JsonableFormat.Jmc1);

        Assert.StartsWith("/*JMC1*/{/*\u0035\u0001*/\"$type\":/*\u0036\u0001*/\"circle\",", Encoding.Latin1.GetString(jmc1), StringComparison.Ordinal);
        Assert.StartsWith("/*JMC1*/{/*\u0035\u0001*/\"$type\":2,", Encoding.Latin1.GetString(square), StringComparison.Ordinal);
    }

    [Fact]
    public void Write_UnknownDerivedTypeHandling_AsStj()
    {
        AssertSameJson<Kind>(new KindOne { N = 1, X = 2 });
        AssertSameJson<Kind>(new KindTwo { N = 1, Y = 2 });   // FallBackToBaseType
        AssertSameJson<Kind>(new KindThree { N = 1, Z = 3 }); // FallBackToBaseType, even below a listed type
        AssertSameJson<Fallback>(new FallbackTwo { A = 1, B = 2, C = 3 }); // nearest listed ancestor: "fb1"
        AssertSameJson<Fallback>(new FallbackThree { A = 1, D = 4 });      // nearest listed ancestor: the base, "fb"
        AssertSameJson<Fallback>(new Fallback { A = 1 });
        AssertSameJson<ListedBase>(new ListedBaseTwo { A = 1, C = 3 }); // FallBackToBaseType, the base listed: "base"
        AssertSameJson<ListedBase>(new ListedBase { A = 1 });
        AssertSameJson<ListedBase>(new ListedBaseOne { A = 1, B = 2 });
        AssertSameJson<Mixed>(new MixedOne());
        AssertSameJson<Mixed>(new MixedTwo());
    }

    [Fact]
    public void Write_UnlistedRuntimeType_FailsAsStj()
    {
        Shape value = new UnlistedSquare { Side = 1 };

        Assert.Throws<NotSupportedException>(() => JsonSerializer.Serialize(value, s_web));
        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.SerializeToUtf8Bytes(value));
        Assert.Contains("UnlistedSquare", ex.Message, StringComparison.Ordinal);
        Assert.Contains("Shape", ex.Message, StringComparison.Ordinal);
    }

    // ---- reading ---------------------------------------------------------------------------------

    public static TheoryData<string> ShapeDocuments => new()
    {
        "{\"$type\":\"circle\",\"radius\":2,\"color\":\"red\"}",
        "{\"$type\":2,\"side\":3}",
        "{\"$type\":-1,\"color\":\"x\"}",
        "{\"$type\":\"bigcircle\",\"extra\":1,\"radius\":4}",
        "{\"color\":\"plain\"}",
        "{}",
        "null",
        " { \"$type\" : \"circle\" , \"radius\" : 1 } ",
        "{\"$type\":\"circ\\u006ce\",\"radius\":1}",       // an escaped discriminator is the same string
        "{\"\\u0024type\":\"circle\",\"radius\":1}",       // and so is an escaped name
        "{\"$type\":\"circle\",\"radius\":1,\"side\":3}",  // a lying discriminator: the square's member is unknown to a circle
        "{\"$type\":\"circle\",\"Radius\":5}",             // names ignore case (web default)
        "{\"radius\":2,\"$type\":\"circle\"}",             // not first
        "{\"color\":\"x\",\"$type\":\"circle\"}",
        "{\"$type\":\"circle\",\"$type\":\"circle\"}",     // repeated
        "{\"$type\":\"circle\",\"radius\":1,\"$type\":\"square\"}",
        "{\"$type\":\"2\",\"side\":3}",                    // a string is not the int discriminator
        "{\"$type\":2.0}",
        "{\"$type\":2e0}",
        "{\"$type\":2147483648}",
        "{\"$type\":-0}",
        "{\"$type\":null}",
        "{\"$type\":true}",
        "{\"$type\":{}}",
        "{\"$type\":[\"circle\"]}",
        "{\"$type\":\"nope\"}",
        "{\"$type\":\"CIRCLE\"}",
        "{\"$TYPE\":\"circle\"}",
        "{\"$type\":\"tri\"}",                             // listed without a discriminator: cannot be read as itself
        "{\"$type\":\"triangle\"}",
        "{\"$type\":\"big\"}",                             // Circle's discriminator, not Shape's
        "{\"$id\":\"1\",\"$type\":\"circle\"}",
        "{\"$foo\":1}",
        "{\"color\":\"x\",\"$foo\":1}",
        "{\"$type\":\"circle\",\"$foo\":1}",
        "{\"$type\":\"circle\",\"radius\":2,\"$ref\":\"1\"}",
        "{\"$type\":\"circle\"",
        "[]",
        "\"circle\"",
    };

    [Theory]
    [MemberData(nameof(ShapeDocuments))]
    public void Read_Shape_SameOutcomeAsStj(string json)
    {
        AssertSameReadOutcome<Shape>(json);
        AssertSameReadOutcome<List<Shape>>("[" + json + "]");
        AssertSameReadOutcome<Drawing>("{\"main\":" + json + "}");
        AssertSameReadOutcome<Drawing>("{\"byName\":{\"k\":" + json + "}}");
    }

    public static TheoryData<string> OtherDocuments => new()
    {
        "{}",
        "{\"$type\":\"cat\",\"lives\":9}",
        "{\"$type\":\"dog\",\"good\":true,\"name\":\"rex\"}",
        "{\"name\":\"rex\"}",
        "{\"$type\":\"cow\"}",
        "{\"$type\":\"ferry\",\"cars\":3}",
        "{\"$type\":\"kind\",\"n\":1}",
        "{\"kind\":\"k1\",\"n\":1,\"x\":2}",
        "{\"kind\":\"zz\",\"n\":1}",
        "{\"$type\":\"k1\",\"n\":1}",
        "{\"n\":1,\"kind\":\"k1\"}",
        "{\"KIND\":\"k1\",\"n\":1}",
        "{\"kind\":\"k1\",\"kind\":\"k1\"}",
        "{\"kind\":1}",
        "{\"kind\":\"k1\",\"$x\":1}",
        "{\"$type\":1}",
        "{\"$type\":\"1\"}",
        "{\"$type\":\"m\"}",
        "{\"$type\":\"fb\",\"a\":1}",
        "{\"$type\":\"fb1\",\"a\":1,\"b\":2}",
    };

    [Theory]
    [MemberData(nameof(OtherDocuments))]
    public void Read_OtherHierarchies_SameOutcomeAsStj(string json)
    {
        AssertSameReadOutcome<Animal>(json); // abstract: no (known) discriminator is an error
        AssertSameReadOutcome<Vessel>(json); // abstract, IgnoreUnrecognizedTypeDiscriminators: still an error
        AssertSameReadOutcome<Kind>(json);   // "kind", IgnoreUnrecognizedTypeDiscriminators: the base
        AssertSameReadOutcome<Mixed>(json);
        AssertSameReadOutcome<Fallback>(json);
        AssertSameReadOutcome<List<Animal>>("[" + json + "]");
    }

    [Fact]
    public void Read_NonPolymorphicDerivedType_SkipsTypeAsAnUnknownMember_AsStj()
    {
        AssertSameReadOutcome<Square>("{\"$type\":2,\"side\":3}");
        AssertSameReadOutcome<Square>("{\"$foo\":2,\"side\":3}");
        AssertSameReadOutcome<BigCircle>("{\"$type\":\"bigcircle\",\"extra\":3}");
    }

    [Fact]
    public void Read_RoundTripsEveryValue_BothFormats()
    {
        foreach (Shape value in ShapeCases.Values)
        {
            foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
            {
                byte[] bytes = JsonableSerializer.SerializeToUtf8Bytes(value, format);
                Shape? back = JsonableSerializer.Deserialize<Shape>(bytes, format);
                Shape? expected = JsonSerializer.Deserialize<Shape>(JsonSerializer.Serialize(value, s_web), s_web);
                Assert.Equal(expected?.GetType(), back?.GetType());
                Assert.Equal(JsonSerializer.Serialize(expected, s_web), JsonSerializer.Serialize(back, s_web));
            }
        }
    }

    [Fact]
    public void Records_WithConstructors_WriteAndReadAsStj()
    {
        Transaction[] value = [new Deposit(10.5m, "bank"), new Withdrawal(3m) { Atm = "corner" }];

        AssertSameJson(value);
        AssertSameReadOutcome<Transaction[]>(JsonSerializer.Serialize(value, s_web));
        AssertSameReadOutcome<Transaction[]>("[{\"$type\":\"withdrawal\",\"amount\":1}]"); // required member missing
        AssertSameReadOutcome<Transaction[]>("[{\"amount\":1}]");                             // abstract, no discriminator
    }

    [Fact]
    public void PrettyPrint_KeepsTheDiscriminatorFirst()
    {
        Shape shape = new Circle { Radius = 2 };

        string pretty = shape.ToJson(prettyPrint: true);

        Assert.Equal(JsonSerializer.Serialize(shape, new JsonSerializerOptions(s_web) { WriteIndented = true }), pretty.ReplaceLineEndings("\n"));
    }

    /// <summary>Both succeed with the same data (re-serialized by STJ as the declared type), or both fail.</summary>
    private static void AssertSameReadOutcome<T>(string json)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(json);
        string? stj;
        try
        {
            stj = JsonSerializer.Serialize(JsonSerializer.Deserialize<T>(utf8, s_web), s_web);
        }
        catch (Exception e) when (e is JsonException or NotSupportedException)
        {
            stj = null;
        }

        string? jsonable;
        try
        {
            jsonable = JsonSerializer.Serialize(JsonableSerializer.Deserialize<T>(utf8, JsonableFormat.Json), s_web);
        }
        catch (JsonableException)
        {
            jsonable = null;
        }

        Assert.True(stj == jsonable, $"{typeof(T).Name} from {json}: STJ {stj ?? "failed"}, Jsonable {jsonable ?? "failed"}");
    }

    private static void AssertSameJson<T>(T value)
    {
        string expected = JsonSerializer.Serialize(value, s_web);
        string actual = Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(value, JsonableFormat.Json));
        Assert.Equal(expected, actual);
    }
}
