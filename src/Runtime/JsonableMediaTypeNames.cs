namespace Jsonable;

/// <summary>
/// The media types Jsonable speaks on the wire, in one place for servers (<c>Jsonable.AspNetCore</c>) and clients
/// (<c>Jsonable.Http</c>) alike.
/// </summary>
public static class JsonableMediaTypeNames
{
    /// <summary>JMC1: compact JSON with length comments. A JMC1 body is bytes, not UTF-8 text: never decode it to a string.</summary>
    public const string Jmc1 = global::Jsonable.Jmc1.MediaType;

    /// <summary>Plain JSON.</summary>
    public const string Json = "application/json";

    /// <summary>Plain JSON under its legacy text name.</summary>
    public const string TextJson = "text/json";

    /// <summary>JSON Lines: one JSON value per line (<c>\n</c>-separated), for streams of items.</summary>
    public const string JsonLines = "application/jsonl";

    /// <summary>Newline-delimited JSON, the older name of <see cref="JsonLines"/>; read and written alike.</summary>
    public const string NdJson = "application/x-ndjson";

    /// <summary>A JSON merge patch (RFC 7396): a partial document merged into a stored resource.</summary>
    public const string MergePatchJson = "application/merge-patch+json";

    /// <summary>Problem details (RFC 9457), what an error response carries.</summary>
    public const string ProblemJson = "application/problem+json";

    /// <summary>Server-sent events (the HTML living standard): <c>event:</c>, <c>id:</c>, <c>retry:</c> and <c>data:</c> lines per event.</summary>
    public const string EventStream = "text/event-stream";
}
