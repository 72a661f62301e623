using System;
using System.Collections.Generic;
using System.Linq;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>The infos of the root collections and dictionaries of a generated type, made on first lookup.</summary>
public static partial class JsonableRegistry
{
    /// <summary>
    /// The info of one of the root collections of <typeparamref name="T"/>, or null when <paramref name="collectionType"/>
    /// is not one: <c>T[]</c>, <c>List&lt;T&gt;</c>, <c>IList&lt;T&gt;</c>, <c>ICollection&lt;T&gt;</c>,
    /// <c>IEnumerable&lt;T&gt;</c>, <c>IReadOnlyList&lt;T&gt;</c>, <c>IReadOnlyCollection&lt;T&gt;</c>, and
    /// <c>IAsyncEnumerable&lt;T&gt;</c>, which is only written, and asynchronously (<see cref="JsonableTypeInfo.WriteDocumentAsync"/>).
    /// </summary>
    internal static JsonableTypeInfo? CreateCollectionInfo<T>(Type collectionType, JsonableWriteAction<T>? write, JsonableReadFunc<T>? read)
    {
        JsonableWriteAction<IEnumerable<T>?>? writeSequence = write is null ? null : (ref JsonableWriter w, IEnumerable<T>? v) => RootSequence.Write(ref w, v, write);
        JsonableReadFunc<List<T>>? readList = read is null ? null : (ref JsonableReader r) => ReadList(ref r, read);

        if (collectionType == typeof(T[]))
        {
            return Sequence<T[]>(write is null ? null : (ref JsonableWriter w, T[] v) => writeSequence!(ref w, v), read is null ? null : (ref JsonableReader r) => readList!(ref r)?.ToArray());
        }

        if (collectionType == typeof(List<T>))
        {
            return Sequence<List<T>>(write is null ? null : (ref JsonableWriter w, List<T> v) => writeSequence!(ref w, v), readList);
        }

        if (collectionType == typeof(IList<T>))
        {
            return Sequence<IList<T>>(write is null ? null : (ref JsonableWriter w, IList<T> v) => writeSequence!(ref w, v), readList);
        }

        if (collectionType == typeof(ICollection<T>))
        {
            return Sequence<ICollection<T>>(write is null ? null : (ref JsonableWriter w, ICollection<T> v) => writeSequence!(ref w, v), readList);
        }

        if (collectionType == typeof(IEnumerable<T>))
        {
            return Sequence<IEnumerable<T>>(writeSequence!, readList);
        }

        if (collectionType == typeof(IReadOnlyList<T>))
        {
            return Sequence<IReadOnlyList<T>>(write is null ? null : (ref JsonableWriter w, IReadOnlyList<T> v) => writeSequence!(ref w, v), readList);
        }

        if (collectionType == typeof(IReadOnlyCollection<T>))
        {
            return Sequence<IReadOnlyCollection<T>>(write is null ? null : (ref JsonableWriter w, IReadOnlyCollection<T> v) => writeSequence!(ref w, v), readList);
        }

        if (collectionType.IsConstructedGenericType && collectionType.GenericTypeArguments.Length == 2)
        {
            return CreateDictionaryInfo(collectionType, write, read);
        }

        if (collectionType == typeof(IAsyncEnumerable<T>))
        {
            return Sequence<IAsyncEnumerable<T>>(
                write is null ? null : static (ref JsonableWriter w, IAsyncEnumerable<T> v) => throw new NotSupportedException("An IAsyncEnumerable is written with JsonableTypeInfo.WriteDocumentAsync."),
                null);
        }

        return null;

        JsonableTypeInfo Sequence<TCollection>(JsonableWriteAction<TCollection>? w, JsonableReadFunc<TCollection>? r) =>
            new JsonableSequenceTypeInfo<TCollection, T>(w, r, write);
    }

    /// <summary>
    /// The info of a root dictionary of <typeparamref name="T"/> with a <see cref="string"/>, <see cref="int"/>,
    /// <see cref="long"/> or <see cref="Guid"/> key (<see cref="Internal.JsonableTypeLists.RootDictionaryKeys"/>), or null.
    /// Each (dictionary, key) pair is named with typeof rather than made from the type at run time, so native AOT
    /// compiles exactly these.
    /// </summary>
    private static JsonableTypeInfo? CreateDictionaryInfo<T>(Type dictionaryType, JsonableWriteAction<T>? write, JsonableReadFunc<T>? read)
    {
        Type key = dictionaryType.GenericTypeArguments[0];
        if (key == typeof(string))
        {
            return Of<string>();
        }

        if (key == typeof(int))
        {
            return Of<int>();
        }

        if (key == typeof(long))
        {
            return Of<long>();
        }

        return key == typeof(Guid) ? Of<Guid>() : null;

        JsonableTypeInfo? Of<TKey>()
            where TKey : notnull =>
            dictionaryType == typeof(Dictionary<TKey, T>) ? new JsonableDictionaryTypeInfo<Dictionary<TKey, T>, TKey, T>(write, read)
            : dictionaryType == typeof(IDictionary<TKey, T>) ? new JsonableDictionaryTypeInfo<IDictionary<TKey, T>, TKey, T>(write, read)
            : dictionaryType == typeof(IReadOnlyDictionary<TKey, T>) ? new JsonableDictionaryTypeInfo<IReadOnlyDictionary<TKey, T>, TKey, T>(write, read)
            : null;
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
}
