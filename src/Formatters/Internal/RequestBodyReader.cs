using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;

namespace Jsonable.AspNetCore.Internal;

/// <summary>Reads a whole request body (any number of segments) and hands it to the generated readers as one span.</summary>
internal static class RequestBodyReader
{
    /// <summary>
    /// Reads the body to its end, honouring the server's request body size limit (413 past it) on the bytes received,
    /// then transcodes them to UTF-8 when <paramref name="encoding"/> is another charset.
    /// </summary>
    public static async ValueTask<byte[]?> ReadUtf8Async(HttpRequest request, Encoding? encoding, CancellationToken cancellationToken)
    {
        byte[] body = await ReadAllAsync(request, cancellationToken).ConfigureAwait(false);
        if (encoding is null || encoding.CodePage == Encoding.UTF8.CodePage || body.Length == 0)
        {
            return body;
        }

        // The generated readers only read UTF-8. A byte order mark of the declared charset is not content.
        ReadOnlySpan<byte> content = body;
        ReadOnlySpan<byte> preamble = encoding.Preamble;
        if (!preamble.IsEmpty && content.StartsWith(preamble))
        {
            content = content[preamble.Length..];
        }

        return Encoding.UTF8.GetBytes(encoding.GetString(content));
    }

    private static async ValueTask<byte[]> ReadAllAsync(HttpRequest request, CancellationToken cancellationToken)
    {
        long? limit = request.HttpContext.Features.Get<IHttpMaxRequestBodySizeFeature>()?.MaxRequestBodySize;
        if (limit is { } max && request.ContentLength > max)
        {
            throw TooLarge(max);
        }

        PipeReader reader = request.BodyReader;
        while (true)
        {
            ReadResult result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            ReadOnlySequence<byte> buffer = result.Buffer;
            if (limit is { } maxBytes && buffer.Length > maxBytes)
            {
                reader.AdvanceTo(buffer.End);
                throw TooLarge(maxBytes);
            }

            if (result.IsCompleted || result.IsCanceled)
            {
                byte[] body = buffer.ToArray();
                reader.AdvanceTo(buffer.End);
                return body;
            }

            // Keep everything: the reader needs the whole document in one span.
            reader.AdvanceTo(buffer.Start, buffer.End);
        }
    }

    private static BadHttpRequestException TooLarge(long max) =>
        new($"The request body is larger than the limit of {max} bytes.", StatusCodes.Status413PayloadTooLarge);
}
