#nullable enable
using System;
using System.Buffers;
using System.Collections.Generic;

namespace Jsonable.Runtime.Tests.PartialUpdates;

/// <summary>The four partial callbacks run when implemented, in order, around each (nested) object.</summary>
public sealed class CallbackTests
{
    public CallbackTests()
    {
        Recorder.Log.Clear();
        Recorder.FailOnDidDeserialize = null;
    }

    [Fact]
    public void ToJson_CallsSerializeCallbacksAroundEachObject()
    {
        var parent = new Recorder { Id = "p", Child = new Recorder { Id = "c" } };
        Recorder.Log.Clear();

        parent.ToJson();

        Assert.Equal(
            new[] { "p.OnWillSerialize", "p.get", "c.OnWillSerialize", "c.get", "c.OnDidSerialize", "p.OnDidSerialize" },
            Recorder.Log);
    }

    [Fact]
    public void ToJsonable_CallsTheSameSerializeCallbacks()
    {
        var parent = new Recorder { Id = "p" };
        Recorder.Log.Clear();

        parent.ToJsonable();

        Assert.Equal(new[] { "p.OnWillSerialize", "p.get", "p.OnDidSerialize" }, Recorder.Log);
    }

    [Fact]
    public void PartialWriter_CallsSerializeCallbacks()
    {
        var recorder = new Recorder { Id = "p", Child = new Recorder { Id = "c" } };
        Recorder.Log.Clear();

        recorder.ToJsonUtf8_Value(new ArrayBufferWriter<byte>());

        Assert.Equal(new[] { "p.OnWillSerialize", "p.get", "p.OnDidSerialize" }, Recorder.Log);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void FromJson_CallsDeserializeCallbacksAroundEachObject(JsonableFormat format)
    {
        var target = new Recorder { Id = "p" };
        byte[] doc = JsonableSerializer.SerializeToUtf8Bytes(new Recorder { Id = "p", Value = 1, Child = new Recorder { Id = "c", Value = 2 } }, format);
        Recorder.Log.Clear();

        if (format == JsonableFormat.Jmc1)
        {
            target.FromJsonable(doc);
        }
        else
        {
            target.FromJson(doc);
        }

        // Id is read before Value: the child's entries before its own Id is set carry the empty id.
        Assert.Equal(
            new[] { "p.OnWillDeserialize", "p.set", ".OnWillDeserialize", "c.set", "c.OnDidDeserialize", "p.OnDidDeserialize" },
            Recorder.Log);
    }

    [Fact]
    public void CreateFromJson_CallsDeserializeCallbacksOnTheNewInstance()
    {
        Recorder recorder = Recorder.CreateFromJson("{\"Value\":3,\"Id\":\"n\"}"u8);

        Assert.Equal(3, recorder.Value);
        Assert.Equal(new[] { ".OnWillDeserialize", ".set", "n.OnDidDeserialize", "n.get" }, Recorder.Log);
    }

    [Fact]
    public void FailedRead_DoesNotCallOnDidDeserialize()
    {
        var target = new Recorder { Id = "p" };

        Assert.Throws<JsonableException>(() => target.FromJson("{\"Value\":\"x\"}"u8));

        Assert.Equal(new[] { "p.OnWillDeserialize" }, Recorder.Log);
    }

    [Fact]
    public void CallbackThrowing_BecomesJsonableExceptionWithPath()
    {
        var validation = new InvalidOperationException("Value must be positive.");
        Recorder.FailOnDidDeserialize = validation;

        JsonableException ex = Assert.Throws<JsonableException>(() => Recorder.CreateFromJson("{\"Child\":{\"Value\":-1}}"u8));

        Assert.Same(validation, ex.InnerException);
        Assert.Contains("Value must be positive.", ex.Reason, StringComparison.Ordinal);
        Assert.Equal("$.Child", ex.Path);
    }

    [Fact]
    public void ReuseInstance_CallsDeserializeCallbacksOnTheExistingNestedObject()
    {
        var child = new Recorder { Id = "c" };
        var target = new Recorder { Id = "p", Child = child };
        Recorder.Log.Clear();

        target.FromJson("{\"Child\":{\"Value\":5}}"u8, reuseInstance: true);

        Assert.Same(child, target.Child);
        Assert.Equal(new[] { "p.OnWillDeserialize", "c.OnWillDeserialize", "c.set", "c.OnDidDeserialize", "p.OnDidDeserialize" }, Recorder.Log);
    }
}
