using System;
using System.Buffers;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Negotiation for responses that minimal APIs write through System.Text.Json (<c>TypedResults.Ok(order)</c>, a handler
/// returning <c>Order</c> or <c>IAsyncEnumerable&lt;Order&gt;</c>): <c>UseJsonable()</c>'s middleware opens a
/// <see cref="Slot"/> for each request, and the converter of a Jsonable type, asked for the root value of a response the
/// framework has just labelled <c>application/json</c>, answers in the format the request negotiated. A single value is
/// written as JMC1 there and then (<see cref="TryWriteJmc1{T}"/>); an async sequence, which a converter cannot await, is
/// labelled and handed to the middleware, which writes it once the endpoint returns
/// (<see cref="AsyncSequenceResponse"/>). The status, set by the result before it writes, is unchanged.
/// </summary>
internal static class JsonableResponseFormat
{
    // The request UseJsonable() serves in this flow. A holder, emptied when the request ends, so that work the request
    // started and that outlives it (whose execution context still holds the slot) never reaches a recycled HttpContext.
    private static readonly AsyncLocal<Slot?> s_request = new();

    /// <summary>Opens the slot of <paramref name="context"/> for the rest of this request's flow.</summary>
    public static Slot Enter(HttpContext context)
    {
        var slot = new Slot(context);
        s_request.Value = slot;
        return slot;
    }

    /// <summary>The request UseJsonable() serves in this flow whose response is being labelled JSON now, if any.</summary>
    public static bool TryGetJsonResponse(out Slot slot, out HttpContext context)
    {
        slot = s_request.Value!;
        context = slot?.Context!;
        if (context is null)
        {
            return false;
        }

        HttpResponse response = context.Response;
        return !response.HasStarted && response.ContentType is { } contentType
            && contentType.StartsWith(JsonableMediaTypes.Json, StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>
    /// Writes <paramref name="value"/> as JMC1 when the current request negotiated it and its response body is being
    /// labelled JSON now; such a response gets <c>Vary: Accept</c> in either format.
    /// </summary>
    public static bool TryWriteJmc1<T>(IBufferWriter<byte> output, T value, JsonableWriteAction<T> write, bool isObject, JsonableWriterOptions options)
    {
        if (!TryGetJsonResponse(out _, out HttpContext context))
        {
            return false;
        }

        // The URL can answer JMC1 for another Accept: a shared cache must key the JSON answer by Accept too.
        JsonableResultsHelper.AddVaryAccept(context.Response);
        if (!RequestsJmc1(context))
        {
            return false;
        }

        context.Response.ContentType = JsonableMediaTypes.Jmc1;
        JsonableMetadataServices.WriteDocument(output, value, JsonableFormat.Jmc1, options, write, isObject);
        return true;
    }

    /// <summary>
    /// Whether the request negotiates JMC1 (by <c>Accept</c> or <c>?format=</c>). Requests that name JMC1 nowhere skip
    /// the negotiation.
    /// </summary>
    public static bool RequestsJmc1(HttpContext context)
    {
        HttpRequest request = context.Request;
        bool named = request.QueryString.HasValue || request.Headers.Accept.ToString().Contains("jmc1", StringComparison.OrdinalIgnoreCase);
        return named && JsonableRequestFeature.Of(context).SelectResponseFormat(out _) == JsonableFormat.Jmc1;
    }

    /// <summary>One request's part in this negotiation.</summary>
    internal sealed class Slot(HttpContext context)
    {
        /// <summary>The request, until it ends.</summary>
        public HttpContext? Context { get; private set; } = context;

        /// <summary>A response body a converter labelled and left to be written once the endpoint returns.</summary>
        public Func<HttpContext, Task>? Pending { get; set; }

        public void Leave() => Context = null;
    }
}
