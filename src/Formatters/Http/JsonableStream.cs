using System;
using System.Collections.Generic;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Http;

/// <summary>
/// A request body read item by item: a JSON array, a JMC1 array or JSON Lines (<c>application/jsonl</c>,
/// <c>application/x-ndjson</c>) of <typeparamref name="T"/>, each item handed to the handler as soon as its last byte
/// has arrived, with memory bounded by the largest item rather than the body. A minimal-API parameter (minimal APIs
/// bind no <see cref="IAsyncEnumerable{T}"/> body themselves); MVC actions take <see cref="IAsyncEnumerable{T}"/>.
/// </summary>
/// <remarks>
/// Enumerate it once. A malformed item, a <c>null</c> item, a lying JMC1 count or a body that ends inside an item is a
/// 400 problem keyed by the item's path (<c>$[1234].user.name</c>, or <c>line 1235: $.user.name</c> for JSON Lines), an
/// item over <see cref="JsonableOptions.MaxStreamItemBytes"/> or a body over the server's limit a 413 — as long as the
/// response has not started; once it has, the connection is aborted. Items before the failure have been handled: see
/// docs/streams.md.
/// </remarks>
/// <typeparam name="T">A <c>[FromJson]</c> type.</typeparam>
/// <example><code>app.MapPost("/items", async (JsonableStream&lt;Item&gt; items) =&gt; { await foreach (Item item in items) Save(item); });</code></example>
public sealed class JsonableStream<T> : IAsyncEnumerable<T>, IEndpointParameterMetadataProvider
{
    private readonly HttpContext _context;
    private readonly JsonableOptions _options;
    private readonly long? _bodyLimit;
    private int _enumerated;

    private JsonableStream(HttpContext context, JsonableStreamFormat format, JsonableOptions options, long? bodyLimit)
    {
        _context = context;
        Format = format;
        _options = options;
        _bodyLimit = bodyLimit;
    }

    /// <summary>How the body lays out its items, from its <c>Content-Type</c>.</summary>
    public JsonableStreamFormat Format { get; }

    /// <summary>Binds the body (reading nothing yet); called by minimal APIs.</summary>
    /// <param name="context">The request's context.</param>
    /// <param name="parameter">The parameter being bound.</param>
    /// <exception cref="JsonableRequestException">415 for a content type (or charset) that cannot be read item by item; 406 as <see cref="JsonableBody{T}"/>.</exception>
    /// <exception cref="BadHttpRequestException">413 when <c>Content-Length</c> is over the server's request body limit.</exception>
    public static ValueTask<JsonableStream<T>?> BindAsync(HttpContext context, ParameterInfo parameter)
    {
        ArgumentNullException.ThrowIfNull(context);
        return ValueTask.FromResult<JsonableStream<T>?>(Create(context));
    }

    internal static JsonableStream<T> Create(HttpContext context)
    {
        JsonableOptions options = JsonableRequestFeature.Of(context).Options;
        if (!JsonableRegistry.TryGetTypeInfo(typeof(T), out JsonableTypeInfo? info) || !info.CanRead)
        {
            throw new InvalidOperationException(MissingGeneratedCode.Explain(typeof(T), "cannot be read by Jsonable: mark it [FromJson] (and partial) to stream it."));
        }

        JsonableStreamFormat format = RequestItemStream.SelectFormat(context.Request, options)
            ?? throw new JsonableRequestException(RequestItemStream.UnsupportedContentTypeDetail(context.Request), StatusCodes.Status415UnsupportedMediaType);
        long? limit = RequestItemStream.BodyLimit(context);
        MinimalApiRequestBody.ThrowIfNotAcceptableBeforeHandler(context);
        return new JsonableStream<T>(context, format, options, limit);
    }

    /// <summary>Reads the items as they are asked for; cancelled by <paramref name="cancellationToken"/> and the request's <c>RequestAborted</c>.</summary>
    /// <param name="cancellationToken">Stops the reading.</param>
    /// <exception cref="InvalidOperationException">The body has been enumerated already.</exception>
    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        if (Interlocked.Exchange(ref _enumerated, 1) != 0)
        {
            throw new InvalidOperationException("A request body can be read once: enumerate the stream only once.");
        }

        return RequestItemStream.ReadAsync<T>(_context, Format, _options, _bodyLimit, cancellationToken).GetAsyncEnumerator(cancellationToken);
    }

    /// <summary>Describes the accepted media types to OpenAPI (and to routing, which answers 415 for any other): an array of <typeparamref name="T"/>.</summary>
    /// <param name="parameter">The parameter.</param>
    /// <param name="builder">The endpoint being built.</param>
    static void IEndpointParameterMetadataProvider.PopulateMetadata(ParameterInfo parameter, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(new AcceptsMetadata([.. RequestItemStream.MediaTypes], typeof(IEnumerable<T>)));
    }
}
