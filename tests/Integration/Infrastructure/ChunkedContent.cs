namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// A request body sent in small writes (one byte each by default) with a flush after each, and no Content-Length
/// (chunked), so the server receives it in as many pieces as the transport allows.
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
        for (int i = 0; i < _body.Length; i += _chunkSize)
        {
            await stream.WriteAsync(_body.AsMemory(i, Math.Min(_chunkSize, _body.Length - i)));
            await stream.FlushAsync();
        }
    }

    /// <inheritdoc />
    protected override bool TryComputeLength(out long length)
    {
        length = -1;
        return false;
    }
}
