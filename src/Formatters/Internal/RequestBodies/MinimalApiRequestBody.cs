using System.Collections.Generic;
using System.Text;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Http;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// What every minimal-API body parameter (<see cref="JsonableBody{T}"/>, <see cref="JsonablePatch{T}"/>) does before its
/// own reading, so both answer a bad request the same way and the way MVC does.
/// </summary>
internal static class MinimalApiRequestBody
{
    /// <summary>The body as an array of its own (UTF-8 JSON or JMC1 bytes), for a value that keeps it (a patch document).</summary>
    /// <exception cref="JsonableRequestException">415 for a content type or charset Jsonable does not read; 400 for an empty body.</exception>
    public static async ValueTask<(JsonableFormat Format, byte[] Body)> ReadAsync(HttpContext context)
    {
        (JsonableFormat format, RequestBody body) = await ReadBodyAsync(context, JsonableRequestFeature.Of(context).Options).ConfigureAwait(false);
        using (body)
        {
            return (format, body.Span.ToArray());
        }
    }

    /// <summary>
    /// Reads the body and binds it with the generated reader of <typeparamref name="T"/>, parsing it in place (in the
    /// request pipe or a pooled copy, returned afterwards on every path).
    /// </summary>
    /// <exception cref="JsonableRequestException">415 for a content type or charset Jsonable does not read; 400 for an empty or malformed body.</exception>
    public static async ValueTask<T?> DeserializeAsync<T>(HttpContext context)
    {
        JsonableOptions options = JsonableRequestFeature.Of(context).Options;
        (JsonableFormat format, RequestBody body) = await ReadBodyAsync(context, options, JsonableRegistry.GetTypeInfo<T>()).ConfigureAwait(false);
        using (body)
        {
            try
            {
                return body.IsParsed ? (T?)body.Value : JsonableSerializer.Deserialize<T>(body.Span, format, options.Stacks.For(context).Reader);
            }
            catch (JsonableException exception)
            {
                throw Malformed(exception, options);
            }
        }
    }

    private static async ValueTask<(JsonableFormat Format, RequestBody Body)> ReadBodyAsync(HttpContext context, JsonableOptions options, JsonableTypeInfo? pieceByPiece = null)
    {
        JsonableFormat? format = ContentNegotiation.SelectRequestFormat(context.Request, options, out Encoding? encoding);
        if (format is null)
        {
            throw new JsonableRequestException(
                ContentNegotiation.UnsupportedContentTypeDetail(context),
                StatusCodes.Status415UnsupportedMediaType);
        }

        RequestBodyReader.PieceByPiece? read = pieceByPiece is null ? null : new(pieceByPiece, format.Value, options.Stacks.For(context).Reader);
        RequestBody body = await RequestBodyReader.ReadUtf8Async(context.Request, encoding, context.RequestAborted, read).ConfigureAwait(false);
        if (body.Length == 0)
        {
            body.Dispose();

            throw EmptyBody();
        }

        return (format.Value, body);
    }

    /// <summary>The 400 for an empty body, keyed as MVC keys a missing body (the empty model name), so both stacks answer alike.</summary>
    public static JsonableRequestException EmptyBody() =>
        new("A non-empty request body is required.", StatusCodes.Status400BadRequest, Errors(string.Empty, "A non-empty request body is required."));

    /// <summary>
    /// Before a minimal-API handler can store anything, as MVC checks before an action runs: when the app opted into 406
    /// (<see cref="JsonableOptions.ReturnHttpNotAcceptable"/>) and the endpoint answers with a negotiated Jsonable result,
    /// an <c>Accept</c> that allows neither format is a 406 (after Content-Type and body). Without the option the
    /// handler runs and the result answers JSON, as System.Text.Json's does.
    /// </summary>
    /// <exception cref="JsonableRequestException">406 when nothing the endpoint writes is acceptable.</exception>
    public static void ThrowIfNotAcceptableBeforeHandler(HttpContext context)
    {
        if (context.GetEndpoint()?.Metadata.GetMetadata<NegotiatedResponseMetadata>() is not null
            && JsonableRequestFeature.Of(context).SelectResponseFormatOrFallback(out _) is null)
        {
            throw new JsonableRequestException(ContentNegotiation.NotAcceptableDetail, StatusCodes.Status406NotAcceptable);
        }
    }

    /// <summary>A 400 for a body the generated reader refused, keyed by the JSON path where it went wrong.</summary>
    public static JsonableRequestException Malformed(JsonableException exception, JsonableOptions options)
    {
        string message = options.AllowInputFormatterExceptionMessages ? exception.Message : "The input was not valid.";
        return new JsonableRequestException(message, StatusCodes.Status400BadRequest, Errors(exception.Path ?? "$", message), exception);
    }

    /// <summary>Problem-details <c>errors</c> with one message under one key.</summary>
    public static Dictionary<string, string[]> Errors(string key, string message) => new() { [key] = [message] };
}
