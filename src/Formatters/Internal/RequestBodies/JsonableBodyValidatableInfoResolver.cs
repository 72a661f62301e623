using System;
using System.Collections;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Http;
using Microsoft.Extensions.Validation;

#pragma warning disable ASP0029 // Microsoft.Extensions.Validation's resolver API is marked experimental in .NET 10.

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Makes minimal-API validation (<c>AddValidation()</c>) see through <see cref="JsonableBody{T}"/>: the body's value is
/// validated as a plain <c>T</c> body parameter is, so error keys are the members' names (<c>Name</c>,
/// <c>ShipTo.City</c>, <c>items[0].Name</c>) — not <c>Value.Name</c>, which is what validating the wrapper as an
/// ordinary type with a <c>Value</c> property gives.
/// </summary>
internal sealed class JsonableBodyValidatableInfoResolver : IValidatableInfoResolver
{
    public bool TryGetValidatableTypeInfo(Type type, [NotNullWhen(true)] out IValidatableInfo? validatableInfo)
    {
        // A JsonableBody reached as a value (not as a parameter): validate what it holds, under the current path.
        validatableInfo = IsJsonableBody(type) ? new JsonableBodyValidatableInfo(name: null) : null;
        return validatableInfo is not null;
    }

    public bool TryGetValidatableParameterInfo(ParameterInfo parameterInfo, [NotNullWhen(true)] out IValidatableInfo? validatableInfo)
    {
        ArgumentNullException.ThrowIfNull(parameterInfo);
        validatableInfo = IsJsonableBody(parameterInfo.ParameterType) ? new JsonableBodyValidatableInfo(parameterInfo.Name) : null;
        return validatableInfo is not null;
    }

    private static bool IsJsonableBody(Type type) => type.IsGenericType && type.GetGenericTypeDefinition() == typeof(JsonableBody<>);

    /// <summary>Validates the body's value as ASP.NET Core validates a body parameter of the value's own type.</summary>
    private sealed class JsonableBodyValidatableInfo(string? name) : IValidatableInfo
    {
        public async Task ValidateAsync(object? value, ValidateContext context, CancellationToken cancellationToken)
        {
            if (value is not IJsonableBody { BoxedValue: { } body })
            {
                return; // a missing or null body is a 400 from binding already
            }

            if (body is IEnumerable items && body is not string && name is not null)
            {
                // As for a collection parameter: each element under "name[index]".
                string prefix = context.CurrentValidationPath;
                int index = 0;
                foreach (object? item in items)
                {
                    if (item is not null && context.ValidationOptions.TryGetValidatableTypeInfo(item.GetType(), out IValidatableInfo? itemInfo))
                    {
                        context.CurrentValidationPath = string.IsNullOrEmpty(prefix) ? $"{name}[{index}]" : $"{prefix}.{name}[{index}]";
                        await itemInfo.ValidateAsync(item, context, cancellationToken).ConfigureAwait(false);
                    }

                    index++;
                }

                context.CurrentValidationPath = prefix;
                return;
            }

            if (context.ValidationOptions.TryGetValidatableTypeInfo(body.GetType(), out IValidatableInfo? info))
            {
                await info.ValidateAsync(body, context, cancellationToken).ConfigureAwait(false);
            }
        }
    }
}
