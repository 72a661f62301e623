#nullable enable
using System;
using System.Collections.Generic;
using System.Text.Json;

namespace Jsonable.Runtime.Tests.Polymorphism;

/// <summary>
/// Bounded byte mutations of polymorphic documents (JSON and JMC1): every outcome is a value or a
/// <see cref="JsonableException"/> with a path, never another exception; where STJ also reads a mutated document (JMC1 as JSON with comments),
/// both read the same data (the same derived types included). Both outcomes must occur for the run to count.
/// </summary>
public sealed class PolymorphismMutationTests
{
    private const int Iterations = 3000;

    // STJ reads JMC1 as JSON with comments (it skips the length comments that Jsonable checks).
    private static readonly JsonSerializerOptions s_stj = new(JsonSerializerOptions.Web) { ReadCommentHandling = JsonCommentHandling.Skip };

    private static readonly byte[] s_interesting = "{}[]\",:$0123456789-tnfe\\/*"u8.ToArray();

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void MutatedPolymorphicDocuments_ReadOrFailCleanly(JsonableFormat format)
    {
        var drawing = new Drawing
        {
            Main = new Group { Color = "g", Children = [new Circle { Radius = 1.5 }, new Square { Side = 2 }, new Negative()] },
            Layers = [new BigCircle { Extra = 3 }, new Triangle(), new Shape { Color = "plain" }],
            Pets = [new Cat { Lives = 9, Name = "tom" }, new Dog { Good = true }],
            ByName = new Dictionary<string, Shape> { ["c"] = new Circle { Radius = 4 } },
        };
        byte[] original = JsonableSerializer.SerializeToUtf8Bytes(drawing, format);
        var random = new Random(20261124 + (int)format);
        int succeeded = 0;
        int failed = 0;
        int agreed = 0;

        for (int i = 0; i < Iterations; i++)
        {
            byte[] mutated = Mutate(original, random);
            try
            {
                Drawing? read = JsonableSerializer.Deserialize<Drawing>(mutated, format);
                succeeded++;
                if (TryReadWithStj(mutated, out string? stj))
                {
                    Assert.Equal(stj, JsonSerializer.Serialize(read, JsonSerializerOptions.Web));
                    agreed++;
                }
            }
            catch (JsonableException ex)
            {
                Assert.False(string.IsNullOrEmpty(ex.Path), $"no path for: {ex.Message}");
                failed++;
            }
        }

        Assert.True(succeeded > 0, "no mutation read successfully: the run tested nothing but errors");
        Assert.True(failed > 0, "no mutation failed: the run tested nothing but successes");
        Assert.True(agreed > 0, "STJ read none of the documents Jsonable read: nothing was compared");
    }

    private static bool TryReadWithStj(byte[] json, out string? data)
    {
        try
        {
            data = JsonSerializer.Serialize(JsonSerializer.Deserialize<Drawing>(json, s_stj), JsonSerializerOptions.Web);
            return true;
        }
        catch (Exception e) when (e is JsonException or NotSupportedException)
        {
            data = null;
            return false;
        }
    }

    private static byte[] Mutate(byte[] original, Random random)
    {
        var bytes = new List<byte>(original);
        int edits = random.Next(1, 4);
        for (int e = 0; e < edits; e++)
        {
            int at = random.Next(bytes.Count);
            switch (random.Next(3))
            {
                case 0:
                    bytes[at] = s_interesting[random.Next(s_interesting.Length)];
                    break;
                case 1:
                    bytes.RemoveAt(at);
                    break;
                default:
                    bytes.Insert(at, s_interesting[random.Next(s_interesting.Length)]);
                    break;
            }
        }

        return bytes.ToArray();
    }
}
