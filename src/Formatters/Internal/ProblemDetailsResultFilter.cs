using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// MVC negotiates problem details like any other result, so with <c>ReturnHttpNotAcceptable</c> a client that accepts
/// only JMC1 would get a bodyless 406 instead of its 400. This answers such results in <c>application/problem+json</c>
/// through System.Text.Json.
/// </summary>
internal sealed class ProblemDetailsResultFilter : IAlwaysRunResultFilter
{
    public void OnResultExecuting(ResultExecutingContext context)
    {
        if (context.Result is ObjectResult { Value: ProblemDetails problem } result && AcceptsOnlyJmc1(context.HttpContext.Request))
        {
            context.Result = new ProblemDetailsActionResult(problem, result.StatusCode ?? problem.Status ?? StatusCodes.Status500InternalServerError);
        }
    }

    public void OnResultExecuted(ResultExecutedContext context)
    {
    }

    private static bool AcceptsOnlyJmc1(HttpRequest request)
    {
        var accept = request.GetTypedHeaders().Accept;
        if (accept.Count == 0)
        {
            return false;
        }

        bool jmc1 = false;
        foreach (var range in accept)
        {
            if (range.MediaType.Equals(JsonableMediaTypes.Jmc1, System.StringComparison.OrdinalIgnoreCase))
            {
                jmc1 = true;
            }
            else if (range.Quality is not 0 && (range.MatchesAllTypes || range.MediaType.Value?.Contains("json", System.StringComparison.OrdinalIgnoreCase) == true))
            {
                return false; // something STJ can answer is acceptable: let MVC negotiate as usual
            }
        }

        return jmc1;
    }

    private sealed class ProblemDetailsActionResult(ProblemDetails problem, int statusCode) : IActionResult
    {
        // Written directly: MVC's own problem-details writer would negotiate on Accept again and fail the same way.
        public System.Threading.Tasks.Task ExecuteResultAsync(ActionContext context)
        {
            context.HttpContext.Response.StatusCode = statusCode;
            problem.Status ??= statusCode;
            return FallbackProblemDetailsWriter.WriteProblemJsonAsync(context.HttpContext, problem, applyOptions: false).AsTask();
        }
    }
}
