namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// A client handler that can break the response streams open at a moment the test picks (their reads fail with an
/// <see cref="IOException"/>, as when a connection drops), and records each request's <c>Last-Event-ID</c>.
/// </summary>
public sealed class BreakingHandler : DelegatingHandler
{
    private readonly List<BreakableStream> _open = [];
    private readonly List<string?> _lastEventIds = [];

    /// <summary>Each request's <c>Last-Event-ID</c> (null when it had none), in order.</summary>
    public IReadOnlyList<string?> LastEventIds
    {
        get
        {
            lock (_lastEventIds)
            {
                return [.. _lastEventIds];
            }
        }
    }

    /// <summary>Breaks every response stream open now.</summary>
    public void Break()
    {
        lock (_open)
        {
            foreach (BreakableStream stream in _open)
            {
                stream.Break();
            }

            _open.Clear();
        }
    }

    /// <inheritdoc />
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        lock (_lastEventIds)
        {
            _lastEventIds.Add(request.Headers.TryGetValues("Last-Event-ID", out IEnumerable<string>? values) ? string.Join(",", values) : null);
        }

        HttpResponseMessage response = await base.SendAsync(request, cancellationToken);
        var stream = new BreakableStream(await response.Content.ReadAsStreamAsync(cancellationToken));
        var content = new StreamContent(stream);
        foreach (KeyValuePair<string, IEnumerable<string>> header in response.Content.Headers)
        {
            content.Headers.TryAddWithoutValidation(header.Key, header.Value);
        }

        response.Content = content;
        lock (_open)
        {
            _open.Add(stream);
        }

        return response;
    }

    private sealed class BreakableStream(Stream inner) : Stream
    {
        private readonly CancellationTokenSource _broken = new();

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public void Break() => _broken.Cancel();

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            using var both = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _broken.Token);
            try
            {
                return await inner.ReadAsync(buffer, both.Token);
            }
            catch (OperationCanceledException) when (_broken.IsCancellationRequested && !cancellationToken.IsCancellationRequested)
            {
                throw new IOException("The connection broke (BreakingHandler).");
            }
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override int Read(byte[] buffer, int offset, int count) => ReadAsync(buffer, offset, count, CancellationToken.None).GetAwaiter().GetResult();

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                inner.Dispose();
                _broken.Dispose();
            }

            base.Dispose(disposing);
        }
    }
}
