using System;
using System.Buffers;
using System.IO;
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
    /// <summary>Reads the body to its end, honouring the server's request body size limit (413 past it).</summary>
    public static async ValueTask<byte[]?> ReadUtf8Async(HttpRequest request, Encoding? encoding, CancellationToken cancellationToken)
    {
        long? limit = request.HttpContext.Features.Get<IHttpMaxRequestBodySizeFeature>()?.MaxRequestBodySize;
        if (limit is { } max && request.ContentLength > max)
        {
            throw TooLarge(max);
        }

        if (encoding is not null && encoding.CodePage != Encoding.UTF8.CodePage)
        {
            // Other charsets are transcoded to UTF-8 first; the generated readers only read UTF-8.
            await using Stream transcoded = Encoding.CreateTranscodingStream(request.Body, encoding, Encoding.UTF8, leaveOpen: true);
            using var copy = new MemoryStream();
            await transcoded.CopyToAsync(copy, cancellationToken).ConfigureAwait(false);
            if (limit is { } maxBytes && copy.Length > maxBytes)
            {
                throw TooLarge(maxBytes);
            }

            return copy.ToArray();
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
