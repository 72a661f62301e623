using System;
using System.ComponentModel;

namespace Jsonable.Metadata;

/// <summary>
/// Entry points for generated code of a generic type (<c>Page&lt;T&gt;</c>): writes and reads a member whose type is a
/// type parameter through the registry's info for the type argument, found once per type argument and kept.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class JsonableTypeArgument
{
    /// <summary>Writes a value of a type argument.</summary>
    /// <typeparam name="T">The type argument: a generated type, a root collection or dictionary of one, a closed generic listed in <c>[JsonableType]</c>, or a built-in value.</typeparam>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value.</param>
    public static void Write<T>(ref JsonableWriter writer, T value) => InfoOf<T>.Value.Write(ref writer, value);

    /// <summary>Reads a value of a type argument.</summary>
    /// <typeparam name="T">The type argument.</typeparam>
    /// <param name="reader">The reader.</param>
    public static T? Read<T>(ref JsonableReader reader) => InfoOf<T>.Value.Read(ref reader);

    private static class InfoOf<T>
    {
        // Found on first use; a type argument the generator let through but the registry does not know throws here, with why.
        public static readonly JsonableTypeInfo<T> Value = JsonableRegistry.GetTypeArgumentInfo<T>();
    }
}
