using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Internal;
using Microsoft.AspNetCore.Http;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Writes a response with the generated writers: small ones are buffered whole and get <c>Content-Length</c>;
/// large ones spill into the response <see cref="PipeWriter"/>. A response starts (its headers are written) when it
/// spills, so its body goes into the pipe once: bytes written into Kestrel's pipe before the headers are held aside and
/// copied again behind them on the first flush (for a 477 KB echo, all of it). After the spill the generated writer
/// still writes into the pooled buffer, which is copied into the pipe whenever it fills: the generated writer asks for
/// 4 KB spans, and Kestrel's chunked writer adds its chunk framing to such a request, which then no longer fits a 4 KB
/// block of its memory pool and is served by a fresh 8 KB array instead (a pool miss, about 120 per 477 KB response).
/// </summary>
internal static class ResponseBodyWriter
{
    /// <param name="context">The request's context.</param>
    /// <param name="value">The response value.</param>
    /// <param name="info">Its generated writer.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Jsonable's options.</param>
    /// <param name="layout">For JSON, the app's indented layout (<see cref="AppJsonLayout"/>), or <see langword="null"/> for compact JSON.</param>
    public static async Task WriteAsync(HttpContext context, object? value, JsonableTypeInfo info, JsonableFormat format, JsonableOptions options, JsonWriterOptions? layout = null)
    {
        HttpResponse response = context.Response;
        CancellationToken aborted = context.RequestAborted;
        bool tagBody = ConditionalResponse.IsEnabled(context, options);
        if (tagBody && ConditionalResponse.TryUseAppTag(context, format, out bool notModified))
        {
            tagBody = false;
            if (notModified)
            {
                return; // the app's version matched: nothing is serialized
            }
        }

        using SpillingBufferWriter output = SpillingBufferWriter.Rent(response, options.ResponseBufferSize);
        if (layout is { } indented && format == JsonableFormat.Json)
        {
            // The whole compact document first (no flushes: a second pass needs all of it), then STJ's layout of it.
            using var compact = new PooledByteBufferWriter();
            await info.WriteDocumentAsync(compact, value, format, options.Stacks.For(context).Writer, static _ => ValueTask.CompletedTask, int.MaxValue, aborted).ConfigureAwait(false);
            AppJsonLayout.Write(compact.WrittenSpan, output, indented);
        }
        else
        {
            await info.WriteDocumentAsync(output, value, format, options.Stacks.For(context).Writer, output.Flush, options.ResponseBufferSize, aborted).ConfigureAwait(false);
        }

        if (output.IsBufferedWhole)
        {
            if (tagBody && ConditionalResponse.TagBody(context, format, output.BufferedSpan))
            {
                return; // 304: the buffered body goes back to the pool unsent
            }

            response.ContentLength = output.BufferedLength;
        }

        await output.CompleteAsync(aborted).ConfigureAwait(false);
    }

    /// <summary>
    /// Buffers in pooled memory until first asked to flush or until the threshold would be passed (a single large
    /// object never asks), then starts the response and from then on copies the buffer into the pipe whenever it fills.
    /// </summary>
    private sealed class SpillingBufferWriter : IBufferWriter<byte>, IDisposable
    {
        // One writer per thread kept between responses (taken out while in use, so a response that awaits on this
        // thread never shares it): a small response then allocates neither the writer nor its flush delegate.
        [ThreadStatic]
        private static SpillingBufferWriter? t_idle;

        private HttpResponse _response = null!;
        private PipeWriter _body = null!;
        private int _threshold;
        private byte[] _buffer = [];
        private int _length;

        /// <summary>A start that did not finish synchronously (an asynchronous OnStarting callback): buffer until it has.</summary>
        private Task? _starting;

        private SpillingBufferWriter()
        {
            Flush = FlushAsync;
        }

        /// <summary><see cref="FlushAsync"/>, made once per writer.</summary>
        public Func<CancellationToken, ValueTask> Flush { get; }

        /// <summary>Whether the response has started and the buffer now only stages bytes for the pipe.</summary>
        public bool HasSpilled { get; private set; }

