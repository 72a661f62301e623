using System;
using Jsonable.AspNetCore.Documentation;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Options;
using Microsoft.OpenApi;
using Swashbuckle.AspNetCore.SwaggerGen;

namespace Jsonable.AspNetCore.Swashbuckle;

/// <summary>
/// Documents what a Jsonable operation really does: exactly <c>application/json</c> and <c>application/jsonc+jmc1</c>
/// on Jsonable bodies, 400/406/413/415 as <c>application/problem+json</c>, <c>Location</c> on 201, and no
/// <c>text/plain</c> for types MVC's string formatter cannot write. Added by
/// <see cref="JsonableSwaggerGenOptionsExtensions.AddJsonable"/>.
/// </summary>
/// <param name="mvcOptions">Whether MVC answers 406 (<see cref="MvcOptions.ReturnHttpNotAcceptable"/>).</param>
/// <param name="jsonableOptions">Whether minimal APIs' Jsonable results answer 406 (<see cref="JsonableOptions.ReturnHttpNotAcceptable"/>).</param>
public sealed class JsonableOperationFilter(IOptions<MvcOptions> mvcOptions, IOptions<JsonableOptions> jsonableOptions) : IOperationFilter
{
    /// <inheritdoc />
    public void Apply(OpenApiOperation operation, OperationFilterContext context)
    {
        ArgumentNullException.ThrowIfNull(operation);
        ArgumentNullException.ThrowIfNull(context);
        JsonableOperationRules.Apply(
            operation,
            context.ApiDescription,
            type => context.SchemaGenerator.GenerateSchema(type, context.SchemaRepository),
            mvcOptions?.Value.ReturnHttpNotAcceptable ?? false,
            jsonableOptions?.Value.ReturnHttpNotAcceptable ?? false);
    }
}
