using System;
using Jsonable.AspNetCore.Internal;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Adds the Jsonable middleware to the request pipeline.</summary>
public static class JsonableApplicationBuilderExtensions
{
    /// <summary>
    /// Answers requests Jsonable cannot bind — and other bad requests such as an oversized body — with problem
    /// details (400 with the JSON path as the error key, 406, 413, 415) instead of letting them surface as exceptions,
    /// and answers routing's own 415 (no endpoint accepts the request's content type) the same way. Put it early in the
    /// pipeline but after routing (where <c>WebApplication</c> puts routing unless you call <c>UseRouting()</c>
    /// yourself). MVC endpoints need it only for 413.
    /// </summary>
    /// <param name="app">The application builder.</param>
    /// <returns>The same builder.</returns>
    public static IApplicationBuilder UseJsonable(this IApplicationBuilder app)
    {
        ArgumentNullException.ThrowIfNull(app);
        return app.UseMiddleware<JsonableMiddleware>();
    }
}
