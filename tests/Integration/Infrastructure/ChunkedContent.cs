namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// A request body sent in small writes (one byte each by default) with a flush and a yield after each, and no
/// Content-Length (chunked), so the server reads it in as many pieces as it was written. Send it with
/// <see cref="SampleApiFactory.CreateStreamingClient"/>: the default test client buffers request bodies (to replay
/// them on redirects), which would turn this back into one piece with a Content-Length.
/// </summary>
public sealed class ChunkedContent : HttpContent
{
    private readonly byte[] _body;
    private readonly int _chunkSize;

    /// <summary>Creates the content with the given Content-Type.</summary>
    public ChunkedContent(byte[] body, string contentType, int chunkSize = 1)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(chunkSize, 1);
        _body = body;
        _chunkSize = chunkSize;
        Headers.ContentType = System.Net.Http.Headers.MediaTypeHeaderValue.Parse(contentType);
    }

    /// <inheritdoc />
    protected override async Task SerializeToStreamAsync(Stream stream, System.Net.TransportContext? context)
    {
        if (stream is MemoryStream)
        {
            throw new InvalidOperationException("The body is being buffered, so it would not be sent in pieces; use SampleApiFactory.CreateStreamingClient().");
        }

        for (int i = 0; i < _body.Length; i += _chunkSize)
        {
            await stream.WriteAsync(_body.AsMemory(i, Math.Min(_chunkSize, _body.Length - i)));
            await stream.FlushAsync();
            await Task.Yield();
        }
    }

    /// <inheritdoc />
    protected override bool TryComputeLength(out long length)
    {
        length = -1;
        return false;
    }
}
