using System;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Metadata;

namespace Jsonable.Http;

/// <summary>PATCH with a generated delta: the merge patch between the value read and the value wanted.</summary>
public static partial class HttpClientJsonableExtensions
{
    /// <summary>
    /// PATCHes the members that differ between <paramref name="previous"/> and <paramref name="current"/>, as the merge
    /// patch the generator writes for the type (<see cref="JsonableContent.CreateMergePatch{T}(T, T, JsonableFormat, JsonableWriterOptions?)"/>).
    /// Equal values still send <c>{}</c>: the server answers with the resource as stored (and checks any <c>If-Match</c>);
    /// test <see cref="JsonableDelta.AreEqual{T}"/> first to skip the request.
    /// </summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="previous">The value as read from the server.</param>
    /// <param name="current">The value wanted.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, string? requestUri, T previous, T current, CancellationToken cancellationToken = default)
        where T : IJsonableMergePatchWritable<T> =>
        PatchAsJsonableAsync(client, CreateUri(requestUri), previous, current, ifMatch: null, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>
    /// PATCHes the members that differ between <paramref name="previous"/> and <paramref name="current"/>, as
    /// <see cref="PatchAsJsonableAsync{T}(HttpClient, string?, T, T, CancellationToken)"/> does.
    /// </summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="previous">The value as read from the server.</param>
    /// <param name="current">The value wanted.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T previous, T current, CancellationToken cancellationToken = default)
        where T : IJsonableMergePatchWritable<T> =>
        PatchAsJsonableAsync(client, requestUri, previous, current, ifMatch: null, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>PATCHes the members that differ between <paramref name="previous"/> and <paramref name="current"/>, in the format <paramref name="options"/> names.</summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="previous">The value as read from the server.</param>
    /// <param name="current">The value wanted.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/> (a bare <see langword="null"/> binds here, not to the <c>ifMatch</c> overload).</param>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, string? requestUri, T previous, T current, JsonableHttpOptions? options)
        where T : IJsonableMergePatchWritable<T> =>
        PatchAsJsonableAsync(client, CreateUri(requestUri), previous, current, ifMatch: null, options, CancellationToken.None);

    /// <summary>PATCHes the members that differ between <paramref name="previous"/> and <paramref name="current"/>, in the format <paramref name="options"/> names.</summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="previous">The value as read from the server.</param>
    /// <param name="current">The value wanted.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, string? requestUri, T previous, T current, JsonableHttpOptions? options, CancellationToken cancellationToken)
        where T : IJsonableMergePatchWritable<T> =>
        PatchAsJsonableAsync(client, CreateUri(requestUri), previous, current, ifMatch: null, options, cancellationToken);

    /// <summary>PATCHes the members that differ between <paramref name="previous"/> and <paramref name="current"/>, in the format <paramref name="options"/> names.</summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="previous">The value as read from the server.</param>
    /// <param name="current">The value wanted.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/> (a bare <see langword="null"/> binds here, not to the <c>ifMatch</c> overload).</param>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T previous, T current, JsonableHttpOptions? options)
        where T : IJsonableMergePatchWritable<T> =>
        PatchAsJsonableAsync(client, requestUri, previous, current, ifMatch: null, options, CancellationToken.None);

    /// <summary>PATCHes the members that differ between <paramref name="previous"/> and <paramref name="current"/>, in the format <paramref name="options"/> names.</summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="previous">The value as read from the server.</param>
    /// <param name="current">The value wanted.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T previous, T current, JsonableHttpOptions? options, CancellationToken cancellationToken)
        where T : IJsonableMergePatchWritable<T> =>
        PatchAsJsonableAsync(client, requestUri, previous, current, ifMatch: null, options, cancellationToken);

    /// <summary>
    /// PATCHes the members that differ between <paramref name="previous"/> and <paramref name="current"/>, only if the
    /// resource is still the one <paramref name="ifMatch"/> names (the <c>ETag</c> of the GET <paramref name="previous"/>
    /// came from): a server that checks <c>If-Match</c> answers 412 when someone changed it since, so the delta is never
    /// applied to a value other than the one it was computed from.
    /// </summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="previous">The value as read from the server.</param>
    /// <param name="current">The value wanted.</param>
    /// <param name="ifMatch">The entity tag sent as <c>If-Match</c>; <see langword="null"/> for none.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, string? requestUri, T previous, T current, EntityTagHeaderValue? ifMatch, JsonableHttpOptions? options = null, CancellationToken cancellationToken = default)
        where T : IJsonableMergePatchWritable<T> =>
        PatchAsJsonableAsync(client, CreateUri(requestUri), previous, current, ifMatch, options, cancellationToken);

    /// <summary>
    /// PATCHes the members that differ between <paramref name="previous"/> and <paramref name="current"/>, only if the
    /// resource is still the one <paramref name="ifMatch"/> names, as
    /// <see cref="PatchAsJsonableAsync{T}(HttpClient, string?, T, T, EntityTagHeaderValue?, JsonableHttpOptions?, CancellationToken)"/> does.
    /// </summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="previous">The value as read from the server.</param>
    /// <param name="current">The value wanted.</param>
    /// <param name="ifMatch">The entity tag sent as <c>If-Match</c>; <see langword="null"/> for none.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T previous, T current, EntityTagHeaderValue? ifMatch, JsonableHttpOptions? options = null, CancellationToken cancellationToken = default)
        where T : IJsonableMergePatchWritable<T>
    {
        ArgumentNullException.ThrowIfNull(client);
        options ??= JsonableHttpOptions.Default;
        JsonableContent content = JsonableContent.CreateMergePatch(previous, current, options.Format, options.WriterOptions);
        return SendAsync(client, HttpMethod.Patch, requestUri, content, ifMatch, options, HttpCompletionOption.ResponseContentRead, cancellationToken);
    }
}
