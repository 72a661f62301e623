using System.Collections.Generic;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// What Jsonable works out once per request and keeps on the request's features: the app's
/// <see cref="JsonableOptions"/> (the one place they are looked up for a request), the <c>Accept</c> header parsed once,
/// and the response format negotiated once — so body binding (which answers 406 before a handler runs), the result,
/// problem details and MVC's filter all see the same answer without parsing the header again.
/// </summary>
internal sealed class JsonableRequestFeature
{
    private readonly HttpRequest _request;
    private IList<MediaTypeHeaderValue>? _accept;
    private bool _negotiated;
    private JsonableFormat? _responseFormat;
    private string _responseMediaType = JsonableMediaTypes.Json;

    private JsonableRequestFeature(HttpContext context)
    {
        _request = context.Request;
        Options = context.RequestServices?.GetService<IOptions<JsonableOptions>>()?.Value ?? new JsonableOptions();
    }

    /// <summary>The app's Jsonable options (the defaults when it registered none).</summary>
    public JsonableOptions Options { get; }

    /// <summary>The request's <c>Accept</c> ranges, parsed on first use; empty when it sent none.</summary>
    public IList<MediaTypeHeaderValue> Accept => _accept ??= _request.GetTypedHeaders().Accept;

    /// <summary>The feature of <paramref name="context"/>, made on first use.</summary>
    /// <param name="context">The request's context.</param>
    public static JsonableRequestFeature Of(HttpContext context)
    {
        if (context.Features.Get<JsonableRequestFeature>() is { } feature)
        {
            return feature;
        }

        feature = new JsonableRequestFeature(context);
        context.Features.Set(feature);
        return feature;
    }

    /// <summary>
    /// The format to answer in, or <see langword="null"/> when the request accepts neither (406), negotiated on first use
    /// by <see cref="ContentNegotiation.SelectResponseFormat"/>; <paramref name="mediaType"/> labels the response.
    /// </summary>
    /// <param name="mediaType">The media type to label the response with.</param>
    public JsonableFormat? SelectResponseFormat(out string mediaType)
    {
        if (!_negotiated)
        {
            _responseFormat = ContentNegotiation.SelectResponseFormat(_request, this, out _responseMediaType);
            _negotiated = true;
        }

        mediaType = _responseMediaType;
        return _responseFormat;
    }

    /// <summary>
    /// The format a Jsonable result answers in: the negotiated one, else — unless the app opted into 406 with
    /// <see cref="JsonableOptions.ReturnHttpNotAcceptable"/> — JSON labelled <c>application/json</c>, what System.Text.Json
    /// answers whatever <c>Accept</c> says. <see langword="null"/> only for a 406.
    /// </summary>
    /// <param name="mediaType">The media type to label the response with.</param>
    public JsonableFormat? SelectResponseFormatOrFallback(out string mediaType)
    {
        if (SelectResponseFormat(out mediaType) is { } format)
        {
            return format;
        }

        if (Options.ReturnHttpNotAcceptable)
        {
            return null;
        }

        mediaType = JsonableMediaTypes.Json;
        return JsonableFormat.Json;
    }
}
