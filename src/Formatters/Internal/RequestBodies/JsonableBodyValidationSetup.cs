using System;
using System.Linq;
using Jsonable.AspNetCore.Http;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Validation;

#pragma warning disable ASP0029 // Microsoft.Extensions.Validation's resolver API is marked experimental in .NET 10.

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Puts <see cref="JsonableBodyValidatableInfoResolver"/> first, after every other configuration (the resolver
/// <c>AddValidation()</c> generates included), so it answers for <see cref="JsonableBody{T}"/> before the generated one.
/// </summary>
internal sealed class JsonableBodyValidationSetup : IPostConfigureOptions<ValidationOptions>
{
    public void PostConfigure(string? name, ValidationOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        if (!options.Resolvers.Any(resolver => resolver is JsonableBodyValidatableInfoResolver))
        {
            options.Resolvers.Insert(0, new JsonableBodyValidatableInfoResolver());
        }
    }
}
