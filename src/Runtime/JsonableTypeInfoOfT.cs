using System;

namespace Jsonable;

/// <summary>The strongly typed <see cref="JsonableTypeInfo"/>.</summary>
/// <typeparam name="T">The type described.</typeparam>
public class JsonableTypeInfo<T> : JsonableTypeInfo
{
    private readonly JsonableWriteAction<T>? _write;
    private readonly JsonableReadFunc<T>? _read;

    /// <summary>Describes <typeparamref name="T"/> by its write and read functions.</summary>
    /// <param name="write">Writes a value; <see langword="null"/> when the type cannot be written.</param>
    /// <param name="read">Reads a value; <see langword="null"/> when the type cannot be read.</param>
    /// <param name="isObject">Whether the value is a JSON object (with its own JMC1 header).</param>
    /// <param name="elementType">For a collection of a generated type, the element type.</param>
    public JsonableTypeInfo(JsonableWriteAction<T>? write, JsonableReadFunc<T>? read, bool isObject, Type? elementType = null)
        : base(typeof(T), isObject, elementType)
    {
        _write = write;
        _read = read;
    }

    /// <inheritdoc />
    public override bool CanWrite => _write is not null;

    /// <inheritdoc />
    public override bool CanRead => _read is not null;

    /// <summary>Writes <paramref name="value"/>.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value.</param>
    public void Write(ref JsonableWriter writer, T value)
    {
        if (_write is null)
        {
            throw new NotSupportedException($"{typeof(T)} has no generated writer; mark it [ToJson].");
        }

        _write(ref writer, value);
    }

    /// <summary>Reads a value.</summary>
    /// <param name="reader">The reader.</param>
    public T? Read(ref JsonableReader reader)
    {
        if (_read is null)
        {
            throw new NotSupportedException($"{typeof(T)} has no generated reader; mark it [FromJson].");
        }

        return _read(ref reader);
    }

    /// <inheritdoc />
    public override void WriteBoxed(ref JsonableWriter writer, object? value) => Write(ref writer, (T)value!);

    /// <inheritdoc />
    public override object? ReadBoxed(ref JsonableReader reader) => Read(ref reader);
}
