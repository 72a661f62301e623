using System;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Http.Internal;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable.Http;

/// <summary>Reads an <see cref="HttpContent"/> as a generated type, with the reader its <c>Content-Type</c> calls for.</summary>
public static class HttpContentJsonableExtensions
{
    /// <summary>
    /// Reads the content as <typeparamref name="T"/>: JMC1 when its <c>Content-Type</c> is <c>application/jsonc+jmc1</c>,
    /// JSON when it is <c>application/json</c>, <c>text/json</c> or another <c>+json</c> type in UTF-8. The body is read
    /// from the content stream into a pooled buffer (sized by <c>Content-Length</c> when the server sends one) and handed
    /// to the generated reader as bytes — never decoded to a string.
    /// </summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="content">The content.</param>
    /// <param name="cancellationToken">Stops reading.</param>
    /// <exception cref="JsonableException">The body is malformed or does not fit <typeparamref name="T"/>.</exception>
    /// <exception cref="NotSupportedException">The <c>Content-Type</c> is neither JMC1 nor UTF-8 JSON, or <typeparamref name="T"/> is not a Jsonable type.</exception>
    /// <exception cref="HttpRequestException">The body is larger than <see cref="JsonableHttpOptions.MaxResponseBytes"/>.</exception>
    public static Task<T?> ReadFromJsonableAsync<T>(this HttpContent content, CancellationToken cancellationToken = default) =>
        ReadFromJsonableAsync<T>(content, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>
    /// Reads the content as <typeparamref name="T"/> with the reader its <c>Content-Type</c> calls for, as
    /// <see cref="ReadFromJsonableAsync{T}(HttpContent, CancellationToken)"/> does, within the limits of <paramref name="options"/>.
    /// </summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="content">The content.</param>
    /// <param name="options">Size limit and reader limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Stops reading.</param>
    /// <exception cref="JsonableException">The body is malformed or does not fit <typeparamref name="T"/>.</exception>
    /// <exception cref="NotSupportedException">The <c>Content-Type</c> is neither JMC1 nor UTF-8 JSON, or <typeparamref name="T"/> is not a Jsonable type.</exception>
    /// <exception cref="HttpRequestException">The body is larger than <see cref="JsonableHttpOptions.MaxResponseBytes"/>.</exception>
    public static async Task<T?> ReadFromJsonableAsync<T>(this HttpContent content, JsonableHttpOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        options ??= JsonableHttpOptions.Default;
        Readable<T>();
        JsonableFormat format = WireFormat.FormatOf(content.Headers.ContentType) ?? throw WireFormat.Unreadable(content.Headers.ContentType);

        using PooledBody body = await PooledBody.ReadAsync(content, options.MaxResponseBytes, truncateAtLimit: false, cancellationToken).ConfigureAwait(false);
        return JsonableSerializer.Deserialize<T>(body.Span, format, options.ReaderOptions);
    }

    /// <summary>The registered info of <typeparamref name="T"/>, checked before anything is sent or read.</summary>
    internal static JsonableTypeInfo<T> Readable<T>()
    {
        JsonableTypeInfo<T>? info = JsonableRegistry.GetTypeInfo<T>();
        return info is { CanRead: true }
            ? info
            : throw new NotSupportedException(MissingGeneratedCode.Explain(typeof(T), "is not a Jsonable type that can be read: mark it [FromJson] (and partial), or use a collection of such a type."));
    }
}
