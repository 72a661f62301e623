namespace Jsonable.Metadata;

/// <summary>
/// Implemented by the generator on <c>[FromJson]</c> types: lets a merge patch of an enclosing type merge into a nested
/// instance of this one without reflection.
/// </summary>
/// <typeparam name="TSelf">The generated type.</typeparam>
public interface IJsonableMergeable<TSelf>
{
#if NET
    /// <summary>
    /// Merges the object at the reader's position (never <c>null</c>: the caller handles that) into
    /// <paramref name="existing"/>, member by member; a new instance is read when there is none (or when the type
    /// cannot be changed in place, such as a readonly struct).
    /// </summary>
    /// <param name="reader">The reader, before the object.</param>
    /// <param name="existing">The current value (ignored in <see cref="JsonableMergeMode.Validate"/>).</param>
    /// <param name="mode">Whether to validate, check or apply.</param>
    /// <returns>The merged value: the value to store when <paramref name="mode"/> is <see cref="JsonableMergeMode.Apply"/>.</returns>
    static abstract TSelf? MergeJsonable(ref JsonableReader reader, TSelf? existing, JsonableMergeMode mode);
#else
    // netstandard2.0 runtimes have no static virtual members: there the generated type registers the same members
    // with JsonableStatics<TSelf>, through which JsonableCodec and JsonableDelta reach them (docs/unity.md).
#endif
}
