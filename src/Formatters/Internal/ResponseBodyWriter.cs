using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Writes a response with the generated writers: small ones are buffered whole and get <c>Content-Length</c>;
/// large ones spill into the response <see cref="PipeWriter"/> and are flushed as they are written.
/// </summary>
internal static class ResponseBodyWriter
{
    public static async Task WriteAsync(HttpContext context, object? value, JsonableTypeInfo info, JsonableFormat format, JsonableOptions options)
    {
        HttpResponse response = context.Response;
        CancellationToken aborted = context.RequestAborted;
        using var output = new SpillingBufferWriter(response.BodyWriter, options.ResponseBufferSize);
        await info.WriteDocumentAsync(output, value, format, options.CreateWriterOptions(), output.FlushAsync, options.ResponseBufferSize, aborted).ConfigureAwait(false);
        if (!output.HasSpilled)
        {
            response.ContentLength = output.BufferedLength;
        }

        await output.CompleteAsync(aborted).ConfigureAwait(false);
    }

    /// <summary>
    /// Buffers in pooled memory until first asked to flush or until the threshold would be passed (a single large
    /// object never asks), then writes straight into the pipe.
    /// </summary>
    private sealed class SpillingBufferWriter : IBufferWriter<byte>, IDisposable
    {
        private readonly PipeWriter _body;
        private readonly int _threshold;
        private byte[] _buffer;
        private int _length;

        /// <param name="body">The response pipe.</param>
        /// <param name="threshold">The most bytes buffered (for Content-Length) before writing into the pipe instead.</param>
        public SpillingBufferWriter(PipeWriter body, int threshold)
        {
            _body = body;
            _threshold = Math.Max(threshold, 0);
            _buffer = ArrayPool<byte>.Shared.Rent(Math.Clamp(threshold, 256, 64 * 1024));
        }

        public bool HasSpilled { get; private set; }

        public int BufferedLength => _length;

        public void Advance(int count)
        {
            if (HasSpilled)
            {
                _body.Advance(count);
            }
            else
            {
                _length += count;
            }
        }

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            if (!HasSpilled && !TryEnsure(sizeHint))
            {
                Spill();
            }

            return HasSpilled ? _body.GetMemory(sizeHint) : _buffer.AsMemory(_length);
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            if (!HasSpilled && !TryEnsure(sizeHint))
            {
                Spill();
            }

            return HasSpilled ? _body.GetSpan(sizeHint) : _buffer.AsSpan(_length);
        }

        /// <summary>Called between elements: moves what is buffered into the pipe (no Content-Length from now on) and flushes.</summary>
        public async ValueTask FlushAsync(CancellationToken cancellationToken)
        {
            if (!HasSpilled)
            {
                Spill();
            }

            FlushResult result = await _body.FlushAsync(cancellationToken).ConfigureAwait(false);
            if (result.IsCanceled || result.IsCompleted)
            {
                throw new OperationCanceledException("The client stopped reading the response.");
            }
        }

        public async ValueTask CompleteAsync(CancellationToken cancellationToken)
        {
            if (!HasSpilled)
            {
                Spill();
            }

            await _body.FlushAsync(cancellationToken).ConfigureAwait(false);
        }

        public void Dispose()
        {
            byte[] buffer = _buffer;
            _buffer = [];
            if (buffer.Length > 0)
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }
        }

        private void Spill()
        {
            _body.Write(_buffer.AsSpan(0, _length));
            _length = 0;
            HasSpilled = true;
        }

        /// <summary>Makes room in the buffer, unless that would take it past the threshold: then it is time to spill.</summary>
        private bool TryEnsure(int sizeHint)
        {
            sizeHint = Math.Max(sizeHint, 1);
            if ((long)_length + sizeHint > _threshold)
            {
                return false;
            }

            if (_buffer.Length - _length >= sizeHint)
            {
                return true;
            }

            byte[] larger = ArrayPool<byte>.Shared.Rent(Math.Max(_buffer.Length * 2, _length + sizeHint));
            _buffer.AsSpan(0, _length).CopyTo(larger);
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = larger;
            return true;
        }
    }
}
