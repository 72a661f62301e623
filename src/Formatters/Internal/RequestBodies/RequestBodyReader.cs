using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Internal;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Reads a whole request body (any number of segments) and hands it to the generated readers as one span, without
/// copying it when it arrived in one segment and into pooled memory when it did not. A large body (see
/// <see cref="LargeBody"/>) is copied out of the pipe as it arrives, into an array that is kept through a burst of large
/// requests and not after it (<see cref="LargeBodyPool"/>), so the server holds it once (not in the pipe and in a copy):
/// docs/performance.md.
/// </summary>
internal static class RequestBodyReader
{
    /// <summary>
    /// From this size on (declared by Content-Length or received) a body is a large one. Below it the pipe's segments
    /// are kept until the body is whole and copied once into an array from <see cref="BufferPool"/>.
    /// </summary>
    internal const int LargeBody = 1024 * 1024;

    /// <summary>The most a large body's first array holds before more of the body has arrived.</summary>
    private const int FirstLargeCapacity = 4 * LargeBody;

    /// <summary>Whether large bodies of types that can be are read piece by piece (tests of the whole-body path turn it off).</summary>
    internal static bool ReadPieceByPiece { get; set; } = true;

    /// <summary>Where the contiguous copies of multi-segment and transcoded bodies are rented from (tests swap it to watch rents and returns).</summary>
    internal static ArrayPool<byte> BufferPool { get; set; } = ArrayPool<byte>.Shared;

    /// <summary>
    /// Where large bodies' arrays come from: <see cref="LargeBodyPool"/>, which keeps them through a burst of large
    /// requests and not after it (tests swap it to watch rents and returns).
    /// </summary>
    internal static ArrayPool<byte> LargeBufferPool { get; set; } = LargeBodyPool.Instance;

    /// <summary>
    /// Reads the body to its end, honouring the server's request body size limit (413 past it) on the bytes received,
    /// then transcodes them to UTF-8 when <paramref name="encoding"/> is another charset. Dispose the result once the
    /// body has been parsed: it returns the pooled buffer or releases the request pipe's.
    /// </summary>
    /// <param name="request">The request.</param>
    /// <param name="encoding">The declared charset; <see langword="null"/> for UTF-8.</param>
    /// <param name="cancellationToken">Cancels reading.</param>
    /// <param name="pieceByPiece">
    /// The type to read a large UTF-8 body as, piece by piece as it arrives, instead of holding it whole (see
    /// <see cref="ReadPieceByPieceAsync"/>); <see langword="null"/>, or a type that cannot, to hold it whole.
    /// </param>
    public static async ValueTask<RequestBody> ReadUtf8Async(HttpRequest request, Encoding? encoding, CancellationToken cancellationToken, PieceByPiece? pieceByPiece = null)
    {
        // The generated readers need the whole body in one span, so no body can be larger than an array, whatever the
        // server allows (its limit can be off): past that it is a 413 too, not an overflow.
        long? serverLimit = request.HttpContext.Features.Get<IHttpMaxRequestBodySizeFeature>()?.MaxRequestBodySize;
        long limit = Math.Min(serverLimit ?? long.MaxValue, Array.MaxLength);
        long? declared = request.ContentLength;
        if (declared > limit)
        {
            throw TooLarge(limit);
        }

        PipeReader reader = request.BodyReader;
        bool utf8 = encoding is null || encoding.CodePage == Encoding.UTF8.CodePage;
        while (true)
        {
            ReadResult result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            ReadOnlySequence<byte> buffer = result.Buffer;
            if (buffer.Length > limit)
            {
                reader.AdvanceTo(buffer.End);
                throw TooLarge(limit);
            }

            if (result.IsCompleted || result.IsCanceled)
            {
                return Whole(reader, buffer, utf8 ? null : encoding);
            }

            // A few KB first, so that a transcoded body's byte order mark is whole before it is looked at.
            if (buffer.Length >= LargeBody || (declared >= LargeBody && buffer.Length >= 4096))
            {
                if (utf8 && ReadPieceByPiece && pieceByPiece is { Type.CanReadIncrementally: true } read)
                {
                    reader.AdvanceTo(buffer.Start, buffer.End);
                    return await ReadPieceByPieceAsync(reader, read, declared, serverLimit ?? long.MaxValue, cancellationToken).ConfigureAwait(false);
                }

                return await ReadLargeAsync(reader, buffer, utf8 ? null : encoding, declared, limit, cancellationToken).ConfigureAwait(false);
            }

            // Keep everything: the reader needs the whole document in one span.
            reader.AdvanceTo(buffer.Start, buffer.End);
        }
    }

    /// <summary>What a large body is read as when it is read piece by piece.</summary>
    internal sealed record PieceByPiece(JsonableTypeInfo Type, JsonableFormat Format, JsonableReaderOptions? Options);

