using System;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;

namespace Jsonable.AspNetCore.Http;

/// <summary>A 201 Created result: <c>Location</c> header plus the negotiated body of <see cref="JsonableResult{T}"/>.</summary>
/// <typeparam name="T">A <c>[ToJson]</c> type.</typeparam>
public sealed class JsonableCreatedResult<T> : IResult, IEndpointMetadataProvider, IStatusCodeHttpResult
{
    private readonly JsonableResult<T> _body;

    internal JsonableCreatedResult(string location, JsonableResult<T> body)
    {
        Location = location;
        _body = body;
    }

    /// <summary>The <c>Location</c> header value.</summary>
    public string Location { get; }

    /// <summary>The created value.</summary>
    public T Value => _body.Value;

    /// <summary>Always 201.</summary>
    public int? StatusCode => StatusCodes.Status201Created;

    /// <inheritdoc />
    public Task ExecuteAsync(HttpContext httpContext)
    {
        ArgumentNullException.ThrowIfNull(httpContext);
        httpContext.Response.Headers.Location = Location;
        return _body.ExecuteAsync(httpContext);
    }

    /// <summary>Describes the response to OpenAPI.</summary>
    /// <param name="method">The endpoint's method.</param>
    /// <param name="builder">The endpoint being built.</param>
    static void IEndpointMetadataProvider.PopulateMetadata(MethodInfo method, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status201Created, typeof(T), [JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1]));
        builder.Metadata.Add(Internal.NegotiatedResponseMetadata.Instance);
    }
}
