using System;
using System.Buffers;
using System.ComponentModel;
using System.Threading;
using System.Threading.Tasks;

namespace Jsonable.Metadata;

/// <summary>
/// What the registry knows about one type: how to write and read it without reflection. The registry makes one for
/// each <c>[ToJson]</c>/<c>[FromJson]</c> type and for the common collections of it, the first time each is looked up.
/// </summary>
public abstract partial class JsonableTypeInfo
{
    private protected JsonableTypeInfo(Type type, bool isObject, Type? elementType)
    {
        Type = type;
        IsObject = isObject;
        ElementType = elementType;
    }

    /// <summary>The type described.</summary>
    public Type Type { get; }

    /// <summary>Whether the value is written as an object (which carries its own JMC1 header).</summary>
    public bool IsObject { get; }

    /// <summary>For a collection of a generated type, that element type; otherwise <see langword="null"/>.</summary>
    public Type? ElementType { get; }

    /// <summary>Whether values of <see cref="Type"/> can be written.</summary>
    public abstract bool CanWrite { get; }

    /// <summary>Whether values of <see cref="Type"/> can be read.</summary>
    public abstract bool CanRead { get; }

    /// <summary>Whether a merge patch can be applied to an instance of <see cref="Type"/> (see <see cref="JsonableTypeInfo{T}.Merge"/>).</summary>
    public virtual bool CanMerge => false;

    /// <summary>
    /// For the info of a generated type (made by <see cref="JsonableRegistry.CreateTypeInfo{T}"/>), the info of one of its
    /// root collections, which <see cref="JsonableRegistry"/> creates on first use; null for anything else.
    /// </summary>
    internal virtual JsonableTypeInfo? CreateCollectionInfo(Type collectionType) => null;

    /// <summary>Calls <paramref name="visitor"/> with this info as its strongly typed <see cref="JsonableTypeInfo{T}"/>.</summary>
    /// <typeparam name="TResult">What the visit returns.</typeparam>
    /// <param name="visitor">The visitor.</param>
    public abstract TResult Accept<TResult>(IJsonableTypeVisitor<TResult> visitor);

    /// <summary>Writes a boxed value of <see cref="Type"/>.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value, which must be of <see cref="Type"/> or <see langword="null"/>.</param>
    public abstract void WriteBoxed(ref JsonableWriter writer, object? value);

    /// <summary>Reads a value of <see cref="Type"/> and boxes it.</summary>
    /// <param name="reader">The reader.</param>
    public abstract object? ReadBoxed(ref JsonableReader reader);

    /// <summary>
    /// Writes <paramref name="value"/> as a whole document, giving the caller a chance to flush between the
    /// elements of a root collection (and awaiting the elements of an <c>IAsyncEnumerable</c>), and, for a generated
    /// type that holds a large collection, between the elements of any collection inside it, so that a large response
    /// leaves in pieces rather than all at once.
    /// </summary>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="value">The value, of <see cref="Type"/> or <see langword="null"/>.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="flushAsync">Called when at least <paramref name="flushThreshold"/> bytes were written since the last call, and before waiting for the next element of an async sequence.</param>
    /// <param name="flushThreshold">Bytes to write between two calls of <paramref name="flushAsync"/>.</param>
    /// <param name="cancellationToken">Stops writing between elements.</param>
    public virtual ValueTask WriteDocumentAsync(
        IBufferWriter<byte> output,
        object? value,
        JsonableFormat format,
        JsonableWriterOptions? options,
        Func<CancellationToken, ValueTask> flushAsync,
        int flushThreshold,
        CancellationToken cancellationToken)
    {
        JsonableMetadataServices.WriteDocument(output, value, format, options, WriteBoxed, IsObject);
        return ValueTask.CompletedTask;
    }

    /// <summary>
    /// Whether <see cref="WriteJsonLinesAsync"/> can write values of <see cref="Type"/>: a root sequence of a generated type. For Jsonable's own packages (Jsonable.AspNetCore); not for application code.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public virtual bool CanWriteItems => false;

    /// <summary>
    /// Writes the elements of a root sequence as JSON Lines (<c>application/jsonl</c>): each element one JSON document
    /// followed by <c>\n</c>; the generated JSON writer never writes a raw line break inside a document. For Jsonable's own packages (Jsonable.AspNetCore); not for application code.
    /// </summary>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="value">The sequence, of <see cref="Type"/>, or <see langword="null"/> (no lines).</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="flushAsync">Called when at least <paramref name="flushThreshold"/> bytes were written since the last call, and before waiting for the next element of an async sequence.</param>
    /// <param name="flushThreshold">Bytes to write between two calls of <paramref name="flushAsync"/>.</param>
    /// <param name="cancellationToken">Stops writing between elements.</param>
    /// <exception cref="NotSupportedException"><see cref="Type"/> is not a root sequence of a generated type.</exception>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public virtual ValueTask WriteJsonLinesAsync(
        IBufferWriter<byte> output,
        object? value,
        JsonableWriterOptions? options,
        Func<CancellationToken, ValueTask> flushAsync,
        int flushThreshold,
        CancellationToken cancellationToken) =>
        throw new NotSupportedException($"{Type} is not a sequence of a generated type: JSON Lines writes the elements of a collection or IAsyncEnumerable.");
}