    /// <summary>
    /// A large body read as it arrives: each member, and each element of a collection member, once its bytes are there,
    /// so the server holds the objects and the piece being read, not the body (docs/performance.md, "Large bodies").
    /// The reading's error is kept in the result, for the caller to answer where it answers a malformed body.
    /// </summary>
    private static async ValueTask<RequestBody> ReadPieceByPieceAsync(PipeReader reader, PieceByPiece read, long? declared, long limit, CancellationToken cancellationToken)
    {
        try
        {
            object? value = await read.Type.ReadIncrementallyBoxedAsync(reader, read.Format, read.Options, declared, limit, cancellationToken).ConfigureAwait(false);
            return RequestBody.Parsed(value, null);
        }
        catch (JsonableException exception) when (exception.IsSizeLimit)
        {
            throw TooLarge(limit);
        }
        catch (JsonableException exception)
        {
            return RequestBody.Parsed(null, System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(exception));
        }
    }

    /// <summary>A body whole in the pipe: parsed where it lies when it is one UTF-8 segment, else copied (or transcoded) once.</summary>
    private static RequestBody Whole(PipeReader reader, ReadOnlySequence<byte> body, Encoding? transcodeFrom)
    {
        if (transcodeFrom is null && body.IsSingleSegment)
        {
            // Parsed where it lies; the pipe keeps the bytes until the body is disposed (then consumed by AdvanceTo).
            return RequestBody.InPipe(reader, body);
        }

        try
        {
            return transcodeFrom is null ? Copy(body) : Transcode(body, transcodeFrom);
        }
        finally
        {
            // The contiguous copy holds everything now: release the pipe's segments before parsing.
            reader.AdvanceTo(body.End);
        }
    }

    /// <summary>
    /// Copies (or transcodes) what has arrived into one array from <see cref="LargeBufferPool"/> and frees the pipe's
    /// segments, read after read: grown as the bytes arrive, never past the declared Content-Length.
    /// </summary>
    private static async ValueTask<RequestBody> ReadLargeAsync(
        PipeReader reader, ReadOnlySequence<byte> first, Encoding? transcodeFrom, long? declared, long limit, CancellationToken cancellationToken)
    {
        ArrayPool<byte> pool = LargeBufferPool;
        // Content-Length bounds the growth (the server ends a body at its declared length), but sizes the first array
        // only as far as the bytes that have arrived: a client that declares 30 MB and sends 4 KB must not make the
        // server allocate 30 MB.
        long cap = Math.Min(declared ?? limit, limit);
        int capacity = (int)Math.Min(cap, Math.Max(first.Length * 2, FirstLargeCapacity));
        var output = new PooledUtf8(pool, capacity);
        Transcoder? transcoder = transcodeFrom is null ? null : new Transcoder(transcodeFrom);
        try
        {
            ReadOnlySequence<byte> buffer = first;
            long received = 0;
            while (true)
            {
                received += buffer.Length;
                if (transcoder is null)
                {
                    output.Append(buffer, cap);
                }
                else
                {
                    transcoder.Append(buffer, ref output);
                }

                reader.AdvanceTo(buffer.End);
                ReadResult result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
                buffer = result.Buffer;
                if (received + buffer.Length > limit)
                {
                    reader.AdvanceTo(buffer.End);
                    throw TooLarge(limit);
                }

                if (result.IsCompleted || result.IsCanceled)
                {
                    received += buffer.Length;
                    if (transcoder is null)
                    {
                        output.Append(buffer, cap);
                    }
                    else
                    {
                        transcoder.Append(buffer, ref output);
                        transcoder.Finish(ref output);
                    }

                    reader.AdvanceTo(buffer.End);
                    return output.Detach();
                }
            }
        }
        catch
        {
            output.Dispose();
            throw;
        }
        finally
        {
            transcoder?.Dispose();
        }
    }

    /// <summary>One pooled array holding the whole body: segments are copied once, straight from the pipe.</summary>
    private static RequestBody Copy(ReadOnlySequence<byte> body)
    {
        int length = checked((int)body.Length);
        byte[] buffer = BufferPool.Rent(length);
        body.CopyTo(buffer);
        return RequestBody.Pooled(buffer, length, BufferPool);
    }

    /// <summary>
    /// Decodes the declared charset segment by segment into a small char window and encodes that to UTF-8 in a pooled
    /// array, so the body is never held as a whole string: the pipe's bytes and the UTF-8 copy are the only two.
    /// </summary>
    private static RequestBody Transcode(ReadOnlySequence<byte> body, Encoding encoding)
    {
        var output = new PooledUtf8(BufferPool, (int)Math.Min(body.Length, Array.MaxLength));
        using var transcoder = new Transcoder(encoding);
        try
        {
            transcoder.Append(body, ref output);
            transcoder.Finish(ref output);
            return output.Detach();
        }
        catch
        {
            output.Dispose();
            throw;
        }
    }

