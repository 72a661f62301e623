using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The one way Jsonable answers an error, for MVC and minimal APIs, on the JIT and under Native AOT alike: through the
/// app's <see cref="IProblemDetailsService"/> when it registered one (<c>AddProblemDetails()</c>), so its
/// customizations apply; otherwise — or when no registered writer can answer the request's <c>Accept</c> — as
/// <c>application/problem+json</c> written with <see cref="ProblemDetailsJsonContext"/>, never through the app's
/// System.Text.Json resolver or reflection. RFC 9457 answers errors in problem+json whatever the client asked for.
/// </summary>
internal static class ProblemDetailsResponder
{
    /// <summary>Answers <paramref name="statusCode"/> with problem details; a validation problem when there are <paramref name="errors"/> (then <paramref name="detail"/> is left out: the errors say it).</summary>
    public static Task WriteAsync(HttpContext context, int statusCode, string? detail, IReadOnlyDictionary<string, string[]>? errors = null)
    {
        // A validation problem carries its messages in `errors` (keyed by JSON path), shaped as MVC's [ApiController] answers.
        ProblemDetails problem = errors is { Count: > 0 }
            ? new HttpValidationProblemDetails(errors.ToDictionary(e => e.Key, e => e.Value)) { Status = statusCode }
            : new ProblemDetails { Status = statusCode, Detail = detail };
        if (errors is { Count: > 0 } && context.GetEndpoint()?.Metadata.GetMetadata<Microsoft.AspNetCore.Mvc.Infrastructure.IApiBehaviorMetadata>() is not null)
        {
            // MVC's writer for [ApiController] endpoints rebuilds the problem from its status, title and extensions and
            // drops `errors`; a body error thrown while an action runs (a PATCH naming a read-only member) keeps them here.
            context.Response.StatusCode = statusCode;
            return WriteProblemJsonAsync(context, problem, customize: true);
        }

        return WriteAsync(context, problem);
    }

    /// <summary>Answers with <paramref name="problem"/> (its status, else the response's).</summary>
    public static async Task WriteAsync(HttpContext context, ProblemDetails problem)
    {
        HttpResponse response = context.Response;
        response.StatusCode = problem.Status ??= response.StatusCode;
        if (response.StatusCode == StatusCodes.Status406NotAcceptable)
        {
            JsonableResultsHelper.AddVaryAccept(response); // the answer depends on Accept, as every negotiated one does
        }

        IProblemDetailsService? service = context.RequestServices.GetService<IProblemDetailsService>();
        if (service is not null
            && await service.TryWriteAsync(new ProblemDetailsContext { HttpContext = context, ProblemDetails = problem }).ConfigureAwait(false)
            && (response.HasStarted || response.ContentType is not null))
        {
            return;
        }

        // No service, or a writer that claimed the request and wrote nothing: MVC's writer for [ApiController]
        // endpoints negotiates on Accept and gives up silently when the client accepts only JMC1.
        await WriteProblemJsonAsync(context, problem, customize: true).ConfigureAwait(false);
    }

    /// <summary>
    /// Writes <paramref name="problem"/> as <c>application/problem+json</c> with Jsonable's own metadata, after filling in
    /// what ASP.NET Core's own writers add (the status's <c>type</c> and <c>title</c>, <c>traceId</c>) so the client
    /// sees the same shape whichever writer answered. <paramref name="customize"/> runs the app's
    /// <see cref="ProblemDetailsOptions.CustomizeProblemDetails"/>, as ASP.NET Core's default writer does.
    /// </summary>
    public static Task WriteProblemJsonAsync(HttpContext context, ProblemDetails problem, bool customize)
    {
        HttpResponse response = context.Response;
        problem.Status ??= response.StatusCode;

        // TypedResults.Problem fills in `type` and `title` from ASP.NET Core's own table of defaults for the status.
        _ = TypedResults.Problem(problem);
        if (!problem.Extensions.ContainsKey("traceId"))
        {
            problem.Extensions["traceId"] = Activity.Current?.Id ?? context.TraceIdentifier;
        }

        if (customize)
        {
            context.RequestServices.GetService<IOptions<ProblemDetailsOptions>>()?.Value.CustomizeProblemDetails?.Invoke(
                new ProblemDetailsContext { HttpContext = context, ProblemDetails = problem });
        }

        ResolveAppExtensionValues(context, problem);
        response.ContentLength = null;
        JsonTypeInfo typeInfo = AppJsonLayout.ProblemTypeInfo(context, problem is HttpValidationProblemDetails
            ? ProblemDetailsJsonContext.Default.HttpValidationProblemDetails
            : ProblemDetailsJsonContext.Default.ProblemDetails);
        return response.WriteAsJsonAsync(problem, typeInfo, JsonableMediaTypeNames.ProblemJson, context.RequestAborted);
    }

    /// <summary>
    /// Extension members of types Jsonable's context does not know are the app's own (added by its
    /// <c>CustomizeProblemDetails</c>): they are written as the app's System.Text.Json options write them, turned into
    /// a <see cref="JsonElement"/> here. Everything else in the problem never touches the app's options.
    /// </summary>
    private static void ResolveAppExtensionValues(HttpContext context, ProblemDetails problem)
    {
        JsonSerializerOptions? appOptions = null;
        foreach (KeyValuePair<string, object?> extension in problem.Extensions.ToArray())
        {
            if (extension.Value is not { } value || ProblemDetailsJsonContext.Default.GetTypeInfo(value.GetType()) is not null)
            {
                continue;
            }

            appOptions ??= context.RequestServices.GetService<IOptions<Microsoft.AspNetCore.Http.Json.JsonOptions>>()?.Value.SerializerOptions;
            try
            {
                if (appOptions is not null && appOptions.TryGetTypeInfo(value.GetType(), out JsonTypeInfo? appTypeInfo))
                {
                    problem.Extensions[extension.Key] = JsonSerializer.SerializeToElement(value, appTypeInfo);
                }
            }
            catch (Exception exception) when (exception is InvalidOperationException or NotSupportedException)
            {
                // The app's options cannot write it either: writing the problem reports that, as ASP.NET Core would.
            }
        }
    }
}
