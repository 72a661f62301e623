namespace Jsonable;

/// <summary>Implemented by the generator on <c>[ToJson]</c> types: lets generic code write them without reflection.</summary>
/// <typeparam name="TSelf">The generated type.</typeparam>
public interface IJsonableWritable<TSelf>
{
    /// <summary>Writes <paramref name="value"/> (an object, or <c>null</c>) at the writer's position.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value.</param>
    static abstract void WriteJsonable(ref JsonableWriter writer, TSelf? value);
}
