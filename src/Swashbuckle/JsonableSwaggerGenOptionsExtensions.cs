using System;
using Jsonable.AspNetCore.Documentation;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.OpenApi;
using Swashbuckle.AspNetCore.SwaggerGen;

namespace Jsonable.AspNetCore.Swashbuckle;

/// <summary>Turns on Jsonable's OpenAPI rules in Swashbuckle: <c>services.AddSwaggerGen(o => o.AddJsonable())</c>.</summary>
public static class JsonableSwaggerGenOptionsExtensions
{
    /// <summary>
    /// Adds <see cref="JsonableOperationFilter"/> and <see cref="JsonableDocumentFilter"/>, and makes schemas nullable
    /// exactly where the member is (nullable reference annotations honoured; a nullable reference to another schema
    /// wrapped in <c>allOf</c> so that it can say so).
    /// </summary>
    /// <param name="options">Swashbuckle's generator options.</param>
    /// <returns><paramref name="options"/>.</returns>
    public static SwaggerGenOptions AddJsonable(this SwaggerGenOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        EnsureMicrosoftOpenApiMajor(typeof(OpenApiDocument).Assembly.GetName().Version);
        options.SupportNonNullableReferenceTypes();
        options.UseAllOfToExtendReferenceSchemas();
        options.OperationFilter<JsonableOperationFilter>();
        options.DocumentFilter<JsonableDocumentFilter>();
        return options;
    }

    /// <summary>
    /// The filters are compiled against one Microsoft.OpenApi major and fail at the first document on the other
    /// (MissingMethodException): refuse at startup instead, naming the package that fits. The build check in the package
    /// (buildTransitive) catches it earlier; this covers a build that skipped it.
    /// </summary>
    internal static void EnsureMicrosoftOpenApiMajor(Version? loaded)
    {
        if (loaded is not null && loaded.Major != OpenApiVersions.MicrosoftOpenApiMajor)
        {
            throw new InvalidOperationException(
                $"{typeof(JsonableSwaggerGenOptionsExtensions).Assembly.GetName().Name} is built for Microsoft.OpenApi {OpenApiVersions.MicrosoftOpenApiMajor}.x (Swashbuckle {(OpenApiVersions.MicrosoftOpenApiMajor == 2 ? "10" : "11")}), " +
                $"but the app loaded Microsoft.OpenApi {loaded}. Reference {(OpenApiVersions.MicrosoftOpenApiMajor == 2 ? "Jsonable.AspNetCore.Swashbuckle11 (Swashbuckle 11)" : "Jsonable.AspNetCore.Swashbuckle (Swashbuckle 10)")} instead.");
        }
    }
}
