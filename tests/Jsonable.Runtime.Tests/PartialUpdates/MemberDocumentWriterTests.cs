#nullable enable
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json.Nodes;
using Jsonable.Runtime.Tests.Jmc1;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.PartialUpdates;

/// <summary>
/// What a property endpoint or a <c>?fields=</c> selector sends: one document holding the selected members, stitched
/// from the generated partial writers — the same members, with the same values, as the whole document has.
/// </summary>
public sealed class MemberDocumentWriterTests
{
    private static readonly Body s_body = new()
    {
        Position = [1, 2, 3],
        Rotation = [0.5f, 0, 0, 1],
        Payload = new Payload { Kind = "crate \"A\"", Mass = 12, Inner = new Payload { Kind = "ü", Mass = 1 } },
    };

    [Theory]
    [InlineData("Rotation")]
    [InlineData("Payload")]
    [InlineData("Payload", "Rotation")]
    [InlineData("Rotation", "Payload")]
    public void Write_SelectedMembers_AreTheWholeDocumentsMembersInTheWritersOrder(params string[] names)
    {
        JsonableTypeInfo<Body> info = JsonableRegistry.GetTypeInfo<Body>()!;
        List<JsonablePartialWriter<Body>> writers = names.Select(n => info.TryGetPartialWriter(n, out JsonablePartialWriter<Body>? w) ? w : throw new KeyNotFoundException(n)).ToList();

        byte[] json = Write(writers, JsonableFormat.Json);
        byte[] jmc1 = Write(writers, JsonableFormat.Jmc1);

        JsonObject whole = JsonNode.Parse(JsonableSerializer.SerializeToUtf8Bytes(s_body))!.AsObject();
        var expected = new JsonObject();
        foreach (JsonablePartialWriter<Body> writer in writers)
        {
            expected[writer.JsonName] = whole[writer.JsonName]!.DeepClone();
        }

        JsonObject stitched = JsonNode.Parse(json)!.AsObject();
        Assert.Equal(writers.Select(w => w.JsonName), stitched.Select(member => member.Key));
        Assert.True(JsonNode.DeepEquals(expected, stitched), Encoding.UTF8.GetString(json));
        Jmc1Bytes.AssertConsistent(jmc1, json);
        Assert.StartsWith("/*JMC1*/{", Encoding.Latin1.GetString(jmc1));
    }

    [Fact]
    public void Write_NoMembers_IsAnEmptyObjectInEitherFormat()
    {
        Assert.Equal("{}"u8.ToArray(), Write([], JsonableFormat.Json));
        Assert.Equal("/*JMC1*/{}"u8.ToArray(), Write([], JsonableFormat.Jmc1));
    }

    private static byte[] Write(IReadOnlyList<JsonablePartialWriter<Body>> writers, JsonableFormat format)
    {
        var output = new ArrayBufferWriter<byte>();
        JsonableMemberDocumentWriter.Write(output, s_body, writers, format, options: null);
        return output.WrittenSpan.ToArray();
    }
}
