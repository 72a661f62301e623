using System;
using System.Collections.Generic;
using System.Text;
using Jsonable.Internal;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The one set of negotiation rules both stacks use: which format answers an <c>Accept</c> header (RFC 9110 §12.5.1:
/// the most specific matching range gives a media type its quality, and q=0 means "not acceptable"), and which
/// request content types and charsets Jsonable reads.
/// </summary>
internal static class ContentNegotiation
{
    // Candidates in the order they win ties on the same range: a wildcard (*/*, a browser's) gets JSON.
    private static readonly (string Type, string SubType, string MediaType, JsonableFormat Format)[] s_candidates =
    [
        ("application", "json", JsonableMediaTypes.Json, JsonableFormat.Json),
        ("text", "json", JsonableMediaTypes.TextJson, JsonableFormat.Json),
        ("application", "jsonc+jmc1", JsonableMediaTypes.Jmc1, JsonableFormat.Jmc1),
    ];

    /// <summary>
    /// The JSON media types a request body may have (and the MVC JSON formatters list): <c>application/json</c>,
    /// <c>text/json</c>, and any structured-syntax <c>application/*+json</c> type.
    /// </summary>
    public static readonly string[] JsonRequestMediaTypes = [JsonableMediaTypes.Json, JsonableMediaTypes.TextJson, JsonableMediaTypes.AnyJsonSuffix];

    /// <summary>The detail of every 406 Jsonable answers.</summary>
    public const string NotAcceptableDetail = "None of the media types in the Accept header can be produced.";

    /// <summary>
    /// The detail of a 415: the content type sent, and every media type the request could have used (the <c>Accepts</c>
    /// list of Jsonable's body parameters; JMC1 only where it is on), so a client learns what to send instead. The same
    /// words on both stacks; <paramref name="readsJmc1"/> false for a body Jsonable does not read (System.Text.Json's
    /// formatter reads the JSON types only).
    /// </summary>
    public static string UnsupportedContentTypeDetail(HttpContext context, bool readsJmc1 = true)
    {
        if (context.Items.ContainsKey(typeof(PatchMediaTypes)))
        {
            return PatchMediaTypes.UnsupportedDetail(context.Request.ContentType, JsonableRequestFeature.Of(context).Options); // a JsonablePatch's body
        }

        string accepted = string.Join(", ", JsonRequestMediaTypes);
        return readsJmc1 && JsonableRequestFeature.Of(context).Options.EnableJmc1
            ? $"The content type '{context.Request.ContentType}' is not supported. Accepted: {accepted}, {JsonableMediaTypes.Jmc1} (JSON in UTF-8 or UTF-16; JMC1 as bytes)."
            : $"The content type '{context.Request.ContentType}' is not supported. Accepted: {accepted} (in UTF-8 or UTF-16).";
    }

    /// <summary>
    /// The detail of the 415 routing answers when no endpoint at the path reads the content type: the media types those
    /// endpoints declare (<paramref name="accepted"/>, their <c>Accepts</c> metadata), in the words of
    /// <see cref="UnsupportedContentTypeDetail(HttpContext, bool)"/>; a list that is Jsonable's own gets exactly its text.
    /// </summary>
    public static string UnsupportedContentTypeDetail(HttpContext context, IReadOnlyList<string>? accepted)
    {
        if (accepted is not null && Contains(accepted, JsonableMediaTypes.MergePatchJson) && Contains(accepted, JsonableMediaTypes.Jmc1))
        {
            // A JsonablePatch route: the PATCH list, which has neither text/json nor the other +json types.
            PatchMediaTypes.AddAcceptPatch(context, JsonableRequestFeature.Of(context).Options);
            return PatchMediaTypes.UnsupportedDetail(context.Request.ContentType, JsonableRequestFeature.Of(context).Options);
        }

        if (accepted is null || accepted.Count == 0 || Contains(accepted, JsonableMediaTypes.Jmc1))
        {
            return UnsupportedContentTypeDetail(context);
        }

        return $"The content type '{context.Request.ContentType}' is not supported. Accepted: {string.Join(", ", accepted)}.";
    }

    private static bool Contains(IReadOnlyList<string> mediaTypes, string mediaType)
    {
        foreach (string candidate in mediaTypes)
        {
            if (candidate.Equals(mediaType, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The format to answer in, or <see langword="null"/> when the request accepts neither (406);
    /// <paramref name="mediaType"/> is the media type to label the response with: one the client accepted, as MVC does
    /// (<c>Accept: text/json</c> gets <c>text/json</c>). Asked once per request, through
    /// <see cref="JsonableRequestFeature.SelectResponseFormat"/>.
    /// </summary>
    internal static JsonableFormat? SelectResponseFormat(HttpRequest request, JsonableRequestFeature feature, out string mediaType)
    {
        JsonableOptions options = feature.Options;
        mediaType = JsonableMediaTypes.Json;
        if (request.QueryString.HasValue && request.Query.TryGetValue("format", out StringValues format) && !StringValues.IsNullOrEmpty(format))
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

        return SelectByAcceptHeader(request, feature, out mediaType);
    }

    private static readonly HeaderChoiceCache<(JsonableFormat? Format, string MediaType)> s_acceptChoices = new();

    /// <summary><see cref="SelectByAccept(IList{MediaTypeHeaderValue}, JsonableOptions, out string)"/> for the request's header, remembered per distinct value.</summary>
    private static JsonableFormat? SelectByAcceptHeader(HttpRequest request, JsonableRequestFeature feature, out string mediaType)
    {
        JsonableOptions options = feature.Options;
        StringValues header = request.Headers.Accept;
        if (header.Count != 1 || header[0] is not { } value)
        {
            return SelectByAccept(feature.Accept, options, out mediaType);
        }

        if (s_acceptChoices.TryGet(value, options.EnableJmc1, out (JsonableFormat? Format, string MediaType) choice))
        {
            mediaType = choice.MediaType;
            return choice.Format;
        }

        JsonableFormat? format = SelectByAccept(feature.Accept, options, out mediaType);
        s_acceptChoices.Remember(value, options.EnableJmc1, (format, mediaType));
        return format;
    }

    /// <summary>The format <c>Accept</c> alone asks for (<see cref="SelectResponseFormat"/> without <c>?format=</c>).</summary>
    internal static JsonableFormat? SelectByAccept(IList<MediaTypeHeaderValue> accept, JsonableOptions options, out string mediaType)
    {
        mediaType = JsonableMediaTypes.Json;
        if (accept.Count == 0)
        {
            return JsonableFormat.Json;
        }

        // Highest quality first; among equals, the range the client listed first, then the candidates' order.
        JsonableFormat? best = null;
        double bestQuality = 0;
        int bestIndex = int.MaxValue;
        bool bestNamed = false;
        foreach ((string type, string subType, string candidateMediaType, JsonableFormat candidateFormat) in s_candidates)
        {
            if (candidateFormat == JsonableFormat.Jmc1 && !options.EnableJmc1)
            {
                continue;
            }

            (double quality, int index, bool named) = QualityOf(accept, type, subType);
            if (quality > bestQuality || (quality == bestQuality && quality > 0 && index < bestIndex))
            {
                best = candidateFormat;
                bestQuality = quality;
                bestIndex = index;
                bestNamed = named;
                mediaType = candidateMediaType;
            }
        }

        if (best is null || !bestNamed)
        {
            // application/json first among JSON types: text/json labels a response only when the client named text/*
            // (Accept: application/json;q=0, */* gets application/json, as from System.Text.Json).
            mediaType = best == JsonableFormat.Jmc1 ? JsonableMediaTypes.Jmc1 : JsonableMediaTypes.Json;
        }

        return best;
    }

    /// <summary>
    /// For a response that is a stream or collection of items, the JSON Lines media type to answer with, or
    /// <see langword="null"/> to answer as <see cref="SelectResponseFormat"/> says. JSON Lines is chosen only when
    /// <c>Accept</c> names <c>application/jsonl</c> or <c>application/x-ndjson</c> itself (a wildcard never picks it) at
    /// a quality no lower than the best of JSON and JMC1, ties going to the range listed first; <c>?format=</c> always
    /// picks one of the document formats. The response is labelled with the name the client used.
    /// </summary>
    internal static string? SelectJsonLines(HttpRequest request, JsonableRequestFeature feature)
    {
        if (request.QueryString.HasValue && request.Query.ContainsKey("format"))
        {
            return null;
        }

        if (!NamesJsonLines(request.Headers.Accept))
        {
            return null; // the usual request: no range can be JSON Lines, so Accept need not be parsed
        }

        IList<MediaTypeHeaderValue> accept = feature.Accept;
        string? lines = null;
        double linesQuality = 0;
        int linesIndex = int.MaxValue;
        for (int i = 0; i < accept.Count; i++)
        {
            MediaTypeHeaderValue range = accept[i];
            double quality = range.Quality ?? 1.0;
            if (quality > linesQuality && MediaTypeRules.IsJsonLines(range.MediaType.AsSpan()))
            {
                lines = range.MediaType.Equals(JsonableMediaTypes.NdJson, StringComparison.OrdinalIgnoreCase) ? JsonableMediaTypes.NdJson : JsonableMediaTypes.JsonLines;
                linesQuality = quality;
                linesIndex = i;
            }
        }

        if (lines is null)
        {
            return null;
        }

        foreach ((string type, string subType, _, JsonableFormat candidateFormat) in s_candidates)
        {
            if (candidateFormat == JsonableFormat.Jmc1 && !feature.Options.EnableJmc1)
            {
                continue;
            }

            (double quality, int index, _) = QualityOf(accept, type, subType);
            if (quality > linesQuality || (quality == linesQuality && index >= 0 && index < linesIndex))
            {
                return null;
            }
        }

        return lines;
    }

    /// <summary>Whether any of <paramref name="accept"/>'s values could name a JSON Lines type (a quick look before parsing).</summary>
    private static bool NamesJsonLines(StringValues accept)
    {
        foreach (string? value in accept)
        {
            if (value is not null && (value.Contains("jsonl", StringComparison.OrdinalIgnoreCase) || value.Contains("ndjson", StringComparison.OrdinalIgnoreCase)))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Whether the request's <c>Accept</c> refuses <paramref name="contentType"/> outright: the most specific range that
    /// matches it says q=0. (MVC's formatter selection treats such a range as merely the least preferred.)
    /// </summary>
    public static bool IsRefused(HttpContext context, string? contentType)
    {
        if (contentType is null || !MediaTypeHeaderValue.TryParse(contentType, out MediaTypeHeaderValue? parsed))
        {
            return false;
        }

        IList<MediaTypeHeaderValue> accept = JsonableRequestFeature.Of(context).Accept;
        return accept.Count > 0 && QualityOf(accept, parsed.Type.ToString(), parsed.SubType.ToString()) is { Quality: 0, Index: >= 0 };
    }

    /// <summary>
    /// The quality the most specific matching range gives a media type, that range's position (-1: none matches), and
    /// whether that range names the type (<c>text/*</c>, <c>text/json</c>) rather than being <c>*/*</c>.
    /// </summary>
    private static (double Quality, int Index, bool Named) QualityOf(IList<MediaTypeHeaderValue> accept, string type, string subType)
    {
        int bestSpecificity = -1;
        (double Quality, int Index, bool Named) result = (0, -1, false);
        for (int i = 0; i < accept.Count; i++)
        {
            MediaTypeHeaderValue range = accept[i];
            int specificity;
            if (range.MatchesAllTypes)
            {
                specificity = 0;
            }
            else if (!range.Type.Equals(type, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }
            else if (range.MatchesAllSubTypes)
            {
                specificity = 1;
            }
            else if (range.SubType.Equals(subType, StringComparison.OrdinalIgnoreCase))
            {
                specificity = 2;
            }
            else
            {
                continue;
            }

            if (specificity > bestSpecificity)
            {
                bestSpecificity = specificity;
                result = (range.Quality ?? 1.0, i, specificity > 0);
            }
        }

        return result;
    }

    /// <summary>
    /// The format of a request body, or <see langword="null"/> for a content type Jsonable does not read (415): JMC1,
    /// or JSON (<c>application/json</c>, <c>text/json</c>, <c>application/*+json</c>) in UTF-8 or UTF-16, the charsets
    /// the MVC formatter reads, the charset quoted or not and in any case (RFC 9110). Any other charset is refused
    /// rather than guessed at.
    /// </summary>
    public static JsonableFormat? SelectRequestFormat(HttpRequest request, JsonableOptions options, out Encoding? encoding)
    {
        string? contentType = request.ContentType;
        if (contentType is null)
        {
            return SelectRequestFormat(contentType, options, out encoding);
        }

        // Remembered per distinct value, as Accept is: a client sends the same Content-Type request after request.
        if (s_contentTypeChoices.TryGet(contentType, options.EnableJmc1, out (JsonableFormat? Format, Encoding? Encoding) choice))
        {
            encoding = choice.Encoding;
            return choice.Format;
        }

        JsonableFormat? format = SelectRequestFormat(contentType, options, out encoding);
        s_contentTypeChoices.Remember(contentType, options.EnableJmc1, (format, encoding));
        return format;
    }

    private static readonly HeaderChoiceCache<(JsonableFormat? Format, Encoding? Encoding)> s_contentTypeChoices = new();

    private static JsonableFormat? SelectRequestFormat(string? contentType, JsonableOptions options, out Encoding? encoding)
    {
        encoding = null;
        if (!MediaTypeHeaderValue.TryParse(contentType, out MediaTypeHeaderValue? parsed))
        {
            return null;
        }

        ReadOnlySpan<char> mediaType = parsed.MediaType.AsSpan();
        if (options.EnableJmc1 && MediaTypeRules.IsJmc1(mediaType))
        {
            return JsonableFormat.Jmc1; // bytes, not text: a charset does not apply
        }

        if (!MediaTypeRules.IsJson(mediaType))
        {
            return null;
        }

        if (StringSegment.IsNullOrEmpty(parsed.Charset))
        {
            return JsonableFormat.Json;
        }

        // One rule with MVC's formatters and System.Text.Json's request extensions: a quoted charset ("utf-8") and any
        // case (Charset=UTF-8) name the same charset.
        encoding = MediaTypeRules.CharsetEncoding(parsed.Charset.AsSpan());
        return encoding?.CodePage is 65001 or 1200 or 1201 ? JsonableFormat.Json : null;
    }
}
