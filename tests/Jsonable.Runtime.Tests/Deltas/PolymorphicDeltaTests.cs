#nullable enable
using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json.Nodes;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Runtime.Tests.PartialUpdates;
using Jsonable.Runtime.Tests.Polymorphism;

namespace Jsonable.Runtime.Tests.Deltas;

/// <summary>
/// Deltas of polymorphic values (docs/deltas.md): the same derived type on both sides gives a nested patch of its changed
/// members, without the discriminator; another type is written whole, which the merge refuses where a value is stored.
/// Random changes to <see cref="Garden"/>s, in JSON and JMC1: merged into a copy of previous, the delta gives exactly
/// current (or, for a type change, the refusal and no change), and the JSON delta applied by a plain RFC 7396 merge of
/// the JSON documents gives current's JSON too.
/// </summary>
public sealed class PolymorphicDeltaTests
{
    [Fact]
    public void TheSameDerivedType_IsANestedPatchOfItsChangedMembers_WithoutTheDiscriminator()
    {
        var previous = new Garden
        {
            Main = new BigCircle { Color = "red", Radius = 2, Extra = 1 },
            ByName = new() { ["a"] = new Square { Side = 1 } },
            Plant = new Tree { Tag = 3, Height = 1, Crown = new MergeDimensions { Width = 1 } },
        };
        Garden current = Copy(previous);
        ((BigCircle)current.Main!).Extra = 2;
        ((Square)current.ByName!["a"]).Side = 5;
        ((Tree)current.Plant!).Crown!.Depth = 4;

        string delta = Write(previous, current, JsonableFormat.Json, out bool changed);

        Assert.True(changed);
        Assert.Equal("""{"main":{"extra":2},"byName":{"a":{"side":5}},"plant":{"crown":{"Depth":4}}}""", delta);
        AssertMergesTo(previous, current, delta);
    }

    [Fact]
    public void ADerivedTypeWithoutADiscriminator_IsPatchedByItsMembersToo()
    {
        var previous = new Drawing { Main = new Triangle { Color = "red", Corners = 3 } };
        var current = new Drawing { Main = new Triangle { Color = "red", Corners = 4 } };
        var buffer = new ArrayBufferWriter<byte>();

        Drawing.WriteMergePatch(previous, current, buffer, emitMetadataComments: false);
        previous.MergeFromJson(buffer.WrittenSpan);

        Assert.Equal("""{"main":{"corners":4}}""", Encoding.UTF8.GetString(buffer.WrittenSpan));
        Assert.Equal(4, Assert.IsType<Triangle>(previous.Main).Corners);
    }

    [Fact]
    public void AnotherDerivedType_IsWrittenWhole_AndTheMergeRefusesItWhereAValueIsStored()
    {
        var previous = new Garden { Main = new Circle { Color = "red", Radius = 2 } };
        var current = new Garden { Main = new Square { Color = "red", Side = 3 } };

        string delta = Write(previous, current, JsonableFormat.Json, out _);
        Garden target = Copy(previous);
        JsonableException error = Assert.Throws<JsonableException>(() => target.MergeFromJson(Encoding.UTF8.GetBytes(delta)));

        Assert.Equal("""{"main":{"$type":2,"side":3,"color":"red"}}""", delta);
        Assert.Equal("$.main.$type", error.Path);
        Assert.Equal(previous.ToJson(), target.ToJson());

        previous.Main = null; // null to a value, and a value to null: unchanged rules
        AssertMergesTo(previous, current, Write(previous, current, JsonableFormat.Json, out _));
        AssertMergesTo(current, previous, Write(current, previous, JsonableFormat.Json, out _));
        Assert.Equal("""{"main":null}""", Write(current, previous, JsonableFormat.Json, out _));
    }

