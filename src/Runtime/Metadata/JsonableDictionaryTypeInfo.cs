using System;
using System.Collections.Generic;

namespace Jsonable.Metadata;

/// <summary>
/// A root dictionary of a generated type (<c>Dictionary&lt;string, Product&gt;</c>, <c>IDictionary&lt;…&gt;</c>,
/// <c>IReadOnlyDictionary&lt;…&gt;</c>): a JSON object of entries, which in JMC1 is the document header, the entry
/// count comment, then <c>{</c> (a dictionary carries no header of its own).
/// </summary>
/// <typeparam name="TDictionary">The dictionary type.</typeparam>
/// <typeparam name="TKey">The key type: <see cref="string"/>, <see cref="int"/>, <see cref="long"/> or <see cref="Guid"/>.</typeparam>
/// <typeparam name="TValue">The generated value type.</typeparam>
internal sealed class JsonableDictionaryTypeInfo<TDictionary, TKey, TValue> : JsonableTypeInfo<TDictionary>
    where TDictionary : IEnumerable<KeyValuePair<TKey, TValue>>
    where TKey : notnull
{
    public JsonableDictionaryTypeInfo(JsonableWriteAction<TValue>? writeValue, JsonableReadFunc<TValue>? readValue)
        : base(
            writeValue is null ? null : (ref JsonableWriter writer, TDictionary value) => WriteEntries(ref writer, value, writeValue),
            readValue is null ? null : (ref JsonableReader reader) => (TDictionary?)(object?)ReadEntries(ref reader, readValue),
            isObject: false,
            elementType: typeof(TValue))
    {
    }

    private static void WriteEntries(ref JsonableWriter writer, TDictionary? value, JsonableWriteAction<TValue> writeValue)
    {
        if (value is null)
        {
            writer.WriteNull();
            return;
        }

        // JMC1 wants the entry count first; every dictionary type this info serves knows it.
        int count = value switch
        {
            IReadOnlyCollection<KeyValuePair<TKey, TValue>> c => c.Count,
            ICollection<KeyValuePair<TKey, TValue>> c => c.Count,
            _ => System.Linq.Enumerable.Count(value),
        };
        writer.WriteDictionaryStart(count);
        bool first = true;
        foreach (KeyValuePair<TKey, TValue> pair in value)
        {
            if (!first)
            {
                writer.WriteComma();
            }

            first = false;
            WriteKey(ref writer, pair.Key);
            writeValue(ref writer, pair.Value);
        }

        writer.WriteDictionaryEnd();
    }

    private static void WriteKey(ref JsonableWriter writer, TKey key)
    {
        // typeof tests on a type parameter are folded away per instantiation (and by native AOT).
        if (typeof(TKey) == typeof(string))
        {
            writer.WritePropertyName((string)(object)key);
        }
        else if (typeof(TKey) == typeof(int))
        {
            writer.WritePropertyName((long)(int)(object)key);
        }
        else if (typeof(TKey) == typeof(long))
        {
            writer.WritePropertyName((long)(object)key);
        }
        else
        {
            writer.WritePropertyName((Guid)(object)key);
        }
    }

    private static Dictionary<TKey, TValue>? ReadEntries(ref JsonableReader reader, JsonableReadFunc<TValue> readValue)
    {
        if (!reader.TryReadDictionaryStart(out int hint))
        {
            return null;
        }

        var result = new Dictionary<TKey, TValue>(Math.Max(hint, 0));
        int count = 0;
        while (reader.TryReadDictionaryKey(ref count, hint, out string? key))
        {
            // A repeated key keeps the last value, as System.Text.Json does for dictionaries.
            result[ParseKey(ref reader, key)] = readValue(ref reader)!;
        }

        return result;
    }

    private static TKey ParseKey(ref JsonableReader reader, string key)
    {
        if (typeof(TKey) == typeof(string))
        {
            return (TKey)(object)key;
        }

        if (typeof(TKey) == typeof(int))
        {
            return (TKey)(object)(int)reader.ConvertKeyToInt64(key, "Int32", int.MinValue, int.MaxValue);
        }

        if (typeof(TKey) == typeof(long))
        {
            return (TKey)(object)reader.ConvertKeyToInt64(key, "Int64", long.MinValue, long.MaxValue);
        }

        return (TKey)(object)reader.ConvertKeyToGuid(key);
    }
}
