using System;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.OutputCaching;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// A plain <c>IAsyncEnumerable&lt;T&gt;</c> response of a Jsonable type (a minimal handler returning one, or
/// <c>TypedResults.Ok</c> of one), answered as <c>JsonableResults.Ok</c> answers it: JSON Lines when <c>Accept</c> names
/// it, JMC1 when negotiated, each written by the generated writer; otherwise the JSON array System.Text.Json writes,
/// with the app's layout and encoder. The converter labels the response while System.Text.Json writes the root value
/// (before anything is sent) and leaves the items to <c>UseJsonable()</c>'s middleware, which writes them into the
/// response pipe once the endpoint returns, flushing whenever the source makes it wait, and ends quietly when the client
/// goes away (<c>RequestAborted</c>, which also cancels the source). Middleware that wraps the response body
/// (compression) must therefore run before <c>UseJsonable()</c>, as it usually does.
/// </summary>
internal static class AsyncSequenceResponse
{
    /// <summary>Labels the current response for <paramref name="value"/> and hands it to the middleware; false outside such a response.</summary>
    public static bool TryHandOver<T>(IAsyncEnumerable<T> value, JsonSerializerOptions options)
    {
        if (!JsonableResponseFormat.TryGetJsonResponse(out JsonableResponseFormat.Slot slot, out HttpContext context) || slot.Pending is not null
            || !JsonableRegistry.TryGetTypeInfo(typeof(IAsyncEnumerable<T>), out JsonableTypeInfo? info) || !info.CanWriteItems
            || context.Features.Get<IOutputCacheFeature>() is { Context.EnableOutputCaching: true })
        {
            // Output caching records the body while the endpoint runs: a body written after it returned would be cached
            // empty. Such a response is written by the converter itself, as System.Text.Json's JSON array.
            return false;
        }

        HttpResponse response = context.Response;
        JsonableRequestFeature feature = JsonableRequestFeature.Of(context);
        JsonableResultsHelper.AddVaryAccept(response); // every format below answers by Accept, JSON included
        if (ContentNegotiation.SelectJsonLines(context.Request, feature) is { } jsonLines)
        {
            response.ContentType = MediaTypeRules.JsonLinesContentType(jsonLines);
            slot.Pending = http => StreamResponseWriter.WriteJsonLinesAsync(http, value, info, feature.Options);
        }
        else if (JsonableResponseFormat.RequestsJmc1(context))
        {
            response.ContentType = JsonableMediaTypes.Jmc1;
            slot.Pending = http => WriteJmc1Async(http, value, info, feature.Options);
        }
        else
        {
            slot.Pending = http => WriteJsonAsync(http, value, options, feature.Options);
        }

        // Each flush must reach the client (System.Text.Json flushes the empty root value it wrote, starting the response).
        context.Features.Get<IHttpResponseBodyFeature>()?.DisableBuffering();
        return true;
    }

    private static async Task WriteJmc1Async<T>(HttpContext context, IAsyncEnumerable<T> value, JsonableTypeInfo info, JsonableOptions options)
    {
        CancellationToken aborted = context.RequestAborted;
        try
        {
            PipeWriter body = await StreamResponseWriter.StartAsync(context).ConfigureAwait(false);
            await info.WriteDocumentAsync(body, value, JsonableFormat.Jmc1, options.Stacks.For(context).Writer, ct => StreamResponseWriter.FlushAsync(body, ct), Math.Max(options.ResponseBufferSize, 1), aborted).ConfigureAwait(false);
            await StreamResponseWriter.FlushAsync(body, aborted).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (aborted.IsCancellationRequested)
        {
            // The client left: nothing more can reach it, and the source was cancelled through the same token.
        }
    }

    /// <summary>
    /// The JSON array as System.Text.Json writes it (its writer, with the app's layout and encoder, each item through the
    /// item's converter), flushed whenever the source makes the writer wait or the pending bytes pass the response buffer size.
    /// </summary>
    private static async Task WriteJsonAsync<T>(HttpContext context, IAsyncEnumerable<T> value, JsonSerializerOptions serializerOptions, JsonableOptions options)
    {
        CancellationToken aborted = context.RequestAborted;
        var itemInfo = (JsonTypeInfo<T>)serializerOptions.GetTypeInfo(typeof(T));
        int threshold = Math.Max(options.ResponseBufferSize, 1);
        try
        {
            PipeWriter body = await StreamResponseWriter.StartAsync(context).ConfigureAwait(false);
            await using var writer = new Utf8JsonWriter(body, new JsonWriterOptions
            {
                Encoder = serializerOptions.Encoder,
                Indented = serializerOptions.WriteIndented,
                IndentCharacter = serializerOptions.IndentCharacter,
                IndentSize = serializerOptions.IndentSize,
                NewLine = serializerOptions.NewLine,
                MaxDepth = serializerOptions.MaxDepth == 0 ? 64 : serializerOptions.MaxDepth,
            });
            writer.WriteStartArray();
            IAsyncEnumerator<T> items = value.GetAsyncEnumerator(aborted);
            await using (items.ConfigureAwait(false))
            {
                while (true)
                {
                    ValueTask<bool> next = items.MoveNextAsync();
                    if (!next.IsCompleted || writer.BytesPending >= threshold)
                    {
                        writer.Flush();
                        await StreamResponseWriter.FlushAsync(body, aborted).ConfigureAwait(false);
                    }

                    if (!await next.ConfigureAwait(false))
                    {
                        break;
                    }

                    JsonSerializer.Serialize(writer, items.Current, itemInfo);
                }
            }

            writer.WriteEndArray();
            writer.Flush();
            await StreamResponseWriter.FlushAsync(body, aborted).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (aborted.IsCancellationRequested)
        {
            // The client left: nothing more can reach it, and the source was cancelled through the same token.
        }
    }
}