        /// <summary>A writer for <paramref name="response"/>, its buffer rented.</summary>
        /// <param name="response">The response: its pipe, and its start when the buffer spills.</param>
        /// <param name="threshold">The most bytes buffered (for Content-Length) before writing into the pipe instead.</param>
        public static SpillingBufferWriter Rent(HttpResponse response, int threshold)
        {
            SpillingBufferWriter writer = t_idle ?? new SpillingBufferWriter();
            t_idle = null;
            writer._response = response;
            writer._body = response.BodyWriter;
            writer._threshold = Math.Max(threshold, 0);
            writer._buffer = ArrayPool<byte>.Shared.Rent(Math.Clamp(threshold, 256, 64 * 1024));
            writer._length = 0;
            writer._starting = null;
            writer.HasSpilled = false;
            return writer;
        }

        /// <summary>Whether the whole body is in the buffer and the response has not been started: it can get Content-Length.</summary>
        public bool IsBufferedWhole => !HasSpilled && _starting is null;

        public int BufferedLength => _length;

        /// <summary>The bytes buffered and not yet in the pipe: the whole body while <see cref="IsBufferedWhole"/>.</summary>
        public ReadOnlySpan<byte> BufferedSpan => _buffer.AsSpan(0, _length);

        public void Advance(int count) => _length += count;

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            MakeRoom(sizeHint);
            return _buffer.AsMemory(_length);
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            MakeRoom(sizeHint);
            return _buffer.AsSpan(_length);
        }

        /// <summary>Called between elements: moves what is buffered into the pipe (no Content-Length from now on) and flushes.</summary>
        public async ValueTask FlushAsync(CancellationToken cancellationToken)
        {
            if (!HasSpilled)
            {
                await StartAsync(cancellationToken).ConfigureAwait(false);
                HasSpilled = true;
            }

            WriteBufferToPipe();
            FlushResult result = await _body.FlushAsync(cancellationToken).ConfigureAwait(false);
            if (result.IsCanceled || result.IsCompleted)
            {
                throw new OperationCanceledException("The client stopped reading the response.");
            }
        }

        public async ValueTask CompleteAsync(CancellationToken cancellationToken)
        {
            if (!HasSpilled && _starting is not null)
            {
                // Grown past the threshold while an OnStarting callback ran: no Content-Length was promised.
                await _starting.ConfigureAwait(false);
            }

            HasSpilled = true;
            WriteBufferToPipe();
            await _body.FlushAsync(cancellationToken).ConfigureAwait(false);
        }

        public void Dispose()
        {
            byte[] buffer = _buffer;
            if (buffer.Length == 0)
            {
                return; // already given back
            }

            _buffer = [];
            ArrayPool<byte>.Shared.Return(buffer);
            _response = null!;
            _body = null!;
            _starting = null;
            t_idle = this;
        }

        private async ValueTask StartAsync(CancellationToken cancellationToken)
        {
            if (_starting is null && !_response.HasStarted)
            {
                _starting = _response.StartAsync(cancellationToken);
            }

            if (_starting is not null)
            {
                await _starting.ConfigureAwait(false);
            }
        }

        /// <summary>
        /// Room for <paramref name="sizeHint"/> bytes in the buffer. Before the spill, past the threshold the response
        /// is started (unless the start cannot finish synchronously: then the buffer grows); after it, a full buffer is
        /// copied into the pipe first.
        /// </summary>
        private void MakeRoom(int sizeHint)
        {
            sizeHint = Math.Max(sizeHint, 1);
            if (_buffer.Length - _length >= sizeHint && (HasSpilled || (long)_length + sizeHint <= _threshold))
            {
                return;
            }

            if (!HasSpilled && (long)_length + sizeHint > _threshold)
            {
                HasSpilled = TryStart();
            }

            if (HasSpilled && _length > 0 && _buffer.Length - _length < sizeHint)
            {
                WriteBufferToPipe();
            }

            Grow(sizeHint);
        }

        /// <summary>
        /// Starts the response; false (keep buffering) when the start cannot finish synchronously, since nothing may
        /// write into the pipe while OnStarting callbacks run.
        /// </summary>
        private bool TryStart()
        {
            if (_starting is null && !_response.HasStarted)
            {
                _starting = _response.StartAsync();
            }

            if (_starting is { IsCompleted: false })
            {
                return false;
            }

            // A start that failed throws here, as the first flush would have.
            _starting?.GetAwaiter().GetResult();
            return true;
        }

        private void WriteBufferToPipe()
        {
            if (_length > 0)
            {
                _body.Write(_buffer.AsSpan(0, _length));
                _length = 0;
            }
        }

        private void Grow(int sizeHint)
        {
            if (_buffer.Length - _length >= sizeHint)
            {
                return;
            }

            PooledArrays.Grow(ArrayPool<byte>.Shared, ref _buffer, _length, sizeHint);
        }
    }
}
