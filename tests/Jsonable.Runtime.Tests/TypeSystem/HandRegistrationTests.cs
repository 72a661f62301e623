#nullable enable
using System.Collections.Generic;
using System.Text;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.TypeSystem;

/// <summary>
/// A type registered by hand after the registry missed it is found from then on, and so are its root collections:
/// a miss is kept for good only against assemblies' generated registrations, never against a later Register call.
/// </summary>
public sealed class HandRegistrationTests
{
    [Fact]
    public void Register_AfterTheTypeAndItsListMissed_BothAreFoundAndTheListWritesThroughTheElementWriter()
    {
        Assert.False(JsonableRegistry.TryGetTypeInfo(typeof(HandWritten), out _));
        Assert.False(JsonableRegistry.TryGetTypeInfo(typeof(List<HandWritten>), out _));

        JsonableRegistry.Register<HandWritten>(static (ref JsonableWriter writer, HandWritten value) => writer.WriteNumber((long)value.Value), null);

        Assert.True(JsonableRegistry.TryGetTypeInfo(typeof(HandWritten), out JsonableTypeInfo? element));
        Assert.True(JsonableRegistry.TryGetTypeInfo(typeof(List<HandWritten>), out JsonableTypeInfo? list));
        Assert.True(element.IsObject);
        Assert.Equal(typeof(HandWritten), list.ElementType);
        Assert.True(list.CanWrite);
        Assert.False(list.CanRead);
        Assert.Equal("[1,2]", Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(new List<HandWritten> { new(1), new(2) }, typeof(List<HandWritten>))));
    }

    /// <summary>Not generated: only a Register call can make it known.</summary>
    private sealed record HandWritten(int Value);
}