    /// <summary>A byte order mark of the declared charset is not content.</summary>
    private static ReadOnlySequence<byte> SkipPreamble(ReadOnlySequence<byte> body, ReadOnlySpan<byte> preamble)
    {
        if (preamble.IsEmpty || preamble.Length > 8 || body.Length < preamble.Length)
        {
            return body;
        }

        Span<byte> start = stackalloc byte[preamble.Length];
        body.Slice(0, preamble.Length).CopyTo(start);
        return start.SequenceEqual(preamble) ? body.Slice(preamble.Length) : body;
    }

    private static BadHttpRequestException TooLarge(long max) =>
        new($"The request body is larger than the limit of {max} bytes.", StatusCodes.Status413PayloadTooLarge);

    /// <summary>
    /// Decodes a charset into a small char window and encodes that as UTF-8, piece by piece: a char or a surrogate pair
    /// split across two pieces stays in the decoder or encoder until the next completes it. Invalid input becomes
    /// U+FFFD, as <see cref="Encoding.GetString(byte[])"/> and <see cref="Encoding.UTF8"/> make it.
    /// </summary>
    private sealed class Transcoder(Encoding encoding) : IDisposable
    {
        private readonly Decoder _decoder = encoding.GetDecoder();
        private readonly Encoder _encoder = Encoding.UTF8.GetEncoder();
        private char[]? _window = ArrayPool<char>.Shared.Rent(4096);
        private bool _started;

        public void Append(ReadOnlySequence<byte> bytes, ref PooledUtf8 output)
        {
            if (!_started)
            {
                _started = true;
                bytes = SkipPreamble(bytes, encoding.Preamble);
            }

            char[] window = _window!;
            foreach (ReadOnlyMemory<byte> segment in bytes)
            {
                ReadOnlySpan<byte> span = segment.Span;
                while (!span.IsEmpty)
                {
                    _decoder.Convert(span, window, flush: false, out int bytesUsed, out int charsUsed, out _);
                    span = span[bytesUsed..];
                    output.Encode(_encoder, window.AsSpan(0, charsUsed), flush: false);
                }
            }
        }

        public void Finish(ref PooledUtf8 output)
        {
            char[] window = _window!;
            bool completed;
            do
            {
                // Bytes left over at the end (half a char) become U+FFFD.
                _decoder.Convert([], window, flush: true, out _, out int charsUsed, out completed);
                output.Encode(_encoder, window.AsSpan(0, charsUsed), flush: false);
            }
            while (!completed);

            // A high surrogate the last window ended with has no partner: it becomes U+FFFD.
            output.Encode(_encoder, [], flush: true);
        }

        public void Dispose()
        {
            if (_window is { } window)
            {
                _window = null;
                ArrayPool<char>.Shared.Return(window);
            }
        }
    }

    /// <summary>A growable UTF-8 buffer rented from the pool; on growth the old array goes straight back.</summary>
    private struct PooledUtf8(ArrayPool<byte> pool, int initialCapacity)
    {
        private byte[]? _buffer = pool.Rent(Math.Max(initialCapacity, 256));
        private int _length;

        public void Encode(Encoder encoder, ReadOnlySpan<char> chars, bool flush)
        {
            // Three bytes per char, plus a surrogate pair the encoder may be holding from the previous window.
            Ensure(checked((chars.Length * 3) + 4));
            encoder.Convert(chars, _buffer.AsSpan(_length), flush, out _, out int written, out _);
            _length += written;
        }

        /// <summary>Copies bytes that are already UTF-8, growing (up to <paramref name="limit"/>, or what they need) as the body arrives.</summary>
        public void Append(ReadOnlySequence<byte> bytes, long limit)
        {
            int room = checked((int)bytes.Length);
            if (_buffer!.Length - _length < room)
            {
                // The cap is a size hint (the declared length): never below what the bytes need.
                PooledArrays.Grow(pool, ref _buffer!, _length, room, Math.Max(limit, (long)_length + room));
            }

            bytes.CopyTo(_buffer.AsSpan(_length));
            _length += room;
        }

        public RequestBody Detach()
        {
            RequestBody body = RequestBody.Pooled(_buffer!, _length, pool);
            _buffer = null;
            return body;
        }

        public void Dispose()
        {
            if (_buffer is { } buffer)
            {
                _buffer = null;
                pool.Return(buffer);
            }
        }

        private void Ensure(int room)
        {
            byte[] buffer = _buffer!;
            if (buffer.Length - _length >= room)
            {
                return;
            }

            PooledArrays.Grow(pool, ref _buffer!, _length, room);
        }
    }
}
