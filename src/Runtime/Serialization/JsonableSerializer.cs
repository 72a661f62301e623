using System;
using System.Buffers;
using System.ComponentModel;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>
/// Writes and reads registered (generated) types by type, for code that does not know the type at compile
/// time — the ASP.NET Core formatters, for example. The document-level entry points generated code calls are in
/// <see cref="JsonableMetadataServices"/>.
/// </summary>
public static partial class JsonableSerializer
{
    /// <summary>Whether <paramref name="type"/> is a generated type, or a collection of one, that Jsonable can serve.</summary>
    /// <param name="type">The type.</param>
    public static bool IsSupported(Type type) => JsonableRegistry.TryGetTypeInfo(type, out _);

    /// <summary>Writes <paramref name="value"/> as a complete document.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="value">The value.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <exception cref="JsonableException">The value cannot be written (NaN, too deep, a cycle).</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not registered.</exception>
    public static void Serialize<T>(IBufferWriter<byte> output, T value, JsonableFormat format = JsonableFormat.Json, JsonableWriterOptions? options = null)
    {
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() ?? throw NotRegistered(typeof(T));
        JsonableMetadataServices.WriteDocument(output, value, format, options, info.Write, info.IsObject);
    }

    /// <summary>Writes <paramref name="value"/> of runtime-known <paramref name="type"/> as a complete document.</summary>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="value">The value.</param>
    /// <param name="type">A generated type or a registered collection of one.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    public static void Serialize(IBufferWriter<byte> output, object? value, Type type, JsonableFormat format = JsonableFormat.Json, JsonableWriterOptions? options = null)
    {
        if (!JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info))
        {
            throw NotRegistered(type);
        }

        JsonableMetadataServices.WriteDocument(output, value, format, options, info.WriteBoxed, info.IsObject);
    }

    /// <summary>Writes <paramref name="value"/> into a new array.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    public static byte[] SerializeToUtf8Bytes<T>(T value, JsonableFormat format = JsonableFormat.Json, JsonableWriterOptions? options = null)
    {
        using var buffer = new PooledByteBufferWriter();
        Serialize(buffer, value, format, options);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Writes <paramref name="value"/> of runtime-known <paramref name="type"/> into a new array.</summary>
    /// <param name="value">The value.</param>
    /// <param name="type">A generated type or a registered collection of one.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    public static byte[] SerializeToUtf8Bytes(object? value, Type type, JsonableFormat format = JsonableFormat.Json, JsonableWriterOptions? options = null)
    {
        using var buffer = new PooledByteBufferWriter();
        Serialize(buffer, value, type, format, options);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Reads a complete document as <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="input">The whole document.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <exception cref="JsonableException">The input is malformed or does not fit <typeparamref name="T"/>.</exception>
    public static T? Deserialize<T>(ReadOnlySpan<byte> input, JsonableFormat format = JsonableFormat.Json, JsonableReaderOptions? options = null)
    {
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() ?? throw NotRegistered(typeof(T));
        return JsonableMetadataServices.ReadDocument(input, format, reuseInstance: false, options, info.Read);
    }

    /// <summary>Reads a complete document as runtime-known <paramref name="type"/>.</summary>
    /// <param name="input">The whole document.</param>
    /// <param name="type">A generated type or a registered collection of one.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    public static object? Deserialize(ReadOnlySpan<byte> input, Type type, JsonableFormat format = JsonableFormat.Json, JsonableReaderOptions? options = null)
    {
        if (!JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info))
        {
            throw NotRegistered(type);
        }

        return JsonableMetadataServices.ReadDocument(input, format, reuseInstance: false, options, info.ReadBoxed);
    }

    private static NotSupportedException NotRegistered(Type type) =>
        new(MissingGeneratedCode.Explain(type, "is not a Jsonable type: mark it [ToJson]/[FromJson] (and partial), or use a collection of such a type."));
}
