using System;
using System.Collections.Generic;
using System.IO;
using System.Net.Http;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Http.Internal;

namespace Jsonable.Http;

/// <summary>Responses read item by item.</summary>
public static partial class HttpClientJsonableExtensions
{
    /// <summary>
    /// GETs <paramref name="requestUri"/> and reads the items of the body one at a time as they arrive: a JSON array, a
    /// JMC1 array or JSON Lines (<c>application/jsonl</c>, <c>application/x-ndjson</c>), by the response's
    /// <c>Content-Type</c>. Only the item being read is held, so memory is bounded by the largest item, not the body.
    /// </summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type: the type of each item.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="cancellationToken">Cancels the request and the reading.</param>
    /// <returns>The items; a <c>null</c> item is <see langword="null"/>. The request is sent when enumeration starts.</returns>
    /// <exception cref="JsonableProblemException">The status is not a success; carries the server's problem details.</exception>
    /// <exception cref="JsonableException">An item is malformed, a JMC1 count lies, the body ends inside an item, or an item is larger than <see cref="JsonableHttpOptions.MaxResponseBytes"/>; the path names the item (<c>$[12].user.name</c>, or <c>line 13: $.user.name</c>).</exception>
    public static IAsyncEnumerable<T?> GetFromJsonableAsAsyncEnumerable<T>(this HttpClient client, string? requestUri, CancellationToken cancellationToken = default) =>
        GetFromJsonableAsAsyncEnumerable<T>(client, CreateUri(requestUri), JsonableHttpOptions.Default, cancellationToken);

    /// <summary>GETs <paramref name="requestUri"/> and reads the items of the body one at a time as they arrive (see the other overloads).</summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type: the type of each item.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="cancellationToken">Cancels the request and the reading.</param>
    /// <returns>The items; a <c>null</c> item is <see langword="null"/>.</returns>
    public static IAsyncEnumerable<T?> GetFromJsonableAsAsyncEnumerable<T>(this HttpClient client, Uri? requestUri, CancellationToken cancellationToken = default) =>
        GetFromJsonableAsAsyncEnumerable<T>(client, requestUri, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>GETs <paramref name="requestUri"/> in the format <paramref name="options"/> asks for and reads the items of the body one at a time.</summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type: the type of each item.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="options">
    /// Format and limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>. For a stream,
    /// <see cref="JsonableHttpOptions.MaxResponseBytes"/> limits each item, not the whole body.
    /// </param>
    /// <param name="cancellationToken">Cancels the request and the reading.</param>
    /// <returns>The items; a <c>null</c> item is <see langword="null"/>.</returns>
    public static IAsyncEnumerable<T?> GetFromJsonableAsAsyncEnumerable<T>(this HttpClient client, string? requestUri, JsonableHttpOptions? options, CancellationToken cancellationToken = default) =>
        GetFromJsonableAsAsyncEnumerable<T>(client, CreateUri(requestUri), options, cancellationToken);

    /// <summary>GETs <paramref name="requestUri"/> in the format <paramref name="options"/> asks for and reads the items of the body one at a time.</summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type: the type of each item.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="options">Format and limits (<see cref="JsonableHttpOptions.MaxResponseBytes"/> limits each item); <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">Cancels the request and the reading.</param>
    /// <returns>The items; a <c>null</c> item is <see langword="null"/>.</returns>
    public static IAsyncEnumerable<T?> GetFromJsonableAsAsyncEnumerable<T>(this HttpClient client, Uri? requestUri, JsonableHttpOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        HttpContentJsonableExtensions.Readable<T>(); // fail before sending, not after
        return ReadItemsAsync<T>(client, requestUri, options ?? JsonableHttpOptions.Default, cancellationToken);
    }

    private static async IAsyncEnumerable<T?> ReadItemsAsync<T>(HttpClient client, Uri? requestUri, JsonableHttpOptions options, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        using HttpResponseMessage response = await SendAsync(client, HttpMethod.Get, requestUri, content: null, ifMatch: null, options, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        if (!response.IsSuccessStatusCode)
        {
            throw await HttpResponseMessageJsonableExtensions.CreateProblemExceptionAsync(response, options, cancellationToken).ConfigureAwait(false);
        }

        JsonableStreamFormat format = WireFormat.StreamFormatOf(response.Content.Headers.ContentType)
            ?? throw WireFormat.Unreadable(response.Content.Headers.ContentType);
        var streamOptions = new JsonableStreamReaderOptions
        {
            ReaderOptions = options.ReaderOptions,
            MaxItemBytes = (int)Math.Min(options.MaxResponseBytes, int.MaxValue),
        };
        Stream body = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        using (body) // netstandard2.0's Stream is not IAsyncDisposable; a response stream disposes synchronously anyway
        {
            await foreach (T? item in JsonableSerializer.DeserializeAsyncEnumerable<T>(body, format, streamOptions, cancellationToken).ConfigureAwait(false))
            {
                yield return item;
            }
        }
    }
}
