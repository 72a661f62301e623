using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.OpenApi;

namespace Jsonable.AspNetCore.Documentation;

/// <summary>
/// Entity tags in the document, for the endpoints whose Jsonable responses carry them (<c>[JsonableETag]</c>,
/// <c>WithJsonableETag()</c>, or <c>JsonableOptions.ETags</c> for every endpoint): an <c>ETag</c> header on each 2xx
/// Jsonable writes, and on GET an optional <c>If-None-Match</c> parameter with its 304 answer (no body), as
/// <c>ConditionalResponse</c> does at run time (docs/http.md).
/// </summary>
internal static class JsonableConditionalRules
{
    internal const string ETagDescription =
        "The entity tag of this representation (the JSON and JMC1 ones differ): send it back in If-None-Match to revalidate, or in If-Match to change the resource only if it has not changed since.";

    /// <summary>Whether Jsonable tags the responses of this endpoint and answers <c>If-None-Match</c> on it.</summary>
    internal static bool IsTagged(ApiDescription description, bool everyEndpoint) =>
        everyEndpoint || description.ActionDescriptor.EndpointMetadata.OfType<JsonableETagAttribute>().Any();

    /// <summary>Documents the tags of <paramref name="jsonableSuccesses"/> (the 2xx response keys Jsonable writes) and, on GET, <c>If-None-Match</c>.</summary>
    internal static void Apply(OpenApiOperation operation, ApiDescription description, IReadOnlyCollection<string> jsonableSuccesses)
    {
        if (jsonableSuccesses.Count == 0 || operation.Responses is null)
        {
            return;
        }

        foreach (string status in jsonableSuccesses)
        {
            if (operation.Responses.TryGetValue(status, out IOpenApiResponse? found) && found is OpenApiResponse response)
            {
                AddETag(response);
            }
        }

        // 304 is only answered to GET and HEAD (RFC 9110 §13.1.2), and only in place of a 200.
        if (!HttpMethods.IsGet(description.HttpMethod ?? string.Empty) || !jsonableSuccesses.Contains("200"))
        {
            return;
        }

        operation.Parameters ??= [];
        if (!operation.Parameters.Any(p => p.In == ParameterLocation.Header && string.Equals(p.Name, "If-None-Match", StringComparison.OrdinalIgnoreCase)))
        {
            operation.Parameters.Add(new OpenApiParameter
            {
                Name = "If-None-Match",
                In = ParameterLocation.Header,
                Required = false,
                Description = "The ETag (or tags) of the representation the client has: when one still matches, the answer is 304 with no body.",
                Schema = new OpenApiSchema { Type = JsonSchemaType.String },
            });
        }

        if (!operation.Responses.ContainsKey("304"))
        {
            var notModified = new OpenApiResponse { Description = "Not Modified: the representation still has a tag sent in If-None-Match; no body." };
            AddETag(notModified);
            operation.Responses["304"] = notModified;
        }
    }

    /// <summary>Declares the optional <c>ETag</c> header on <paramref name="response"/> (kept if the app declared it).</summary>
    internal static void AddETag(OpenApiResponse response)
    {
        response.Headers ??= new Dictionary<string, IOpenApiHeader>(StringComparer.Ordinal);
        response.Headers.TryAdd("ETag", new OpenApiHeader
        {
            Description = ETagDescription,
            Schema = new OpenApiSchema { Type = JsonSchemaType.String },
        });
    }
}
