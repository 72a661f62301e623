namespace Jsonable;

/// <summary>How the items of a stream read item by item (<see cref="JsonableSerializer.DeserializeAsyncEnumerable{T}(System.IO.Pipelines.PipeReader, JsonableStreamFormat, JsonableStreamReaderOptions?, System.Threading.CancellationToken)"/>) are laid out.</summary>
public enum JsonableStreamFormat
{
    /// <summary>A root JSON array (<c>application/json</c>): <c>[item,item,…]</c>.</summary>
    JsonArray = 0,

    /// <summary>
    /// A root JMC1 array (<c>application/jsonc+jmc1</c>): <c>/*JMC1*/</c>, an optional count comment, then
    /// <c>[item,item,…]</c>. A count that disagrees with the items is an error.
    /// </summary>
    Jmc1Array = 1,

    /// <summary>
    /// JSON Lines (<c>application/jsonl</c>, <c>application/x-ndjson</c>): one JSON value per line, lines ended by
    /// <c>\n</c> (a <c>\r</c> before it is whitespace). Lines holding only whitespace are skipped.
    /// </summary>
    JsonLines = 2,
}