    [Fact]
    public void RandomChanges_MergeBackIntoExactlyCurrent_InJsonAndJmc1_AndByAPlainRfc7396Merge()
    {
        int nestedPatches = 0, typeChanges = 0;
        for (int seed = 0; seed < 400; seed++)
        {
            var random = new Random(seed);
            Garden previous = RandomGarden(random);
            Garden current = Copy(previous);
            Mutate(current, random);
            bool typeChanged = TypeChanged(previous, current);
            typeChanges += typeChanged ? 1 : 0;

            foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
            {
                var buffer = new ArrayBufferWriter<byte>();
                JsonableDelta.WriteMergePatch(buffer, previous, current, format);
                Garden target = Copy(previous);
                string where = $"seed {seed} {format}: {Encoding.UTF8.GetString(buffer.WrittenSpan)}";
                if (typeChanged)
                {
                    JsonableException error = Assert.Throws<JsonableException>(() => Merge(target, buffer.WrittenSpan, format));
                    Assert.True(error.Reason.Contains("PUT", StringComparison.Ordinal), where + " " + error.Message);
                    Assert.True(previous.ToJson() == target.ToJson(), where);
                    continue;
                }

                Merge(target, buffer.WrittenSpan, format);
                Assert.True(current.ToJson() == target.ToJson(), where + "\n" + previous.ToJson() + "\n" + current.ToJson() + "\n" + target.ToJson());
                if (format == JsonableFormat.Json)
                {
                    string json = Encoding.UTF8.GetString(buffer.WrittenSpan);
                    nestedPatches += json.Contains("{\"$type\"", StringComparison.Ordinal) ? 0 : 1;
                    JsonNode merged = Rfc7396.Apply(JsonNode.Parse(previous.ToJson()), JsonNode.Parse(json))!;
                    // RFC 7396 removes what null clears, where the writer writes null: compare without null members.
                    JsonData.AssertEqual(Encoding.UTF8.GetBytes(Rfc7396.WithoutNulls(JsonNode.Parse(current.ToJson()))!.ToJsonString()), Encoding.UTF8.GetBytes(Rfc7396.WithoutNulls(merged)!.ToJsonString()));
                }
            }
        }

        // The cases that matter happened: in-place changes patched by members, and type changes refused.
        Assert.True(nestedPatches > 100, $"{nestedPatches} nested patches");
        Assert.True(typeChanges > 20, $"{typeChanges} type changes");
    }

    private static bool TypeChanged(Garden previous, Garden current) =>
        Differs(previous.Main, current.Main) || Differs(previous.Plant, current.Plant)
        || (previous.ByName is not null && current.ByName is not null
            && previous.ByName.Any(p => current.ByName.TryGetValue(p.Key, out Shape? now) && Differs(p.Value, now)));

    private static bool Differs(object? previous, object? current) => previous is not null && current is not null && previous.GetType() != current.GetType();

    private static Garden RandomGarden(Random random) => new()
    {
        Main = random.Next(4) == 0 ? null : RandomShape(random),
        ByName = random.Next(4) == 0 ? null : Enumerable.Range(0, random.Next(4)).ToDictionary(i => "k" + i, _ => RandomShape(random)),
        Plant = random.Next(4) == 0 ? null : RandomPlant(random),
    };

    // Triangle is left out: listed without a discriminator, it reads back as the base (as in STJ), so no copy keeps it.
    private static Shape RandomShape(Random random) => random.Next(5) switch
    {
        0 => new Circle { Color = RandomColor(random), Radius = random.Next(1, 5) },
        1 => new Square { Color = RandomColor(random), Side = random.Next(1, 5) },
        2 => new BigCircle { Color = RandomColor(random), Radius = random.Next(1, 5), Extra = random.Next(3) },
        3 => new Group { Color = RandomColor(random), Children = random.Next(2) == 0 ? null : [new Circle { Radius = random.Next(3) }, new Square()] },
        _ => new Negative { Color = RandomColor(random) },
    };

    private static Plant RandomPlant(Random random) => random.Next(2) == 0
        ? new Tree { Tag = random.Next(3), Name = RandomColor(random), Height = random.Next(5), Crown = random.Next(2) == 0 ? null : new MergeDimensions { Width = random.Next(3) } }
        : new Flower { Tag = random.Next(3), Species = RandomColor(random), Colors = random.Next(2) == 0 ? null : [RandomColor(random) ?? "white"] };

    private static string? RandomColor(Random random) => random.Next(4) switch { 0 => null, 1 => "red", 2 => "blue", _ => "green" };

