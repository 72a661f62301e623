using System;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.ResponseCompression;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Jsonable with ASP.NET Core.</summary>
public static class JsonableServiceCollectionExtensions
{
    /// <summary>
    /// Adds the Jsonable MVC formatters for <c>application/jsonc+jmc1</c> and <c>application/json</c> (ahead of
    /// System.Text.Json's, for generated types only), the options used by minimal-API results and binding, and the
    /// JMC1 media type to response compression. Safe to call more than once. When the host starts, the app's JSON
    /// options are read: what Jsonable can honour is applied, anything else fails the start (see
    /// <see cref="JsonableOptions.FailOnJsonOptionsMismatch"/>).
    /// </summary>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Changes the options; optional.</param>
    /// <returns>The same service collection.</returns>
    public static IServiceCollection AddJsonable(this IServiceCollection services, Action<JsonableOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        // The app's JsonOptions are read when the host starts: applied where Jsonable can honour them, else a startup error.
        services.AddOptions<JsonableOptions>().ValidateOnStart();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IPostConfigureOptions<JsonableOptions>, AppJsonOptionsSetup>());
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<JsonableOptions>, AppJsonOptionsSetup>());
        if (configure is not null)
        {
            services.Configure(configure);
        }

        services.TryAddEnumerable(ServiceDescriptor.Transient<IConfigureOptions<MvcOptions>, JsonableMvcOptionsSetup>());
        // System.Text.Json asks Jsonable first for every type, so plain minimal APIs (TypedResults.Ok(order), a T body) run the generated code.
        services.TryAddSingleton<AppJsonLayout>();
        services.TryAddSingleton<JsonOptionsResolverSetup>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IPostConfigureOptions<Microsoft.AspNetCore.Http.Json.JsonOptions>, JsonOptionsResolverSetup>(static sp => sp.GetRequiredService<JsonOptionsResolverSetup>()));
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IPostConfigureOptions<JsonOptions>, JsonOptionsResolverSetup>(static sp => sp.GetRequiredService<JsonOptionsResolverSetup>()));
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IPostConfigureOptions<ResponseCompressionOptions>, ResponseCompressionSetup>());
        services.TryAddEnumerable(ServiceDescriptor.Transient<Microsoft.AspNetCore.Mvc.ApiExplorer.IApiDescriptionProvider, JsonablePatchApiDescriptionProvider>());
        services.TryAddEnumerable(ServiceDescriptor.Singleton<Microsoft.AspNetCore.Http.IProblemDetailsWriter, JsonableProblemDetailsWriter>());
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IPostConfigureOptions<Microsoft.Extensions.Validation.ValidationOptions>, JsonableBodyValidationSetup>());
        return services;
    }

    /// <summary>Adds Jsonable to an MVC builder (<c>services.AddControllers().AddJsonable()</c>).</summary>
    /// <param name="builder">The MVC builder.</param>
    /// <param name="configure">Changes the options; optional.</param>
    /// <returns>The same builder.</returns>
    public static IMvcBuilder AddJsonable(this IMvcBuilder builder, Action<JsonableOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.AddJsonable(configure);
        return builder;
    }
}
