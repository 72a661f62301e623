using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Linq;
using System.Runtime.CompilerServices;

namespace Jsonable;

/// <summary>
/// Finds a type's generated reader and writer by <see cref="Type"/> without reflection per call (and without
/// any reflection that trimming or native AOT would break): generated module initializers register each
/// <c>[ToJson]</c>/<c>[FromJson]</c> type, together with its arrays, lists and sequences, when their
/// assembly loads.
/// </summary>
public static class JsonableRegistry
{
    private static readonly ConcurrentDictionary<Type, JsonableTypeInfo> s_infos = new();

    // Types already looked up (module initializers run) and not found. MVC asks about every response type on every
    // request, so a miss (ProblemDetails, any non-generated DTO) must cost one dictionary lookup, not a module probe.
    private static readonly ConcurrentDictionary<Type, bool> s_missing = new();

    /// <summary>
    /// Registers a generated type and the collections of it that can be a root value: <c>T[]</c>,
    /// <c>List&lt;T&gt;</c>, <c>IList&lt;T&gt;</c>, <c>ICollection&lt;T&gt;</c>, <c>IEnumerable&lt;T&gt;</c>,
    /// <c>IReadOnlyList&lt;T&gt;</c> and <c>IReadOnlyCollection&lt;T&gt;</c>. Generated code calls this.
    /// </summary>
    /// <typeparam name="T">The generated type.</typeparam>
    /// <param name="write">Its writer, or <see langword="null"/> if it is not <c>[ToJson]</c>.</param>
    /// <param name="read">Its reader, or <see langword="null"/> if it is not <c>[FromJson]</c>.</param>
    public static void Register<T>(JsonableWriteAction<T>? write, JsonableReadFunc<T>? read) => Register(write, read, []);

    /// <summary>
    /// Registers a generated type as <see cref="Register{T}(JsonableWriteAction{T}?, JsonableReadFunc{T}?)"/> does,
    /// together with its partial writers (<c>[ToJson(Property = nameof(X))]</c>), found later by member name
    /// through <see cref="JsonableTypeInfo{T}.TryGetPartialWriter"/>. Generated code calls this.
    /// </summary>
    /// <typeparam name="T">The generated type.</typeparam>
    /// <param name="write">Its writer, or <see langword="null"/> if it is not <c>[ToJson]</c>.</param>
    /// <param name="read">Its reader, or <see langword="null"/> if it is not <c>[FromJson]</c>.</param>
    /// <param name="partialWriters">Its partial writers, in declaration order.</param>
    public static void Register<T>(JsonableWriteAction<T>? write, JsonableReadFunc<T>? read, JsonablePartialWriter<T>[] partialWriters) =>
        Register(write, read, partialWriters, merge: null, members: []);

    /// <summary>
    /// Registers a generated type as <see cref="Register{T}(JsonableWriteAction{T}?, JsonableReadFunc{T}?, JsonablePartialWriter{T}[])"/>
    /// does, together with its merge reader, which <see cref="JsonableTypeInfo{T}.Merge"/> uses to apply merge patches.
    /// Generated code calls this.
    /// </summary>
    /// <typeparam name="T">The generated type.</typeparam>
    /// <param name="write">Its writer, or <see langword="null"/> if it is not <c>[ToJson]</c>.</param>
    /// <param name="read">Its reader, or <see langword="null"/> if it is not <c>[FromJson]</c>.</param>
    /// <param name="partialWriters">Its partial writers, in declaration order.</param>
    /// <param name="merge">Its merge reader, or <see langword="null"/> if it cannot be merged into.</param>
    /// <param name="members">Its members by id.</param>
    public static void Register<T>(JsonableWriteAction<T>? write, JsonableReadFunc<T>? read, JsonablePartialWriter<T>[] partialWriters, JsonableMergeAction<T>? merge, JsonableMember[] members)
    {
        ArgumentNullException.ThrowIfNull(partialWriters);
        ArgumentNullException.ThrowIfNull(members);
        var element = new JsonableTypeInfo<T>(write, read, isObject: true, partialWriters: partialWriters, merge: merge, members: members);
        s_infos[typeof(T)] = element;
        s_missing.Clear(); // a registration made by hand after a miss must be found

        JsonableWriteAction<IEnumerable<T>?>? writeSequence = write is null ? null : (ref JsonableWriter w, IEnumerable<T>? v) => WriteSequence(ref w, v, write);
        JsonableReadFunc<List<T>>? readList = read is null ? null : (ref JsonableReader r) => ReadList(ref r, read);

        Add<T[]>(write is null ? null : (ref JsonableWriter w, T[] v) => writeSequence!(ref w, v), read is null ? null : (ref JsonableReader r) => readList!(ref r)?.ToArray());
        Add<List<T>>(write is null ? null : (ref JsonableWriter w, List<T> v) => writeSequence!(ref w, v), readList);
        Add<IList<T>>(write is null ? null : (ref JsonableWriter w, IList<T> v) => writeSequence!(ref w, v), readList);
        Add<ICollection<T>>(write is null ? null : (ref JsonableWriter w, ICollection<T> v) => writeSequence!(ref w, v), readList);
        Add<IEnumerable<T>>(writeSequence!, readList);
        Add<IReadOnlyList<T>>(write is null ? null : (ref JsonableWriter w, IReadOnlyList<T> v) => writeSequence!(ref w, v), readList);
        Add<IReadOnlyCollection<T>>(write is null ? null : (ref JsonableWriter w, IReadOnlyCollection<T> v) => writeSequence!(ref w, v), readList);

        // An async sequence can only be written asynchronously (JsonableTypeInfo.WriteDocumentAsync), and is not read.
        Add<IAsyncEnumerable<T>>(
            write is null ? null : static (ref JsonableWriter w, IAsyncEnumerable<T> v) => throw new NotSupportedException("An IAsyncEnumerable is written with JsonableTypeInfo.WriteDocumentAsync."),
            null);

        void Add<TCollection>(JsonableWriteAction<TCollection>? w, JsonableReadFunc<TCollection>? r) =>
            s_infos[typeof(TCollection)] = new JsonableSequenceTypeInfo<TCollection, T>(w, r, write);
    }

