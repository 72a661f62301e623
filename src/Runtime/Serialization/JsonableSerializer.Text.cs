using System;
using System.Buffers;
using System.ComponentModel;
using System.Text;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>The string overloads: JSON text held in a <see cref="string"/> (JMC1 is bytes, not text, so it has none).</summary>
public static partial class JsonableSerializer
{
    // Strict: a lone surrogate in the string is an error, not a silent U+FFFD (STJ refuses it too).
    private static readonly UTF8Encoding s_strictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

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
        return ReadDocument(json, reuseInstance: false, options, info.Read);
    }

    /// <summary>Entry point for generated <c>CreateFromJson(string)</c>: transcodes the text to UTF-8 and reads it as a whole document.</summary>
    /// <typeparam name="T">The root value's type.</typeparam>
    /// <param name="json">The whole JSON document.</param>
    /// <param name="reuseInstance">Whether nested instances are filled in place.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="read">Reads the root value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static T? ReadDocument<T>(string json, bool reuseInstance, JsonableReaderOptions? options, JsonableReadFunc<T> read)
    {
        byte[] rented = RentUtf8(json, out int length);
        try
        {
            return ReadDocument(rented.AsSpan(0, length), JsonableFormat.Json, reuseInstance, options, read);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>Entry point for generated <c>FromJson(string)</c>: transcodes the text to UTF-8 and fills <paramref name="target"/> from it.</summary>
    /// <typeparam name="T">The instance's type.</typeparam>
    /// <param name="json">The whole JSON document, whose root must be an object.</param>
    /// <param name="reuseInstance">Whether nested instances are filled in place.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="target">The instance to fill.</param>
    /// <param name="readMembers">Reads the members of the root object into <paramref name="target"/>.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void ReadDocumentInto<T>(string json, bool reuseInstance, JsonableReaderOptions? options, ref T target, JsonableReadIntoAction<T> readMembers)
    {
        byte[] rented = RentUtf8(json, out int length);
        try
        {
            ReadDocumentInto(rented.AsSpan(0, length), JsonableFormat.Json, reuseInstance, options, ref target, readMembers);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    private static byte[] RentUtf8(string json, out int length)
    {
        ArgumentNullException.ThrowIfNull(json);
        byte[] rented = ArrayPool<byte>.Shared.Rent(Encoding.UTF8.GetMaxByteCount(json.Length));
        try
        {
            length = s_strictUtf8.GetBytes(json, rented);
            return rented;
        }
        catch (EncoderFallbackException ex)
        {
            ArrayPool<byte>.Shared.Return(rented);
            throw new JsonableException($"The text holds a lone surrogate at character {ex.Index}, which cannot be UTF-8.", innerException: ex);
        }
    }
}
