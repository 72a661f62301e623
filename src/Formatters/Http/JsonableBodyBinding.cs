using System;
using System.ComponentModel;
using System.Reflection;
using System.Text.Json;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using HttpJsonOptions = Microsoft.AspNetCore.Http.Json.JsonOptions;

namespace Jsonable.AspNetCore.Http;

/// <summary>
/// The body binding of a plain <c>[FromJson]</c> class as a minimal-API parameter (<c>(Order order) =&gt; ...</c>):
/// the generator gives such a class a static <c>BindAsync</c> and <c>IEndpointParameterMetadataProvider.PopulateMetadata</c>
/// that call these methods when the project references Jsonable.AspNetCore, so minimal APIs read the body with the
/// generated reader, in JSON or JMC1 by <c>Content-Type</c>, as <see cref="JsonableBody{T}"/> does. In an app that
/// never called <c>AddJsonable()</c> the body is read as minimal APIs read a JSON body. Not called by application code.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class JsonableBodyBinding
{
    // What minimal APIs accept for a JSON body parameter without Jsonable.
    private static readonly string[] s_jsonOnly = [JsonableMediaTypes.Json];

    /// <summary>
    /// Reads the request body as <typeparamref name="T"/>. No body, an empty body or a JSON <c>null</c> gives
    /// <see langword="null"/>, which minimal APIs answer as they answer a missing JSON body: a 400 for a required
    /// parameter, <see langword="null"/> for an optional one.
    /// </summary>
    /// <typeparam name="T">The <c>[FromJson]</c> class.</typeparam>
    /// <param name="context">The request's context.</param>
    /// <param name="parameter">The parameter being bound.</param>
    /// <returns>The value, or <see langword="null"/> when the body is missing, empty or <c>null</c>.</returns>
    /// <exception cref="JsonableRequestException">
    /// 415 for a content type (or charset) Jsonable does not read; 400 for a malformed body, keyed by its JSON path;
    /// 406 as <see cref="JsonableBody{T}"/> checks it.
    /// </exception>
    public static async ValueTask<T?> BindAsync<T>(HttpContext context, ParameterInfo parameter)
        where T : class
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(parameter);
        if (context.Features.Get<IHttpRequestBodyDetectionFeature>() is { CanHaveBody: false })
        {
            return null; // no body at all: minimal APIs decide by the parameter's nullability, as for System.Text.Json
        }

        if (!IsJsonableApp(context.RequestServices))
        {
            return await BindAsJsonAsync<T>(context, parameter).ConfigureAwait(false);
        }

        T? value;
        try
        {
            value = await MinimalApiRequestBody.DeserializeAsync<T>(context).ConfigureAwait(false);
        }
        catch (JsonableRequestException exception) when (exception.StatusCode == StatusCodes.Status400BadRequest && exception.InnerException is null && exception.Errors.ContainsKey(string.Empty))
        {
            return null; // an empty body sent with a Content-Type: the same as none
        }

        MinimalApiRequestBody.ThrowIfNotAcceptableBeforeHandler(context);
        return value;
    }

    /// <summary>
    /// Describes the body to routing (which answers 415 for any other content type) and to OpenAPI: the media types
    /// <see cref="JsonableBody{T}"/> accepts (without <c>AddJsonable()</c>, JSON only), optional when the parameter may
    /// be <see langword="null"/>. An MVC action's parameter gets nothing: MVC binds it with its input formatters.
    /// </summary>
    /// <typeparam name="T">The <c>[FromJson]</c> class.</typeparam>
    /// <param name="parameter">The parameter.</param>
    /// <param name="builder">The endpoint being built.</param>
    public static void PopulateMetadata<T>(ParameterInfo parameter, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(parameter);
        ArgumentNullException.ThrowIfNull(builder);
        if (IsControllerAction(parameter))
        {
            return;
        }

        string[] mediaTypes = IsJsonableApp(builder.ApplicationServices) ? [.. ContentNegotiation.JsonRequestMediaTypes, JsonableMediaTypes.Jmc1] : s_jsonOnly;
        builder.Metadata.Add(new AcceptsMetadata(mediaTypes, typeof(T), IsOptional(parameter)));
    }

    /// <summary>Whether the app called <c>AddJsonable()</c> (whose services include the layout of JSON responses).</summary>
    private static bool IsJsonableApp(IServiceProvider? services) => services?.GetService<AppJsonLayout>() is not null;

    /// <summary>
    /// Without <c>AddJsonable()</c>: the body as minimal APIs read a JSON body (System.Text.Json and the app's options);
    /// a content type they do not read is a 415, thrown as the status the server answers; malformed JSON is the 400
    /// minimal APIs answer for a required parameter they could not bind (thrown for an optional one).
    /// </summary>
    private static async ValueTask<T?> BindAsJsonAsync<T>(HttpContext context, ParameterInfo parameter)
        where T : class
    {
        if (!context.Request.HasJsonContentType())
        {
            throw new BadHttpRequestException($"Expected a supported JSON media type but got \"{context.Request.ContentType}\".", StatusCodes.Status415UnsupportedMediaType);
        }

        JsonSerializerOptions options = context.RequestServices.GetRequiredService<IOptions<HttpJsonOptions>>().Value.SerializerOptions;
        try
        {
            return (T?)await JsonSerializer.DeserializeAsync(context.Request.Body, options.GetTypeInfo(typeof(T)), context.RequestAborted).ConfigureAwait(false);
        }
        catch (JsonException exception)
        {
            if (!IsOptional(parameter))
            {
                return null;
            }

            throw new BadHttpRequestException($"Failed to read parameter \"{typeof(T).Name}\" from the request body as JSON.", StatusCodes.Status400BadRequest, exception);
        }
    }

    /// <summary>Whether the parameter is an MVC action's: declared by a controller (MVC's own rule, in short).</summary>
    private static bool IsControllerAction(ParameterInfo parameter) =>
        parameter.Member.DeclaringType is { } type
        && (typeof(ControllerBase).IsAssignableFrom(type) || type.IsDefined(typeof(ControllerAttribute), inherit: true)
            || type.Name.EndsWith("Controller", StringComparison.Ordinal));

    /// <summary>Whether minimal APIs treat the parameter as optional: a default value, or a nullable annotation.</summary>
    private static bool IsOptional(ParameterInfo parameter)
    {
        if (parameter.HasDefaultValue)
        {
            return true;
        }

        try
        {
            return new NullabilityInfoContext().Create(parameter).WriteState == NullabilityState.Nullable;
        }
        catch (InvalidOperationException)
        {
            return false; // nullability metadata trimmed away (NullabilityInfoContextSupport off): required, the safe side
        }
    }
}
