using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Jsonable.Internal;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc.ModelBinding.Validation;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Http;

/// <summary>
/// A partial-update request body for a <c>[FromJson]</c> type: an RFC 7396 merge patch sent as
/// <c>application/merge-patch+json</c>, <c>application/json</c> or <c>application/jsonc+jmc1</c> (for example the
/// bytes of a generated <c>ToJsonUtf8_Position</c>). It is checked against <typeparamref name="T"/> when bound (a bad
/// patch is a 400 naming the JSON path before the handler runs) and applied to the stored resource with
/// <see cref="ApplyTo(T)"/>, atomically, which returns the members it changed.
/// </summary>
/// <typeparam name="T">The resource type, a <c>[FromJson]</c> type.</typeparam>
/// <example>
/// <code>
/// // MVC
/// [HttpPatch("{id}")]
/// public IActionResult Patch(long id, JsonablePatch&lt;Transform&gt; patch) { var t = Load(id); patch.ApplyTo(t); Save(t); return Ok(t); }
/// // Minimal APIs
/// app.MapPatch("/transforms/{id}", (long id, JsonablePatch&lt;Transform&gt; patch) =&gt; { ... });
/// </code>
/// </example>
[ValidateNever]
public sealed partial class JsonablePatch<T> : IEndpointParameterMetadataProvider
{
    private readonly byte[] _document;
    private readonly JsonableTypeInfo<T> _info;
    private readonly JsonableReaderOptions _readerOptions;
    private readonly IServiceProvider? _services;

    private JsonablePatch(byte[] document, JsonableFormat format, JsonableTypeInfo<T> info, JsonableReaderOptions readerOptions, JsonableMemberSet members, string? ifMatch, IServiceProvider? services)
    {
        _services = services;
        _document = document;
        _info = info;
        _readerOptions = readerOptions;
        Format = format;
        Members = members;
        IfMatch = ifMatch;
    }

    /// <summary>The format the patch was sent in.</summary>
    public JsonableFormat Format { get; }

    /// <summary>The members the patch names (what <see cref="ApplyTo(T)"/> will change), known before it is applied.</summary>
    public JsonableMemberSet Members { get; }

    /// <summary>The request's <c>If-Match</c> header, or <see langword="null"/> when it has none.</summary>
    public string? IfMatch { get; }

    /// <summary>The patch document as received (UTF-8 JSON or JMC1 bytes).</summary>
    public ReadOnlySpan<byte> Document => _document;

    /// <summary>
    /// Checks the request's <c>If-Match</c> against the stored resource's current entity tag: a tag that does not match
    /// (the client did not see the latest change) is 412 Precondition Failed. A missing <c>If-Match</c> passes unless
    /// <see cref="JsonableOptions.RequireIfMatchForPatch"/> is set, in which case binding already answered 428.
    /// </summary>
    /// <param name="currentETag">The stored resource's entity tag, quoted (<c>"3"</c>), as sent in its <c>ETag</c> header.</param>
    /// <exception cref="JsonableRequestException">412: the tag is stale.</exception>
    public void CheckIfMatch(string currentETag)
    {
        ArgumentNullException.ThrowIfNull(currentETag);
        if (IfMatch is null || IfMatches(IfMatch, currentETag))
        {
            return;
        }

        throw new JsonableRequestException(
            $"The resource has changed since it was read: its entity tag is now {currentETag}, not {IfMatch}. Read it again and re-apply the change.",
            StatusCodes.Status412PreconditionFailed);
    }

    /// <summary>
    /// Refuses a patch that names any of <paramref name="members"/> (the resource's identity, such as the route key, or
    /// other read-only members): 400 with one error per member, keyed by its JSON path (<c>$.id</c>). Call it before
    /// loading or changing anything. A patch that names the member is refused even when it sends the current value:
    /// the answer then does not depend on the stored state, and a client that sends identity in a patch learns at
    /// once instead of the day the values differ (see <c>docs/partial-updates.md</c>).
    /// </summary>
    /// <param name="members">The members a patch may not change, by C# name (<c>nameof</c>) or wire name.</param>
    /// <exception cref="JsonableRequestException">400: the patch names one of <paramref name="members"/>.</exception>
    public void RejectChangesTo(params string[] members)
    {
        ArgumentNullException.ThrowIfNull(members);
        Dictionary<string, string[]>? errors = null;
        foreach (JsonableMember member in Members)
        {
            foreach (string name in members)
            {
                if (member.Name == name || member.JsonName == name)
                {
                    errors ??= [];
                    errors[member.Path] = [$"'{member.JsonName}' cannot be changed by a PATCH: it identifies the resource or is read-only. Leave it out of the patch."];
                    break;
                }
            }
        }

        if (errors is not null)
        {
            string message = errors.Count == 1 ? errors.First().Value[0] : $"The patch changes members it may not change: {string.Join(", ", errors.Keys)}.";
            throw new JsonableRequestException(message, StatusCodes.Status400BadRequest, errors);
        }
    }

