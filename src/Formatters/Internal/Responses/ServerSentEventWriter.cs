using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.IO.Pipelines;
using System.Net.ServerSentEvents;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Internal;
using Microsoft.AspNetCore.Http;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Writes server-sent events (the HTML living standard's <c>text/event-stream</c>) whose data is written by the
/// generated JSON writer: per event an <c>event:</c> line (unless the default <c>message</c>), one <c>data:</c> line
/// per line of the JSON, an <c>id:</c> and a <c>retry:</c> line when the item has them, and a blank line; each event is
/// flushed as soon as it is written, since a subscriber waits for exactly that event.
/// </summary>
/// <summary>Writes the data of one event (a whole JSON document) into <paramref name="output"/>.</summary>
internal delegate void SseDataWriter<T>(IBufferWriter<byte> output, T data);

internal static class ServerSentEventWriter
{
    private const string DefaultEventType = "message";

    /// <summary>The data writer of a generated type: its generated JSON writer, within <paramref name="options"/>' limits.</summary>
    public static SseDataWriter<T> GeneratedWriter<T>(JsonableTypeInfo<T> info, JsonableWriterOptions options) => (output, data) =>
    {
        var writer = new JsonableWriter(output, emitMetadataComments: false, options);
        info.Write(ref writer, data);
        writer.Flush();
    };

    /// <summary>The data writer of data already written as UTF-8 JSON: copies it.</summary>
    public static void CopyUtf8(IBufferWriter<byte> output, ReadOnlyMemory<byte> data) => output.Write(data.Span);

    public static async Task WriteAsync<T>(HttpContext context, IAsyncEnumerable<SseItem<T>> events, SseDataWriter<T> writeData)
    {
        CancellationToken aborted = context.RequestAborted;
        HttpResponse response = context.Response;
        response.StatusCode = StatusCodes.Status200OK;
        response.ContentType = JsonableMediaTypes.EventStream;
        response.Headers.CacheControl = "no-cache,no-store";
        response.Headers.Pragma = "no-cache";
        response.Headers.ContentEncoding = "identity"; // a compressing middleware would hold events back in its buffer
        var data = new ArrayBufferWriter<byte>(1024);
        try
        {
            PipeWriter body = await StreamResponseWriter.StartAsync(context).ConfigureAwait(false);
            await foreach (SseItem<T> item in events.WithCancellation(aborted).ConfigureAwait(false))
            {
                data.ResetWrittenCount();
                writeData(data, item.Data);
                WriteEvent(body, item, data.WrittenSpan);
                await StreamResponseWriter.FlushAsync(body, aborted).ConfigureAwait(false);
            }
        }
        catch (OperationCanceledException) when (aborted.IsCancellationRequested)
        {
            // The client left: the source was cancelled through the same token, and nothing more can reach the client.
        }
    }

    /// <summary>Writes one event's fields into <paramref name="output"/>, ending with the blank line that dispatches it.</summary>
    internal static void WriteEvent<T>(IBufferWriter<byte> output, SseItem<T> item, ReadOnlySpan<byte> json)
    {
        string eventType = item.EventType;
        if (!string.IsNullOrEmpty(eventType) && eventType != DefaultEventType)
        {
            WriteField(output, "event: "u8, eventType, nameof(SseItem<T>.EventType));
        }

        // Generated JSON escapes every control character inside strings, so it is one line; a line break could come
        // only from an indenting writer, and each line then gets its own data: field, which the reader joins with \n.
        while (true)
        {
            int end = json.IndexOfAny((byte)'\r', (byte)'\n');
            output.Write("data: "u8);
            output.Write(end < 0 ? json : json[..end]);
            output.Write("\n"u8);
            if (end < 0)
            {
                break;
            }

            int skip = json[end] == (byte)'\r' && end + 1 < json.Length && json[end + 1] == (byte)'\n' ? 2 : 1;
            json = json[(end + skip)..];
        }

        if (item.EventId is { } id)
        {
            WriteField(output, "id: "u8, id, nameof(SseItem<T>.EventId));
        }

        if (item.ReconnectionInterval is { } retry)
        {
            output.Write("retry: "u8);
            WriteUtf8(output, ((long)retry.TotalMilliseconds).ToString(CultureInfo.InvariantCulture));
            output.Write("\n"u8);
        }

        output.Write("\n"u8);
    }

    private static void WriteField(IBufferWriter<byte> output, ReadOnlySpan<byte> name, string value, string member)
    {
        // A line break would end the field early and let the rest of the value pose as fields of its own.
        if (value.AsSpan().IndexOfAny('\r', '\n') >= 0)
        {
            throw new InvalidOperationException($"A server-sent event's {member} cannot contain a line break: '{value}'.");
        }

        output.Write(name);
        WriteUtf8(output, value);
        output.Write("\n"u8);
    }

    private static void WriteUtf8(IBufferWriter<byte> output, string value)
    {
        int length = Encoding.UTF8.GetMaxByteCount(value.Length);
        Span<byte> span = output.GetSpan(length);
        int written = Encoding.UTF8.GetBytes(value, span);
        output.Advance(written);
    }
}
