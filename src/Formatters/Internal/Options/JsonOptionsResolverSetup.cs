using Microsoft.Extensions.Options;
using HttpJsonOptions = Microsoft.AspNetCore.Http.Json.JsonOptions;
using MvcJsonOptions = Microsoft.AspNetCore.Mvc.JsonOptions;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Puts <see cref="JsonableTypeInfoResolver"/> first in the resolver chain of the app's JSON options, minimal APIs' and
/// MVC's, after the app's own configuration (a post-configuration, so an app that replaces <c>TypeInfoResolver</c>
/// still gets it): System.Text.Json then asks Jsonable first for every type and serves the rest as before. Copies of
/// those options (OpenAPI's schema generation makes one) keep System.Text.Json's own contracts.
/// </summary>
internal sealed class JsonOptionsResolverSetup : IPostConfigureOptions<HttpJsonOptions>, IPostConfigureOptions<MvcJsonOptions>
{
    private readonly JsonableTypeInfoResolver _resolver;

    public JsonOptionsResolverSetup(System.IServiceProvider services) => _resolver = new JsonableTypeInfoResolver(services);

    /// <summary>The resolver put into the app's options.</summary>
    internal JsonableTypeInfoResolver Resolver => _resolver;

    public void PostConfigure(string? name, HttpJsonOptions options)
    {
        if (!options.SerializerOptions.TypeInfoResolverChain.Contains(_resolver))
        {
            options.SerializerOptions.TypeInfoResolverChain.Insert(0, _resolver);
            _resolver.Serve(options.SerializerOptions, mvc: false);
        }
    }

    public void PostConfigure(string? name, MvcJsonOptions options)
    {
        if (!options.JsonSerializerOptions.TypeInfoResolverChain.Contains(_resolver))
        {
            options.JsonSerializerOptions.TypeInfoResolverChain.Insert(0, _resolver);
            _resolver.Serve(options.JsonSerializerOptions, mvc: true);
        }
    }
}
