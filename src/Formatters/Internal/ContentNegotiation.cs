using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Internal;

/// <summary>Chooses JSON or JMC1 for endpoints outside MVC, as MVC's output formatter selection would.</summary>
internal static class ContentNegotiation
{
    private static readonly MediaTypeHeaderValue s_json = new(JsonableMediaTypes.Json);
    private static readonly MediaTypeHeaderValue s_textJson = new(JsonableMediaTypes.TextJson);
    private static readonly MediaTypeHeaderValue s_jmc1 = new(JsonableMediaTypes.Jmc1);

    /// <summary>
    /// The format to answer in, or <see langword="null"/> when the request accepts neither (406);
    /// <paramref name="mediaType"/> is the media type to label the response with: one the client accepted, as MVC does
    /// (<c>Accept: text/json</c> gets <c>text/json</c>).
    /// </summary>
    public static JsonableFormat? SelectResponseFormat(HttpRequest request, JsonableOptions options, out string mediaType)
    {
        mediaType = JsonableMediaTypes.Json;
        if (request.Query.TryGetValue("format", out StringValues format) && !StringValues.IsNullOrEmpty(format))
        {
            switch (format.ToString().ToLowerInvariant())
            {
                case JsonableMediaTypes.Jmc1Format when options.EnableJmc1:
                    mediaType = JsonableMediaTypes.Jmc1;
                    return JsonableFormat.Jmc1;
                case JsonableMediaTypes.JsonFormat:
                    return JsonableFormat.Json;
                default:
                    return null;
            }
        }

        IList<MediaTypeHeaderValue> accept = request.GetTypedHeaders().Accept;
        if (accept.Count == 0)
        {
            return JsonableFormat.Json;
        }

        // Highest quality first; among equals, the order the client gave. JSON wins ties on wildcards.
        foreach (MediaTypeHeaderValue range in accept
            .Select((value, index) => (value, index))
            .OrderByDescending(x => x.value.Quality ?? 1.0)
            .ThenBy(x => x.index)
            .Select(x => x.value))
        {
            if (range.Quality is 0)
            {
                continue;
            }

            if (s_json.IsSubsetOf(range))
            {
                return JsonableFormat.Json;
            }

            if (s_textJson.IsSubsetOf(range))
            {
                mediaType = JsonableMediaTypes.TextJson;
                return JsonableFormat.Json;
            }

            if (options.EnableJmc1 && s_jmc1.IsSubsetOf(range))
            {
                mediaType = JsonableMediaTypes.Jmc1;
                return JsonableFormat.Jmc1;
            }
        }

        return null;
    }

    /// <summary>The format of a request body, or <see langword="null"/> for a content type Jsonable does not read (415).</summary>
    public static JsonableFormat? SelectRequestFormat(HttpRequest request, JsonableOptions options, out MediaTypeHeaderValue? contentType)
    {
        contentType = null;
        if (!MediaTypeHeaderValue.TryParse(request.ContentType, out MediaTypeHeaderValue? parsed))
        {
            return null;
        }

        contentType = parsed;
        if (options.EnableJmc1 && parsed.MediaType.Equals(JsonableMediaTypes.Jmc1, StringComparison.OrdinalIgnoreCase))
        {
            return JsonableFormat.Jmc1;
        }

        bool isJson = parsed.MediaType.Equals(JsonableMediaTypes.Json, StringComparison.OrdinalIgnoreCase)
            || parsed.MediaType.Equals(JsonableMediaTypes.TextJson, StringComparison.OrdinalIgnoreCase)
            || (parsed.Type.Equals("application", StringComparison.OrdinalIgnoreCase) && parsed.Suffix.Equals("json", StringComparison.OrdinalIgnoreCase));
        return isJson ? JsonableFormat.Json : null;
    }

    /// <summary>Adds <c>Vary: Accept</c> once: the body depends on the request's Accept header.</summary>
    public static void AddVaryAccept(HttpResponse response)
    {
        StringValues vary = response.Headers.Vary;
        foreach (string? value in vary)
        {
            if (value is not null && value.Split(',').Any(v => v.Trim().Equals(HeaderNames.Accept, StringComparison.OrdinalIgnoreCase)))
            {
                return;
            }
        }

        response.Headers.Vary = StringValues.Concat(vary, HeaderNames.Accept);
    }
}
