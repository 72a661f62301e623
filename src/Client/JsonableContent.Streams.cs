using System.Collections.Generic;

namespace Jsonable.Http;

public sealed partial class JsonableContent
{
    /// <summary>
    /// A request body that streams <paramref name="items"/> as they come, each written by the generated writer: a JMC1
    /// array (default), a JSON array or JSON Lines, never held whole in memory and sent without <c>Content-Length</c>.
    /// The items are enumerated when the request is sent, with its cancellation token; the content can be sent once.
    /// </summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type.</typeparam>
    /// <param name="items">The items.</param>
    /// <param name="format">How the items are framed.</param>
    /// <param name="options">Writer limits; <see langword="null"/> for the defaults.</param>
    /// <exception cref="System.NotSupportedException"><typeparamref name="T"/> is not a Jsonable type.</exception>
    public static JsonableStreamContent FromAsyncEnumerable<T>(IAsyncEnumerable<T> items, JsonableStreamFormat format = JsonableStreamFormat.Jmc1Array, JsonableWriterOptions? options = null) =>
        JsonableStreamContent.Create(items, format, options);
}
