using System;
using System.Collections;
using System.Collections.Generic;
using System.ComponentModel.DataAnnotations;
using System.Reflection;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>
/// DataAnnotations validation of a generated type's instance, walked by generated code (<see cref="IJsonableValidatable"/>):
/// each member's <see cref="ValidationAttribute"/>s, then nested generated objects and collections of them, then
/// <see cref="IValidatableObject"/> and type-level attributes when the members passed. Errors are keyed as ASP.NET
/// Core keys a body's (<c>Name</c>, <c>ShipTo.City</c>, <c>Lines[1].Sku</c>): the C# names, dotted and indexed.
/// </summary>
public sealed class JsonableValidation
{
    private const int MaxDepth = 64;
    private readonly Dictionary<string, List<string>> _errors = new(StringComparer.Ordinal);
    private readonly IServiceProvider? _services;
    private string _prefix = string.Empty;
    private int _depth;

    private JsonableValidation(IServiceProvider? services) => _services = services;

    /// <summary>The number of errors found so far.</summary>
    public int ErrorCount { get; private set; }

    /// <summary>
    /// Validates <paramref name="value"/> when its type is a generated type that validates (otherwise there is nothing
    /// to check) and returns its errors by key, or <see langword="null"/> when it is valid.
    /// </summary>
    /// <param name="value">The instance.</param>
    /// <param name="services">Services for validation attributes that ask for them (<see cref="ValidationContext.GetService"/>).</param>
    /// <returns>The errors by key, or <see langword="null"/>.</returns>
    public static Dictionary<string, string[]>? Validate(object? value, IServiceProvider? services = null)
    {
        if (value is not IJsonableValidatable validatable)
        {
            return null;
        }

        var validation = new JsonableValidation(services);
        validatable.ValidateJsonable(validation);
        if (validation.ErrorCount == 0)
        {
            return null;
        }

        var errors = new Dictionary<string, string[]>(validation._errors.Count, StringComparer.Ordinal);
        foreach (KeyValuePair<string, List<string>> error in validation._errors)
        {
            errors[error.Key] = error.Value.ToArray();
        }

        return errors;
    }

    /// <summary>The validation attributes of a property or field, looked up once per member by generated code.</summary>
    /// <param name="member">The property or field (from <c>typeof(T).GetProperty(name, flags)</c>, which trimming keeps).</param>
    /// <returns>Its <see cref="ValidationAttribute"/>s.</returns>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public static ValidationAttribute[] AttributesOf(MemberInfo? member)
    {
        if (member is null)
        {
            return [];
        }

        Attribute[] found = Attribute.GetCustomAttributes(member, typeof(ValidationAttribute), inherit: true);
        var attributes = new ValidationAttribute[found.Length];
        for (int i = 0; i < found.Length; i++)
        {
            attributes[i] = (ValidationAttribute)found[i];
        }

        return attributes;
    }

    /// <summary>Checks one member's value against its attributes (as MVC and minimal-API validation do: all of them, <c>[Required]</c> first).</summary>
    /// <param name="instance">The object that holds the member.</param>
    /// <param name="value">The member's value.</param>
    /// <param name="name">The member's C# name (the error key and the display name).</param>
    /// <param name="attributes">Its attributes (<see cref="AttributesOf"/>).</param>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public void Member(object instance, object? value, string name, ValidationAttribute[] attributes)
    {
        ArgumentNullException.ThrowIfNull(instance);
        ArgumentNullException.ThrowIfNull(attributes);
        var context = new ValidationContext(instance, name, _services, items: null) { MemberName = name };
        foreach (ValidationAttribute attribute in attributes)
        {
            if (attribute is RequiredAttribute required && required.GetValidationResult(value, context) is { } missing)
            {
                Add(missing, name);
                return; // a missing value fails nothing else usefully (MVC stops here too)
            }
        }

        foreach (ValidationAttribute attribute in attributes)
        {
            if (attribute is not RequiredAttribute && attribute.GetValidationResult(value, context) is { } result)
            {
                Add(result, name);
            }
        }
    }

    /// <summary>Validates a member's value that is, or holds, generated objects: a nested object, or a collection or dictionary of them.</summary>
    /// <param name="value">The member's value.</param>
    /// <param name="name">The member's C# name.</param>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public void Nested(object? value, string name) => Descend(value, Join(_prefix, name));

    /// <summary>After the members: <see cref="IValidatableObject.Validate"/> and type-level attributes, only when the members passed (as MVC does).</summary>
    /// <param name="instance">The object.</param>
    /// <param name="errorsBefore">The <see cref="ErrorCount"/> before its members were checked.</param>
    /// <param name="typeAttributes">Its type-level validation attributes.</param>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public void Object(object instance, int errorsBefore, ValidationAttribute[] typeAttributes)
    {
        ArgumentNullException.ThrowIfNull(instance);
        ArgumentNullException.ThrowIfNull(typeAttributes);
        if (ErrorCount != errorsBefore)
        {
            return;
        }

        var context = new ValidationContext(instance, instance.GetType().Name, _services, items: null);
        foreach (ValidationAttribute attribute in typeAttributes)
        {
            if (attribute.GetValidationResult(instance, context) is { } result)
            {
                Add(result, null);
            }
        }

        if (instance is IValidatableObject validatable)
        {
            foreach (ValidationResult? result in validatable.Validate(context))
            {
                if (result is not null && result != ValidationResult.Success)
                {
                    Add(result, null);
                }
            }
        }
    }

    private void Descend(object? value, string path)
    {
        if (value is null || value is string || _depth >= MaxDepth)
        {
            return;
        }

        string outer = _prefix;
        _depth++;
        try
        {
            if (value is IJsonableValidatable validatable)
            {
                _prefix = path;
                validatable.ValidateJsonable(this);
            }
            else if (value is IDictionary dictionary)
            {
                foreach (DictionaryEntry entry in dictionary)
                {
                    Descend(entry.Value, $"{path}[{entry.Key}]");
                }
            }
            else if (value is IEnumerable items)
            {
                int index = 0;
                foreach (object? item in items)
                {
                    Descend(item, $"{path}[{index++}]");
                }
            }
        }
        finally
        {
            _prefix = outer;
            _depth--;
        }
    }

    private void Add(ValidationResult result, string? member)
    {
        bool any = false;
        foreach (string name in result.MemberNames)
        {
            AddError(Join(_prefix, name), result.ErrorMessage);
            any = true;
        }

        if (!any)
        {
            AddError(member is null ? _prefix : Join(_prefix, member), result.ErrorMessage);
        }
    }

    private void AddError(string key, string? message)
    {
        if (!_errors.TryGetValue(key, out List<string>? list))
        {
            _errors[key] = list = [];
        }

        list.Add(message ?? $"The {key} field is invalid.");
        ErrorCount++;
    }

    private static string Join(string prefix, string name) =>
        prefix.Length == 0 ? name : name.Length == 0 ? prefix : prefix + "." + name;
}
