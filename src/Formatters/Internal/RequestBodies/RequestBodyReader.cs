using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Internal;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Reads a whole request body (any number of segments) and hands it to the generated readers as one span, without
/// copying it when it arrived in one segment and into pooled memory when it did not.
/// </summary>
internal static class RequestBodyReader
{
    /// <summary>Where the contiguous copies of multi-segment and transcoded bodies are rented from (tests swap it to watch rents and returns).</summary>
    internal static ArrayPool<byte> BufferPool { get; set; } = ArrayPool<byte>.Shared;

    /// <summary>
    /// Reads the body to its end, honouring the server's request body size limit (413 past it) on the bytes received,
    /// then transcodes them to UTF-8 when <paramref name="encoding"/> is another charset. Dispose the result once the
    /// body has been parsed: it returns the pooled buffer or releases the request pipe's.
    /// </summary>
    public static async ValueTask<RequestBody> ReadUtf8Async(HttpRequest request, Encoding? encoding, CancellationToken cancellationToken)
    {
        PipeReader reader = request.BodyReader;
        ReadOnlySequence<byte> body = await ReadAllAsync(request, reader, cancellationToken).ConfigureAwait(false);
        bool utf8 = encoding is null || encoding.CodePage == Encoding.UTF8.CodePage;
        if (utf8 && body.IsSingleSegment)
        {
            // Parsed where it lies; the pipe keeps the bytes until the body is disposed.
            return RequestBody.InPipe(reader, body);
        }

        try
        {
            return utf8 ? Copy(body) : Transcode(body, encoding!);
        }
        finally
        {
            // The contiguous copy holds everything now: release the pipe's segments before parsing.
            reader.AdvanceTo(body.End);
        }
    }

    private static async ValueTask<ReadOnlySequence<byte>> ReadAllAsync(HttpRequest request, PipeReader reader, CancellationToken cancellationToken)
    {
        // The generated readers need the whole body in one span, so no body can be larger than an array, whatever the
        // server allows (its limit can be off): past that it is a 413 too, not an overflow.
        long? serverLimit = request.HttpContext.Features.Get<IHttpMaxRequestBodySizeFeature>()?.MaxRequestBodySize;
        long limit = Math.Min(serverLimit ?? long.MaxValue, Array.MaxLength);
        if (request.ContentLength > limit)
        {
            throw TooLarge(limit);
        }

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
                return buffer; // consumed by the caller (AdvanceTo) once it no longer needs the bytes
            }

            // Keep everything: the reader needs the whole document in one span.
            reader.AdvanceTo(buffer.Start, buffer.End);
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
    /// Invalid input becomes U+FFFD, as <see cref="Encoding.GetString(byte[])"/> and <see cref="Encoding.UTF8"/> make it.
    /// </summary>
    private static RequestBody Transcode(ReadOnlySequence<byte> body, Encoding encoding)
    {
        body = SkipPreamble(body, encoding.Preamble);
        ArrayPool<byte> pool = BufferPool;
        var output = new PooledUtf8(pool, (int)Math.Min(body.Length, Array.MaxLength));
        char[] window = ArrayPool<char>.Shared.Rent(4096);
        try
        {
            Decoder decoder = encoding.GetDecoder();
            Encoder encoder = Encoding.UTF8.GetEncoder();
            foreach (ReadOnlyMemory<byte> segment in body)
            {
                // A char split across two segments stays in the decoder until the next one completes it.
                ReadOnlySpan<byte> bytes = segment.Span;
                while (!bytes.IsEmpty)
                {
                    decoder.Convert(bytes, window, flush: false, out int bytesUsed, out int charsUsed, out _);
                    bytes = bytes[bytesUsed..];
                    output.Encode(encoder, window.AsSpan(0, charsUsed), flush: false);
                }
            }

            bool completed;
            do
            {
                // Bytes left over at the end (half a char) become U+FFFD.
                decoder.Convert([], window, flush: true, out _, out int charsUsed, out completed);
                output.Encode(encoder, window.AsSpan(0, charsUsed), flush: false);
            }
            while (!completed);

            // A high surrogate the last window ended with has no partner: it becomes U+FFFD.
            output.Encode(encoder, [], flush: true);
            return output.Detach();
        }
        catch
        {
            output.Dispose();
            throw;
        }
        finally
        {
            ArrayPool<char>.Shared.Return(window);
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
