using System;
using System.Collections.Generic;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Routing.Template;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// What the endpoints at a request's path and method read, for the 415 routing answers when none of them accepts the
/// request's content type: routing's rejection endpoint carries no metadata, so the candidates are found again here
/// (only on that error path). A plain <c>T</c> body declares <c>application/json</c>, <c>JsonableBody&lt;T&gt;</c>
/// Jsonable's list, so the 415 names what the route reads, never more.
/// </summary>
internal static class RouteAccepts
{
    /// <summary>The content types the matching endpoints declare, in order, or null when none declares any.</summary>
    public static List<string>? Of(HttpContext context)
    {
        if (context.RequestServices?.GetService<EndpointDataSource>() is not { } source)
        {
            return null;
        }

        List<string>? accepted = null;
        foreach (Endpoint endpoint in source.Endpoints)
        {
            if (endpoint is not RouteEndpoint route
                || endpoint.Metadata.GetMetadata<IAcceptsMetadata>() is not { ContentTypes.Count: > 0 } accepts
                || !AllowsMethod(endpoint, context.Request.Method)
                || !new TemplateMatcher(new RouteTemplate(route.RoutePattern), new RouteValueDictionary()).TryMatch(context.Request.Path, new RouteValueDictionary()))
            {
                continue;
            }

            accepted ??= [];
            foreach (string contentType in accepts.ContentTypes)
            {
                if (!accepted.Exists(t => t.Equals(contentType, StringComparison.OrdinalIgnoreCase)))
                {
                    accepted.Add(contentType);
                }
            }
        }

        return accepted;
    }

    private static bool AllowsMethod(Endpoint endpoint, string method)
    {
        if (endpoint.Metadata.GetMetadata<IHttpMethodMetadata>() is not { HttpMethods.Count: > 0 } methods)
        {
            return true;
        }

        foreach (string allowed in methods.HttpMethods)
        {
            if (allowed.Equals(method, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }
}
