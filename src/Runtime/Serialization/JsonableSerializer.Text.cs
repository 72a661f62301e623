using System;
using System.Buffers;
using System.ComponentModel;
using System.Text;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>The string overloads: JSON text held in a <see cref="string"/> (JMC1 is bytes, not text, so it has none).</summary>
public static partial class JsonableSerializer
{
    /// <summary>Writes <paramref name="value"/> as compact JSON text.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <returns>The JSON text.</returns>
    /// <exception cref="JsonableException">The value cannot be written (NaN, too deep, a cycle).</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not registered.</exception>
    public static string Serialize<T>(T value, JsonableWriterOptions? options = null)
    {
        using var buffer = new PooledByteBufferWriter();
        Serialize(buffer, value, JsonableFormat.Json, options);
        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    /// <summary>Reads JSON text as <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="json">The whole JSON document.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <returns>The value read (<see langword="null"/> for a JSON <c>null</c> root).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="json"/> is <see langword="null"/>.</exception>
    /// <exception cref="JsonableException">The text is malformed or does not fit <typeparamref name="T"/>; the exception carries the JSON path.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not registered.</exception>
    public static T? Deserialize<T>(string json, JsonableReaderOptions? options = null)
    {
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() ?? throw NotRegistered(typeof(T));
        return JsonableMetadataServices.ReadDocument(json, reuseInstance: false, options, info.Read);
    }
}
