using System;
using System.Collections.Generic;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Entity tags and <c>If-None-Match</c> (RFC 9110 §8.8.3, §13.1.2) for responses written by Jsonable on endpoints that
/// opted in (<see cref="JsonableETagAttribute"/>, <c>WithJsonableETag()</c>, or <see cref="JsonableOptions.ETags"/>).
/// A strong tag belongs to one representation: the JSON and JMC1 bodies of a resource are different bytes, so they get
/// different tags, whether the tag is the app's version (<c>ETag</c> set before the result runs) or a hash of the body.
/// </summary>
internal static class ConditionalResponse
{
    /// <summary>What the JMC1 representation adds to the app's opaque tag: <c>"3"</c> is JSON, <c>"3-jmc1"</c> JMC1.</summary>
    public const string Jmc1Suffix = "-jmc1";

    /// <summary>Whether this response gets an entity tag from Jsonable: a 2xx on an endpoint that opted in.</summary>
    public static bool IsEnabled(HttpContext context, JsonableOptions options) =>
        context.Response.StatusCode is >= 200 and < 300
        && (options.ETags || context.GetEndpoint()?.Metadata.GetMetadata<JsonableETagAttribute>() is not null);

    /// <summary>
    /// When the app set <c>ETag</c> (its version of the resource), makes it the tag of this representation and answers
    /// 304 if <c>If-None-Match</c> matches it, before anything is serialized. False when the app set no tag.
    /// </summary>
    /// <param name="context">The request's context, whose response may carry the app's <c>ETag</c>.</param>
    /// <param name="format">The format the body is written in.</param>
    /// <param name="answered">Whether the response is now a 304 and nothing more may be written.</param>
    public static bool TryUseAppTag(HttpContext context, JsonableFormat format, out bool answered)
    {
        answered = false;
        HttpResponse response = context.Response;
        string? appTag = response.Headers.ETag.Count == 1 ? response.Headers.ETag[0] : null;
        if (string.IsNullOrEmpty(appTag))
        {
            return false;
        }

        string tag = ForFormat(appTag, format);
        response.Headers.ETag = tag;
        answered = AnswerNotModified(context, tag);
        return true;
    }

    /// <summary>Tags the response with a hash of its whole body and answers 304 if <c>If-None-Match</c> matches it.</summary>
    /// <returns>Whether the response is now a 304 and the body must not be sent.</returns>
    public static bool TagBody(HttpContext context, JsonableFormat format, ReadOnlySpan<byte> body)
    {
        // The format seeds the hash too, so the two representations differ even in a tag of equal bytes.
        ulong hash = XxHash64.Hash(body, seed: (ulong)format);
        string tag = string.Create(18, hash, static (span, h) =>
        {
            span[0] = '"';
            h.TryFormat(span.Slice(1, 16), out _, "x16");
            span[17] = '"';
        });
        context.Response.Headers.ETag = tag;
        return AnswerNotModified(context, tag);
    }

    /// <summary>
    /// The tag of one representation made from the app's tag for the resource: unchanged for JSON, with
    /// <see cref="Jmc1Suffix"/> inside the quotes for JMC1 (<c>W/"3"</c> → <c>W/"3-jmc1"</c>). A value that is not a
    /// quoted tag is left as it is.
    /// </summary>
    public static string ForFormat(string appTag, JsonableFormat format)
    {
        if (format != JsonableFormat.Jmc1 || appTag.Length < 2 || appTag[^1] != '"' || appTag.EndsWith(Jmc1Suffix + "\"", StringComparison.Ordinal))
        {
            return appTag;
        }

        return string.Concat(appTag.AsSpan(0, appTag.Length - 1), Jmc1Suffix + "\"");
    }

    /// <summary>
    /// Whether <paramref name="candidate"/> (a tag from <c>If-Match</c>) names <paramref name="currentETag"/> in either
    /// representation, strongly compared (RFC 9110 §8.8.3.2): a weak tag never matches.
    /// </summary>
    public static bool StronglyMatchesAnyFormat(ReadOnlySpan<char> candidate, string currentETag)
    {
        if (candidate.StartsWith("W/", StringComparison.Ordinal) || currentETag.StartsWith("W/", StringComparison.Ordinal))
        {
            return false;
        }

        return candidate.SequenceEqual(currentETag) || candidate.SequenceEqual(ForFormat(currentETag, JsonableFormat.Jmc1));
    }

    /// <summary>
    /// RFC 9110 §13.1.2 for GET and HEAD: <c>*</c>, or any listed tag equal to <paramref name="tag"/> by the weak
    /// comparison, makes the answer 304 with no body (the <c>ETag</c> and <c>Vary</c> already set stay on it).
    /// </summary>
    private static bool AnswerNotModified(HttpContext context, string tag)
    {
        HttpRequest request = context.Request;
        StringValues ifNoneMatch = request.Headers.IfNoneMatch;
        if (ifNoneMatch.Count == 0 || !(HttpMethods.IsGet(request.Method) || HttpMethods.IsHead(request.Method)) || context.Response.StatusCode != StatusCodes.Status200OK)
        {
            return false;
        }

        if (!EntityTagHeaderValue.TryParseList(ifNoneMatch, out IList<EntityTagHeaderValue>? candidates) || !EntityTagHeaderValue.TryParse(tag, out EntityTagHeaderValue? current))
        {
            return false; // an unparseable condition is ignored, as RFC 9110 §13.1 lets a server do
        }

        foreach (EntityTagHeaderValue candidate in candidates)
        {
            if (candidate.Equals(EntityTagHeaderValue.Any) || candidate.Compare(current, useStrongComparison: false))
            {
                HttpResponse response = context.Response;
                response.StatusCode = StatusCodes.Status304NotModified;
                response.ContentType = null;
                response.ContentLength = null;
                return true;
            }
        }

        return false;
    }
}
