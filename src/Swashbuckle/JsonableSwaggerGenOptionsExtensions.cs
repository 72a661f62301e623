using System;
using Microsoft.Extensions.DependencyInjection;
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
        options.SupportNonNullableReferenceTypes();
        options.UseAllOfToExtendReferenceSchemas();
        options.OperationFilter<JsonableOperationFilter>();
        options.DocumentFilter<JsonableDocumentFilter>();
        return options;
    }
}
