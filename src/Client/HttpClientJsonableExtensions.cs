using System;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Http.Internal;

namespace Jsonable.Http;

/// <summary>
/// <see cref="HttpClient"/> extensions for generated (<c>[ToJson]</c>/<c>[FromJson]</c>) types, in the manner of
/// System.Net.Http.Json: each sends the <c>Accept</c> of the chosen wire format (JMC1 by default, see
/// <see cref="JsonableHttpOptions.Format"/>), writes request bodies with the generated writer, and reads responses with
/// the generated reader chosen by the response's <c>Content-Type</c>.
/// </summary>
/// <remarks>
/// As with System.Net.Http.Json, <c>GetFromJsonableAsync</c> returns the value (and throws on an error status), while
/// <c>Post</c>/<c>Put</c>/<c>PatchAsJsonableAsync</c> return the response, whose status, <c>Location</c> and <c>ETag</c> the
/// caller may need: read it with <see cref="HttpResponseMessageJsonableExtensions.ReadFromJsonableAsync{T}(HttpResponseMessage, CancellationToken)"/>,
/// which throws a <see cref="JsonableProblemException"/> on an error status.
/// </remarks>
public static partial class HttpClientJsonableExtensions
{
    /// <summary>GETs <paramref name="requestUri"/> and reads the body as <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <exception cref="JsonableProblemException">The status is not a success; carries the server's problem details.</exception>
    /// <exception cref="JsonableException">The body is malformed or does not fit <typeparamref name="T"/>.</exception>
    public static Task<T?> GetFromJsonableAsync<T>(this HttpClient client, string? requestUri, CancellationToken cancellationToken = default) =>
        GetFromJsonableAsync<T>(client, CreateUri(requestUri), JsonableHttpOptions.Default, cancellationToken);

