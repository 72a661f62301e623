using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Metadata;

namespace Jsonable.Internal;

/// <summary>
/// The loop behind <see cref="JsonableSerializer.DeserializeAsyncEnumerable{T}(PipeReader, JsonableStreamFormat, JsonableStreamReaderOptions?, CancellationToken)"/>:
/// <see cref="ItemFramer"/> finds each item's bytes, the generated reader reads them as one document. Items already in
/// the pipe's buffer are handed over without another read; the pipe is advanced past them before it is read again, and
/// keeps only the unfinished item.
/// </summary>
internal static class ItemStreamReader
{
    public static async IAsyncEnumerable<T?> ReadAsync<T>(
        PipeReader input,
        JsonableStreamFormat format,
        JsonableStreamReaderOptions options,
        JsonableReadFunc<T> read,
        bool completeInput,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        var framer = new ItemFramer(format, options.MaxItemBytes, options.MaxTotalBytes);
        JsonableFormat itemFormat = format == JsonableStreamFormat.Jmc1Array ? JsonableFormat.Jmc1 : JsonableFormat.Json;
        byte[]? scratch = null;
        try
        {
            while (true)
            {
                ReadResult result = await input.ReadAsync(cancellationToken).ConfigureAwait(false);
                ReadOnlySequence<byte> buffer = result.Buffer;
                if (result.IsCanceled)
                {
                    input.AdvanceTo(buffer.Start);
                    throw new OperationCanceledException("Reading the stream was canceled (PipeReader.CancelPendingRead).");
                }

                while (true)
                {
                    ItemFrame frame = framer.Next(buffer, result.IsCompleted);
                    if (frame.Kind == FrameKind.Item)
                    {
                        T? item = ReadItem(buffer.Slice(frame.Start, frame.End - frame.Start), itemFormat, format, options.ReaderOptions, read, frame, ref scratch);
                        if (item is null && options.RejectNullItems)
                        {
                            throw InItem(new JsonableException("An item must not be null.", 0, "$"), format, frame);
                        }

                        yield return item;
                        cancellationToken.ThrowIfCancellationRequested();
                        continue;
                    }

                    if (frame.Kind == FrameKind.End)
                    {
                        input.AdvanceTo(buffer.End);
                        yield break;
                    }

                    // Everything before the unfinished item is done with; all of it has been looked at.
                    input.AdvanceTo(buffer.GetPosition(frame.Start), buffer.End);
                    framer.Consumed(frame.Start);
                    break;
                }
            }
        }
        finally
        {
            if (scratch is not null)
            {
                ArrayPool<byte>.Shared.Return(scratch);
            }

            if (completeInput)
            {
                await input.CompleteAsync().ConfigureAwait(false);
            }
        }
    }

    private static T? ReadItem<T>(ReadOnlySequence<byte> bytes, JsonableFormat itemFormat, JsonableStreamFormat format, JsonableReaderOptions? readerOptions, JsonableReadFunc<T> read, in ItemFrame frame, ref byte[]? scratch)
    {
        ReadOnlySpan<byte> span;
        if (bytes.IsSingleSegment)
        {
            span = bytes.FirstSpan;
        }
        else
        {
            // The generated reader reads one span: an item split across segments is copied once, into a buffer kept
            // for the next such item (so it is as large as the largest item, and no larger).
            int length = (int)bytes.Length;
            if (scratch is null || scratch.Length < length)
            {
                if (scratch is not null)
                {
                    ArrayPool<byte>.Shared.Return(scratch);
                    scratch = null;
                }

                scratch = ArrayPool<byte>.Shared.Rent(length);
            }

            bytes.CopyTo(scratch);
            span = scratch.AsSpan(0, length);
        }

        try
        {
            return JsonableMetadataServices.ReadDocument(span, itemFormat, reuseInstance: false, readerOptions, read);
        }
        catch (JsonableException exception)
        {
            throw InItem(exception, format, frame);
        }
    }

    /// <summary>The item's error, with its path and offset in the whole stream rather than in the item.</summary>
    private static JsonableException InItem(JsonableException exception, JsonableStreamFormat format, in ItemFrame frame)
    {
        string inner = exception.Path ?? "$";
        string path = format == JsonableStreamFormat.JsonLines
            ? $"line {frame.Line}: {inner}"
            : $"$[{frame.Index}]{inner.Substring(1)}";
        long at = exception.BytePosition >= 0 ? frame.AbsoluteStart + exception.BytePosition : frame.AbsoluteStart;
        return new JsonableException(exception.Reason, at, path, exception) { IsSizeLimit = exception.IsSizeLimit };
    }
}