    /// <summary>
    /// Applies the patch to <paramref name="target"/>: absent members are unchanged, <c>null</c> clears, arrays and lists
    /// are replaced whole, dictionaries and nested objects are merged. Atomic: on any error nothing is changed. The
    /// merged value is validated first, on a copy: DataAnnotations (<c>[Required]</c>, <c>[Range]</c>, ...,
    /// <c>IValidatableObject</c>), or the app's <c>AddValidation()</c> where it knows <typeparamref name="T"/>; a failure
    /// is a 400 keyed as a request body's errors are (<c>Name</c>, <c>Payload.Mass</c>) and leaves the target untouched.
    /// </summary>
    /// <param name="target">The stored resource (a reference type; for a struct use <see cref="ApplyTo(ref T)"/>).</param>
    /// <returns>The members the patch changed.</returns>
    /// <exception cref="JsonableRequestException">400 naming the JSON path: the patch does not fit this target (e.g. a nested object that does not exist yet must be complete); 400 keyed by member: the merged value fails validation.</exception>
    public JsonableMemberSet ApplyTo(T target)
    {
        if (typeof(T).IsValueType)
        {
            throw new InvalidOperationException($"{typeof(T)} is a value type: a patch applied to a copy would be lost. Call ApplyTo(ref target).");
        }

        return ApplyTo(ref target);
    }

    /// <summary>Applies the patch to <paramref name="target"/> in place, as <see cref="ApplyTo(T)"/> does.</summary>
    /// <param name="target">The stored resource.</param>
    /// <returns>The members the patch changed.</returns>
    /// <exception cref="JsonableRequestException">400 naming the JSON path: the patch does not fit this target.</exception>
    public JsonableMemberSet ApplyTo(ref T target)
    {
        try
        {
            ValidateMergedCopy(target); // JsonablePatch.Validation.cs: throws before target changes
            return _info.Merge(_document, Format, ref target, _readerOptions);
        }
        catch (JsonableException exception)
        {
            throw new JsonableRequestException(exception.Message, StatusCodes.Status400BadRequest, MinimalApiRequestBody.Errors(exception.Path ?? "$", exception.Message), exception);
        }
    }

    /// <summary>Binds the body; called by minimal APIs.</summary>
    /// <param name="context">The request's context.</param>
    /// <param name="parameter">The parameter being bound.</param>
    /// <exception cref="JsonableRequestException">415 for a content type other than merge patch, JSON or JMC1 (an RFC 6902 JSON Patch included); 400 for an empty, malformed or unfitting patch; 428 when <c>If-Match</c> is required and missing.</exception>
    public static async ValueTask<JsonablePatch<T>?> BindAsync(HttpContext context, ParameterInfo parameter)
    {
        ArgumentNullException.ThrowIfNull(context);
        JsonableOptions options = JsonableRequestFeature.Of(context).Options;
        PatchMediaTypes.Check(context, options);
        (JsonableFormat format, byte[] body) = await MinimalApiRequestBody.ReadAsync(context).ConfigureAwait(false);
        JsonablePatch<T> patch;
        try
        {
            patch = Create(context, body, format, options);
        }
        catch (JsonableException exception)
        {
            throw MinimalApiRequestBody.Malformed(exception, options);
        }

        MinimalApiRequestBody.ThrowIfNotAcceptableBeforeHandler(context);
        return patch;
    }

    /// <summary>Describes the accepted media types to OpenAPI.</summary>
    /// <param name="parameter">The parameter.</param>
    /// <param name="builder">The endpoint being built.</param>
    static void IEndpointParameterMetadataProvider.PopulateMetadata(ParameterInfo parameter, EndpointBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Metadata.Add(new AcceptsMetadata([JsonableMediaTypes.MergePatchJson, JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1], typeof(T)));
        builder.Metadata.Add(JsonablePatchEndpointMetadata.Instance); // OPTIONS at the path answers Accept-Patch
    }

    /// <summary>
    /// Checks the patch against <typeparamref name="T"/> (throwing <see cref="JsonableException"/> with the JSON path) and
    /// the <c>If-Match</c> requirement (throwing a 428 <see cref="JsonableRequestException"/>); shared by minimal-API
    /// binding and the MVC input formatters.
    /// </summary>
    internal static JsonablePatch<T> Create(HttpContext context, byte[] body, JsonableFormat format, JsonableOptions options)
    {
        string? ifMatch = context.Request.Headers.IfMatch is { Count: > 0 } values ? values.ToString() : null;
        if (ifMatch is null && options.RequireIfMatchForPatch)
        {
            throw new JsonableRequestException(
                "This resource is only changed with If-Match: send the ETag of the version the change is based on.",
                StatusCodes.Status428PreconditionRequired);
        }

        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() is { CanMerge: true } found
            ? found
            : throw new InvalidOperationException(MissingGeneratedCode.Explain(typeof(T), "cannot take a merge patch: mark it [FromJson] (a readonly struct cannot change in place)."));
        // Read-only members of nested objects that exist are refused when the patch meets its target (ApplyTo).
        JsonableReaderOptions readerOptions = options.Stacks.For(context).PatchReader;
        JsonableMemberSet members = info.ValidatePatch(body, format, readerOptions);
        RejectNotEditable(members);
        return new JsonablePatch<T>(body, format, info, readerOptions, members, ifMatch, context.RequestServices);
    }

    /// <summary>
    /// RFC 9110 §13.1.1: <c>*</c>, or a list of entity tags compared strongly (a weak tag never matches); the tag of
    /// the resource's JMC1 representation (see <see cref="JsonableETagAttribute"/>) names the same version.
    /// </summary>
    private static bool IfMatches(string ifMatch, string currentETag)
    {
        foreach (string candidate in ifMatch.Split(','))
        {
            string tag = candidate.Trim();
            if (tag == "*" || ConditionalResponse.StronglyMatchesAnyFormat(tag, currentETag))
            {
                return true;
            }
        }

        return false;
    }
}
