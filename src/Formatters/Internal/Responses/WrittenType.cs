using System;
using System.Collections.Concurrent;
using System.Text.Json.Serialization;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Which type a response value is written as, as System.Text.Json's MVC formatter and minimal APIs' results choose it:
/// the declared type when the value is exactly of it or when the declared type fixes the shape (sealed, a value type,
/// or polymorphic — <c>[JsonPolymorphic]</c>/<c>[JsonDerivedType]</c>, whose writer writes the discriminator); otherwise
/// the value's runtime type, so an action declared <c>ActionResult&lt;Base&gt;</c> that returns a <c>Derived</c> writes
/// the derived members too, and one declared <c>object</c> writes what it returns.
/// </summary>
internal static class WrittenType
{
    // Attribute lookups are reflection: done once per declared type, and only when a value's type differs from it.
    private static readonly ConcurrentDictionary<Type, bool> s_polymorphic = new();

    /// <summary>The type <paramref name="value"/> is written as when <paramref name="declared"/> is what the endpoint declares.</summary>
    public static Type Of(Type? declared, object? value)
    {
        Type? runtime = value?.GetType();
        if (runtime is null)
        {
            return declared ?? typeof(object);
        }

        return declared is null || runtime == declared || !FixesShape(declared) ? runtime : declared;
    }

    /// <summary>
    /// The Jsonable writer for <paramref name="value"/> (<see cref="Of"/>), or <see langword="null"/> when the type it is
    /// written as is not a Jsonable type, which is then left to System.Text.Json as any other type is.
    /// </summary>
    public static JsonableTypeInfo? InfoOf(Type? declared, object? value)
    {
        Type type = Of(declared, value);
        if (JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) && info.CanWrite)
        {
            return info;
        }

        // A runtime type the registry does not know behind a declared collection (a LINQ iterator behind
        // IEnumerable<Order>): the declared collection's writer writes the same elements, as System.Text.Json does.
        return type != declared && declared is not null
            && JsonableRegistry.TryGetTypeInfo(declared, out info) && info.CanWrite && !info.IsObject
            ? info
            : null;
    }

    private static bool FixesShape(Type declared) =>
        declared.IsSealed || declared.IsValueType || s_polymorphic.GetOrAdd(declared, static type =>
            type.IsDefined(typeof(JsonPolymorphicAttribute), inherit: false) || type.IsDefined(typeof(JsonDerivedTypeAttribute), inherit: false));
}
