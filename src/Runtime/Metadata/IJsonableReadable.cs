namespace Jsonable.Metadata;

/// <summary>Implemented by the generator on <c>[FromJson]</c> types: lets generic code read them without reflection.</summary>
/// <typeparam name="TSelf">The generated type.</typeparam>
public interface IJsonableReadable<TSelf>
{
#if NET
    /// <summary>Reads a new instance (or <see langword="null"/> for a JSON <c>null</c> where allowed) at the reader's position.</summary>
    /// <param name="reader">The reader.</param>
    static abstract TSelf? ReadJsonable(ref JsonableReader reader);

    /// <summary>Reads an object's members into an existing instance; the reader is just past the object's <c>{</c>.</summary>
    /// <param name="reader">The reader.</param>
    /// <param name="target">The instance to fill.</param>
    static abstract void ReadJsonableMembers(ref JsonableReader reader, ref TSelf target);
#else
    // netstandard2.0 runtimes have no static virtual members: there the generated type registers the same members
    // with JsonableStatics<TSelf>, through which JsonableCodec and JsonableDelta reach them (docs/unity.md).
#endif
}
