#if NET
using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace Jsonable.Metadata;

/// <summary>
/// Generic entry points to the static members that the generator implements, for code (generated or
/// not) that holds a type parameter rather than a concrete type.
/// </summary>
public static class JsonableCodec
{
    /// <summary>Writes a value of a <c>[ToJson]</c> type.</summary>
    /// <typeparam name="T">The generated type.</typeparam>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Write<T>(ref JsonableWriter writer, T? value)
        where T : IJsonableWritable<T> => T.WriteJsonable(ref writer, value);

    /// <summary>Reads a new value of a <c>[FromJson]</c> type.</summary>
    /// <typeparam name="T">The generated type.</typeparam>
    /// <param name="reader">The reader.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T? Read<T>(ref JsonableReader reader)
        where T : IJsonableReadable<T> => T.ReadJsonable(ref reader);

    /// <summary>
    /// Reads a value of a <c>[FromJson]</c> type, filling <paramref name="existing"/> in place when the reader
    /// reuses instances and there is one; a polymorphic type's value is replaced whole (docs/polymorphism.md).
    /// </summary>
    /// <typeparam name="T">The generated type.</typeparam>
    /// <param name="reader">The reader.</param>
    /// <param name="existing">The current value of the member being read.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static T? ReadReusing<T>(ref JsonableReader reader, T? existing)
        where T : IJsonableReadable<T>
    {
        if (!reader.ReuseInstance || existing is null || Internal.PolymorphicType<T>.IsPolymorphic)
        {
            return T.ReadJsonable(ref reader);
        }

        if (!reader.TryReadObjectStart())
        {
            return typeof(T).IsValueType ? throw reader.NullNotAllowed(typeof(T).Name) : default;
        }

        T target = existing;
        T.ReadJsonableMembers(ref reader, ref target);
        return target;
    }

    /// <summary>Merges the object at the reader's position into <paramref name="existing"/> (a merge patch of a nested member).</summary>
    /// <typeparam name="T">The generated type.</typeparam>
    /// <param name="reader">The reader, before a non-null value.</param>
    /// <param name="existing">The member's current value.</param>
    /// <param name="mode">Whether to validate, check or apply.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T? Merge<T>(ref JsonableReader reader, T? existing, JsonableMergeMode mode)
        where T : IJsonableMergeable<T> => T.MergeJsonable(ref reader, existing, mode);
}
#endif
