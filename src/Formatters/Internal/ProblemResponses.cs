using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.AspNetCore.Internal;

/// <summary>Writes RFC 9457 problem details (through <see cref="IProblemDetailsService"/> when the app registered one).</summary>
internal static class ProblemResponses
{
    public static async Task WriteAsync(HttpContext context, int statusCode, string detail, IReadOnlyDictionary<string, string[]>? errors)
    {
        ProblemDetails problem = errors is { Count: > 0 }
            ? new HttpValidationProblemDetails(errors.ToDictionary(e => e.Key, e => e.Value)) { Status = statusCode, Detail = detail }
            : new ProblemDetails { Status = statusCode, Detail = detail };
        context.Response.StatusCode = statusCode;

        IProblemDetailsService? service = context.RequestServices.GetService<IProblemDetailsService>();
        if (service is not null && await service.TryWriteAsync(new ProblemDetailsContext { HttpContext = context, ProblemDetails = problem }).ConfigureAwait(false))
        {
            // A writer can claim the request and still write nothing: MVC's writer for [ApiController] endpoints
            // negotiates on Accept and silently gives up when the client accepts only JMC1.
            if (context.Response.HasStarted || context.Response.ContentType is not null)
            {
                return;
            }

            await FallbackProblemDetailsWriter.WriteProblemJsonAsync(context, problem, applyOptions: true).ConfigureAwait(false);
            return;
        }

        IResult result = problem is HttpValidationProblemDetails validation
            ? Results.ValidationProblem(validation.Errors, detail: detail, statusCode: statusCode)
            : Results.Problem(detail: detail, statusCode: statusCode);
        await result.ExecuteAsync(context).ConfigureAwait(false);
    }
}
