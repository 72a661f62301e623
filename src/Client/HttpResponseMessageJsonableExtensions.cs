using System;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Http.Internal;

namespace Jsonable.Http;

/// <summary>
/// Reading a response to a Jsonable request: success or a <see cref="JsonableProblemException"/> carrying the server's
/// problem details, then the body through the generated reader.
/// </summary>
public static class HttpResponseMessageJsonableExtensions
{
    // An error body is kept for the exception; past this size only its first part is.
    private const long MaxErrorBodyBytes = 1024 * 1024;

    /// <summary>
    /// Returns <paramref name="response"/> when its status is a success; otherwise reads its body and throws a
    /// <see cref="JsonableProblemException"/> with the status code and the server's problem details (or the raw body).
    /// </summary>
    /// <param name="response">The response.</param>
    /// <param name="cancellationToken">Stops reading the error body.</param>
    /// <returns><paramref name="response"/>.</returns>
    /// <exception cref="JsonableProblemException">The status is not a success (2xx).</exception>
    public static async Task<HttpResponseMessage> EnsureJsonableSuccessAsync(this HttpResponseMessage response, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(response);
        if (!response.IsSuccessStatusCode)
        {
            throw await CreateProblemExceptionAsync(response, JsonableHttpOptions.Default, cancellationToken).ConfigureAwait(false);
        }

        return response;
    }

    /// <summary>
    /// Throws a <see cref="JsonableProblemException"/> when <paramref name="response"/> is not a success, else reads its
    /// body as <typeparamref name="T"/> with the reader its <c>Content-Type</c> calls for (JMC1 or JSON).
    /// </summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="response">The response.</param>
    /// <param name="cancellationToken">Stops reading.</param>
    /// <exception cref="JsonableProblemException">The status is not a success.</exception>
    /// <exception cref="JsonableException">The body is malformed or does not fit <typeparamref name="T"/>.</exception>
    /// <exception cref="NotSupportedException">The <c>Content-Type</c> is neither JMC1 nor UTF-8 JSON, or <typeparamref name="T"/> is not a Jsonable type.</exception>
    public static Task<T?> ReadFromJsonableAsync<T>(this HttpResponseMessage response, CancellationToken cancellationToken = default) =>
        ReadFromJsonableAsync<T>(response, JsonableHttpOptions.Default, cancellationToken);

    /// <summary>
    /// Throws a <see cref="JsonableProblemException"/> when <paramref name="response"/> is not a success, else reads its
    /// body as <typeparamref name="T"/> with the reader its <c>Content-Type</c> calls for (JMC1 or JSON).
    /// </summary>
    /// <typeparam name="T">A generated (<c>[FromJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="response">The response.</param>
    /// <param name="options">Size limit and reader limits; <see langword="null"/> for <see cref="JsonableHttpOptions.Default"/>.</param>
    /// <param name="cancellationToken">Stops reading.</param>
    /// <exception cref="JsonableProblemException">The status is not a success.</exception>
    /// <exception cref="JsonableException">The body is malformed or does not fit <typeparamref name="T"/>.</exception>
    /// <exception cref="NotSupportedException">The <c>Content-Type</c> is neither JMC1 nor UTF-8 JSON, or <typeparamref name="T"/> is not a Jsonable type.</exception>
    public static async Task<T?> ReadFromJsonableAsync<T>(this HttpResponseMessage response, JsonableHttpOptions? options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(response);
        options ??= JsonableHttpOptions.Default;
        if (!response.IsSuccessStatusCode)
        {
            throw await CreateProblemExceptionAsync(response, options, cancellationToken).ConfigureAwait(false);
        }

        return await response.Content.ReadFromJsonableAsync<T>(options, cancellationToken).ConfigureAwait(false);
    }

    internal static async Task<JsonableProblemException> CreateProblemExceptionAsync(HttpResponseMessage response, JsonableHttpOptions options, CancellationToken cancellationToken)
    {
        using PooledBody body = await PooledBody.ReadAsync(response.Content, Math.Min(options.MaxResponseBytes, MaxErrorBodyBytes), truncateAtLimit: true, cancellationToken).ConfigureAwait(false);
        JsonableProblemDetails? problem = null;
        if (!body.Truncated && WireFormat.IsProblemJson(response.Content.Headers.ContentType))
        {
            JsonableProblemDetails.TryParse(body.Memory, out problem);
        }

        return new JsonableProblemException(
            response.StatusCode,
            response.ReasonPhrase,
            problem,
            body.ToArray(),
            response.Content.Headers.ContentType?.ToString(),
            body.Truncated);
    }
}
