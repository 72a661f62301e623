using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Joins the app's <see cref="IProblemDetailsService"/> (when it has one) as the writer for exactly the requests
/// ASP.NET Core's default writer declines — an <c>Accept</c> of only JMC1, or one nothing satisfies — so that no error
/// loses its body, and writes them through <see cref="ProblemDetailsResponder"/>.
/// </summary>
internal sealed class JsonableProblemDetailsWriter : IProblemDetailsWriter
{
    private static readonly MediaTypeHeaderValue s_json = new(JsonableMediaTypeNames.Json);
    private static readonly MediaTypeHeaderValue s_problemJson = new(JsonableMediaTypeNames.ProblemJson);

    public bool CanWrite(ProblemDetailsContext context)
    {
        // The default writer answers a missing Accept and any Accept covering JSON or problem+json: leave it those.
        var accept = JsonableRequestFeature.Of(context.HttpContext).Accept;
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

    public ValueTask WriteAsync(ProblemDetailsContext context) =>
        new(ProblemDetailsResponder.WriteProblemJsonAsync(context.HttpContext, context.ProblemDetails, customize: true));
}
