using System.Threading.Tasks;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The media types a <see cref="JsonablePatch{T}"/> reads — merge patch, JSON and JMC1, nothing else — and the
/// <c>Accept-Patch</c> header (RFC 5789 §3.1) that says so. Other <c>+json</c> types are refused here although plain
/// bodies take them: an RFC 6902 <c>application/json-patch+json</c> document is a list of operations, and applying it
/// as a merge patch would either fail oddly or change the wrong thing.
/// </summary>
internal static class PatchMediaTypes
{
    /// <summary>The <c>Accept-Patch</c> header's name.</summary>
    public const string AcceptPatchHeader = "Accept-Patch";

    /// <summary>The value of <c>Accept-Patch</c>: the media types a patch may be sent in, most specific first.</summary>
    public static string AcceptPatch(JsonableOptions options) => options.EnableJmc1
        ? $"{JsonableMediaTypes.MergePatchJson}, {JsonableMediaTypes.Json}, {JsonableMediaTypes.Jmc1}"
        : $"{JsonableMediaTypes.MergePatchJson}, {JsonableMediaTypes.Json}";

    /// <summary>The detail of a PATCH's 415: what was sent and the list the client can choose from.</summary>
    public static string UnsupportedDetail(string? contentType, JsonableOptions options) =>
        $"The content type '{contentType}' is not supported for PATCH. Accepted: {AcceptPatch(options)}.";

    /// <summary>
    /// Adds <c>Accept-Patch</c> to whatever the request is answered with (also an error: the header is added as the
    /// response starts, after the error middleware cleared the headers), then refuses a content type a patch is not
    /// read from.
    /// </summary>
    /// <exception cref="JsonableRequestException">415 naming the accepted media types.</exception>
    public static void Check(HttpContext context, JsonableOptions options)
    {
        AddAcceptPatch(context, options);
        string? contentType = context.Request.ContentType;
        if (contentType is null)
        {
            return; // the body reader answers a missing Content-Type as for every body
        }

        if (!MediaTypeHeaderValue.TryParse(contentType, out MediaTypeHeaderValue? parsed) || !IsAccepted(parsed.MediaType.Value, options))
        {
            throw new JsonableRequestException(UnsupportedDetail(contentType, options), StatusCodes.Status415UnsupportedMediaType);
        }
    }

    /// <summary>
    /// Adds <c>Accept-Patch</c> to whatever the request is answered with, once, and marks the request as a patch's, so
    /// a 415 answered later (an unread charset, a missing Content-Type) names the PATCH list.
    /// </summary>
    public static void AddAcceptPatch(HttpContext context, JsonableOptions options)
    {
        if (!context.Items.ContainsKey(typeof(PatchMediaTypes)))
        {
            context.Items[typeof(PatchMediaTypes)] = AcceptPatch(options);
            context.Response.OnStarting(static state =>
            {
                var http = (HttpContext)state;
                http.Response.Headers[AcceptPatchHeader] = (string)http.Items[typeof(PatchMediaTypes)]!;
                return Task.CompletedTask;
            }, context);
        }
    }

    private static bool IsAccepted(string? mediaType, JsonableOptions options) =>
        string.Equals(mediaType, JsonableMediaTypes.MergePatchJson, System.StringComparison.OrdinalIgnoreCase)
        || string.Equals(mediaType, JsonableMediaTypes.Json, System.StringComparison.OrdinalIgnoreCase)
        || (options.EnableJmc1 && string.Equals(mediaType, JsonableMediaTypes.Jmc1, System.StringComparison.OrdinalIgnoreCase));
}
