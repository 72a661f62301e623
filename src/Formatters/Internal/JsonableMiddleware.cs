using System.Threading.Tasks;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Maps what a client got wrong to problem details for endpoints outside MVC: Jsonable binding failures (400 with
/// the JSON path as key, 415) and other bad requests (413 for an oversized body), never a 500.
/// </summary>
internal sealed class JsonableMiddleware
{
    private readonly RequestDelegate _next;
    private readonly ILogger<JsonableMiddleware> _logger;

    public JsonableMiddleware(RequestDelegate next, ILogger<JsonableMiddleware> logger)
    {
        _next = next;
        _logger = logger;
    }

    public async Task InvokeAsync(HttpContext context)
    {
        try
        {
            await _next(context).ConfigureAwait(false);
            if (!context.Response.HasStarted && IsBodyless(context.Response) && context.Response.StatusCode is StatusCodes.Status406NotAcceptable or StatusCodes.Status415UnsupportedMediaType)
            {
                // MVC answers an unsatisfiable Accept (ReturnHttpNotAcceptable) or content type with an empty body.
                string detail = context.Response.StatusCode == StatusCodes.Status406NotAcceptable
                    ? "None of the media types in the Accept header can be produced."
                    : "The request's content type is not supported.";
                context.Response.ContentLength = null;
                await FallbackProblemDetailsWriter.WriteProblemJsonAsync(context, new Microsoft.AspNetCore.Mvc.ProblemDetails { Detail = detail }, applyOptions: true).ConfigureAwait(false);
            }
        }
        catch (BadHttpRequestException exception) when (!context.Response.HasStarted)
        {
            JsonableLog.BadRequestMapped(_logger, exception.StatusCode, exception.Message);
            context.Response.Clear();
            await ProblemResponses.WriteAsync(
                context,
                exception.StatusCode,
                exception.Message,
                (exception as JsonableRequestException)?.Errors).ConfigureAwait(false);
        }
    }

    private static bool IsBodyless(HttpResponse response) => response.ContentType is null && response.ContentLength is null or 0;
}
