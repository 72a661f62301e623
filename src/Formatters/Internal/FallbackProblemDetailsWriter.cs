using System.Collections.Generic;
using System.Diagnostics;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Json;
using Microsoft.AspNetCore.WebUtilities;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Writes problem details as <c>application/problem+json</c> for the requests ASP.NET Core's default writer declines
/// (an <c>Accept</c> of only JMC1, or one nothing satisfies), so an error never loses its body. RFC 9457 answers
/// errors in problem+json whatever the client asked for.
/// </summary>
internal sealed class FallbackProblemDetailsWriter : IProblemDetailsWriter
{
    private static readonly MediaTypeHeaderValue s_json = new("application/json");
    private static readonly MediaTypeHeaderValue s_problemJson = new("application/problem+json");

    // What ASP.NET Core's ProblemDetailsDefaults (internal) puts in `type` and `title`.
    private static readonly Dictionary<int, (string Type, string Title)> s_defaults = new()
    {
        [400] = ("https://tools.ietf.org/html/rfc9110#section-15.5.1", "Bad Request"),
        [401] = ("https://tools.ietf.org/html/rfc9110#section-15.5.2", "Unauthorized"),
        [403] = ("https://tools.ietf.org/html/rfc9110#section-15.5.4", "Forbidden"),
        [404] = ("https://tools.ietf.org/html/rfc9110#section-15.5.5", "Not Found"),
        [405] = ("https://tools.ietf.org/html/rfc9110#section-15.5.6", "Method Not Allowed"),
        [406] = ("https://tools.ietf.org/html/rfc9110#section-15.5.7", "Not Acceptable"),
        [408] = ("https://tools.ietf.org/html/rfc9110#section-15.5.9", "Request Timeout"),
        [409] = ("https://tools.ietf.org/html/rfc9110#section-15.5.10", "Conflict"),
        [412] = ("https://tools.ietf.org/html/rfc9110#section-15.5.13", "Precondition Failed"),
        [413] = ("https://tools.ietf.org/html/rfc9110#section-15.5.14", "Content Too Large"),
        [415] = ("https://tools.ietf.org/html/rfc9110#section-15.5.16", "Unsupported Media Type"),
        [422] = ("https://tools.ietf.org/html/rfc9110#section-15.5.21", "Unprocessable Entity"),
        [426] = ("https://tools.ietf.org/html/rfc9110#section-15.5.22", "Upgrade Required"),
        [500] = ("https://tools.ietf.org/html/rfc9110#section-15.6.1", "An error occurred while processing your request."),
        [502] = ("https://tools.ietf.org/html/rfc9110#section-15.6.3", "Bad Gateway"),
        [503] = ("https://tools.ietf.org/html/rfc9110#section-15.6.4", "Service Unavailable"),
        [504] = ("https://tools.ietf.org/html/rfc9110#section-15.6.5", "Gateway Timeout"),
    };

    public bool CanWrite(ProblemDetailsContext context)
    {
        // Exactly the requests the default writer turns down, so the two never compete.
        var accept = context.HttpContext.Request.GetTypedHeaders().Accept;
        if (accept.Count == 0)
        {
            return false;
        }

        foreach (MediaTypeHeaderValue range in accept)
        {
            if (s_json.IsSubsetOf(range) || s_problemJson.IsSubsetOf(range))
            {
                return false;
            }
        }

        return true;
    }

    public ValueTask WriteAsync(ProblemDetailsContext context) => WriteProblemJsonAsync(context.HttpContext, context.ProblemDetails, applyOptions: true);

    /// <summary>
    /// Writes <paramref name="problem"/> as <c>application/problem+json</c> with the app's HTTP JSON options, after
    /// filling in what ASP.NET Core's own writer adds (status, title, the RFC 9110 <c>type</c>, <c>traceId</c>) so the
    /// client sees the same shape whichever writer answered. <paramref name="applyOptions"/> also runs
    /// <see cref="ProblemDetailsOptions.CustomizeProblemDetails"/> (not for problems MVC's factory already customized).
    /// </summary>
    public static ValueTask WriteProblemJsonAsync(HttpContext http, Microsoft.AspNetCore.Mvc.ProblemDetails problem, bool applyOptions)
    {
        problem.Status ??= http.Response.StatusCode;
        if (s_defaults.TryGetValue(problem.Status.Value, out (string Type, string Title) defaults))
        {
            problem.Type ??= defaults.Type;
            problem.Title ??= defaults.Title;
        }

        problem.Title ??= ReasonPhrases.GetReasonPhrase(problem.Status.Value);
        if (!problem.Extensions.ContainsKey("traceId"))
        {
            problem.Extensions["traceId"] = Activity.Current?.Id ?? http.TraceIdentifier;
        }

        if (applyOptions)
        {
            http.RequestServices.GetService<IOptions<ProblemDetailsOptions>>()?.Value.CustomizeProblemDetails?.Invoke(
                new ProblemDetailsContext { HttpContext = http, ProblemDetails = problem });
        }

        // The app's HTTP JSON options resolve ProblemDetails (ASP.NET Core adds a source-generated context for it).
        System.Text.Json.JsonSerializerOptions options = http.RequestServices.GetService<IOptions<JsonOptions>>()?.Value.SerializerOptions
            ?? new JsonOptions().SerializerOptions;
        System.Text.Json.Serialization.Metadata.JsonTypeInfo typeInfo = options.GetTypeInfo(problem.GetType());
        return new ValueTask(http.Response.WriteAsJsonAsync(problem, typeInfo, "application/problem+json", http.RequestAborted));
    }
}
