using System.Threading.Tasks;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Answers what a client got wrong with problem details instead of an exception: Jsonable binding failures of minimal
/// APIs (400 with the JSON path as key, 406, 415) and other bad requests (413 for an oversized body, MVC's too), never
/// a 500. MVC's own 406/415 are answered by <see cref="NotAcceptableFilter"/> and ASP.NET Core's API behaviour.
/// </summary>
internal sealed class JsonableMiddleware
{
    /// <summary>The display name of the endpoint routing selects when no endpoint accepts the request's content type.</summary>
    private const string ContentTypeRejectionEndpoint = "415 HTTP Unsupported Media Type";

    private readonly RequestDelegate _next;
    private readonly ILogger<JsonableMiddleware> _logger;

    public JsonableMiddleware(RequestDelegate next, ILogger<JsonableMiddleware> logger, JsonOptionsResolverSetup? resolverSetup = null)
    {
        _next = next;
        _logger = logger;
        // From now on a plain async sequence of a Jsonable type can be handed to this middleware to be written.
        resolverSetup?.Resolver.ServeAsyncSequences();
    }

    public async Task InvokeAsync(HttpContext context)
    {
        if (context.GetEndpoint() is { DisplayName: ContentTypeRejectionEndpoint, Metadata.Count: 0 })
        {
            // Routing turned the request down before any endpoint could bind it: no endpoint accepts its Content-Type
            // (the Accepts metadata JsonableBody declares). Answer that 415 as Jsonable answers its own, naming what the
            // endpoints at the path do read.
            JsonableLog.BadRequestMapped(_logger, StatusCodes.Status415UnsupportedMediaType, ContentTypeRejectionEndpoint);
            await ProblemDetailsResponder.WriteAsync(context, StatusCodes.Status415UnsupportedMediaType, ContentNegotiation.UnsupportedContentTypeDetail(context, RouteAccepts.Of(context))).ConfigureAwait(false);
            return;
        }

        if (PatchOptionsResponder.TryAnswer(context))
        {
            return; // OPTIONS at a PATCH route: Allow and Accept-Patch (RFC 5789 §3.1)
        }

        JsonableResponseFormat.Slot slot = JsonableResponseFormat.Enter(context);
        try
        {
            await _next(context).ConfigureAwait(false);
            if (slot.Pending is { } pending)
            {
                // A plain IAsyncEnumerable<T> response the converter labelled (see AsyncSequenceResponse): its items now.
                slot.Pending = null;
                await pending(context).ConfigureAwait(false);
            }
        }
        catch (JsonableBodyException exception) when (!context.Response.HasStarted)
        {
            // A plain T body parameter that System.Text.Json bound through the generated reader: answered as JsonableBody<T>'s.
            JsonableRequestException problem = MinimalApiRequestBody.Malformed(exception.Reason, JsonableRequestFeature.Of(context).Options);
            JsonableLog.BadRequestMapped(_logger, problem.StatusCode, problem.Message);
            context.Response.Clear();
            await ProblemDetailsResponder.WriteAsync(context, problem.StatusCode, problem.Message, problem.Errors).ConfigureAwait(false);
        }
        catch (BadHttpRequestException exception) when (!context.Response.HasStarted)
        {
            JsonableLog.BadRequestMapped(_logger, exception.StatusCode, exception.Message);
            context.Response.Clear();
            await ProblemDetailsResponder.WriteAsync(
                context,
                exception.StatusCode,
                exception.Message,
                (exception as JsonableRequestException)?.Errors).ConfigureAwait(false);
        }
        finally
        {
            slot.Leave();
        }
    }
}
