using System;
using System.ComponentModel;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Internal;

namespace Jsonable.Metadata;

/// <summary>Reading a document piece by piece from a pipe (see docs/performance.md, "Large bodies").</summary>
public abstract partial class JsonableTypeInfo
{
    /// <summary>
    /// Whether a document of this type can be read piece by piece (<see cref="ReadIncrementallyBoxedAsync"/>). For Jsonable's own packages (Jsonable.AspNetCore); not for application code.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public virtual bool CanReadIncrementally => false;

    /// <summary>
    /// Reads a whole document from <paramref name="input"/> as its bytes arrive, holding the piece being read rather
    /// than the document; the values and errors are those of the synchronous reader. The pipe is advanced past what was
    /// read and not completed. For Jsonable's own packages (Jsonable.AspNetCore); not for application code.
    /// </summary>
    /// <param name="input">The document's bytes (UTF-8 JSON or JMC1).</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="length">The document's length when it is known (Content-Length); its container budget depends on it.</param>
    /// <param name="maxBytes">The most the document may hold: past it, a <see cref="JsonableException"/> with <see cref="JsonableException.IsSizeLimit"/>.</param>
    /// <param name="cancellationToken">Cancels waiting for bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public virtual ValueTask<object?> ReadIncrementallyBoxedAsync(PipeReader input, JsonableFormat format, JsonableReaderOptions? options, long? length, long maxBytes, CancellationToken cancellationToken) =>
        throw new NotSupportedException($"{Type} is not read piece by piece.");
}

/// <summary>Reading a document piece by piece from a pipe.</summary>
public partial class JsonableTypeInfo<T>
{
    private JsonableIncrementalReader<T>? _incremental;

    /// <summary>Adds the generated incremental reader (for a type with collection members); returns this info.</summary>
    /// <param name="incremental">The generated entry points.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public JsonableTypeInfo<T> WithIncrementalReader(JsonableIncrementalReader<T> incremental)
    {
        _incremental = incremental ?? throw new ArgumentNullException(nameof(incremental));
        return this;
    }

    /// <inheritdoc />
    [EditorBrowsable(EditorBrowsableState.Never)]
    public override bool CanReadIncrementally => _incremental is not null && ReadFunc is not null;

    /// <summary>Reads a document piece by piece; see <see cref="JsonableTypeInfo.ReadIncrementallyBoxedAsync"/>.</summary>
    internal ValueTask<T?> ReadIncrementallyAsync(PipeReader input, JsonableFormat format, JsonableReaderOptions? options, long? length, long maxBytes, CancellationToken cancellationToken)
    {
        JsonableIncrementalReader<T> incremental = _incremental ?? throw new NotSupportedException($"{typeof(T)} is not read piece by piece.");
        return new IncrementalDocumentReader<T>(input, format, options, incremental, ReadFunc!, length, maxBytes, cancellationToken).ReadAsync();
    }

    /// <inheritdoc />
    [EditorBrowsable(EditorBrowsableState.Never)]
    public override async ValueTask<object?> ReadIncrementallyBoxedAsync(PipeReader input, JsonableFormat format, JsonableReaderOptions? options, long? length, long maxBytes, CancellationToken cancellationToken) =>
        await ReadIncrementallyAsync(input, format, options, length, maxBytes, cancellationToken).ConfigureAwait(false);
}
