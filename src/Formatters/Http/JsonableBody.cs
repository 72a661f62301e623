using System;
using System.Reflection;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;

namespace Jsonable.AspNetCore.Http;

/// <summary>
/// A minimal-API parameter that binds the request body with the generated reader of <typeparamref name="T"/>, in
/// JSON or JMC1 by <c>Content-Type</c>, and tells OpenAPI it accepts both.
/// </summary>
/// <typeparam name="T">A <c>[FromJson]</c> type, or a collection of one.</typeparam>
/// <example><code>app.MapPost("/items", (JsonableBody&lt;Item&gt; body) =&gt; Save(body.Value));</code></example>
public sealed class JsonableBody<T> : IEndpointParameterMetadataProvider, IJsonableBody
{
    private JsonableBody(T value) => Value = value;

    /// <summary>The bound value.</summary>
    public T Value { get; }

    /// <summary>The value for minimal-API validation, which validates it as a plain <typeparamref name="T"/> body.</summary>
    object? IJsonableBody.BoxedValue => Value;

    /// <summary>Binds the body; called by minimal APIs.</summary>
    /// <param name="context">The request's context.</param>
    /// <param name="parameter">The parameter being bound.</param>
    /// <exception cref="JsonableRequestException">
    /// 406 when the endpoint answers with a <see cref="JsonableResult{T}"/> and the <c>Accept</c> header allows neither
    /// format; 415 for a content type (or charset) Jsonable does not read; 400 for an empty or malformed body.
    /// </exception>
    public static async ValueTask<JsonableBody<T>?> BindAsync(HttpContext context, ParameterInfo parameter)
    {
        ArgumentNullException.ThrowIfNull(context);
        T? value = await MinimalApiRequestBody.DeserializeAsync<T>(context).ConfigureAwait(false);
        if (value is null)
        {
            throw new JsonableRequestException("The request body is null.", StatusCodes.Status400BadRequest, MinimalApiRequestBody.Errors("$", "The request body must not be null."));
        }

        MinimalApiRequestBody.ThrowIfNotAcceptableBeforeHandler(context);

        return new JsonableBody<T>(value);
    }

    /// <summary>Describes the accepted media types to OpenAPI (and to routing, which answers 415 for any other).</summary>
    /// <param name="parameter">The parameter.</param>
    /// <param name="builder">The endpoint being built.</param>
    static void IEndpointParameterMetadataProvider.PopulateMetadata(ParameterInfo parameter, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        // The content types MVC's Jsonable formatters read, so both stacks accept (and document) the same bodies.
        builder.Metadata.Add(new AcceptsMetadata([.. ContentNegotiation.JsonRequestMediaTypes, JsonableMediaTypes.Jmc1], typeof(T)));
    }
}
