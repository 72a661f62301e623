using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.AspNetCore.WebUtilities;
using Microsoft.OpenApi;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Documentation;

/// <summary>
/// What an operation really does when Jsonable serves it, written onto the operation both OpenAPI generators built
/// from the same <see cref="ApiDescription"/>: the two media types (and only those) on Jsonable bodies, the problem
/// statuses Jsonable answers (400/406/413/415 as <c>application/problem+json</c>), <c>Location</c> on 201, and no
/// <c>text/plain</c> that MVC's string formatter claims for every type but can only write for strings.
/// </summary>
/// <remarks>Works from endpoint metadata alone, so routes added later are described without a list to keep.</remarks>
internal static class JsonableOperationRules
{
    internal const string ProblemJson = JsonableMediaTypeNames.ProblemJson;

    /// <summary>The one-paragraph description of JMC1, in the document's description (JMC1 media types carry a short marker).</summary>
    internal const string Jmc1Note =
        "Also as `application/jsonc+jmc1` (JMC1): the same JSON, compact, with binary length comments before strings and arrays " +
        "(a JMC1 body is bytes, not UTF-8 text). Format: docs/jmc1.md in the Jsonable.AspNetCore repository.";

    private static readonly string[] s_jsonableMediaTypes = [JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1];

    /// <summary>Whether <paramref name="type"/> is a generated type (or a collection of one) Jsonable reads or writes.</summary>
    internal static bool IsJsonable(Type? type, bool forWriting) =>
        type is not null && JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) && (forWriting ? info.CanWrite : info.CanRead);

    /// <summary>What a server-sent events response is, for its description.</summary>
    internal const string EventStreamNote =
        "OK: server-sent events (`text/event-stream`), flushed one by one as they happen; the `data` of each event is one JSON document of this schema.";

    /// <summary>Whether <paramref name="type"/> is a sequence of <paramref name="element"/> (a dictionary's element is its value type: not one).</summary>
    private static bool IsSequenceOf(Type type, Type element) =>
        typeof(IEnumerable<>).MakeGenericType(element).IsAssignableFrom(type) || typeof(IAsyncEnumerable<>).MakeGenericType(element).IsAssignableFrom(type);

    /// <summary>
    /// Whether a minimal endpoint writes <paramref name="type"/> through the app's System.Text.Json options, as written
    /// for System.Text.Json alone (described as JSON only): the handler returns the value itself (or an
    /// <c>IAsyncEnumerable&lt;T&gt;</c> of it), or one of the typed results that write it with those options
    /// (<c>TypedResults.Ok(value)</c>, <c>Created</c>, <c>Results&lt;Ok&lt;T&gt;, NotFound&gt;</c>...). <c>UseJsonable()</c>
    /// negotiates JMC1 for those; <c>TypedResults.Json(value, options)</c> (its own options) and a route that writes
    /// bytes under <c>.Produces&lt;T&gt;()</c> are not, so they stay JSON only.
    /// </summary>
    private static bool IsPlainMinimalResponse(Type type, ApiResponseType responseType, ApiDescription description) =>
        responseType.ApiResponseFormats.All(f => string.Equals(f.MediaType, JsonableMediaTypes.Json, StringComparison.OrdinalIgnoreCase))
        && description.ActionDescriptor.EndpointMetadata.OfType<System.Reflection.MethodInfo>().FirstOrDefault() is { } handler
        && WritesThroughAppOptions(Awaited(handler.ReturnType), type);

    private static Type Awaited(Type type) =>
        type.IsConstructedGenericType && (type.GetGenericTypeDefinition() == typeof(System.Threading.Tasks.Task<>) || type.GetGenericTypeDefinition() == typeof(System.Threading.Tasks.ValueTask<>))
            ? type.GenericTypeArguments[0]
            : type;

    private static bool WritesThroughAppOptions(Type returned, Type written)
    {
        if (returned == written)
        {
            return true;
        }

        if (!returned.IsConstructedGenericType || returned.Namespace != "Microsoft.AspNetCore.Http.HttpResults")
        {
            return false;
        }

        Type definition = returned.GetGenericTypeDefinition();
        if (definition.Name.StartsWith("Results`", StringComparison.Ordinal))
        {
            return returned.GenericTypeArguments.Any(t => WritesThroughAppOptions(t, written));
        }

        // Ok<T>, Created<T>, Accepted<T>, NotFound<T>, Conflict<T>...: written with the app's options. JsonHttpResult<T>
        // carries its own options (or context), which Jsonable is not part of.
        return definition != typeof(Microsoft.AspNetCore.Http.HttpResults.JsonHttpResult<>) && returned.GenericTypeArguments is [Type value] && value == written;
    }

    private static bool IsSseItem(Type type) => type.IsGenericType && type.GetGenericTypeDefinition() == typeof(System.Net.ServerSentEvents.SseItem<>);

    private static bool IsEventStream(string? mediaType) => string.Equals(mediaType, JsonableMediaTypes.EventStream, StringComparison.OrdinalIgnoreCase);

    private static bool IsJmc1(string? mediaType) => string.Equals(mediaType, JsonableMediaTypes.Jmc1, StringComparison.OrdinalIgnoreCase);

    /// <summary>Corrects <paramref name="operation"/> from <paramref name="description"/>.</summary>
    /// <param name="operation">The operation the generator built.</param>
    /// <param name="description">The endpoint's ApiExplorer description.</param>
    /// <param name="schemaFor">Gets (or registers) the generator's schema for a type.</param>
    /// <param name="mvcReturnsNotAcceptable">Whether MVC answers 406 when nothing in Accept can be produced.</param>
    /// <param name="minimalReturnsNotAcceptable">Whether minimal APIs' Jsonable results do (<c>JsonableOptions.ReturnHttpNotAcceptable</c>).</param>
    /// <param name="etagsForEveryEndpoint">Whether every Jsonable 2xx carries an entity tag (<c>JsonableOptions.ETags</c>), not only those of endpoints that opted in.</param>
    internal static void Apply(OpenApiOperation operation, ApiDescription description, Func<Type, IOpenApiSchema> schemaFor, bool mvcReturnsNotAcceptable, bool minimalReturnsNotAcceptable, bool etagsForEveryEndpoint)
    {
        operation.Responses ??= [];
        bool isMvc = description.ActionDescriptor is ControllerActionDescriptor;
        bool negotiates = false;
        var jsonableSuccesses = new List<string>();

        foreach (ApiResponseType responseType in description.SupportedResponseTypes)
        {
            string key = responseType.IsDefaultResponse ? "default" : responseType.StatusCode.ToString(CultureInfo.InvariantCulture);
            if (!operation.Responses.TryGetValue(key, out IOpenApiResponse? found) || found is not OpenApiResponse response)
            {
                continue;
            }

            // Jsonable answers this response when its metadata offers JMC1 (Jsonable's MVC formatter or a JsonableResult
            // put it there); the same type written by STJ elsewhere (a baseline route) is left as it is.
            Type? type = responseType.Type;
            if (type is not null && type != typeof(ReadOnlyMemory<byte>) && !IsSseItem(type) && responseType.ApiResponseFormats.Any(f => IsEventStream(f.MediaType)))
            {
                // JsonableResults.ServerSentEvents: the schema is that of each event's data. (TypedResults' describes
                // an SseItem<T>, STJ's own answer, left as it is like the other baseline routes.)
                Restrict(response.Content ??= new Dictionary<string, JsonableMediaType>(), [JsonableMediaTypes.EventStream], () => schemaFor(type));
                response.Description = EventStreamNote;
            }
            else if (IsJsonable(type, forWriting: true) && (responseType.ApiResponseFormats.Any(f => IsJmc1(f.MediaType)) || (!isMvc && IsPlainMinimalResponse(type!, responseType, description))))
            {
                negotiates = true;
                if (responseType.StatusCode is >= 200 and < 300)
                {
                    jsonableSuccesses.Add(key);
                }

                Restrict(response.Content ??= new Dictionary<string, JsonableMediaType>(), s_jsonableMediaTypes, () => schemaFor(type!));
                if (JsonableRegistry.TryGetTypeInfo(type!, out JsonableTypeInfo? info) && info.ElementType is { } element && IsSequenceOf(type!, element))
                {
                    // A collection or stream is also answered as JSON Lines when Accept names it: one element per line.
                    // The array's own items schema: the reference each generator made for the element.
                    IOpenApiSchema? items = response.Content.TryGetValue(JsonableMediaTypes.Json, out JsonableMediaType? json) && json.Schema is OpenApiSchema { Items: { } arrayItems } ? arrayItems : null;
                    response.Content[JsonableMediaTypes.JsonLines] = new OpenApiMediaType { Schema = items ?? schemaFor(element) };
                }
            }
            else if (type is not null && typeof(ProblemDetails).IsAssignableFrom(type))
            {
                Restrict(response.Content ??= new Dictionary<string, JsonableMediaType>(), [ProblemJson], () => schemaFor(type));
            }
            else
            {
                if (type != typeof(string))
                {
                    response.Content?.Remove("text/plain");
                }

                // Metadata may offer JMC1 for a type Jsonable does not write (JsonableResults.Ok of a type that is not
                // generated, a closed generic no [JsonableType] names): that route answers 500, never JMC1, so it is not listed.
                RemoveJmc1(response.Content);
            }

            if (responseType.StatusCode == StatusCodes.Status201Created)
            {
                response.Headers ??= new Dictionary<string, IOpenApiHeader>();
                response.Headers.TryAdd("Location", new OpenApiHeader
                {
                    Description = "Where the created resource can be read.",
                    // Minimal routes send a path (/minimal/statuses/1), MVC's CreatedAtAction an absolute URI: both are references.
                    Schema = new OpenApiSchema { Type = JsonSchemaType.String, Format = "uri-reference" },
                });
            }
        }

        if (JsonableConditionalRules.IsTagged(description, etagsForEveryEndpoint))
        {
            JsonableConditionalRules.Apply(operation, description, jsonableSuccesses);
        }

        // MVC's default 200 for an ActionResult<T> stays only if nothing else says what succeeds (the app's annotations win).
        if (negotiates && (isMvc ? mvcReturnsNotAcceptable : minimalReturnsNotAcceptable))
        {
            AddProblem(operation, StatusCodes.Status406NotAcceptable, "None of the media types in Accept can be produced.", typeof(ProblemDetails), schemaFor);
        }

        ApiParameterDescription? body = description.ParameterDescriptions.FirstOrDefault(p => p.Source == BindingSource.Body);
        bool streamed = body is not null && IsStreamedBody(body.Type, description);
        if (body is not null && (streamed || IsJsonable(body.Type, forWriting: false)) && description.SupportedRequestFormats.Any(f => IsJmc1(f.MediaType))
            && operation.RequestBody is OpenApiRequestBody requestBody)
        {
            // A merge-patch body (JsonablePatch<T>) is also read as application/merge-patch+json: keep listing it.
            // MVC reports the formatter's application/*+json, so also look at what the endpoint declares ([Consumes] on
            // an action, Accepts metadata on a minimal route). A body read item by item also takes JSON Lines.
            string[] requestMediaTypes = streamed ? s_streamedMediaTypes
                : DeclaredRequestMediaTypes(description)
                    .Any(t => string.Equals(t, JsonableMediaTypes.MergePatchJson, StringComparison.OrdinalIgnoreCase))
                ? [JsonableMediaTypes.MergePatchJson, .. s_jsonableMediaTypes]
                : s_jsonableMediaTypes;
            Restrict(requestBody.Content ??= new Dictionary<string, JsonableMediaType>(), requestMediaTypes, () => schemaFor(body.Type));
            AddProblem(operation, StatusCodes.Status400BadRequest, "The body is malformed or does not fit the type: `errors` is keyed by the JSON path (`$.user.id`).", typeof(HttpValidationProblemDetails), schemaFor);
            AddProblem(operation, StatusCodes.Status413PayloadTooLarge, streamed ? "An item is larger than the item limit, or the body larger than the server's request size limit." : "The body is larger than the server's request size limit.", typeof(ProblemDetails), schemaFor);
            AddProblem(operation, StatusCodes.Status415UnsupportedMediaType, UnsupportedMediaTypeText(requestMediaTypes), typeof(ProblemDetails), schemaFor);
            if (requestMediaTypes.Contains(JsonableMediaTypes.MergePatchJson))
            {
                AddIfMatch(operation);
                JsonableMergePatchSchemas.RecordNotEditable(operation, body.Type);
            }
        }
        else if (body is not null && !IsJsonable(body.Type, forWriting: false) && operation.RequestBody is OpenApiRequestBody otherBody)
        {
            RemoveJmc1(otherBody.Content);
        }
    }

    private static readonly string[] s_streamedMediaTypes = [.. s_jsonableMediaTypes, JsonableMediaTypeNames.JsonLines, JsonableMediaTypeNames.NdJson];

    private static IEnumerable<string> DeclaredRequestMediaTypes(ApiDescription description) =>
        description.SupportedRequestFormats.Select(f => f.MediaType)
            .Concat(description.ActionDescriptor.EndpointMetadata.OfType<Microsoft.AspNetCore.Http.Metadata.IAcceptsMetadata>().SelectMany(m => m.ContentTypes));

    /// <summary>
    /// Whether the body is read item by item: an MVC <c>IAsyncEnumerable&lt;T&gt;</c> of a readable type, or a minimal
    /// route whose <c>JsonableStream&lt;T&gt;</c> declares JSON Lines besides JSON and JMC1.
    /// </summary>
    private static bool IsStreamedBody(Type type, ApiDescription description) =>
        (type.IsConstructedGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>) && IsJsonable(type.GenericTypeArguments[0], forWriting: false))
        || (IsJsonable(type, forWriting: false) && DeclaredRequestMediaTypes(description).Any(t => string.Equals(t, JsonableMediaTypeNames.JsonLines, StringComparison.OrdinalIgnoreCase)));

    /// <summary>Removes the JMC1 media type from a body Jsonable does not read or write.</summary>
    private static void RemoveJmc1(IDictionary<string, JsonableMediaType>? content)
    {
        if (content is not null)
        {
            foreach (string mediaType in content.Keys.Where(IsJmc1).ToList())
            {
                content.Remove(mediaType);
            }
        }
    }

    /// <summary>Leaves exactly <paramref name="mediaTypes"/>, all with the schema the content had (or the type's own).</summary>
    private static void Restrict(IDictionary<string, JsonableMediaType> content, string[] mediaTypes, Func<IOpenApiSchema> schemaFor)
    {
        IOpenApiSchema schema = Unwrapped(content.Values.Select(m => m.Schema).FirstOrDefault(s => s is not null) ?? schemaFor());
        // A media type kept by reference (3.x: a shared component) is kept as it is; any other is given the schema.
        Dictionary<string, JsonableMediaType> kept = mediaTypes.ToDictionary(m => m, m => content.TryGetValue(m, out JsonableMediaType? existing) ? existing : new OpenApiMediaType());
        content.Clear();
        foreach ((string mediaType, JsonableMediaType value) in kept)
        {
            if (value.Editable() is { } editable)
            {
                editable.Schema = editable.Schema is null ? schema : Unwrapped(editable.Schema);
            }

            content[mediaType] = value;
        }
    }

    /// <summary>A body's <c>allOf: [$ref]</c> with nothing else (what "extend references" makes of it) is just the reference.</summary>
    private static IOpenApiSchema Unwrapped(IOpenApiSchema schema) =>
        schema is OpenApiSchema { AllOf: [OpenApiSchemaReference reference] } wrapper
        && wrapper.Type is null && wrapper.Properties is not { Count: > 0 } && wrapper.Description is null
            ? reference
            : schema;

    private static void AddProblem(OpenApiOperation operation, int status, string description, Type problemType, Func<Type, IOpenApiSchema> schemaFor)
    {
        string key = status.ToString(CultureInfo.InvariantCulture);
        if (operation.Responses!.ContainsKey(key))
        {
            return;
        }

        operation.Responses[key] = new OpenApiResponse
        {
            Description = ReasonPhrases.GetReasonPhrase(status) + ": " + description,
            Content = new Dictionary<string, JsonableMediaType> { [ProblemJson] = new OpenApiMediaType { Schema = schemaFor(problemType) } },
        };
    }

    /// <summary>What a 415 answer means for a body read as <paramref name="accepted"/>, naming every media type that is read.</summary>
    private static string UnsupportedMediaTypeText(string[] accepted) =>
        "The Content-Type is not one that is read here: "
        + string.Join(", ", accepted.Select(m => m == JsonableMediaTypes.Json ? "application/json (also text/json and any application/*+json)" : m))
        + (accepted.Contains(JsonableMediaTypeNames.JsonLines) ? ". UTF-8 JSON; JMC1 as bytes." : ". UTF-8 or UTF-16 JSON; JMC1 as bytes.");

    /// <summary>
    /// A merge-patch body is bound by <c>JsonablePatch&lt;T&gt;</c>, which reads <c>If-Match</c>: a stale tag is 412,
    /// and a missing one 428 when the app requires it.
    /// </summary>
    private static void AddIfMatch(OpenApiOperation operation)
    {
        operation.Parameters ??= [];
        if (operation.Parameters.Any(p => p.In == ParameterLocation.Header && string.Equals(p.Name, "If-Match", StringComparison.OrdinalIgnoreCase)))
        {
            return;
        }

        operation.Parameters.Add(new OpenApiParameter
        {
            Name = "If-Match",
            In = ParameterLocation.Header,
            Required = false,
            Description = "The ETag the client last read: the patch is applied only if the resource still has it (412 otherwise; 428 when the server requires the header and it is missing).",
            Schema = new OpenApiSchema { Type = JsonSchemaType.String },
        });
    }
}
