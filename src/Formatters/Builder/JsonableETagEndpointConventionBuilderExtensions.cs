using Jsonable.AspNetCore;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Opts minimal-API endpoints into Jsonable's entity tags and conditional GET.</summary>
public static class JsonableETagEndpointConventionBuilderExtensions
{
    /// <summary>
    /// Gives the Jsonable responses of these endpoints an entity tag per representation and answers <c>If-None-Match</c>
    /// on GET and HEAD with 304 (see <see cref="JsonableETagAttribute"/>). On a route group it applies to every endpoint
    /// of the group.
    /// </summary>
    /// <typeparam name="TBuilder">The endpoint or group builder.</typeparam>
    /// <param name="builder">The endpoint or group builder.</param>
    /// <returns><paramref name="builder"/>, for chaining.</returns>
    public static TBuilder WithJsonableETag<TBuilder>(this TBuilder builder)
        where TBuilder : IEndpointConventionBuilder =>
        builder.WithMetadata(new JsonableETagAttribute());
}
