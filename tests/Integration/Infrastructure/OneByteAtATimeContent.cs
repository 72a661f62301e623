namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// A request body sent one byte per write with a flush after each, and no Content-Length (chunked), so the server
/// receives it in as many pieces as the transport allows.
/// </summary>
public sealed class OneByteAtATimeContent : HttpContent
{
    private readonly byte[] _body;

    /// <summary>Creates the content with the given media type (and optional charset).</summary>
    public OneByteAtATimeContent(byte[] body, string mediaType)
    {
        _body = body;
        Headers.ContentType = System.Net.Http.Headers.MediaTypeHeaderValue.Parse(mediaType);
    }

    /// <inheritdoc />
    protected override async Task SerializeToStreamAsync(Stream stream, System.Net.TransportContext? context)
    {
        for (int i = 0; i < _body.Length; i++)
        {
            await stream.WriteAsync(_body.AsMemory(i, 1));
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
