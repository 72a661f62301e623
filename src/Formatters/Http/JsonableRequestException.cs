using System;
using System.Collections.Generic;
using Microsoft.AspNetCore.Http;

namespace Jsonable.AspNetCore.Http;

/// <summary>
/// A request Jsonable could not bind (malformed body: 400, unsupported content type: 415, an <c>Accept</c> the
/// endpoint's negotiated result cannot satisfy: 406). It is a
/// <see cref="BadHttpRequestException"/>, so the server answers with its status code even without
/// <c>UseJsonable()</c>; with it, the client gets problem details naming the JSON path.
/// </summary>
public sealed class JsonableRequestException : BadHttpRequestException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What is wrong.</param>
    /// <param name="statusCode">The HTTP status code to answer with.</param>
    /// <param name="errors">Errors by JSON path (empty when the problem is not about one member).</param>
    /// <param name="innerException">The cause, if any.</param>
    public JsonableRequestException(string message, int statusCode, IReadOnlyDictionary<string, string[]>? errors = null, Exception? innerException = null)
        : base(message, statusCode, innerException!)
    {
        Errors = errors ?? new Dictionary<string, string[]>();
    }

    /// <summary>Errors by JSON path, for a <c>ValidationProblemDetails</c>.</summary>
    public IReadOnlyDictionary<string, string[]> Errors { get; }
}