    /// <summary>Looks up the registered info for <paramref name="type"/>.</summary>
    /// <param name="type">The type to serialize or deserialize.</param>
    /// <param name="info">The info, when found.</param>
    /// <returns>Whether <paramref name="type"/> is a generated type or a registered collection of one.</returns>
    public static bool TryGetTypeInfo(Type type, [NotNullWhen(true)] out JsonableTypeInfo? info)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (s_infos.TryGetValue(type, out info))
        {
            return true;
        }

        if (s_missing.ContainsKey(type))
        {
            return false;
        }

        // A type can be named (typeof) before anything in its assembly has run; run that module's
        // initializer, which registers its generated types, and look again.
        EnsureModuleInitialized(type);
        foreach (Type arg in type.IsGenericType ? type.GetGenericArguments() : type.HasElementType ? [type.GetElementType()!] : [])
        {
            EnsureModuleInitialized(arg);
        }

        if (s_infos.TryGetValue(type, out info))
        {
            return true;
        }

        s_missing.TryAdd(type, true);
        return false;
    }

    /// <summary>Looks up the registered info for <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The type to serialize or deserialize.</typeparam>
    /// <returns>The info, or <see langword="null"/> when <typeparamref name="T"/> is not registered.</returns>
    public static JsonableTypeInfo<T>? GetTypeInfo<T>()
    {
        JsonableTypeInfo<T>? cached = Cache<T>.Value;
        if (cached is null && TryGetTypeInfo(typeof(T), out JsonableTypeInfo? info))
        {
            Cache<T>.Value = cached = (JsonableTypeInfo<T>)info;
        }

        return cached;
    }

    private static void EnsureModuleInitialized(Type type) => RuntimeHelpers.RunModuleConstructor(type.Module.ModuleHandle);

    private static void WriteSequence<T>(ref JsonableWriter writer, IEnumerable<T>? values, JsonableWriteAction<T> write)
    {
        if (values is null)
        {
            writer.WriteNull();
            return;
        }

        // JMC1 wants the count before the elements: take it without enumerating when the sequence knows it.
        if (!values.TryGetNonEnumeratedCount(out int count))
        {
            values = values.ToList();
            count = ((List<T>)values).Count;
        }

        writer.WriteArrayStart(count);
        bool first = true;
        foreach (T item in values)
        {
            if (!first)
            {
                writer.WriteComma();
            }

            first = false;
            write(ref writer, item);
        }

        writer.WriteArrayEnd();
    }

    private static List<T>? ReadList<T>(ref JsonableReader reader, JsonableReadFunc<T> read)
    {
        if (!reader.TryReadArrayStart(out int hint))
        {
            return null;
        }

        var list = new List<T>(Math.Max(hint, 0));
        int count = 0;
        while (reader.TryReadArrayElement(ref count, hint))
        {
            list.Add(read(ref reader)!);
        }

        return list;
    }

    private static class Cache<T>
    {
        public static JsonableTypeInfo<T>? Value;
    }
}
