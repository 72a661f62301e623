namespace Jsonable.AspNetCore;

/// <summary>The media types Jsonable serves, and the <c>?format=</c> names mapped to them.</summary>
public static class JsonableMediaTypes
{
    /// <summary>JMC1: compact JSON with length comments.</summary>
    public const string Jmc1 = JsonableMediaTypeNames.Jmc1;

    /// <summary>Plain JSON.</summary>
    public const string Json = JsonableMediaTypeNames.Json;

    /// <summary>A JSON merge patch (RFC 7396): a partial document merged into a stored resource; read as plain JSON.</summary>
    public const string MergePatchJson = JsonableMediaTypeNames.MergePatchJson;

    /// <summary>Plain JSON under its legacy text name.</summary>
    public const string TextJson = JsonableMediaTypeNames.TextJson;

    /// <summary>Any structured-syntax JSON type (<c>application/problem+json</c>, ...), read and written as plain JSON.</summary>
    public const string AnyJsonSuffix = "application/*+json";

    /// <summary>JSON Lines (one JSON document per line), answered for a stream or collection when <c>Accept</c> names it.</summary>
    public const string JsonLines = JsonableMediaTypeNames.JsonLines;

    /// <summary>Newline-delimited JSON: the older name of <see cref="JsonLines"/>, answered alike.</summary>
    public const string NdJson = JsonableMediaTypeNames.NdJson;

    /// <summary>Server-sent events, written by <c>JsonableResults.ServerSentEvents</c>.</summary>
    public const string EventStream = JsonableMediaTypeNames.EventStream;

    /// <summary>The <c>?format=</c> value that selects <see cref="Jmc1"/>.</summary>
    public const string Jmc1Format = "jmc1";

    /// <summary>The <c>?format=</c> value that selects <see cref="Json"/>.</summary>
    public const string JsonFormat = "json";
}
