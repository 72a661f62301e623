using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Http;
using Jsonable.Internal;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// A request body read item by item, for minimal APIs (<see cref="JsonableStream{T}"/>) and MVC
/// (<see cref="Formatters.JsonableStreamInputFormatter"/>) alike: which content types, which limits, and what a failure
/// becomes — a 400/413 problem while the response has not started, an aborted connection once it has.
/// </summary>
internal static class RequestItemStream
{
    /// <summary>The content types a streamed body may have: the JSON ones, JMC1, and JSON Lines under both names.</summary>
    public static IReadOnlyList<string> MediaTypes { get; } =
        [.. ContentNegotiation.JsonRequestMediaTypes, JsonableMediaTypes.Jmc1, JsonableMediaTypeNames.JsonLines, JsonableMediaTypeNames.NdJson];

    /// <summary>
    /// The layout of the body by its <c>Content-Type</c>, or <see langword="null"/> (415). JSON text is read where it lies,
    /// never transcoded, so a charset other than UTF-8 is refused.
    /// </summary>
    public static JsonableStreamFormat? SelectFormat(HttpRequest request, JsonableOptions options)
    {
        if (!MediaTypeHeaderValue.TryParse(request.ContentType, out MediaTypeHeaderValue? parsed))
        {
            return null;
        }

        ReadOnlySpan<char> mediaType = parsed.MediaType.AsSpan();
        if (MediaTypeRules.IsJmc1(mediaType))
        {
            return options.EnableJmc1 ? JsonableStreamFormat.Jmc1Array : null;
        }

        JsonableStreamFormat? format = MediaTypeRules.StreamFormat(mediaType);
        if (format is null || (format == JsonableStreamFormat.JsonArray && !options.EnableJson))
        {
            return null;
        }

        return StringSegment.IsNullOrEmpty(parsed.Charset) || MediaTypeRules.CharsetEncoding(parsed.Charset.AsSpan())?.CodePage == 65001 ? format : null;
    }

    /// <summary>What a 415 for a streamed body says.</summary>
    public static string UnsupportedContentTypeDetail(HttpRequest request) =>
        $"Content-Type '{request.ContentType}' cannot be read item by item; send one of: {string.Join(", ", MediaTypes)} (UTF-8).";

    /// <summary>
    /// The server's request body limit (413 past it, before anything is read when <c>Content-Length</c> says so). An
    /// endpoint opts out with <c>[DisableRequestSizeLimit]</c> or raises it with <c>[RequestSizeLimit]</c>.
    /// </summary>
    public static long? BodyLimit(HttpContext context)
    {
        long? limit = context.Features.Get<IHttpMaxRequestBodySizeFeature>()?.MaxRequestBodySize;
        if (limit is { } max && context.Request.ContentLength > max)
        {
            throw new BadHttpRequestException($"The request body is larger than the limit of {max} bytes.", StatusCodes.Status413PayloadTooLarge);
        }

        return limit;
    }

    /// <summary>
    /// The items of the request body, read as the handler asks for them; cancelled by <paramref name="cancellationToken"/>
    /// and the request's <c>RequestAborted</c>.
    /// </summary>
    public static async IAsyncEnumerable<T> ReadAsync<T>(HttpContext context, JsonableStreamFormat format, JsonableOptions options, long? bodyLimit, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        var streamOptions = new JsonableStreamReaderOptions
        {
            ReaderOptions = options.Stacks.For(context).Reader,
            MaxItemBytes = options.MaxStreamItemBytes,
            MaxTotalBytes = bodyLimit,
            RejectNullItems = true,
        };
        using CancellationTokenSource linked = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, context.RequestAborted);
        IAsyncEnumerator<T?> items = JsonableSerializer.DeserializeAsyncEnumerable<T>(context.Request.BodyReader, format, streamOptions, linked.Token).GetAsyncEnumerator(linked.Token);
        await using (items.ConfigureAwait(false))
        {
            while (true)
            {
                bool next;
                try
                {
                    next = await items.MoveNextAsync().ConfigureAwait(false);
                }
                catch (JsonableException exception)
                {
                    throw Failed(context, exception, options);
                }

                if (!next)
                {
                    yield break;
                }

                yield return items.Current!;
            }
        }
    }

    /// <summary>
    /// A bad item (or limit) before the response started is the 400 (413) problem <c>UseJsonable()</c> answers, keyed by
    /// the item's path. After it started no status can be sent: the connection is aborted, so the client sees a broken
    /// response rather than a complete-looking one, and the handler ends with an <see cref="OperationCanceledException"/>.
    /// </summary>
    private static Exception Failed(HttpContext context, JsonableException exception, JsonableOptions options)
    {
        if (context.Response.HasStarted)
        {
            ILogger? logger = context.RequestServices?.GetService<ILoggerFactory>()?.CreateLogger(typeof(JsonableStream<>).FullName!);
            if (logger is not null)
            {
                JsonableLog.RequestStreamAborted(logger, exception.Path, exception.Reason, exception);
            }

            context.Abort();
            return new OperationCanceledException("The request stream failed after the response had started; the connection was aborted.", exception, context.RequestAborted);
        }

        if (exception.IsSizeLimit)
        {
            string message = options.AllowInputFormatterExceptionMessages ? exception.Message : "The request body holds an item that is too large.";
            return new JsonableRequestException(message, StatusCodes.Status413PayloadTooLarge, MinimalApiRequestBody.Errors(exception.Path ?? "$", message), exception);
        }

        return MinimalApiRequestBody.Malformed(exception, options);
    }
}
