using System;
using System.Collections.Generic;
using System.ComponentModel.DataAnnotations;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Validation;
using Jsonable.Metadata;

#pragma warning disable ASP0029 // Microsoft.Extensions.Validation's resolver API is marked experimental in .NET 10.

namespace Jsonable.AspNetCore.Http;

/// <summary>
/// The merged value is validated before anything is committed: the patch is merged into a copy of the target, the copy
/// is checked, and only a valid result is merged into the target itself. Non-nullable members set to <c>null</c> are
/// refused earlier, when the patch is bound (the generated merge knows the nullable annotations).
/// </summary>
public sealed partial class JsonablePatch<T>
{
    /// <summary>Whether <typeparamref name="T"/> has generated DataAnnotations validation (see <see cref="JsonableValidation"/>).</summary>
    private static readonly bool s_hasGeneratedValidation = typeof(IJsonableValidatable).IsAssignableFrom(typeof(T));

    /// <summary>
    /// Merges the patch into a copy of <paramref name="target"/> and validates the copy: with the app's
    /// <c>AddValidation()</c> when its resolvers know <typeparamref name="T"/>, else with the generated DataAnnotations
    /// validation. Nothing is copied for a type that has nothing to check.
    /// </summary>
    /// <exception cref="JsonableRequestException">400 with the errors keyed as a request body's are.</exception>
    private void ValidateMergedCopy(T target)
    {
        ValidationOptions? appValidation = _services?.GetService<IOptions<ValidationOptions>>()?.Value;
        IValidatableInfo? appInfo = null;
        if (appValidation?.TryGetValidatableTypeInfo(typeof(T), out appInfo) != true)
        {
            appInfo = null;
        }

        if ((!s_hasGeneratedValidation && appInfo is null) || !_info.CanWrite)
        {
            return;
        }

        T copy = Copy(target);
        _info.Merge(_document, Format, ref copy, _readerOptions);
        Dictionary<string, string[]>? errors = appInfo is not null
            ? AppValidationErrors(appInfo, appValidation!, copy)
            : JsonableValidation.Validate(copy, _services);
        if (errors is { Count: > 0 })
        {
            string message = errors.Count == 1 && errors.First().Value.Length == 1
                ? errors.First().Value[0]
                : $"The patched resource is not valid: {string.Join(", ", errors.Keys)}.";
            throw new JsonableRequestException(message, StatusCodes.Status400BadRequest, errors);
        }
    }

    /// <summary>A deep copy through the generated writer and reader (the members a patch can reach round-trip).</summary>
    private static T Copy(T target) =>
        target is null ? target : JsonableSerializer.Deserialize<T>(JsonableSerializer.SerializeToUtf8Bytes(target, JsonableFormat.Jmc1), JsonableFormat.Jmc1)!;

    /// <summary>
    /// Runs .NET 10's minimal-API validation on the merged copy, as it runs on a body parameter. Its validators complete
    /// synchronously unless an attribute is asynchronous, so waiting here costs nothing in practice; <c>ApplyTo</c> stays
    /// synchronous so it can run inside a store's transaction or retry loop.
    /// </summary>
    private Dictionary<string, string[]>? AppValidationErrors(IValidatableInfo info, ValidationOptions options, T copy)
    {
        var context = new ValidateContext
        {
            ValidationOptions = options,
            ValidationContext = new ValidationContext(copy!, typeof(T).Name, _services, items: null),
        };
        Task validation = info.ValidateAsync(copy, context, default);
        validation.GetAwaiter().GetResult();
        return context.ValidationErrors is { Count: > 0 } errors ? new Dictionary<string, string[]>(errors, StringComparer.Ordinal) : null;
    }
}
