using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace Jsonable.Metadata;

/// <summary>Merges a nested object into an existing value (the netstandard2.0 form of <c>IJsonableMergeable&lt;T&gt;.MergeJsonable</c>).</summary>
/// <typeparam name="T">The generated type.</typeparam>
/// <param name="reader">The reader, before the object.</param>
/// <param name="existing">The current value.</param>
/// <param name="mode">Whether to validate, check or apply.</param>
[EditorBrowsable(EditorBrowsableState.Never)]
public delegate T? JsonableMergeValueFunc<T>(ref JsonableReader reader, T? existing, JsonableMergeMode mode);

/// <summary>Writes the merge patch between two values (the netstandard2.0 form of <c>IJsonableMergePatchWritable&lt;T&gt;.WriteMergePatch</c>).</summary>
/// <typeparam name="T">The generated type.</typeparam>
/// <param name="writer">The writer.</param>
/// <param name="previous">The value the receiver holds.</param>
/// <param name="current">The value it should hold.</param>
[EditorBrowsable(EditorBrowsableState.Never)]
public delegate bool JsonableMergePatchFunc<T>(ref JsonableWriter writer, T previous, T current);

/// <summary>
/// For generated code on netstandard2.0, where interfaces cannot have static abstract members: the members that
/// <see cref="IJsonableWritable{TSelf}"/>, <see cref="IJsonableReadable{TSelf}"/>, <see cref="IJsonableMergeable{TSelf}"/>
/// and <see cref="IJsonableMergePatchWritable{TSelf}"/> declare on net10.0, registered by the generated type's static
/// initializer, so that <see cref="JsonableCodec"/> and <see cref="JsonableDelta"/> reach them without reflection.
/// </summary>
/// <typeparam name="T">The generated type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class JsonableStatics<T>
{
    // Runs T's static initializer, which calls Register (nothing else does: with beforefieldinit it might never run).
    // RunClassConstructor is not reflection emit: Mono and IL2CPP both support it.
    static JsonableStatics() => RuntimeHelpers.RunClassConstructor(typeof(T).TypeHandle);

    internal static JsonableWriteAction<T>? Write;
    internal static JsonableReadFunc<T>? Read;
    internal static JsonableReadIntoAction<T>? ReadMembers;
    internal static JsonableMergeValueFunc<T>? Merge;
    internal static Func<T?, T?, bool>? AreEqual;
    internal static JsonableMergePatchFunc<T>? WriteMergePatch;

    /// <summary>Registers the generated members of <typeparamref name="T"/>; generated code calls this from a static field initializer.</summary>
    /// <param name="write">The writer (<c>[ToJson]</c>), or <see langword="null"/>.</param>
    /// <param name="read">The reader of a new value (<c>[FromJson]</c>), or <see langword="null"/>.</param>
    /// <param name="readMembers">The reader of members into an existing value, or <see langword="null"/>.</param>
    /// <param name="merge">The merge of a nested object, or <see langword="null"/>.</param>
    /// <param name="areEqual">Whether two values would be written alike, or <see langword="null"/>.</param>
    /// <param name="writeMergePatch">The merge-patch writer, or <see langword="null"/>.</param>
    /// <returns><see langword="true"/>, so that a field initializer can hold the call.</returns>
    public static bool Register(
        JsonableWriteAction<T>? write,
        JsonableReadFunc<T>? read,
        JsonableReadIntoAction<T>? readMembers,
        JsonableMergeValueFunc<T>? merge,
        Func<T?, T?, bool>? areEqual,
        JsonableMergePatchFunc<T>? writeMergePatch)
    {
        Write = write;
        Read = read;
        ReadMembers = readMembers;
        Merge = merge;
        AreEqual = areEqual;
        WriteMergePatch = writeMergePatch;
        return true;
    }

    internal static bool Equal(T? previous, T? current) => (AreEqual ?? throw Missing("merge patch"))(previous, current);

    internal static bool MergePatchWriter(ref JsonableWriter writer, T previous, T current) =>
        (WriteMergePatch ?? throw Missing("merge patch"))(ref writer, previous, current);

    internal static Exception Missing(string member) =>
        new InvalidOperationException(Metadata.MissingGeneratedCode.Explain(typeof(T), $"has no generated {member}: mark it [ToJson]/[FromJson] (and partial)."));
}
