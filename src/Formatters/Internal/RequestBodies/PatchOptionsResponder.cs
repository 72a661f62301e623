using System;
using System.Collections.Generic;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Routing.Template;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Answers <c>OPTIONS</c> for a path that has a PATCH endpoint bound to a <see cref="JsonablePatch{T}"/> (on either
/// stack) and no <c>OPTIONS</c> endpoint of its own: 204 with <c>Allow</c> (the methods the path's endpoints take) and
/// <c>Accept-Patch</c>, as RFC 5789 §3.1 asks, so a client learns the patch formats before sending one. A CORS
/// preflight is left to the CORS middleware. The endpoints are found only for such a request, as
/// <see cref="RouteAccepts"/> finds them for routing's 415.
/// </summary>
internal static class PatchOptionsResponder
{
    /// <summary>Answers the request when it is such an <c>OPTIONS</c>; returns whether it did.</summary>
    public static bool TryAnswer(HttpContext context)
    {
        if (!HttpMethods.IsOptions(context.Request.Method)
            || context.Request.Headers.ContainsKey(HeaderNames.AccessControlRequestMethod)
            || (context.GetEndpoint() is { } selected && Allows(selected, HttpMethods.Options))
            || context.RequestServices?.GetService<EndpointDataSource>() is not { } source)
        {
            return false;
        }

        bool patch = false;
        var methods = new List<string>();
        foreach (Endpoint endpoint in source.Endpoints)
        {
            if (endpoint is not RouteEndpoint route
                || endpoint.Metadata.GetMetadata<IHttpMethodMetadata>() is not { HttpMethods.Count: > 0 } endpointMethods
                || !new TemplateMatcher(new RouteTemplate(route.RoutePattern), new RouteValueDictionary()).TryMatch(context.Request.Path, new RouteValueDictionary()))
            {
                continue;
            }

            patch |= endpoint.Metadata.GetMetadata<JsonablePatchEndpointMetadata>() is not null && Allows(endpoint, HttpMethods.Patch);
            foreach (string method in endpointMethods.HttpMethods)
            {
                if (!methods.Exists(m => m.Equals(method, StringComparison.OrdinalIgnoreCase)))
                {
                    methods.Add(method);
                }
            }
        }

        if (!patch)
        {
            return false;
        }

        methods.Add(HttpMethods.Options);
        context.Response.StatusCode = StatusCodes.Status204NoContent;
        context.Response.Headers.Allow = string.Join(", ", methods);
        context.Response.Headers[PatchMediaTypes.AcceptPatchHeader] = PatchMediaTypes.AcceptPatch(JsonableRequestFeature.Of(context).Options);
        return true;
    }

    private static bool Allows(Endpoint endpoint, string method)
    {
        if (endpoint.Metadata.GetMetadata<IHttpMethodMetadata>() is not { HttpMethods.Count: > 0 } methods)
        {
            return false;
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

/// <summary>Endpoint metadata: the endpoint binds a <see cref="JsonablePatch{T}"/>, so its path answers <c>OPTIONS</c> with <c>Accept-Patch</c>.</summary>
internal sealed class JsonablePatchEndpointMetadata
{
    /// <summary>The one instance.</summary>
    public static readonly JsonablePatchEndpointMetadata Instance = new();
}
