using System;
using Jsonable.AspNetCore.Internal;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Adds the Jsonable middleware to the request pipeline.</summary>
public static class JsonableApplicationBuilderExtensions
{
    /// <summary>
    /// Answers requests Jsonable cannot bind — and other bad requests such as an oversized body — with problem
    /// details (400 with the JSON path as the error key, 413, 415) instead of letting them surface as exceptions.
    /// Put it early, before routing to minimal APIs. MVC endpoints need it only for 413.
    /// </summary>
    /// <param name="app">The application builder.</param>
    /// <returns>The same builder.</returns>
    public static IApplicationBuilder UseJsonable(this IApplicationBuilder app)
    {
        ArgumentNullException.ThrowIfNull(app);
        return app.UseMiddleware<JsonableMiddleware>();
    }
}
