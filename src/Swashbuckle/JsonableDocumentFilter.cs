using System;
using Jsonable.AspNetCore.Documentation;
using Microsoft.OpenApi;
using Swashbuckle.AspNetCore.SwaggerGen;

namespace Jsonable.AspNetCore.Swashbuckle;

/// <summary>
/// Gives every Jsonable request body an example built from its schema (valid, so Swagger UI's proposal is accepted
/// as it is) and says in the document's description what JMC1 is. Added by
/// <see cref="JsonableSwaggerGenOptionsExtensions.AddJsonable"/>.
/// </summary>
public sealed class JsonableDocumentFilter : IDocumentFilter
{
    /// <inheritdoc />
    public void Apply(OpenApiDocument swaggerDoc, DocumentFilterContext context)
    {
        ArgumentNullException.ThrowIfNull(swaggerDoc);
        JsonableDocumentRules.Apply(swaggerDoc);
    }
}
