using System;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Documentation;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.OpenApi;

namespace Jsonable.AspNetCore.OpenApi;

/// <summary>
/// Gives every Jsonable request body an example built from its schema (valid, so it is accepted as it is) and says
/// in the document's description what JMC1 is. Added by <see cref="JsonableOpenApiOptionsExtensions.AddJsonable"/>.
/// </summary>
public sealed class JsonableDocumentTransformer : IOpenApiDocumentTransformer
{
    /// <inheritdoc />
    public Task TransformAsync(OpenApiDocument document, OpenApiDocumentTransformerContext context, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(document);
        JsonableDocumentRules.Apply(document);

        return Task.CompletedTask;
    }
}
