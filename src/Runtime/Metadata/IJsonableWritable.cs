namespace Jsonable.Metadata;

/// <summary>Implemented by the generator on <c>[ToJson]</c> types: lets generic code write them without reflection.</summary>
/// <typeparam name="TSelf">The generated type.</typeparam>
public interface IJsonableWritable<TSelf>
{
#if NET
    /// <summary>Writes <paramref name="value"/> (an object, or <c>null</c>) at the writer's position.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value.</param>
    static abstract void WriteJsonable(ref JsonableWriter writer, TSelf? value);
#else
    // netstandard2.0 runtimes have no static virtual members: there the generated type registers the same members
    // with JsonableStatics<TSelf>, through which JsonableCodec and JsonableDelta reach them (docs/unity.md).
#endif
}