    /// <summary>GETs <paramref name="requestUri"/> and reads the body as <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <exception cref="JsonableProblemException">The status is not a success; carries the server's problem details.</exception>
    /// <exception cref="JsonableException">The body is malformed or does not fit <typeparamref name="T"/>.</exception>
    public static Task<T?> GetFromJsonableAsync<T>(this HttpClient client, Uri? requestUri, CancellationToken cancellationToken = default) =>
        GetFromJsonableAsync<T>(client, requestUri, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>GETs <paramref name="requestUri"/> in the format <paramref name="options"/> asks for and reads the body as <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="options">Format and limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <exception cref="JsonableProblemException">The status is not a success; carries the server's problem details.</exception>
    /// <exception cref="JsonableException">The body is malformed or does not fit <typeparamref name="T"/>.</exception>
    public static Task<T?> GetFromJsonableAsync<T>(this HttpClient client, string? requestUri, JsonableHttpOptions? options, CancellationToken cancellationToken = default) =>
        GetFromJsonableAsync<T>(client, CreateUri(requestUri), options, cancellationToken);

    /// <summary>GETs <paramref name="requestUri"/> in the format <paramref name="options"/> asks for and reads the body as <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="options">Format and limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <exception cref="JsonableProblemException">The status is not a success; carries the server's problem details.</exception>
    /// <exception cref="JsonableException">The body is malformed or does not fit <typeparamref name="T"/>.</exception>
    public static async Task<T?> GetFromJsonableAsync<T>(this HttpClient client, Uri? requestUri, JsonableHttpOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        options ??= JsonableHttpOptions.Default;
        HttpContentJsonableExtensions.Readable<T>(); // fail before sending, not after

        // Headers only: the body is then read from the response stream straight into a pooled buffer.
        using HttpResponseMessage response = await SendAsync(client, HttpMethod.Get, requestUri, content: null, ifMatch: null, options, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        return await response.ReadFromJsonableAsync<T>(options, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// GETs <paramref name="requestUri"/> with the <c>Accept</c> of the format <paramref name="options"/> asks for, and returns
    /// the response: for its headers (an <c>ETag</c> to send back as <c>If-Match</c>) as well as its body, read with
    /// <see cref="HttpResponseMessageJsonableExtensions.ReadFromJsonableAsync{T}(HttpResponseMessage, JsonableHttpOptions?, CancellationToken)"/>.
    /// </summary>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="options">Format; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> GetJsonableAsync(this HttpClient client, string? requestUri, JsonableHttpOptions? options = null, CancellationToken cancellationToken = default) =>
        GetJsonableAsync(client, CreateUri(requestUri), options, cancellationToken);

    /// <summary>
    /// GETs <paramref name="requestUri"/> with the <c>Accept</c> of the format <paramref name="options"/> asks for, and returns
    /// the response: for its headers (an <c>ETag</c> to send back as <c>If-Match</c>) as well as its body, read with
    /// <see cref="HttpResponseMessageJsonableExtensions.ReadFromJsonableAsync{T}(HttpResponseMessage, JsonableHttpOptions?, CancellationToken)"/>.
    /// </summary>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="options">Format; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> GetJsonableAsync(this HttpClient client, Uri? requestUri, JsonableHttpOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        return SendAsync(client, HttpMethod.Get, requestUri, content: null, ifMatch: null, options ?? JsonableHttpOptions.Default, HttpCompletionOption.ResponseContentRead, cancellationToken);
    }

    /// <summary>POSTs <paramref name="value"/> written by its generated writer (JMC1 by default) and returns the response.</summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The value to send.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PostAsJsonableAsync<T>(this HttpClient client, string? requestUri, T value, CancellationToken cancellationToken = default) =>
        PostAsJsonableAsync(client, CreateUri(requestUri), value, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>POSTs <paramref name="value"/> written by its generated writer (JMC1 by default) and returns the response.</summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The value to send.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PostAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T value, CancellationToken cancellationToken = default) =>
        PostAsJsonableAsync(client, requestUri, value, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>POSTs <paramref name="value"/> in the format <paramref name="options"/> names, asking for the same format back, and returns the response.</summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The value to send.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PostAsJsonableAsync<T>(this HttpClient client, string? requestUri, T value, JsonableHttpOptions? options, CancellationToken cancellationToken = default) =>
        PostAsJsonableAsync(client, CreateUri(requestUri), value, options, cancellationToken);

    /// <summary>POSTs <paramref name="value"/> in the format <paramref name="options"/> names, asking for the same format back, and returns the response.</summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The value to send.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PostAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T value, JsonableHttpOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        options ??= JsonableHttpOptions.Default;
        JsonableContent content = JsonableContent.Create(value, options.Format, options.WriterOptions);
        return SendAsync(client, HttpMethod.Post, requestUri, content, ifMatch: null, options, HttpCompletionOption.ResponseContentRead, cancellationToken);
    }

    /// <summary>PUTs <paramref name="value"/> written by its generated writer (JMC1 by default) and returns the response.</summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The value to send.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PutAsJsonableAsync<T>(this HttpClient client, string? requestUri, T value, CancellationToken cancellationToken = default) =>
        PutAsJsonableAsync(client, CreateUri(requestUri), value, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>PUTs <paramref name="value"/> written by its generated writer (JMC1 by default) and returns the response.</summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The value to send.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PutAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T value, CancellationToken cancellationToken = default) =>
        PutAsJsonableAsync(client, requestUri, value, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>PUTs <paramref name="value"/> in the format <paramref name="options"/> names, asking for the same format back, and returns the response.</summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The value to send.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PutAsJsonableAsync<T>(this HttpClient client, string? requestUri, T value, JsonableHttpOptions? options, CancellationToken cancellationToken = default) =>
        PutAsJsonableAsync(client, CreateUri(requestUri), value, options, cancellationToken);

    /// <summary>PUTs <paramref name="value"/> in the format <paramref name="options"/> names, asking for the same format back, and returns the response.</summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The value to send.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<HttpResponseMessage> PutAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T value, JsonableHttpOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        options ??= JsonableHttpOptions.Default;
        JsonableContent content = JsonableContent.Create(value, options.Format, options.WriterOptions);
        return SendAsync(client, HttpMethod.Put, requestUri, content, ifMatch: null, options, HttpCompletionOption.ResponseContentRead, cancellationToken);
    }

    /// <summary>
    /// PATCHes one member of <paramref name="value"/>: the body is the document its generated partial writer writes
    /// (<c>[ToJson(Property = nameof(X))]</c> → exactly the bytes of <c>ToJsonUtf8_X</c>), as <c>application/jsonc+jmc1</c>
    /// (the default) or <c>application/merge-patch+json</c>. Returns the response (typically the updated resource and its new <c>ETag</c>).
    /// </summary>
    /// <typeparam name="T">A generated type with a partial writer for <paramref name="memberName"/>.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The instance whose member is sent.</param>
    /// <param name="memberName">The member, as <c>nameof(T.X)</c> (or its name on the wire).</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <exception cref="ArgumentException"><typeparamref name="T"/> has no partial writer for <paramref name="memberName"/> (nothing is sent).</exception>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, string? requestUri, T value, string memberName, CancellationToken cancellationToken = default) =>
        PatchAsJsonableAsync(client, CreateUri(requestUri), value, memberName, ifMatch: null, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>
    /// PATCHes one member of <paramref name="value"/> through its generated partial writer, as
    /// <see cref="PatchAsJsonableAsync{T}(HttpClient, string?, T, string, CancellationToken)"/> does.
    /// </summary>
    /// <typeparam name="T">A generated type with a partial writer for <paramref name="memberName"/>.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The instance whose member is sent.</param>
    /// <param name="memberName">The member, as <c>nameof(T.X)</c> (or its name on the wire).</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <exception cref="ArgumentException"><typeparamref name="T"/> has no partial writer for <paramref name="memberName"/> (nothing is sent).</exception>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T value, string memberName, CancellationToken cancellationToken = default) =>
        PatchAsJsonableAsync(client, requestUri, value, memberName, ifMatch: null, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>
    /// PATCHes one member of <paramref name="value"/> through its generated partial writer, in the format
    /// <paramref name="options"/> names.
    /// </summary>
    /// <typeparam name="T">A generated type with a partial writer for <paramref name="memberName"/>.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The instance whose member is sent.</param>
    /// <param name="memberName">The member, as <c>nameof(T.X)</c> (or its name on the wire).</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/> (a bare <see langword="null"/> binds here, not to the <c>ifMatch</c> overload).</param>
    /// <exception cref="ArgumentException"><typeparamref name="T"/> has no partial writer for <paramref name="memberName"/> (nothing is sent).</exception>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, string? requestUri, T value, string memberName, JsonableHttpOptions? options) =>
        PatchAsJsonableAsync(client, CreateUri(requestUri), value, memberName, ifMatch: null, options, CancellationToken.None);

    /// <summary>
    /// PATCHes one member of <paramref name="value"/> through its generated partial writer, in the format
    /// <paramref name="options"/> names.
    /// </summary>
    /// <typeparam name="T">A generated type with a partial writer for <paramref name="memberName"/>.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The instance whose member is sent.</param>
    /// <param name="memberName">The member, as <c>nameof(T.X)</c> (or its name on the wire).</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <exception cref="ArgumentException"><typeparamref name="T"/> has no partial writer for <paramref name="memberName"/> (nothing is sent).</exception>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, string? requestUri, T value, string memberName, JsonableHttpOptions? options, CancellationToken cancellationToken) =>
        PatchAsJsonableAsync(client, CreateUri(requestUri), value, memberName, ifMatch: null, options, cancellationToken);

    /// <summary>
    /// PATCHes one member of <paramref name="value"/> through its generated partial writer, in the format
    /// <paramref name="options"/> names.
    /// </summary>
    /// <typeparam name="T">A generated type with a partial writer for <paramref name="memberName"/>.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The instance whose member is sent.</param>
    /// <param name="memberName">The member, as <c>nameof(T.X)</c> (or its name on the wire).</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/> (a bare <see langword="null"/> binds here, not to the <c>ifMatch</c> overload).</param>
    /// <exception cref="ArgumentException"><typeparamref name="T"/> has no partial writer for <paramref name="memberName"/> (nothing is sent).</exception>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T value, string memberName, JsonableHttpOptions? options) =>
        PatchAsJsonableAsync(client, requestUri, value, memberName, ifMatch: null, options, CancellationToken.None);

    /// <summary>
    /// PATCHes one member of <paramref name="value"/> through its generated partial writer, in the format
    /// <paramref name="options"/> names.
    /// </summary>
    /// <typeparam name="T">A generated type with a partial writer for <paramref name="memberName"/>.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The instance whose member is sent.</param>
    /// <param name="memberName">The member, as <c>nameof(T.X)</c> (or its name on the wire).</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <exception cref="ArgumentException"><typeparamref name="T"/> has no partial writer for <paramref name="memberName"/> (nothing is sent).</exception>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T value, string memberName, JsonableHttpOptions? options, CancellationToken cancellationToken) =>
        PatchAsJsonableAsync(client, requestUri, value, memberName, ifMatch: null, options, cancellationToken);

    /// <summary>
    /// PATCHes one member of <paramref name="value"/> through its generated partial writer, only if the resource is still
    /// the one <paramref name="ifMatch"/> names (the <c>ETag</c> of the GET it was read from): a server that checks
    /// <c>If-Match</c> answers 412 (a <see cref="JsonableProblemException"/> when read) when someone changed it since.
    /// </summary>
    /// <typeparam name="T">A generated type with a partial writer for <paramref name="memberName"/>.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The instance whose member is sent.</param>
    /// <param name="memberName">The member, as <c>nameof(T.X)</c> (or its name on the wire).</param>
    /// <param name="ifMatch">The entity tag sent as <c>If-Match</c>; <see langword="null"/> for none.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <exception cref="ArgumentException"><typeparamref name="T"/> has no partial writer for <paramref name="memberName"/> (nothing is sent).</exception>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, string? requestUri, T value, string memberName, EntityTagHeaderValue? ifMatch, JsonableHttpOptions? options = null, CancellationToken cancellationToken = default) =>
        PatchAsJsonableAsync(client, CreateUri(requestUri), value, memberName, ifMatch, options, cancellationToken);

    /// <summary>
    /// PATCHes one member of <paramref name="value"/> through its generated partial writer, only if the resource is still
    /// the one <paramref name="ifMatch"/> names (the <c>ETag</c> of the GET it was read from): a server that checks
    /// <c>If-Match</c> answers 412 (a <see cref="JsonableProblemException"/> when read) when someone changed it since.
    /// </summary>
    /// <typeparam name="T">A generated type with a partial writer for <paramref name="memberName"/>.</typeparam>
    /// <param name="client">The client.</param>
    /// <param name="requestUri">The resource's URI (relative to <see cref="HttpClient.BaseAddress"/>).</param>
    /// <param name="value">The instance whose member is sent.</param>
    /// <param name="memberName">The member, as <c>nameof(T.X)</c> (or its name on the wire).</param>
    /// <param name="ifMatch">The entity tag sent as <c>If-Match</c>; <see langword="null"/> for none.</param>
    /// <param name="options">Format and writer limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <exception cref="ArgumentException"><typeparamref name="T"/> has no partial writer for <paramref name="memberName"/> (nothing is sent).</exception>
    public static Task<HttpResponseMessage> PatchAsJsonableAsync<T>(this HttpClient client, Uri? requestUri, T value, string memberName, EntityTagHeaderValue? ifMatch, JsonableHttpOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        options ??= JsonableHttpOptions.Default;
        JsonableContent content = JsonableContent.CreateMergePatch(value, memberName, options.Format, options.WriterOptions);
        return SendAsync(client, HttpMethod.Patch, requestUri, content, ifMatch, options, HttpCompletionOption.ResponseContentRead, cancellationToken);
    }

    private static Task<HttpResponseMessage> SendAsync(
        HttpClient client,
        HttpMethod method,
        Uri? requestUri,
        HttpContent? content,
        EntityTagHeaderValue? ifMatch,
        JsonableHttpOptions options,
        HttpCompletionOption completionOption,
        CancellationToken cancellationToken)
    {
        var request = new HttpRequestMessage(method, requestUri) { Content = content };
        request.Headers.TryAddWithoutValidation("Accept", WireFormat.AcceptFor(options.Format));
        if (ifMatch is not null)
        {
            request.Headers.IfMatch.Add(ifMatch);
        }

        return client.SendAsync(request, completionOption, cancellationToken);
    }

    private static Uri? CreateUri(string? uri) => string.IsNullOrEmpty(uri) ? null : new Uri(uri, UriKind.RelativeOrAbsolute);
}
