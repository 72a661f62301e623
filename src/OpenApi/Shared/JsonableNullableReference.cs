using System.Collections.Generic;
using System.Reflection;
using Microsoft.OpenApi;

namespace Jsonable.AspNetCore.Documentation;

/// <summary>
/// A member that holds a reference to another schema or null, written as the OpenAPI version being written reads it.
/// OpenAPI 3.0 has no null type: <c>type</c> (the referenced schema's), <c>nullable: true</c> and <c>oneOf: [$ref]</c>
/// (the object model as the rules leave it). OpenAPI 3.1 and later are JSON Schema, where every keyword applies at once,
/// so <c>type: [object, null]</c> beside <c>oneOf: [$ref]</c> would still refuse null (the reference does): there it is
/// <c>oneOf: [{type: null}, $ref]</c>, the form Microsoft.AspNetCore.OpenApi writes.
/// </summary>
/// <remarks>
/// The version is only known when the document is written (Swashbuckle's <c>SwaggerOptions.OpenApiVersion</c>, which
/// may differ per endpoint serving the same document), so the schema chooses its form then.
/// </remarks>
internal sealed class JsonableNullableReference : OpenApiSchema
{
    // OpenApiSchema's copy constructor is internal: copy what it holds through its public properties.
    private static readonly PropertyInfo[] s_copied = [.. CopiedProperties()];

    /// <summary>The OpenAPI 3.0 form of "<paramref name="reference"/> or null", with what else <paramref name="wrapper"/> says (description, readOnly...).</summary>
    /// <param name="wrapper">The nullable wrapper the generator built (<c>allOf: [$ref]</c> with a null type).</param>
    /// <param name="reference">The one schema it wraps.</param>
    /// <param name="referencedType">The referenced schema's type, written as 3.0's <c>type</c>; null when that schema has none (3.0's form is then the wrapper as it was).</param>
    internal JsonableNullableReference(OpenApiSchema wrapper, IOpenApiSchema reference, JsonSchemaType? referencedType)
    {
        foreach (PropertyInfo property in s_copied)
        {
            // Only what is set: setting Const, even to null, means "const: null" (Microsoft.OpenApi 3.x).
            if (property.GetValue(wrapper) is { } value)
            {
                property.SetValue(this, value);
            }
        }

        Reference = reference;
        if (referencedType is { } type)
        {
            // 3.0 allows nullable only next to a type. allOf next to a type reads as "a subclass" to NSwag (an extra
            // class per member); oneOf of one is the reference.
            Type = (type & ~JsonSchemaType.Null) | JsonSchemaType.Null;
            AllOf = null;
            AnyOf = null;
            OneOf = [reference];
        }
    }

    /// <summary>The schema this member refers to, or null.</summary>
    internal IOpenApiSchema Reference { get; }

    /// <inheritdoc />
    public override void SerializeAsV31(IOpenApiWriter writer) => AsJsonSchema().SerializeAsV31(writer);

#if OPENAPI3
    /// <inheritdoc />
    public override void SerializeAsV32(IOpenApiWriter writer) => AsJsonSchema().SerializeAsV32(writer);
#endif

    /// <summary>The JSON Schema form (3.1 and later): either null or the reference, nothing beside them that refuses null.</summary>
    private OpenApiSchema AsJsonSchema()
    {
        var schema = (OpenApiSchema)CreateShallowCopy();
        schema.Type = null;
        schema.AllOf = null;
        schema.AnyOf = null;
        schema.OneOf = [new OpenApiSchema { Type = JsonSchemaType.Null }, Reference];
        return schema;
    }

    private static IEnumerable<PropertyInfo> CopiedProperties()
    {
        foreach (PropertyInfo property in typeof(OpenApiSchema).GetProperties(BindingFlags.Public | BindingFlags.Instance))
        {
            if (property.CanRead && property.GetSetMethod() is not null && property.GetIndexParameters().Length == 0)
            {
                yield return property;
            }
        }
    }
}
