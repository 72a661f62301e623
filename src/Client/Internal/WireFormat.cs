using System;
using System.Net.Http.Headers;
using Jsonable.Internal;

namespace Jsonable.Http.Internal;

/// <summary>Which media types go with which format, both ways.</summary>
internal static class WireFormat
{
    // JMC1 first; JSON at a lower quality so a server without JMC1 answers JSON instead of 406.
    public const string Jmc1Accept = JsonableMediaTypeNames.Jmc1 + ", " + JsonableMediaTypeNames.Json + "; q=0.9";

    public const string JsonAccept = JsonableMediaTypeNames.Json;

    public static string AcceptFor(JsonableFormat format) => format == JsonableFormat.Jmc1 ? Jmc1Accept : JsonAccept;

    /// <summary>The format a response body is in, by its <c>Content-Type</c>; <see langword="null"/> when Jsonable cannot read it.</summary>
    public static JsonableFormat? FormatOf(MediaTypeHeaderValue? contentType)
    {
        string? mediaType = contentType?.MediaType;
        if (mediaType is null)
        {
            return null;
        }

        if (MediaTypeRules.IsJmc1(mediaType))
        {
            return JsonableFormat.Jmc1; // bytes: any charset parameter is meaningless and ignored
        }

        if (!MediaTypeRules.IsJson(mediaType))
        {
            return null;
        }

        // The generated reader reads UTF-8 only; JSON in another charset is not silently misread.
        string? charset = contentType!.CharSet?.Trim('"');
        return charset is null || charset.Equals("utf-8", StringComparison.OrdinalIgnoreCase) || charset.Equals("utf8", StringComparison.OrdinalIgnoreCase)
            ? JsonableFormat.Json
            : null;
    }

    /// <summary>
    /// The layout of a response read item by item, by its <c>Content-Type</c>: a JMC1 array, JSON Lines, or a JSON array
    /// (UTF-8 only, as <see cref="FormatOf"/>); <see langword="null"/> when Jsonable cannot read it.
    /// </summary>
    public static JsonableStreamFormat? StreamFormatOf(MediaTypeHeaderValue? contentType)
    {
        if (contentType?.MediaType is { } mediaType && MediaTypeRules.IsJsonLines(mediaType))
        {
            string? charset = contentType.CharSet?.Trim('"');
            return charset is null || charset.Equals("utf-8", StringComparison.OrdinalIgnoreCase) || charset.Equals("utf8", StringComparison.OrdinalIgnoreCase)
                ? JsonableStreamFormat.JsonLines
                : null;
        }

        return FormatOf(contentType) switch
        {
            JsonableFormat.Jmc1 => JsonableStreamFormat.Jmc1Array,
            JsonableFormat.Json => JsonableStreamFormat.JsonArray,
            _ => null,
        };
    }

    public static bool IsProblemJson(MediaTypeHeaderValue? contentType) =>
        string.Equals(contentType?.MediaType, JsonableMediaTypeNames.ProblemJson, StringComparison.OrdinalIgnoreCase);

    public static NotSupportedException Unreadable(MediaTypeHeaderValue? contentType) =>
        new($"The response's Content-Type '{contentType?.ToString() ?? "(none)"}' is not one Jsonable reads: expected {JsonableMediaTypeNames.Jmc1}, or {JsonableMediaTypeNames.Json} (or another JSON type) in UTF-8.");
}
