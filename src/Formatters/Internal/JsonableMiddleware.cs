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
}
