namespace Jsonable.AspNetCore.Tests.Infrastructure;

/// <summary>Request body streams that behave like a socket rather than like a <see cref="MemoryStream"/>.</summary>
public static class TestBodies
{
    /// <summary>Hands out at most <paramref name="chunk"/> bytes per read, so a pipe over it sees many small segments.</summary>
    public static Stream Trickle(byte[] body, int chunk) => new TrickleStream(body, chunk);

    /// <summary>Returns <paramref name="prefix"/>, then fails the next read with <paramref name="error"/> (a reset, a 413...).</summary>
    public static Stream FailingAfter(byte[] prefix, Exception error) => new FailingStream(prefix, error);

    /// <summary>
    /// Returns <paramref name="prefix"/>, then waits (a client that stopped sending) until the read is cancelled or the
    /// connection is aborted (<paramref name="aborted"/>), which fails the read as Kestrel does.
    /// </summary>
    public static Stream StallingAfter(byte[] prefix, CancellationToken aborted) => new StallingStream(prefix, aborted);

    /// <summary>A response body that aborts the request once the first bytes reach it: a client that goes away mid-response.</summary>
    public static MemoryStream AbortingOnFirstWrite(CancellationTokenSource requestAborted) => new AbortingStream(requestAborted);

    private sealed class AbortingStream(CancellationTokenSource requestAborted) : MemoryStream
    {
        public override void Write(byte[] buffer, int offset, int count)
        {
            base.Write(buffer, offset, count);
            requestAborted.Cancel();
        }

        public override void Write(ReadOnlySpan<byte> buffer)
        {
            base.Write(buffer);
            requestAborted.Cancel();
        }

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        {
            Write(buffer, offset, count);
            return Task.CompletedTask;
        }

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Write(buffer.Span);
            return ValueTask.CompletedTask;
        }
    }

    private abstract class ReadOnlyBody : Stream
    {
        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => ReadAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public abstract override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default);

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }

    private sealed class TrickleStream(byte[] body, int chunk) : ReadOnlyBody
    {
        private int _position;

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            int count = Math.Min(Math.Min(chunk, buffer.Length), body.Length - _position);
            body.AsSpan(_position, count).CopyTo(buffer.Span);
            _position += count;
            return ValueTask.FromResult(count);
        }
    }

    private sealed class FailingStream(byte[] prefix, Exception error) : ReadOnlyBody
    {
        private bool _sent;

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (_sent)
            {
                return ValueTask.FromException<int>(error);
            }

            _sent = true;
            int count = Math.Min(prefix.Length, buffer.Length);
            prefix.AsSpan(0, count).CopyTo(buffer.Span);
            return ValueTask.FromResult(count);
        }
    }

    private sealed class StallingStream(byte[] prefix, CancellationToken aborted) : ReadOnlyBody
    {
        private bool _sent;

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (_sent)
            {
                using var either = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, aborted);
                await Task.Delay(Timeout.Infinite, either.Token);
            }

            _sent = true;
            int count = Math.Min(prefix.Length, buffer.Length);
            prefix.AsSpan(0, count).CopyTo(buffer.Span);
            return count;
        }
    }
}
