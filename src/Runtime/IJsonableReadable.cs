namespace Jsonable;

/// <summary>Implemented by the generator on <c>[FromJson]</c> types: lets generic code read them without reflection.</summary>
/// <typeparam name="TSelf">The generated type.</typeparam>
public interface IJsonableReadable<TSelf>
{
    /// <summary>Reads a new instance (or <see langword="null"/> for a JSON <c>null</c> where allowed) at the reader's position.</summary>
    /// <param name="reader">The reader.</param>
    static abstract TSelf? ReadJsonable(ref JsonableReader reader);
}
