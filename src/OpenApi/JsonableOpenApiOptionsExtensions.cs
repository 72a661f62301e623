using System;
using Microsoft.AspNetCore.OpenApi;

namespace Jsonable.AspNetCore.OpenApi;

/// <summary>Turns on Jsonable's OpenAPI rules in Microsoft.AspNetCore.OpenApi: <c>services.AddOpenApi(o => o.AddJsonable())</c>.</summary>
public static class JsonableOpenApiOptionsExtensions
{
    /// <summary>Adds <see cref="JsonableSchemaTransformer"/>, <see cref="JsonableOperationTransformer"/> and <see cref="JsonableDocumentTransformer"/>.</summary>
    /// <param name="options">The document's options.</param>
    /// <returns><paramref name="options"/>.</returns>
    public static OpenApiOptions AddJsonable(this OpenApiOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.AddSchemaTransformer<JsonableSchemaTransformer>();
        options.AddOperationTransformer<JsonableOperationTransformer>();
        options.AddDocumentTransformer<JsonableDocumentTransformer>();
        return options;
    }
}
