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

    public ValueTask WriteAsync(ProblemDetailsContext context) => WriteProblemJsonAsync(context.HttpContext, context.ProblemDetails);

    /// <summary>Writes <paramref name="problem"/> as <c>application/problem+json</c> with the app's HTTP JSON options.</summary>
    public static ValueTask WriteProblemJsonAsync(HttpContext http, Microsoft.AspNetCore.Mvc.ProblemDetails problem)
    {
        problem.Status ??= http.Response.StatusCode;
        problem.Title ??= ReasonPhrases.GetReasonPhrase(problem.Status.Value);
        // The app's HTTP JSON options resolve ProblemDetails (ASP.NET Core adds a source-generated context for it).
        System.Text.Json.JsonSerializerOptions options = http.RequestServices.GetService<IOptions<JsonOptions>>()?.Value.SerializerOptions
            ?? new JsonOptions().SerializerOptions;
        System.Text.Json.Serialization.Metadata.JsonTypeInfo typeInfo = options.GetTypeInfo(problem.GetType());
        return new ValueTask(http.Response.WriteAsJsonAsync(problem, typeInfo, "application/problem+json", http.RequestAborted));
    }
}
