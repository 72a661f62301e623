using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;

namespace Jsonable;

/// <summary>The strongly typed <see cref="JsonableTypeInfo"/>.</summary>
/// <typeparam name="T">The type described.</typeparam>
public class JsonableTypeInfo<T> : JsonableTypeInfo
{
    private readonly JsonableWriteAction<T>? _write;
    private readonly JsonableReadFunc<T>? _read;
    private readonly JsonablePartialWriter<T>[] _partialWriters;

    /// <summary>Describes <typeparamref name="T"/> by its write and read functions.</summary>
    /// <param name="write">Writes a value; <see langword="null"/> when the type cannot be written.</param>
    /// <param name="read">Reads a value; <see langword="null"/> when the type cannot be read.</param>
    /// <param name="isObject">Whether the value is a JSON object (with its own JMC1 header).</param>
    /// <param name="elementType">For a collection of a generated type, the element type.</param>
    /// <param name="partialWriters">The type's generated partial writers (<c>ToJsonUtf8_X</c>), if any.</param>
    public JsonableTypeInfo(JsonableWriteAction<T>? write, JsonableReadFunc<T>? read, bool isObject, Type? elementType = null, JsonablePartialWriter<T>[]? partialWriters = null)
        : base(typeof(T), isObject, elementType)
    {
        _write = write;
        _read = read;
        _partialWriters = partialWriters ?? [];
    }

    /// <summary>The generated partial writers, one per <c>[ToJson(Property = nameof(X))]</c>, in declaration order.</summary>
    public IReadOnlyList<JsonablePartialWriter<T>> PartialWriters => _partialWriters;

    /// <summary>
    /// Finds the partial writer of a member by its C# name (<c>nameof</c>) or its name on the wire, exactly first and
    /// then ignoring case (so <c>?fields=Position</c> and <c>?fields=position</c> both find <c>ToJsonUtf8_Position</c>).
    /// </summary>
    /// <param name="name">The member's C# or wire name.</param>
    /// <param name="partialWriter">The partial writer, when found.</param>
    /// <returns>Whether the type has a partial writer for that member.</returns>
    public bool TryGetPartialWriter(string name, [NotNullWhen(true)] out JsonablePartialWriter<T>? partialWriter)
    {
        ArgumentNullException.ThrowIfNull(name);
        foreach (StringComparison comparison in (ReadOnlySpan<StringComparison>)[StringComparison.Ordinal, StringComparison.OrdinalIgnoreCase])
        {
            foreach (JsonablePartialWriter<T> candidate in _partialWriters)
            {
                if (string.Equals(candidate.MemberName, name, comparison) || string.Equals(candidate.JsonName, name, comparison))
                {
                    partialWriter = candidate;
                    return true;
                }
            }
        }

        partialWriter = null;
        return false;
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
