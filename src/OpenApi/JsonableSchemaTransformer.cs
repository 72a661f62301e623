using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Documentation;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.OpenApi;

namespace Jsonable.AspNetCore.OpenApi;

/// <summary>
/// Makes the schema of a Jsonable type say what its generated reader accepts: a number member is a number only.
/// (The schema comes from System.Text.Json's contract, and ASP.NET Core's web defaults let STJ read numbers from
/// strings, so it says <c>["integer", "string"]</c> with a pattern; Jsonable reads numbers strictly.) Added by
/// <see cref="JsonableOpenApiOptionsExtensions.AddJsonable"/>.
/// </summary>
public sealed class JsonableSchemaTransformer : IOpenApiSchemaTransformer
{
    /// <inheritdoc />
    public Task TransformAsync(OpenApiSchema schema, OpenApiSchemaTransformerContext context, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(schema);
        ArgumentNullException.ThrowIfNull(context);
        Type type = context.JsonTypeInfo.Type;
        Type? declaring = context.JsonPropertyInfo?.DeclaringType;
        if (IsGenerated(type) || (declaring is not null && IsGenerated(declaring)))
        {
            StrictNumbers(schema, depth: 0);
        }

        return Task.CompletedTask;
    }

    private static bool IsGenerated(Type type) =>
        JsonableOperationRules.IsJsonable(type, forWriting: true) || JsonableOperationRules.IsJsonable(type, forWriting: false);

    /// <summary>Drops the string alternative (and its pattern) from numeric schemas, here and in inline sub-schemas.</summary>
    private static void StrictNumbers(IOpenApiSchema node, int depth)
    {
        if (depth > 32 || node is not OpenApiSchema schema)
        {
            return; // references are fixed where their own schema is built
        }

        if (schema.Type is { } type && (type & (JsonSchemaType.Integer | JsonSchemaType.Number)) != 0 && type.HasFlag(JsonSchemaType.String))
        {
            schema.Type = type & ~JsonSchemaType.String;
            schema.Pattern = null;
        }

        IEnumerable<IOpenApiSchema?> children = (schema.Properties?.Values ?? Enumerable.Empty<IOpenApiSchema>())
            .Concat([schema.Items, schema.AdditionalProperties])
            .Concat(schema.OneOf ?? []).Concat(schema.AnyOf ?? []).Concat(schema.AllOf ?? []);
        foreach (IOpenApiSchema? child in children)
        {
            if (child is not null)
            {
                StrictNumbers(child, depth + 1);
            }
        }
    }
}
