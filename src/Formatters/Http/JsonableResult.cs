using System;
using System.Reflection;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Http.Metadata;

namespace Jsonable.AspNetCore.Http;

/// <summary>
/// A minimal-API result that answers in JSON or JMC1 by the request's <c>Accept</c> header (or <c>?format=</c>),
/// writes with the generated writer into the response <c>PipeWriter</c>, sends <c>Vary: Accept</c>, answers 406
/// when nothing acceptable is offered, and describes both media types to OpenAPI.
/// </summary>
/// <typeparam name="T">A <c>[ToJson]</c> type, or a collection (or <c>IAsyncEnumerable</c>) of one.</typeparam>
public sealed class JsonableResult<T> : IResult, IEndpointMetadataProvider, IStatusCodeHttpResult, IValueHttpResult, IValueHttpResult<T>
{
    internal JsonableResult(T value, int statusCode)
    {
        Value = value;
        StatusCode = statusCode;
    }

    /// <summary>The value written.</summary>
    public T Value { get; }

    /// <summary>The status code (200 unless created otherwise).</summary>
    public int StatusCode { get; }

    int? IStatusCodeHttpResult.StatusCode => StatusCode;

    object? IValueHttpResult.Value => Value;

    /// <inheritdoc />
    public Task ExecuteAsync(HttpContext httpContext)
    {
        ArgumentNullException.ThrowIfNull(httpContext);
        return JsonableResultsHelper.WriteValueAsync(httpContext, Value, StatusCode);
    }

    /// <summary>Describes the response to OpenAPI: both media types, with <typeparamref name="T"/> as the schema.</summary>
    /// <param name="method">The endpoint's method.</param>
    /// <param name="builder">The endpoint being built.</param>
    static void IEndpointMetadataProvider.PopulateMetadata(MethodInfo method, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status200OK, typeof(T), [JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1]));
        builder.Metadata.Add(NegotiatedResponseMetadata.Instance);
        builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status406NotAcceptable, typeof(Microsoft.AspNetCore.Mvc.ProblemDetails), [JsonableMediaTypeNames.ProblemJson]));
    }
}
