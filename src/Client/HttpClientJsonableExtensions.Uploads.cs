using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

namespace Jsonable.Http;

/// <summary>Streaming uploads: a request body written item by item from an <see cref="IAsyncEnumerable{T}"/>.</summary>
public static partial class HttpClientJsonableExtensions
{
    /// <summary>
    /// POSTs <paramref name="items"/> as a JMC1 array streamed as the items come (never held whole; see
    /// <see cref="JsonableContent.FromAsyncEnumerable{T}"/>), and returns the response.
    /// </summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="items">The items, enumerated while the request is sent.</param>
    /// <param name="cancellationToken">Cancels the request and the enumeration of <paramref name="items"/>.</param>
    public static Task<HttpResponseMessage> PostAsJsonableAsync<T>(this HttpClient client, string? requestUri, IAsyncEnumerable<T> items, CancellationToken cancellationToken = default) =>
        PostAsJsonableAsync(client, CreateUri(requestUri), items, JsonableStreamFormat.Jmc1Array, options: null, cancellationToken);

    /// <summary>
    /// POSTs <paramref name="items"/> as a JMC1 array streamed as the items come (never held whole; see
    /// <see cref="JsonableContent.FromAsyncEnumerable{T}"/>), and returns the response.
    /// </summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="items">The items, enumerated while the request is sent.</param>
    /// <param name="cancellationToken">Cancels the request and the enumeration of <paramref name="items"/>.</param>
    public static Task<HttpResponseMessage> PostAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<T> items, CancellationToken cancellationToken = default) =>
        PostAsJsonableAsync(client, requestUri, items, JsonableStreamFormat.Jmc1Array, options: null, cancellationToken);

    /// <summary>
    /// POSTs <paramref name="items"/> framed as <paramref name="format"/> says, streamed as the items come, asking for
    /// the response in the format <paramref name="options"/> names, and returns the response.
    /// </summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="items">The items, enumerated while the request is sent.</param>
    /// <param name="format">A JMC1 array, a JSON array or JSON Lines.</param>
    /// <param name="options">The response format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request and the enumeration of <paramref name="items"/>.</param>
    public static Task<HttpResponseMessage> PostAsJsonableAsync<T>(this HttpClient client, string? requestUri, IAsyncEnumerable<T> items, JsonableStreamFormat format, JsonableHttpOptions? options = null, CancellationToken cancellationToken = default) =>
        PostAsJsonableAsync(client, CreateUri(requestUri), items, format, options, cancellationToken);

    /// <summary>
    /// POSTs <paramref name="items"/> framed as <paramref name="format"/> says, streamed as the items come, asking for
    /// the response in the format <paramref name="options"/> names, and returns the response.
    /// </summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="items">The items, enumerated while the request is sent.</param>
    /// <param name="format">A JMC1 array, a JSON array or JSON Lines.</param>
    /// <param name="options">The response format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request and the enumeration of <paramref name="items"/>.</param>
    public static Task<HttpResponseMessage> PostAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, IAsyncEnumerable<T> items, JsonableStreamFormat format, JsonableHttpOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        options ??= JsonableHttpOptions.Default;
        JsonableStreamContent content = JsonableContent.FromAsyncEnumerable(items, format, options.WriterOptions);
        return SendAsync(client, HttpMethod.Post, requestUri, content, ifMatch: null, options, HttpCompletionOption.ResponseContentRead, cancellationToken);
    }
}
