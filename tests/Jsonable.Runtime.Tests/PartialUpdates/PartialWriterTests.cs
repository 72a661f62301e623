#nullable enable
using System;
using System.Buffers;
using System.Text;

namespace Jsonable.Runtime.Tests.PartialUpdates;

/// <summary><c>ToJsonUtf8_X</c> writes a complete document holding only <c>X</c>, and reading it changes only <c>X</c>.</summary>
public sealed class PartialWriterTests
{
    private static Transform Moved() => new() { Position = [1, 2, 3], Rotation = [9, 9, 9, 9], Name = "moved" };

    private static Transform Existing() => new() { Position = [0, 0, 0], Rotation = [0, 0, 0, 1], Name = "player" };

    [Fact]
    public void ToJsonUtf8_Position_Jmc1_IsByteExact()
    {
        var buffer = new ArrayBufferWriter<byte>();

        Moved().ToJsonUtf8_Position(buffer);

        byte[] expected = [.. "/*JMC1*/{/*"u8, 0x38, 0x01, .. "*/\"Position\":/*"u8, 0x33, 0x01, .. "*/[1,2,3]}"u8];
        Assert.Equal(expected, buffer.WrittenSpan.ToArray());
        Assert.Equal("/*JMC1*/{/*8\u0001*/\"Position\":/*3\u0001*/[1,2,3]}", Encoding.Latin1.GetString(buffer.WrittenSpan));
    }

    [Fact]
    public void ToJsonUtf8_Position_Json_IsByteExact()
    {
        var buffer = new ArrayBufferWriter<byte>();

        Moved().ToJsonUtf8_Position(buffer, emitMetadataComments: false);

        Assert.Equal("{\"Position\":[1,2,3]}", Encoding.UTF8.GetString(buffer.WrittenSpan));
    }

    [Fact]
    public void ToJsonUtf8_Position_NullPosition_WritesNull()
    {
        var buffer = new ArrayBufferWriter<byte>();

        new Transform { Name = "x" }.ToJsonUtf8_Position(buffer, emitMetadataComments: false);

        Assert.Equal("{\"Position\":null}", Encoding.UTF8.GetString(buffer.WrittenSpan));
    }

    [Fact]
    public void PartialJmc1_FromJsonable_ChangesOnlyPosition()
    {
        var buffer = new ArrayBufferWriter<byte>();
        Moved().ToJsonUtf8_Position(buffer);
        Transform target = Existing();
        float[] rotation = target.Rotation!;

        target.FromJsonable(buffer.WrittenSpan);

        Assert.Equal(new float[] { 1, 2, 3 }, target.Position);
        Assert.Same(rotation, target.Rotation);
        Assert.Equal(new float[] { 0, 0, 0, 1 }, target.Rotation);
        Assert.Equal("player", target.Name);
    }

    [Fact]
    public void PartialJson_FromJson_ChangesOnlyPosition()
    {
        var buffer = new ArrayBufferWriter<byte>();
        Moved().ToJsonUtf8_Position(buffer, emitMetadataComments: false);
        Transform target = Existing();

        target.FromJson(buffer.WrittenSpan);

        Assert.Equal(new float[] { 1, 2, 3 }, target.Position);
        Assert.Equal(new float[] { 0, 0, 0, 1 }, target.Rotation);
        Assert.Equal("player", target.Name);
    }

    [Fact]
    public void PartialJmc1_FromJsonableWithReuse_OverwritesPositionInPlace()
    {
        var buffer = new ArrayBufferWriter<byte>();
        Moved().ToJsonUtf8_Position(buffer);
        Transform target = Existing();
        float[] position = target.Position!;

        target.FromJsonable(buffer.WrittenSpan, reuseInstance: true);

        Assert.Same(position, target.Position);
        Assert.Equal(new float[] { 1, 2, 3 }, position);
        Assert.Equal("player", target.Name);
    }

    [Fact]
    public void TwoPartialWriters_EachWriteOnlyTheirMember()
    {
        var body = new Body { Position = [5, 5], Rotation = [0.5f, 1], Payload = new Payload { Kind = "crate", Mass = 3 } };
        var rotation = new ArrayBufferWriter<byte>();
        var payload = new ArrayBufferWriter<byte>();

        body.ToJsonUtf8_Rotation(rotation, emitMetadataComments: false);
        body.ToJsonUtf8_Payload(payload);

        Assert.Equal("{\"Rotation\":[0.5,1]}", Encoding.UTF8.GetString(rotation.WrittenSpan));
        byte[] expectedPayload =
        [
            .. "/*JMC1*/{/*"u8, 0x37, 0x01, .. "*/\"Payload\":/*JMC1*/{/*"u8, 0x34, 0x01, .. "*/\"Kind\":/*"u8, 0x35, 0x01,
            .. "*/\"crate\",/*"u8, 0x34, 0x01, .. "*/\"Mass\":3,/*"u8, 0x35, 0x01, .. "*/\"Inner\":null}}"u8,
        ];
        Assert.Equal(expectedPayload, payload.WrittenSpan.ToArray());

        var target = new Body { Position = [1, 1], Rotation = [0, 0], Payload = new Payload { Kind = "old", Mass = 1 } };
        target.FromJsonable(payload.WrittenSpan);
        Assert.Equal(new float[] { 1, 1 }, target.Position);
        Assert.Equal(new float[] { 0, 0 }, target.Rotation);
        Assert.Equal("crate", target.Payload!.Kind);
        Assert.Equal(3, target.Payload.Mass);
    }

    [Fact]
    public void PartialDocument_ReadByStandardJsoncReader_IsTheSameData()
    {
        var jmc1 = new ArrayBufferWriter<byte>();
        var json = new ArrayBufferWriter<byte>();
        Moved().ToJsonUtf8_Position(jmc1);
        Moved().ToJsonUtf8_Position(json, emitMetadataComments: false);

        using var document = System.Text.Json.JsonDocument.Parse(jmc1.WrittenMemory, new System.Text.Json.JsonDocumentOptions { CommentHandling = System.Text.Json.JsonCommentHandling.Skip });
        using var stream = new System.IO.MemoryStream();
        using (var writer = new System.Text.Json.Utf8JsonWriter(stream))
        {
            document.WriteTo(writer);
        }

        Assert.Equal(json.WrittenSpan.ToArray(), stream.ToArray());
    }
}
