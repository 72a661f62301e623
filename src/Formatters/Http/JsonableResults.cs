using System;
using System.Collections.Generic;
using System.Net.ServerSentEvents;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Http;

namespace Jsonable.AspNetCore.Http;

/// <summary>Creates <see cref="JsonableResult{T}"/>s for minimal APIs, like <c>TypedResults</c> does for STJ.</summary>
public static class JsonableResults
{
    /// <summary>200 with <paramref name="value"/> in the negotiated format.</summary>
    /// <typeparam name="T">A <c>[ToJson]</c> type or a collection of one.</typeparam>
    /// <param name="value">The value.</param>
    public static JsonableResult<T> Ok<T>(T value) => new(value, StatusCodes.Status200OK);

    /// <summary>201 with <paramref name="value"/> in the negotiated format and a <c>Location</c> header.</summary>
    /// <typeparam name="T">A <c>[ToJson]</c> type.</typeparam>
    /// <param name="location">Where the created resource lives.</param>
    /// <param name="value">The value.</param>
    public static JsonableCreatedResult<T> Created<T>(string location, T value) => new(location, new JsonableResult<T>(value, StatusCodes.Status201Created));

    /// <summary>
    /// 200 with only the named members of <paramref name="value"/>, written by their generated partial writers (a
    /// property endpoint, or a <c>?fields=</c> selector); a name without a partial writer answers 400 listing the valid ones.
    /// </summary>
    /// <typeparam name="T">A <c>[ToJson]</c> type with <c>[ToJson(Property = nameof(X))]</c> partial writers.</typeparam>
    /// <param name="value">The resource.</param>
    /// <param name="members">Member names, C# or wire, matched ignoring case.</param>
    /// <param name="etag">The resource's entity tag for the <c>ETag</c> header, or <see langword="null"/>.</param>
    public static JsonableMembersResult<T> Members<T>(T value, IEnumerable<string> members, string? etag = null) => new(value, members, etag);

    /// <summary>
    /// 200 with <c>text/event-stream</c>: one server-sent event per item of <paramref name="values"/>, its data written by
    /// the generated JSON writer, each flushed as soon as it is written (as <c>TypedResults.ServerSentEvents</c>, without System.Text.Json).
    /// </summary>
    /// <typeparam name="T">A <c>[ToJson]</c> type.</typeparam>
    /// <param name="values">The items, one event each; enumerated with the request's <c>RequestAborted</c> token.</param>
    /// <param name="eventType">The <c>event:</c> name of every event, or <see langword="null"/> for the default (<c>message</c>).</param>
    public static JsonableServerSentEventsResult<T> ServerSentEvents<T>(IAsyncEnumerable<T> values, string? eventType = null)
    {
        ArgumentNullException.ThrowIfNull(values);
        return new(AsEvents(values, eventType));
    }

    /// <summary>
    /// 200 with <c>text/event-stream</c>: one server-sent event per item, with the item's event name, id and
    /// reconnection interval as its <c>event:</c>, <c>id:</c> and <c>retry:</c> fields, its data written by the generated JSON writer.
    /// </summary>
    /// <typeparam name="T">A <c>[ToJson]</c> type.</typeparam>
    /// <param name="values">The events; enumerated with the request's <c>RequestAborted</c> token.</param>
    public static JsonableServerSentEventsResult<T> ServerSentEvents<T>(IAsyncEnumerable<SseItem<T>> values)
    {
        ArgumentNullException.ThrowIfNull(values);
        return new(values);
    }

    /// <summary>
    /// 200 with <c>text/event-stream</c> whose data was written beforehand as UTF-8 JSON, one document per event (by a
    /// generated writer or delta: <c>T.WriteMergePatch</c>, <c>JsonableSerializer.SerializeToUtf8Bytes</c>). For fan-out,
    /// where one change goes to many subscribers: the document is written once and copied to each. A line break in the
    /// data (JSON written indented) is sent as several <c>data:</c> lines, which the reader joins back with <c>\n</c>.
    /// </summary>
    /// <param name="utf8JsonEvents">The events, their data UTF-8 JSON; enumerated with the request's <c>RequestAborted</c> token.</param>
    public static JsonableServerSentEventsResult<ReadOnlyMemory<byte>> ServerSentEventsOfUtf8Json(IAsyncEnumerable<SseItem<ReadOnlyMemory<byte>>> utf8JsonEvents)
    {
        ArgumentNullException.ThrowIfNull(utf8JsonEvents);
        return new(utf8JsonEvents, ServerSentEventWriter.CopyUtf8);
    }

    private static async IAsyncEnumerable<SseItem<T>> AsEvents<T>(IAsyncEnumerable<T> values, string? eventType, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        await foreach (T value in values.WithCancellation(cancellationToken).ConfigureAwait(false))
        {
            yield return new SseItem<T>(value, eventType);
        }
    }
}
