namespace Jsonable.Http;

/// <summary>How a stream of items is framed in a request body (<see cref="JsonableContent.FromAsyncEnumerable{T}"/>).</summary>
public enum JsonableStreamFormat
{
    /// <summary>A JMC1 array (<c>application/jsonc+jmc1</c>) without an element count, which a stream does not know in advance.</summary>
    Jmc1 = 0,

    /// <summary>A JSON array (<c>application/json</c>).</summary>
    Json = 1,

    /// <summary>JSON Lines (<c>application/jsonl</c>): one JSON document per item, each followed by <c>\n</c>.</summary>
    JsonLines = 2,
}
