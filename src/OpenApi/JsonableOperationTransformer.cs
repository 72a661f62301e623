using System;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Documentation;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.Extensions.Options;
using Microsoft.OpenApi;

namespace Jsonable.AspNetCore.OpenApi;

/// <summary>
/// Documents what a Jsonable operation really does: exactly <c>application/json</c> and <c>application/jsonc+jmc1</c>
/// on Jsonable bodies, 400/406/413/415 as <c>application/problem+json</c>, <c>Location</c> on 201, and no
/// <c>text/plain</c> for types MVC's string formatter cannot write. Added by
/// <see cref="JsonableOpenApiOptionsExtensions.AddJsonable"/>.
/// </summary>
/// <param name="mvcOptions">Whether MVC answers 406 (<see cref="MvcOptions.ReturnHttpNotAcceptable"/>).</param>
/// <param name="jsonableOptions">Whether minimal APIs' Jsonable results answer 406 (<see cref="JsonableOptions.ReturnHttpNotAcceptable"/>).</param>
public sealed class JsonableOperationTransformer(IOptions<MvcOptions> mvcOptions, IOptions<JsonableOptions> jsonableOptions) : IOpenApiOperationTransformer
{
    /// <inheritdoc />
    public async Task TransformAsync(OpenApiOperation operation, OpenApiOperationTransformerContext context, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(operation);
        ArgumentNullException.ThrowIfNull(context);

        // The rules ask for schemas synchronously; build the few they may need first.
        var schemas = new System.Collections.Generic.Dictionary<Type, IOpenApiSchema>();
        foreach (Type type in new[] { typeof(ProblemDetails), typeof(Microsoft.AspNetCore.Http.HttpValidationProblemDetails) })
        {
            schemas[type] = await context.GetOrCreateSchemaAsync(type, null, cancellationToken).ConfigureAwait(false);
        }

        JsonableOperationRules.Apply(
            operation,
            context.Description,
            type => schemas.TryGetValue(type, out IOpenApiSchema? schema) ? schema : context.GetOrCreateSchemaAsync(type, null, cancellationToken).GetAwaiter().GetResult(),
            mvcOptions?.Value.ReturnHttpNotAcceptable ?? false,
            jsonableOptions?.Value.ReturnHttpNotAcceptable ?? false);
    }
}
