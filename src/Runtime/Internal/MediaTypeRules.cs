using System;
using System.Text;

namespace Jsonable.Internal;

/// <summary>
/// Which media types are JMC1 and which are JSON, for the server (<c>Jsonable.AspNetCore</c>: request bodies) and the
/// client (<c>Jsonable.Http</c>: response bodies) alike. Charsets are each side's own rule: the server transcodes
/// UTF-16, the client reads UTF-8 only. Shared source: compiled into each package that asks.
/// </summary>
internal static class MediaTypeRules
{
    /// <summary>Whether <paramref name="mediaType"/> (type/subtype, no parameters) is JMC1.</summary>
    /// <param name="mediaType">The media type without parameters.</param>
    public static bool IsJmc1(ReadOnlySpan<char> mediaType) =>
        mediaType.Equals(JsonableMediaTypeNames.Jmc1, StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// Whether <paramref name="mediaType"/> (type/subtype, no parameters) is JSON: <c>application/json</c>,
    /// <c>text/json</c>, or a structured-syntax <c>application/*+json</c> type (<c>application/problem+json</c>, ...).
    /// </summary>
    /// <param name="mediaType">The media type without parameters.</param>
    public static bool IsJson(ReadOnlySpan<char> mediaType) =>
        mediaType.Equals(JsonableMediaTypeNames.Json, StringComparison.OrdinalIgnoreCase)
        || mediaType.Equals(JsonableMediaTypeNames.TextJson, StringComparison.OrdinalIgnoreCase)
        || (mediaType.StartsWith("application/", StringComparison.OrdinalIgnoreCase) && mediaType.EndsWith("+json", StringComparison.OrdinalIgnoreCase));

    /// <summary>
    /// Whether <paramref name="mediaType"/> (type/subtype, no parameters) is JSON Lines: <c>application/jsonl</c> or its
    /// older name <c>application/x-ndjson</c> (one JSON value per line). It is not <see cref="IsJson"/>: a JSON Lines
    /// body is not one JSON document.
    /// </summary>
    /// <param name="mediaType">The media type without parameters.</param>
    public static bool IsJsonLines(ReadOnlySpan<char> mediaType) =>
        mediaType.Equals(JsonableMediaTypeNames.JsonLines, StringComparison.OrdinalIgnoreCase)
        || mediaType.Equals(JsonableMediaTypeNames.NdJson, StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// The stream format of a body of <paramref name="mediaType"/> read item by item: a JMC1 array, JSON Lines, or a JSON
    /// array; <see langword="null"/> for anything else.
    /// </summary>
    /// <param name="mediaType">The media type without parameters.</param>
    public static JsonableStreamFormat? StreamFormat(ReadOnlySpan<char> mediaType) =>
        IsJmc1(mediaType) ? JsonableStreamFormat.Jmc1Array
        : IsJsonLines(mediaType) ? JsonableStreamFormat.JsonLines
        : IsJson(mediaType) ? JsonableStreamFormat.JsonArray
        : null;

    private const string JsonUtf8ContentType = JsonableMediaTypeNames.Json + "; charset=utf-8";
    private const string TextJsonUtf8ContentType = JsonableMediaTypeNames.TextJson + "; charset=utf-8";
    private const string JsonLinesUtf8ContentType = JsonableMediaTypeNames.JsonLines + "; charset=utf-8";
    private const string NdJsonUtf8ContentType = JsonableMediaTypeNames.NdJson + "; charset=utf-8";

    /// <summary>
    /// The <c>Content-Type</c> of a response in <paramref name="mediaType"/>: a JSON type with its charset (UTF-8, what
    /// Jsonable writes), JMC1 (bytes) without one. The common types are constants, so a response allocates no header.
    /// </summary>
    /// <param name="format">The format the body is written in.</param>
    /// <param name="mediaType">The negotiated media type without parameters.</param>
    public static string ResponseContentType(JsonableFormat format, string mediaType) =>
        format == JsonableFormat.Jmc1 ? mediaType
        : mediaType switch
        {
            JsonableMediaTypeNames.Json => JsonUtf8ContentType,
            JsonableMediaTypeNames.TextJson => TextJsonUtf8ContentType,
            _ => mediaType + "; charset=utf-8",
        };

    /// <summary>The <c>Content-Type</c> of a JSON Lines response in <paramref name="mediaType"/> (<c>application/jsonl</c> or <c>application/x-ndjson</c>), with its charset.</summary>
    /// <param name="mediaType">The negotiated JSON Lines media type without parameters.</param>
    public static string JsonLinesContentType(string mediaType) => mediaType switch
    {
        JsonableMediaTypeNames.JsonLines => JsonLinesUtf8ContentType,
        JsonableMediaTypeNames.NdJson => NdJsonUtf8ContentType,
        _ => mediaType + "; charset=utf-8",
    };

    /// <summary>
    /// The charset a <c>charset</c> parameter value names, as RFC 9110 §5.6.6 means a parameter value: a token, or a
    /// quoted-string whose quotes are dropped and whose backslash escapes are undone (<c>"utf-8"</c> is <c>utf-8</c>).
    /// Charset names are compared without regard to case by whoever reads this.
    /// </summary>
    /// <param name="value">The parameter value as sent, quotes included.</param>
    public static string CharsetName(ReadOnlySpan<char> value)
    {
        value = value.Trim();
        if (value.Length < 2 || value[0] != '"' || value[value.Length - 1] != '"')
        {
            return value.ToString();
        }

        var name = new StringBuilder(value.Length - 2);
        for (int i = 1; i < value.Length - 1; i++)
        {
            char c = value[i];
            if (c == '\\' && i + 1 < value.Length - 1)
            {
                c = value[++i];
            }

            name.Append(c);
        }

        return name.ToString();
    }

    /// <summary>
    /// The encoding a <c>charset</c> parameter value names (<see cref="CharsetName"/>: quoted or not, any case), or
    /// <see langword="null"/> for one this platform does not know.
    /// </summary>
    /// <param name="value">The parameter value as sent, quotes included.</param>
    public static Encoding? CharsetEncoding(ReadOnlySpan<char> value)
    {
        string name = CharsetName(value);
        if (name.Equals("utf-8", StringComparison.OrdinalIgnoreCase) || name.Equals("utf8", StringComparison.OrdinalIgnoreCase))
        {
            return Encoding.UTF8;
        }

        try
        {
            return name.Length == 0 ? null : Encoding.GetEncoding(name);
        }
        catch (ArgumentException)
        {
            return null;
        }
    }
}
