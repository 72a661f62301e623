#nullable enable
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.Polymorphism;

/// <summary>
/// What a client can send to a polymorphic type: every bad discriminator is a <see cref="JsonableException"/> whose path
/// names it, in both formats; hostile discriminators (lying, huge, repeated, of the wrong token type) are refused cleanly.
/// </summary>
public sealed class PolymorphismErrorTests
{
    public static TheoryData<string, string, string> BadDocuments => new()
    {
        // document, declared type, expected path
        { "[{\"$type\":\"circle\"},{\"$type\":\"nope\"}]", "shapes", "$[1].$type" },
        { "{\"main\":{\"$type\":\"nope\"}}", "drawing", "$.main.$type" },
        { "{\"byName\":{\"a\":{\"$type\":7}}}", "drawing", "$.byName.a.$type" },
        { "{\"pets\":[{\"$type\":\"cat\"},{\"name\":\"no discriminator\"}]}", "drawing", "$.pets[1]" },
        { "{\"main\":{\"$type\":null}}", "drawing", "$.main.$type" },
        { "{\"main\":{\"$type\":true}}", "drawing", "$.main.$type" },
        { "{\"main\":{\"$type\":2.5}}", "drawing", "$.main.$type" },
        { "{\"main\":{\"$type\":\"circle\",\"$type\":\"circle\"}}", "drawing", "$.main.$type" },
        { "{\"main\":{\"radius\":1,\"$type\":\"circle\"}}", "drawing", "$.main.$type" },
        { "{\"main\":{\"$type\":\"group\",\"children\":[{\"$type\":\"circle\"}],\"$extra\":1}}", "drawing", "$.main.$extra" },
        { "{\"main\":{\"$type\":\"group\",\"children\":[{\"$type\":\"circle\",\"$x\":1}]}}", "drawing", "$.main.children[0].$x" },
    };

    [Theory]
    [MemberData(nameof(BadDocuments))]
    public void BadDiscriminator_Json_IsAJsonableExceptionWithThePath(string json, string declared, string path)
    {
        JsonableException ex = Assert.Throws<JsonableException>(() => Read(Encoding.UTF8.GetBytes(json), declared, JsonableFormat.Json));

        Assert.Equal(path, ex.Path);
        Assert.ThrowsAny<Exception>(() => ReadWithStj(json, declared)); // STJ refuses each of them too
    }

    [Theory]
    [MemberData(nameof(BadDocuments))]
    public void BadDiscriminator_Jmc1_IsAJsonableExceptionWithThePath(string json, string declared, string path)
    {
        // The same documents as JMC1 (no length comments: they are hints, and a value without one is read by scanning).
        byte[] jmc1 = Encoding.UTF8.GetBytes("/*JMC1*/" + json);

        JsonableException ex = Assert.Throws<JsonableException>(() => Read(jmc1, declared, JsonableFormat.Jmc1));

        Assert.Equal(path, ex.Path);
    }

    [Fact]
    public void UnknownDiscriminator_MessageNamesItAndTheType()
    {
        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Shape>("{\"$type\":\"hexagon\"}"u8));