    private static void Mutate(Garden garden, Random random)
    {
        garden.Main = MutateShape(garden.Main, random);
        if (garden.ByName is { } byName && random.Next(2) == 0)
        {
            // Added before any is removed: a dictionary reuses a removed entry's slot, which would change the order it is written in.
            byName["new" + random.Next(3)] = RandomShape(random);
            foreach (string key in byName.Keys.Where(k => k.StartsWith('k')).ToList())
            {
                switch (random.Next(4))
                {
                    case 0: byName.Remove(key); break;
                    case 1: byName[key] = MutateShape(byName[key], random) ?? RandomShape(random); break;
                    default: ChangeInPlace(byName[key], random); break;
                }
            }
        }
        else if (random.Next(4) == 0)
        {
            garden.ByName = garden.ByName is null ? new() { ["x"] = RandomShape(random) } : null;
        }

        switch (random.Next(5))
        {
            case 0: garden.Plant = garden.Plant is null ? RandomPlant(random) : null; break;
            case 1: garden.Plant = RandomPlant(random); break; // perhaps another type
            default:
                if (garden.Plant is Tree tree)
                {
                    tree.Height += random.Next(2);
                    tree.Bark = random.Next(2) == 0 ? "rough" : tree.Bark;
                    if (tree.Crown is { } crown)
                    {
                        crown.Depth = random.Next(3);
                    }
                }
                else if (garden.Plant is Flower flower)
                {
                    flower.Colors = random.Next(2) == 0 ? flower.Colors : ["red", "white"];
                    flower.Name = RandomColor(random);
                }

                break;
        }
    }

    private static Shape? MutateShape(Shape? shape, Random random)
    {
        switch (random.Next(6))
        {
            case 0: return null;
            case 1: return RandomShape(random); // perhaps another type
            default:
                if (shape is null)
                {
                    return random.Next(2) == 0 ? null : RandomShape(random);
                }

                ChangeInPlace(shape, random);
                return shape;
        }
    }

    private static void ChangeInPlace(Shape shape, Random random)
    {
        shape.Color = random.Next(3) == 0 ? RandomColor(random) : shape.Color;
        switch (shape)
        {
            case BigCircle big: big.Extra += random.Next(2); big.Radius += random.Next(2) * 0.5; break;
            case Circle circle: circle.Radius += 0.25 * random.Next(3); break;
            case Square square: square.Side = random.Next(4); break;
            case Group group: group.Children = random.Next(2) == 0 ? group.Children : [new Square { Side = random.Next(9) }]; break;
        }
    }

    private static void AssertMergesTo(Garden previous, Garden current, string delta)
    {
        Garden target = Copy(previous);
        target.MergeFromJson(Encoding.UTF8.GetBytes(delta));
        Assert.Equal(current.ToJson(), target.ToJson());
    }

    private static void Merge(Garden target, ReadOnlySpan<byte> patch, JsonableFormat format)
    {
        if (format == JsonableFormat.Json)
        {
            target.MergeFromJson(patch);
        }
        else
        {
            target.MergeFromJsonable(patch);
        }
    }

    private static string Write(Garden previous, Garden current, JsonableFormat format, out bool changed)
    {
        var buffer = new ArrayBufferWriter<byte>();
        changed = JsonableDelta.WriteMergePatch(buffer, previous, current, format);
        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    private static Garden Copy(Garden value) => Garden.CreateFromJson(Encoding.UTF8.GetBytes(value.ToJson()));

    /// <summary>RFC 7396 §2's MergePatch, on plain JSON values: what a receiver that knows nothing of the types does.</summary>
    private static class Rfc7396
    {
        public static JsonNode? Apply(JsonNode? target, JsonNode? patch)
        {
            if (patch is not JsonObject patchObject)
            {
                return patch?.DeepClone();
            }

            JsonObject result = target as JsonObject ?? new JsonObject();
            foreach ((string name, JsonNode? value) in patchObject)
            {
                if (value is null)
                {
                    result.Remove(name);
                }
                else
                {
                    JsonNode? existing = result[name];
                    result.Remove(name);
                    result[name] = Apply(existing, value);
                }
            }

            return result;
        }

        public static JsonNode? WithoutNulls(JsonNode? node)
        {
            switch (node)
            {
                case JsonObject o:
                    foreach (string name in o.Where(p => p.Value is null).Select(p => p.Key).ToList())
                    {
                        o.Remove(name);
                    }

                    foreach ((string _, JsonNode? value) in o)
                    {
                        WithoutNulls(value);
                    }

                    break;
                case JsonArray a:
                    foreach (JsonNode? element in a)
                    {
                        WithoutNulls(element);
                    }

                    break;
            }

            return node;
        }
    }
}
