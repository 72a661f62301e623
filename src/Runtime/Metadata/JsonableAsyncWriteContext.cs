using System;
using System.Buffers;
using System.ComponentModel;
using System.Threading;
using System.Threading.Tasks;

namespace Jsonable.Metadata;

/// <summary>
/// The state a generated asynchronous writer carries between its synchronous pieces: the output, the format and limits,
/// the nesting depth reached, the bytes written since the last flush, and the flush itself. A
/// <see cref="JsonableWriter"/> is a ref struct and cannot live across an <see langword="await"/>, so each piece (a run
/// of members, a batch of elements) gets its own writer from <see cref="StartWriter"/> and hands it back with
/// <see cref="EndWriter"/>; the bytes are the synchronous writer's.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class JsonableAsyncWriteContext
{
    /// <summary>
    /// The element count from which a collection is worth writing in flushed pieces. A value with no collection this
    /// large anywhere is written in one synchronous call: a small body never reaches the flush threshold, and its pieces
    /// would only cost time. A collection of fewer elements is written whole.
    /// </summary>
    public const int LargeCollection = 16;

    /// <summary>How deep <see cref="HoldsLargeCollection{T}"/> looks into members before it assumes a large collection (a cycle stops there too).</summary>
    private const int MaxProbeDepth = 16;

    private readonly IBufferWriter<byte> _output;
    private readonly bool _emitMetadata;
    private readonly JsonableWriterOptions? _options;
    private readonly Func<CancellationToken, ValueTask> _flushAsync;
    private readonly long _flushThreshold;
    private readonly CancellationToken _cancellationToken;
    private int _depth;
    private long _pending;

    /// <summary>Creates the context of one document.</summary>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="flushAsync">Called when at least <paramref name="flushThreshold"/> bytes were written since the last call.</param>
    /// <param name="flushThreshold">Bytes to write between two calls of <paramref name="flushAsync"/>.</param>
    /// <param name="cancellationToken">Checked before each flush, and passed to it.</param>
    public JsonableAsyncWriteContext(
        IBufferWriter<byte> output,
        JsonableFormat format,
        JsonableWriterOptions? options,
        Func<CancellationToken, ValueTask> flushAsync,
        int flushThreshold,
        CancellationToken cancellationToken)
    {
        _output = output ?? throw new ArgumentNullException(nameof(output));
        _flushAsync = flushAsync ?? throw new ArgumentNullException(nameof(flushAsync));
        _emitMetadata = format == JsonableFormat.Jmc1;
        _options = options;
        _flushThreshold = Math.Max(flushThreshold, 1);
        _cancellationToken = cancellationToken;
    }

    /// <summary>Bytes written since the last flush.</summary>
    public long BytesPending => _pending;

    /// <summary>A writer that continues at the depth the previous piece ended at.</summary>
    public JsonableWriter StartWriter()
    {
        var writer = new JsonableWriter(_output, _emitMetadata, _options);
        writer.StartAtDepth(_depth);
        return writer;
    }

    /// <summary>Commits a piece's bytes to the output and takes over its depth and byte count.</summary>
    /// <param name="writer">The writer <see cref="StartWriter"/> gave.</param>
    public void EndWriter(ref JsonableWriter writer)
    {
        writer.Flush();
        _pending += writer.BytesWritten;
        _depth = writer.CurrentDepth;
    }

    /// <summary>Whether the bytes pending, with those of <paramref name="writer"/>, have reached the flush threshold: time to end the piece.</summary>
    /// <param name="writer">The piece's writer.</param>
    public bool IsFull(scoped in JsonableWriter writer) => _pending + writer.BytesWritten >= _flushThreshold;

    /// <summary>Flushes when the threshold is reached; otherwise completes at once.</summary>
    public ValueTask FlushIfFullAsync() => _pending >= _flushThreshold ? FlushAsync() : default;

    /// <summary>
    /// Writes a member of a generated type: asynchronously when the type has an asynchronous writer (it holds a
    /// collection somewhere), else in one piece with <paramref name="write"/>.
    /// </summary>
    /// <typeparam name="T">The member's generated type.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="write">The synchronous writer of <typeparamref name="T"/>.</param>
    /// <returns>Completes when the value is written.</returns>
    public ValueTask WriteAsync<T>(T value, JsonableWriteAction<T> write)
    {
        if (value is not null && AsyncWriters<T>.Value is { } writeAsync && HoldsLargeCollection(value, 0))
        {
            return writeAsync(this, value);
        }

        JsonableWriter writer = StartWriter();
        write(ref writer, value);
        EndWriter(ref writer);
        return default;
    }

    /// <summary>
    /// Whether <paramref name="value"/>, of a generated type, holds a collection of at least <see cref="LargeCollection"/>
    /// elements, directly or in a member (asked by generated code of its members).
    /// </summary>
    /// <typeparam name="T">The value's generated type.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="depth">How many members deep the question already is.</param>
    /// <returns>Whether the value is worth writing asynchronously.</returns>
    public static bool HoldsLargeCollection<T>(T value, int depth)
    {
        if (value is null || AsyncWriters<T>.Value is null)
        {
            return false; // nothing to flush in, or no asynchronous writer to do it
        }

        return depth >= MaxProbeDepth || AsyncWriters<T>.HoldsLargeCollection is not { } holdsLarge || holdsLarge(value, depth + 1);
    }

    private async ValueTask FlushAsync()
    {
        _cancellationToken.ThrowIfCancellationRequested();
        await _flushAsync(_cancellationToken).ConfigureAwait(false);
        _pending = 0;
    }

    /// <summary>The asynchronous writer the registry's info of <typeparamref name="T"/> carries, looked up once.</summary>
    private static class AsyncWriters<T>
    {
        public static readonly JsonableWriteAsyncFunc<T>? Value = JsonableRegistry.GetTypeInfo<T>()?.WriteAsyncFunc;

        public static readonly Func<T, int, bool>? HoldsLargeCollection = JsonableRegistry.GetTypeInfo<T>()?.HoldsLargeCollectionFunc;
    }
}