        Assert.Contains("\"hexagon\"", ex.Message, StringComparison.Ordinal);
        Assert.Contains("'Shape'", ex.Message, StringComparison.Ordinal);
        Assert.Equal("$.$type", ex.Path);
    }

    [Fact]
    public void AbstractBaseWithoutDiscriminator_IsAJsonableException_NotANotSupportedException()
    {
        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Animal>("{\"name\":\"rex\"}"u8));
        JsonableException ignored = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Vessel>("{\"$type\":\"tug\",\"length\":3}"u8));

        Assert.Contains("abstract", ex.Message, StringComparison.Ordinal);
        Assert.Equal("$", ex.Path);
        Assert.Contains("'Vessel'", ignored.Message, StringComparison.Ordinal);
        Assert.Throws<NotSupportedException>(() => JsonSerializer.Deserialize<Animal>("{\"name\":\"rex\"}", JsonSerializerOptions.Web));
    }

    [Fact]
    public void HugeDiscriminator_IsRefused_AndTheMessageStaysShort()
    {
        string huge = new('x', 200_000);
        byte[] json = Encoding.UTF8.GetBytes("{\"$type\":\"" + huge + "\",\"radius\":1}");

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Shape>(json));

        Assert.Equal("$.$type", ex.Path);
        Assert.InRange(ex.Message.Length, 1, 300);
        Assert.Contains("200000 bytes", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void InvalidUtf8Discriminator_IsAJsonableException()
    {
        byte[] json = [.. "{\"$type\":\"circ"u8.ToArray(), 0xFF, .. "\"}"u8.ToArray()];

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Shape>(json));

        Assert.Equal("$.$type", ex.Path);
        Assert.ThrowsAny<JsonException>(() => JsonSerializer.Deserialize<Shape>(json, JsonSerializerOptions.Web));
    }

    [Fact]
    public void LyingDiscriminator_ReadsAsTheTypeItNames_AsStj()
    {
        // A square's members under a circle's discriminator: a circle, the square's member unknown (skipped by default).
        const string json = "{\"$type\":\"circle\",\"side\":3,\"radius\":2}";

        Shape? jsonable = JsonableSerializer.Deserialize<Shape>(Encoding.UTF8.GetBytes(json));
        Shape? stj = JsonSerializer.Deserialize<Shape>(json, JsonSerializerOptions.Web);

        Circle circle = Assert.IsType<Circle>(jsonable);
        Assert.Equal(2, circle.Radius);
        Assert.IsType<Circle>(stj);
    }

    [Fact]
    public void Jmc1_LyingLengthOnTheDiscriminator_IsAnError()
    {
        byte[] honest = JsonableSerializer.SerializeToUtf8Bytes<Shape>(new Circle { Radius = 1 }, JsonableFormat.Jmc1);
        byte[] lying = (byte[])honest.Clone();
        int valueComment = IndexOf(honest, "\"$type\":"u8) + "\"$type\":"u8.Length;
        Assert.Equal((byte)'/', honest[valueComment]);
        lying[valueComment + 2]++; // claims "circle" has 7 bytes

        Assert.IsType<Circle>(JsonableSerializer.Deserialize<Shape>(honest, JsonableFormat.Jmc1));
        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Shape>(lying, JsonableFormat.Jmc1));
        Assert.Equal("$.$type", ex.Path);
    }

    [Fact]
    public void Jmc1_LengthCommentBeforeAnIntDiscriminator_IsAnError()
    {
        byte[] honest = JsonableSerializer.SerializeToUtf8Bytes<Shape>(new Square { Side = 1 }, JsonableFormat.Jmc1);
        int value = IndexOf(honest, "\"$type\":2"u8) + "\"$type\":"u8.Length;
        byte[] withComment = [.. honest.Take(value), .. "/*\u0031\u0001*/"u8.ToArray(), .. honest.Skip(value)];

        Assert.IsType<Square>(JsonableSerializer.Deserialize<Shape>(honest, JsonableFormat.Jmc1));
        Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Shape>(withComment, JsonableFormat.Jmc1));
    }

    [Fact]
    public void DisallowUnknownMembers_StillAcceptsTheDiscriminator_AndRefusesOthers()
    {
        var strict = new JsonableReaderOptions { UnknownMemberHandling = JsonableUnknownMemberHandling.Disallow };

        Assert.IsType<Circle>(JsonableSerializer.Deserialize<Shape>("{\"$type\":\"circle\",\"radius\":1}"u8, JsonableFormat.Json, strict));
        Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Shape>("{\"$type\":\"circle\",\"side\":1}"u8, JsonableFormat.Json, strict));
    }

    [Fact]
    public void NestedPolymorphicObjects_EachKeepItsOwnRules()
    {
        const string json = "{\"$type\":\"group\",\"children\":[{\"$type\":\"circle\",\"radius\":1},{\"$type\":\"group\",\"children\":[{\"$type\":2,\"side\":4}]}],\"color\":\"c\"}";

        Group group = Assert.IsType<Group>(JsonableSerializer.Deserialize<Shape>(Encoding.UTF8.GetBytes(json)));

        Assert.Equal("c", group.Color);
        Assert.IsType<Circle>(group.Children![0]);
        Assert.Equal(4, Assert.IsType<Square>(Assert.IsType<Group>(group.Children[1]).Children![0]).Side);
        Assert.Equal(
            JsonSerializer.Serialize(JsonSerializer.Deserialize<Shape>(json, JsonSerializerOptions.Web), JsonSerializerOptions.Web),
            JsonSerializer.Serialize<Shape>(group, JsonSerializerOptions.Web));
    }

    [Fact]
    public void ReuseInstance_ReplacesAPolymorphicMemberWhole()
    {
        var drawing = new Drawing { Main = new Circle { Radius = 1, Color = "old" } };

        drawing.FromJson("{\"main\":{\"$type\":2,\"side\":5}}"u8, reuseInstance: true);

        Square square = Assert.IsType<Square>(drawing.Main);
        Assert.Equal(5, square.Side);
        Assert.Null(square.Color);
    }

    [Fact]
    public void MergePatch_NullPolymorphicMember_TakesTheWholeObject_ExistingOneRefusesAnotherDiscriminator()
    {
        JsonableTypeInfo<Drawing> info = JsonableRegistry.GetTypeInfo<Drawing>()!;
        var empty = new Drawing();
        var existing = new Drawing { Main = new Circle { Radius = 1 } };

        info.Merge("{\"main\":{\"$type\":\"circle\",\"radius\":3}}"u8, JsonableFormat.Json, ref empty);
        JsonableException ex = Assert.Throws<JsonableException>(() => info.Merge("{\"main\":{\"$type\":2,\"side\":3}}"u8, JsonableFormat.Json, ref existing));

        Assert.Equal(3, Assert.IsType<Circle>(empty.Main).Radius);
        Assert.Equal(1, Assert.IsType<Circle>(existing.Main).Radius); // unchanged: a patch is atomic
        Assert.Equal("$.main.$type", ex.Path);
    }

    private static object? Read(byte[] input, string declared, JsonableFormat format) => declared switch
    {
        "shapes" => JsonableSerializer.Deserialize<List<Shape>>(input, format),
        _ => JsonableSerializer.Deserialize<Drawing>(input, format),
    };

    private static object? ReadWithStj(string json, string declared) => declared switch
    {
        "shapes" => JsonSerializer.Deserialize<List<Shape>>(json, JsonSerializerOptions.Web),
        _ => JsonSerializer.Deserialize<Drawing>(json, JsonSerializerOptions.Web),
    };

    private static int IndexOf(byte[] haystack, ReadOnlySpan<byte> needle) => haystack.AsSpan().IndexOf(needle);
}
