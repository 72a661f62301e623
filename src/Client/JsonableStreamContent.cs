using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable.Http;

/// <summary>
/// An <see cref="HttpContent"/> that streams the items of an <see cref="IAsyncEnumerable{T}"/> as they come, each written
/// by the generated writer, as a JMC1 array, a JSON array or JSON Lines; made by
/// <see cref="JsonableContent.FromAsyncEnumerable{T}"/>. The body has no <c>Content-Length</c> (HTTP/1.1 sends it
/// chunked) and is never held whole: an item is sent as soon as the source makes the writer wait for the next one, and
/// items that are ready at once leave together in pieces of up to 16 KB. It can be sent once.
/// </summary>
public sealed class JsonableStreamContent : HttpContent
{
    private const int FlushThreshold = 16 * 1024;

    private readonly Func<PooledByteBufferWriter, Func<CancellationToken, ValueTask>, CancellationToken, ValueTask> _write;
    private int _sent;

    private JsonableStreamContent(Func<PooledByteBufferWriter, Func<CancellationToken, ValueTask>, CancellationToken, ValueTask> write, JsonableStreamFormat format, Type itemType)
    {
        _write = write;
        Format = format;
        ItemType = itemType;
        Headers.ContentType = format switch
        {
            JsonableStreamFormat.Jmc1Array => new MediaTypeHeaderValue(JsonableMediaTypeNames.Jmc1),
            JsonableStreamFormat.JsonLines => new MediaTypeHeaderValue(JsonableMediaTypeNames.JsonLines) { CharSet = "utf-8" },
            _ => new MediaTypeHeaderValue(JsonableMediaTypeNames.Json) { CharSet = "utf-8" },
        };
    }

    /// <summary>How the items are framed.</summary>
    public JsonableStreamFormat Format { get; }

    /// <summary>The type of each item.</summary>
    public Type ItemType { get; }

    internal static JsonableStreamContent Create<T>(IAsyncEnumerable<T> items, JsonableStreamFormat format, JsonableWriterOptions? options)
    {
        ArgumentNullException.ThrowIfNull(items);
        if (format is not (JsonableStreamFormat.Jmc1Array or JsonableStreamFormat.JsonArray or JsonableStreamFormat.JsonLines))
        {
            throw new ArgumentOutOfRangeException(nameof(format), format, "Expected Jmc1, Json or JsonLines.");
        }

        // Found now, so a type without generated code fails at the call site rather than once the request is on its way.
        JsonableTypeInfo info = JsonableRegistry.GetTypeInfo<IAsyncEnumerable<T>>() is { CanWriteItems: true } found
            ? found
            : throw new NotSupportedException(MissingGeneratedCode.Explain(typeof(T), "is not a Jsonable type: mark it [ToJson] (and partial)."));
        return new JsonableStreamContent(
            (output, flushAsync, cancellationToken) => format == JsonableStreamFormat.JsonLines
                ? info.WriteJsonLinesAsync(output, items, options, flushAsync, FlushThreshold, cancellationToken)
                : info.WriteDocumentAsync(output, items, format == JsonableStreamFormat.Jmc1Array ? JsonableFormat.Jmc1 : JsonableFormat.Json, options, flushAsync, FlushThreshold, cancellationToken),
            format,
            typeof(T));
    }

    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

#if NET
    /// <inheritdoc />
    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
#else
    // netstandard2.0's HttpContent has no cancellable overload to override: the plain one above calls this.
    private async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
#endif
    {
        if (Interlocked.Exchange(ref _sent, 1) != 0)
        {
            // The source was enumerated by the first send; a retry or redirect cannot replay it.
            throw new InvalidOperationException("A streamed body can be sent once: its items were enumerated by the first send.");
        }

        using var staging = new PooledByteBufferWriter(FlushThreshold);
        await _write(staging, ct => SendStagedAsync(staging, stream, ct), cancellationToken).ConfigureAwait(false);
        await SendStagedAsync(staging, stream, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }

    private static async ValueTask SendStagedAsync(PooledByteBufferWriter staging, Stream stream, CancellationToken cancellationToken)
    {
        ArraySegment<byte> written = staging.WrittenSegment;
        if (written.Count > 0)
        {
            await stream.WriteAsync(written.Array!, written.Offset, written.Count, cancellationToken).ConfigureAwait(false);
            staging.Reset();
        }

        await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
    }
}
