using System;
using System.Collections.Generic;
using System.Net;
using System.Net.Http;
using System.Text;

namespace Jsonable.Http;

/// <summary>
/// A response whose status is not a success, as the <c>Jsonable.Http</c> extensions report it: the status code
/// (<c>StatusCode</c>), the server's <see cref="Problem"/> details when it sent
/// <c>application/problem+json</c>, and otherwise the raw body. It is an <see cref="HttpRequestException"/>, so code that
/// already handles those keeps working.
/// </summary>
public sealed class JsonableProblemException : HttpRequestException
{
    /// <summary>Describes a non-success response.</summary>
    /// <param name="statusCode">The response's status code.</param>
    /// <param name="reasonPhrase">The response's reason phrase, if any.</param>
    /// <param name="problem">The problem details the server sent, if it sent <c>application/problem+json</c>.</param>
    /// <param name="responseBody">The response body as received (bytes: a JMC1 or binary body is not text).</param>
    /// <param name="responseContentType">The response's <c>Content-Type</c>, if any.</param>
    /// <param name="responseBodyTruncated">Whether <paramref name="responseBody"/> is only the first part of a longer body.</param>
    public JsonableProblemException(
        HttpStatusCode statusCode,
        string? reasonPhrase,
        JsonableProblemDetails? problem,
        ReadOnlyMemory<byte> responseBody,
        string? responseContentType,
        bool responseBodyTruncated = false)
#if NET
        : base(HttpRequestError.Unknown, Describe(statusCode, reasonPhrase, problem, responseBody, responseContentType), inner: null, statusCode)
    {
#else
        : base(Describe(statusCode, reasonPhrase, problem, responseBody, responseContentType))
    {
        StatusCode = statusCode;
#endif
        Problem = problem;
        ResponseBody = responseBody;
        ResponseContentType = responseContentType;
        ResponseBodyTruncated = responseBodyTruncated;
    }

#if !NET
    /// <summary>The response's status code (what <c>HttpRequestException.StatusCode</c> holds on .NET 5+).</summary>
    public HttpStatusCode? StatusCode { get; }

#endif
    /// <summary>The server's problem details, or <see langword="null"/> when the body was not <c>application/problem+json</c> (see <see cref="ResponseBody"/>).</summary>
    public JsonableProblemDetails? Problem { get; }

    /// <summary>The response body as received (possibly only its first part: <see cref="ResponseBodyTruncated"/>).</summary>
    public ReadOnlyMemory<byte> ResponseBody { get; }

    /// <summary>Whether <see cref="ResponseBody"/> is only the first part of a longer body.</summary>
    public bool ResponseBodyTruncated { get; }

    /// <summary>The response's <c>Content-Type</c>, if any.</summary>
    public string? ResponseContentType { get; }

    private static string Describe(HttpStatusCode statusCode, string? reasonPhrase, JsonableProblemDetails? problem, ReadOnlyMemory<byte> body, string? contentType)
    {
        var text = new StringBuilder();
        text.Append("Response status code ").Append((int)statusCode);
        if (!string.IsNullOrEmpty(reasonPhrase))
        {
            text.Append(" (").Append(reasonPhrase).Append(')');
        }

        if (problem is not null)
        {
            if (problem.Title is not null)
            {
                text.Append(": ").Append(problem.Title);
            }

            if (problem.Detail is not null)
            {
                text.Append(' ').Append(problem.Detail);
            }

            foreach (KeyValuePair<string, IReadOnlyList<string>> error in problem.Errors)
            {
                text.Append(' ').Append(error.Key).Append(": ").AppendJoin(" ", error.Value);
            }
        }
        else if (body.Length > 0 && IsText(contentType))
        {
            const int MaxShown = 500;
            text.Append(": ").Append(Encoding.UTF8.GetString(body.Span[..Math.Min(body.Length, MaxShown)]));
            if (body.Length > MaxShown)
            {
                text.Append('…');
            }
        }

        return text.Append('.').ToString();
    }

    // A JMC1 (or other binary) body is shown by its length only: it is bytes, not text.
    private static bool IsText(string? contentType) =>
        contentType is not null
        && !contentType.StartsWith(JsonableMediaTypeNames.Jmc1, StringComparison.OrdinalIgnoreCase)
        && (contentType.StartsWith("text/", StringComparison.OrdinalIgnoreCase) || contentType.Contains("json", StringComparison.OrdinalIgnoreCase) || contentType.Contains("xml", StringComparison.OrdinalIgnoreCase));
}
