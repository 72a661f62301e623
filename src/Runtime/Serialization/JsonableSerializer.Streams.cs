using System;
using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>
/// The <see cref="Stream"/> and <see cref="PipeReader"/> overloads. The generated readers need the whole document in one
/// span, so a read collects the input into pooled memory first and a write fills pooled memory, then copies it out.
/// </summary>
public static partial class JsonableSerializer
{
    // Each read asks the stream for at least this much room, so a stream that delivers little at a time still fills large blocks.
    private const int StreamReadBlock = 16 * 1024;

    /// <summary>Writes <paramref name="value"/> as a complete document to <paramref name="output"/>.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="output">Where the bytes go; it is not flushed or closed.</param>
    /// <param name="value">The value.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <exception cref="JsonableException">The value cannot be written (NaN, too deep, a cycle); nothing is written then.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not registered.</exception>
    public static void Serialize<T>(Stream output, T value, JsonableFormat format = JsonableFormat.Json, JsonableWriterOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(output);
        using var buffer = new PooledByteBufferWriter();
        Serialize<T>(buffer, value, format, options);
        output.Write(buffer.WrittenSpan);
    }

    /// <summary>Writes <paramref name="value"/> as a complete document to <paramref name="output"/>, asynchronously.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="output">Where the bytes go; it is not closed.</param>
    /// <param name="value">The value.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the write to <paramref name="output"/>.</param>
    /// <exception cref="JsonableException">The value cannot be written (NaN, too deep, a cycle); nothing is written then.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not registered.</exception>
    public static async Task SerializeAsync<T>(Stream output, T value, JsonableFormat format = JsonableFormat.Json, JsonableWriterOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(output);
        using var buffer = new PooledByteBufferWriter();
        Serialize<T>(buffer, value, format, options);
        await output.WriteAsync(buffer.WrittenMemory, cancellationToken).ConfigureAwait(false);
        await output.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Reads <paramref name="input"/> to its end as one document of <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="input">The document; read to its end, not closed.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <returns>The value read (<see langword="null"/> for a <c>null</c> root).</returns>
    /// <exception cref="JsonableException">The input is malformed or does not fit <typeparamref name="T"/>; the exception carries the JSON path.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not registered.</exception>
    public static T? Deserialize<T>(Stream input, JsonableFormat format = JsonableFormat.Json, JsonableReaderOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(input);
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() ?? throw NotRegistered(typeof(T));
        using var buffer = new PooledByteBufferWriter(StreamReadBlock);
        while (true)
        {
            int read = input.Read(buffer.GetSpan(StreamReadBlock));
            if (read == 0)
            {
                return JsonableMetadataServices.ReadDocument(buffer.WrittenSpan, format, reuseInstance: false, options, info.Read);
            }

            buffer.Advance(read);
        }
    }

    /// <summary>Reads <paramref name="input"/> to its end as one document of <typeparamref name="T"/>, asynchronously.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="input">The document; read to its end, not closed.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels reading from <paramref name="input"/>.</param>
    /// <returns>The value read (<see langword="null"/> for a <c>null</c> root).</returns>
    /// <exception cref="JsonableException">The input is malformed or does not fit <typeparamref name="T"/>; the exception carries the JSON path.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not registered.</exception>
    public static async ValueTask<T?> DeserializeAsync<T>(Stream input, JsonableFormat format = JsonableFormat.Json, JsonableReaderOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(input);
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() ?? throw NotRegistered(typeof(T));
        using var buffer = new PooledByteBufferWriter(StreamReadBlock);
        while (true)
        {
            int read = await input.ReadAsync(buffer.GetMemory(StreamReadBlock), cancellationToken).ConfigureAwait(false);
            if (read == 0)
            {
                return JsonableMetadataServices.ReadDocument(buffer.WrittenSpan, format, reuseInstance: false, options, info.Read);
            }

            buffer.Advance(read);
        }
    }

    /// <summary>
    /// Reads <paramref name="input"/> until the writer completes it, as one document of <typeparamref name="T"/>, and
    /// consumes what it read. The reader is not completed: the caller owns it. On .NET 10, an object with collection
    /// members (a generated <c>[FromJson]</c> type without constructor parameters or required members) is read piece by
    /// piece as its bytes arrive: each member value, and each element of a collection member, once it is complete, so
    /// only the piece being read is held rather than the document, with the same values and errors (offsets, paths);
    /// see docs/performance.md, "Large bodies".
    /// </summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="input">The document, for example an ASP.NET Core request's <c>BodyReader</c>.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels waiting for data.</param>
    /// <returns>The value read (<see langword="null"/> for a <c>null</c> root).</returns>
    /// <exception cref="JsonableException">The input is malformed or does not fit <typeparamref name="T"/>; the exception carries the JSON path.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not registered.</exception>
    public static async ValueTask<T?> DeserializeAsync<T>(PipeReader input, JsonableFormat format = JsonableFormat.Json, JsonableReaderOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(input);
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() ?? throw NotRegistered(typeof(T));
#if NET
        if (info.CanReadIncrementally)
        {
            return await info.ReadIncrementallyAsync(input, format, options, length: null, long.MaxValue, cancellationToken).ConfigureAwait(false);
        }
#endif
        while (true)
        {
            ReadResult result = await input.ReadAsync(cancellationToken).ConfigureAwait(false);
            ReadOnlySequence<byte> document = result.Buffer;
            if (result.IsCanceled)
            {
                input.AdvanceTo(document.Start);
                throw new OperationCanceledException("Reading the document was canceled (PipeReader.CancelPendingRead).");
            }

            if (!result.IsCompleted)
            {
                // Nothing is consumed until the whole document is there: ask for more.
                input.AdvanceTo(document.Start, document.End);
                continue;
            }

            try
            {
                return ReadSequence(document, format, options, info.Read);
            }
            finally
            {
                input.AdvanceTo(document.End);
            }
        }
    }

    private static T? ReadSequence<T>(ReadOnlySequence<byte> document, JsonableFormat format, JsonableReaderOptions? options, JsonableReadFunc<T> read)
    {
        if (document.IsSingleSegment)
        {
            return JsonableMetadataServices.ReadDocument(document.FirstSpan, format, reuseInstance: false, options, read);
        }

        // Several segments: one contiguous copy, since the generated readers read one span.
        long length = document.Length;
        if (length > Array.MaxLength)
        {
            throw new JsonableException($"The document is {length} bytes long, more than one array can hold.", 0, "$");
        }

        byte[] rented = ArrayPool<byte>.Shared.Rent((int)length);
        try
        {
            document.CopyTo(rented);
            return JsonableMetadataServices.ReadDocument(rented.AsSpan(0, (int)length), format, reuseInstance: false, options, read);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }
}
