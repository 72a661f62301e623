using System;
using System.Collections.Generic;
using System.Net.ServerSentEvents;
using System.Reflection;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Jsonable.Metadata;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Http.Metadata;

namespace Jsonable.AspNetCore.Http;

/// <summary>
/// A minimal-API result that streams server-sent events (<c>text/event-stream</c>), as <c>TypedResults.ServerSentEvents</c>
/// does, with each event's <c>data:</c> written by the generated JSON writer of <typeparamref name="T"/>; the event
/// name, id and retry of each <see cref="SseItem{T}"/> are sent as its <c>event:</c>, <c>id:</c> and <c>retry:</c> fields.
/// Every event is flushed as soon as it is written; the stream ends when the source ends or the client goes away
/// (<c>RequestAborted</c> cancels the source's enumeration). Events are always JSON: JMC1's length comments are bytes,
/// not text, and an event stream is text.
/// </summary>
/// <typeparam name="T">A <c>[ToJson]</c> type, or a collection of one.</typeparam>
public sealed class JsonableServerSentEventsResult<T> : IResult, IEndpointMetadataProvider, IStatusCodeHttpResult
{
    private readonly SseDataWriter<T>? _writeData;

    internal JsonableServerSentEventsResult(IAsyncEnumerable<SseItem<T>> events, SseDataWriter<T>? writeData = null)
    {
        Events = events;
        _writeData = writeData;
    }

    /// <summary>The events written.</summary>
    public IAsyncEnumerable<SseItem<T>> Events { get; }

    /// <summary>The status code: 200.</summary>
    public int StatusCode => StatusCodes.Status200OK;

    int? IStatusCodeHttpResult.StatusCode => StatusCode;

    /// <inheritdoc />
    public Task ExecuteAsync(HttpContext httpContext)
    {
        ArgumentNullException.ThrowIfNull(httpContext);
        SseDataWriter<T> writeData = _writeData ?? ServerSentEventWriter.GeneratedWriter(
            JsonableRegistry.GetTypeInfo<T>() is { CanWrite: true } found
                ? found
                : throw new InvalidOperationException(MissingGeneratedCode.Explain(typeof(T), "is not a Jsonable type: mark it [ToJson] (and partial).")),
            JsonableRequestFeature.Of(httpContext).Options.Stacks.For(httpContext).Writer);
        return ServerSentEventWriter.WriteAsync(httpContext, Events, writeData);
    }

    /// <summary>
    /// Describes the response to OpenAPI: 200 with <c>text/event-stream</c>, each event's data a <typeparamref name="T"/>
    /// (no schema for data written beforehand, <c>ReadOnlyMemory&lt;byte&gt;</c>: the endpoint names it with <c>Produces</c>).
    /// </summary>
    /// <param name="method">The endpoint's method.</param>
    /// <param name="builder">The endpoint being built.</param>
    static void IEndpointMetadataProvider.PopulateMetadata(MethodInfo method, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        Type? data = typeof(T) == typeof(ReadOnlyMemory<byte>) ? null : typeof(T);
        builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status200OK, data, [JsonableMediaTypes.EventStream]));
    }
}
