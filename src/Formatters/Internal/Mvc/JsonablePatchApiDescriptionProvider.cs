using System;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.AspNetCore.Mvc.ModelBinding;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Describes an MVC action's <c>JsonablePatch&lt;T&gt;</c> body as <c>T</c> to ApiExplorer (what Swashbuckle reads): on
/// the wire a patch is a partial <c>T</c>, not the wrapper's own members. MVC's model metadata is looked up only when a
/// patch body is found, and only if MVC registered it: a minimal-API app without <c>AddControllers()</c> has none, and
/// its OpenAPI documents must still be served (its patch parameters get the type <c>T</c>, which is what the OpenAPI
/// generators read).
/// </summary>
internal sealed class JsonablePatchApiDescriptionProvider(IServiceProvider services) : IApiDescriptionProvider
{
    /// <summary>After the default provider (-1000), which creates the parameter descriptions.</summary>
    public int Order => -900;

    public void OnProvidersExecuting(ApiDescriptionProviderContext context)
    {
    }

    public void OnProvidersExecuted(ApiDescriptionProviderContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        foreach (ApiDescription description in context.Results)
        {
            foreach (ApiParameterDescription parameter in description.ParameterDescriptions)
            {
                if (parameter.Type is { IsGenericType: true } type && type.GetGenericTypeDefinition() == typeof(JsonablePatch<>))
                {
                    Type target = type.GetGenericArguments()[0];
                    parameter.Type = target;
                    if (services.GetService(typeof(IModelMetadataProvider)) is IModelMetadataProvider metadataProvider)
                    {
                        parameter.ModelMetadata = metadataProvider.GetMetadataForType(target);
                    }
                }
            }
        }
    }
}
