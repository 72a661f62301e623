using System;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Writes responses that are streams of items, JSON Lines and server-sent events, straight into the response
/// <see cref="PipeWriter"/>: such a response starts before its first item exists, so it is never buffered whole and
/// has no <c>Content-Length</c>. Ends quietly when the client goes away (<c>RequestAborted</c>).
/// </summary>
internal static class StreamResponseWriter
{
    /// <summary>
    /// Writes the elements of a root sequence as JSON Lines. Items leave as they are written when the source makes the
    /// writer wait, and in batches of up to <see cref="JsonableOptions.ResponseBufferSize"/> bytes when they are ready at
    /// once (an in-memory list): one flush per item there would cost a write call per item and gain the reader nothing.
    /// </summary>
    public static async Task WriteJsonLinesAsync(HttpContext context, object? value, JsonableTypeInfo info, JsonableOptions options)
    {
        CancellationToken aborted = context.RequestAborted;
        try
        {
            PipeWriter body = await StartAsync(context).ConfigureAwait(false);
            await info.WriteJsonLinesAsync(body, value, options.Stacks.For(context).Writer, ct => FlushAsync(body, ct), Math.Max(options.ResponseBufferSize, 1), aborted).ConfigureAwait(false);
            await FlushAsync(body, aborted).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (aborted.IsCancellationRequested)
        {
            // The client left: nothing more can reach it, and the stream's source was cancelled through the same token.
        }
    }

    /// <summary>
    /// Sends the headers now, before the first item exists (a client waiting on a quiet stream then knows it is
    /// connected), with any response buffering turned off so each flush reaches the client; returns the pipe to
    /// write the items into.
    /// </summary>
    public static async ValueTask<PipeWriter> StartAsync(HttpContext context)
    {
        context.Features.Get<IHttpResponseBodyFeature>()?.DisableBuffering();
        await context.Response.StartAsync(context.RequestAborted).ConfigureAwait(false);
        PipeWriter body = context.Response.BodyWriter;
        await FlushAsync(body, context.RequestAborted).ConfigureAwait(false); // starting writes the headers; only a flush sends them
        return body;
    }

    /// <summary>Flushes the pipe; a client that stopped reading ends the stream.</summary>
    public static async ValueTask FlushAsync(PipeWriter body, CancellationToken cancellationToken)
    {
        FlushResult result = await body.FlushAsync(cancellationToken).ConfigureAwait(false);
        if (result.IsCanceled || result.IsCompleted)
        {
            throw new OperationCanceledException("The client stopped reading the response.");
        }
    }
}
