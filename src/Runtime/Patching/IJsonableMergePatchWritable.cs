namespace Jsonable.Metadata;

/// <summary>
/// Implemented by the generator on types that are both <c>[ToJson]</c> and <c>[FromJson]</c>: writes the RFC 7396 merge
/// patch between two values, which the type's generated merge (<c>MergeFromJson</c>/<c>MergeFromJsonable</c>) applies.
/// Use <see cref="JsonableDelta"/> (or the type's own <c>WriteMergePatch</c>) rather than calling these members directly.
/// </summary>
/// <typeparam name="TSelf">The generated type.</typeparam>
public interface IJsonableMergePatchWritable<TSelf> : IJsonableWritable<TSelf>
{
#if NET
    /// <summary>
    /// Whether the two values would be written alike, as far as a merge patch can carry them (members the merge reads):
    /// <c>null</c> equals only <c>null</c>, collections compare element by element, numbers as the writer writes them.
    /// </summary>
    /// <param name="previous">The first value.</param>
    /// <param name="current">The second value.</param>
    static abstract bool JsonableEquals(TSelf? previous, TSelf? current);

    /// <summary>
    /// Writes, at the writer's position, the merge patch that turns <paramref name="previous"/> into
    /// <paramref name="current"/> (both non-null): an object holding only the members that differ (<c>{}</c> when none do).
    /// A type whose merge replaces it whole (a polymorphic type, a readonly struct) writes <paramref name="current"/> whole when they differ.
    /// </summary>
    /// <param name="writer">The writer.</param>
    /// <param name="previous">The value the receiver holds.</param>
    /// <param name="current">The value it should hold after the patch.</param>
    /// <returns>Whether anything differs (<see langword="false"/>: the patch written is <c>{}</c>).</returns>
    static abstract bool WriteMergePatch(ref JsonableWriter writer, TSelf previous, TSelf current);
#else
    // netstandard2.0 runtimes have no static virtual members: there the generated type registers the same members
    // with JsonableStatics<TSelf>, through which JsonableCodec and JsonableDelta reach them (docs/unity.md).
#endif
}
