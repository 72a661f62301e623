using System.Text.Json;

namespace Jsonable.AspNetCore.SignalR;

/// <summary>Options of the <c>jmc1</c> hub protocol (<see cref="JsonableJmc1HubProtocol"/>).</summary>
public sealed class JsonableJmc1HubProtocolOptions
{
    /// <summary>
    /// Serves the values that are not Jsonable types (a <c>string</c>, an <c>int</c>, a <c>List&lt;T&gt;</c>), which the
    /// protocol sends as JSON. Web defaults (camelCase); Jsonable types nested in such values still go through the
    /// generated code, as the protocol puts a Jsonable resolver first in this chain when it is made.
    /// </summary>
    public JsonSerializerOptions PayloadSerializerOptions { get; set; } = new(JsonSerializerDefaults.Web);

    /// <summary>Limits of the generated readers (depth, unknown members); <see langword="null"/> for the defaults.</summary>
    public JsonableReaderOptions? ReaderOptions { get; set; }

    /// <summary>Limits of the generated writers (depth, enum names); <see langword="null"/> for the defaults.</summary>
    public JsonableWriterOptions? WriterOptions { get; set; }
}
