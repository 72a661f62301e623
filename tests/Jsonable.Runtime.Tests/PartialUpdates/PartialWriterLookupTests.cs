#nullable enable
using System.Buffers;
using System.Linq;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.PartialUpdates;

/// <summary>
/// The registry finds a type's partial writers by member name, so property endpoints, <c>fields</c> selectors and PATCH
/// clients can write <c>ToJsonUtf8_X</c>'s document knowing only <c>nameof(X)</c> or the wire name.
/// </summary>
public sealed class PartialWriterLookupTests
{
    [Fact]
    public void PartialWriters_ListEveryDeclaredPartialWriter_InDeclarationOrder()
    {
        JsonableTypeInfo<Body> info = JsonableRegistry.GetTypeInfo<Body>()!;

        Assert.Equal(["Rotation", "Payload"], info.PartialWriters.Select(p => p.MemberName));
    }

    [Theory]
    [InlineData("Position")]
    [InlineData("position")]
    [InlineData("POSITION")]
    public void TryGetPartialWriter_ByNameIgnoringCase_WritesWhatToJsonUtf8_PositionWrites(string name)
    {
        var transform = new Transform { Position = [1, 2, 3], Rotation = [4, 5, 6, 7], Name = "n" };
        JsonableTypeInfo<Transform> info = JsonableRegistry.GetTypeInfo<Transform>()!;

        Assert.True(info.TryGetPartialWriter(name, out JsonablePartialWriter<Transform>? partial));

        foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
        {
            var viaLookup = new ArrayBufferWriter<byte>();
            var direct = new ArrayBufferWriter<byte>();
            partial.WriteDocument(viaLookup, transform, format);
            transform.ToJsonUtf8_Position(direct, emitMetadataComments: format == JsonableFormat.Jmc1);
            Assert.Equal(direct.WrittenSpan.ToArray(), viaLookup.WrittenSpan.ToArray());
        }
    }

    [Theory]
    [InlineData("Rotation")] // a member without [ToJson(Property = ...)]
    [InlineData("Nope")]
    [InlineData("")]
    public void TryGetPartialWriter_MemberWithoutPartialWriter_IsNotFound(string name)
    {
        JsonableTypeInfo<Transform> info = JsonableRegistry.GetTypeInfo<Transform>()!;

        Assert.False(info.TryGetPartialWriter(name, out JsonablePartialWriter<Transform>? partial));
        Assert.Null(partial);
    }

    [Fact]
    public void TypeWithoutPartialWriters_HasNone()
    {
        Assert.Empty(JsonableRegistry.GetTypeInfo<Payload>()!.PartialWriters);
    }
}
