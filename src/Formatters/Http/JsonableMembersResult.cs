using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Jsonable.Internal;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.Extensions.DependencyInjection;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Http;

/// <summary>
/// A result holding only some members of a resource, written by their generated partial writers
/// (<c>[ToJson(Property = nameof(X))]</c> → <c>ToJsonUtf8_X</c>): what a property endpoint (<c>GET /transforms/1/position</c>)
/// or a <c>?fields=position,rotation</c> selector answers, in JSON or JMC1 by <c>Accept</c>, with <c>Vary: Accept</c> and
/// the resource's <c>ETag</c> when given. A name with no partial writer is a 400 listing the valid ones. Works as a
/// minimal-API result and as an MVC action result.
/// </summary>
/// <typeparam name="T">A <c>[ToJson]</c> type with partial writers.</typeparam>
public sealed class JsonableMembersResult<T> : IResult, IActionResult, IStatusCodeHttpResult, IEndpointMetadataProvider
{
    private readonly string[] _members;

    internal JsonableMembersResult(T value, IEnumerable<string> members, string? etag)
    {
        ArgumentNullException.ThrowIfNull(members);
        Value = value;
        _members = [.. members];
        ETag = etag;
    }

    /// <summary>The resource whose members are written.</summary>
    public T Value { get; }

    /// <summary>The requested member names (C# or wire names, matched ignoring case).</summary>
    public IReadOnlyList<string> Members => _members;

    /// <summary>The resource's entity tag, sent as <c>ETag</c>; <see langword="null"/> for none.</summary>
    public string? ETag { get; }

    /// <summary>200.</summary>
    public int StatusCode => StatusCodes.Status200OK;

    int? IStatusCodeHttpResult.StatusCode => StatusCode;

    /// <inheritdoc />
    public Task ExecuteResultAsync(ActionContext context)
    {
        ArgumentNullException.ThrowIfNull(context);

        // In MVC a bad field is a ValidationProblemDetails made by the app's ProblemDetailsFactory, like any model error.
        return ExecuteAsync(context.HttpContext, (detail, errors) =>
        {
            var modelState = new ModelStateDictionary();
            foreach (KeyValuePair<string, string[]> error in errors)
            {
                foreach (string message in error.Value)
                {
                    modelState.AddModelError(error.Key, message);
                }
            }

            ValidationProblemDetails problem = context.HttpContext.RequestServices.GetRequiredService<ProblemDetailsFactory>()
                .CreateValidationProblemDetails(context.HttpContext, modelState, StatusCodes.Status400BadRequest, detail: detail);
            var result = new ObjectResult(problem) { StatusCode = StatusCodes.Status400BadRequest };
            result.ContentTypes.Add(JsonableMediaTypeNames.ProblemJson);
            return result.ExecuteResultAsync(context);
        }, mvc: true);
    }

    /// <inheritdoc />
    public Task ExecuteAsync(HttpContext httpContext)
    {
        ArgumentNullException.ThrowIfNull(httpContext);
        return ExecuteAsync(httpContext, (detail, errors) => ProblemDetailsResponder.WriteAsync(httpContext, StatusCodes.Status400BadRequest, detail, errors), mvc: false);
    }

    /// <summary>
    /// Describes the response to OpenAPI: 200 in both media types with <typeparamref name="T"/> as the schema (only the
    /// selected members are present), 400 for a member with no partial writer, 406 when nothing in <c>Accept</c> can be produced.
    /// </summary>
    /// <param name="method">The endpoint's method.</param>
    /// <param name="builder">The endpoint being built.</param>
    static void IEndpointMetadataProvider.PopulateMetadata(MethodInfo method, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status200OK, typeof(T), [JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1]));
        builder.Metadata.Add(NegotiatedResponseMetadata.Instance);
        builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status400BadRequest, typeof(HttpValidationProblemDetails), [JsonableMediaTypeNames.ProblemJson]));
        builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status406NotAcceptable, typeof(ProblemDetails), [JsonableMediaTypeNames.ProblemJson]));
    }

    private Task ExecuteAsync(HttpContext httpContext, Func<string, Dictionary<string, string[]>, Task> writeBadRequest, bool mvc)
    {
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() ?? throw new InvalidOperationException(MissingGeneratedCode.Explain(typeof(T), "is not a Jsonable type: mark it [ToJson] (and partial)."));

        var writers = new List<JsonablePartialWriter<T>>();
        var unknown = new List<string>();
        foreach (string name in _members)
        {
            if (info.TryGetPartialWriter(name, out JsonablePartialWriter<T>? writer))
            {
                if (!writers.Contains(writer))
                {
                    writers.Add(writer);
                }
            }
            else
            {
                unknown.Add(name);
            }
        }

        if (unknown.Count > 0 || writers.Count == 0)
        {
            string valid = string.Join(", ", info.PartialWriters.Select(w => w.JsonName));
            string detail = writers.Count == 0 && unknown.Count == 0
                ? $"Name at least one field; the fields that can be selected are: {valid}."
                : $"Unknown field{(unknown.Count > 1 ? "s" : string.Empty)} {string.Join(", ", unknown.Select(u => $"'{u}'"))}; the fields that can be selected are: {valid}.";
            return writeBadRequest(detail, new Dictionary<string, string[]> { ["fields"] = [detail] });
        }

        return JsonableResultsHelper.WriteNegotiatedAsync(httpContext, StatusCode, typeof(T).Name, (Result: this, Writers: writers, Mvc: mvc), static async (context, state, format, options) =>
        {
            // The member stitching is the runtime's (a wire-format job); the whole document is buffered for Content-Length.
            using var document = new PooledByteBufferWriter();
            JsonableMemberDocumentWriter.Write(document, state.Result.Value, state.Writers, format, options.Stacks.For(context).Writer);
            System.Text.Json.JsonWriterOptions? layout = format == JsonableFormat.Json ? AppJsonLayout.For(context, state.Mvc) : null;
            using PooledByteBufferWriter? indented = layout is null ? null : new PooledByteBufferWriter();
            if (indented is not null)
            {
                // The app's WriteIndented, as for every JSON response of its stack.
                AppJsonLayout.Write(document.WrittenMemory.Span, indented, layout!.Value);
            }

            ReadOnlyMemory<byte> body = indented?.WrittenMemory ?? document.WrittenMemory;
            HttpResponse response = context.Response;
            if (state.Result.ETag is not null)
            {
                response.Headers.ETag = state.Result.ETag;
            }

            if (ConditionalResponse.IsEnabled(context, options)
                && (ConditionalResponse.TryUseAppTag(context, format, out bool notModified) ? notModified : ConditionalResponse.TagBody(context, format, body.Span)))
            {
                return; // 304 Not Modified: no body
            }

            response.ContentLength = body.Length;
            await response.Body.WriteAsync(body, context.RequestAborted).ConfigureAwait(false);
        });
    }
}
