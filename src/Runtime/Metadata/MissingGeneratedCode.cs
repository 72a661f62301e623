using System;
using System.ComponentModel;
using System.Linq;
using Jsonable.Internal;

namespace Jsonable.Metadata;

/// <summary>
/// Words the error for a type Jsonable has no generated code for, in one place, so that every entry point (the
/// serializer, the HTTP client, the ASP.NET Core results and body binding) tells the user the same thing. A type that
/// is marked <c>[ToJson]</c>/<c>[FromJson]</c> and still unknown to the registry means the generator did not run for
/// its assembly (the project references Jsonable.Runtime, or a library, but not the Jsonable package): "mark it
/// [ToJson]" would be advice that cannot be followed, so the message names the type, its assembly and the package.
/// The registry's other explanations (a closed generic no assembly lists, an unsupported root dictionary key) are here
/// too, behind <see cref="JsonableRegistry.ExplainNotFound"/>. Public for Jsonable's own packages (Jsonable.AspNetCore
/// words its errors with it); not for application code.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class MissingGeneratedCode
{
    /// <summary>
    /// The message for <paramref name="type"/>, which Jsonable cannot serve: the generator's absence when
    /// <paramref name="type"/> (or the element of a collection of it) is marked but has no generated code, else the
    /// registry's explanation (<see cref="JsonableRegistry.ExplainNotFound"/>), otherwise
    /// <paramref name="type"/> followed by <paramref name="advice"/> (what the caller would say, e.g. "is not a
    /// Jsonable type: mark it [ToJson] (and partial).").
    /// </summary>
    /// <returns>The message, naming the type and what to do.</returns>
    /// <param name="type">The type asked for.</param>
    /// <param name="advice">The rest of the message for a type that is simply not marked.</param>
    public static string Explain(Type type, string advice)
    {
        Type? marked = FindMarkedWithoutCode(type, depth: 0);
        if (marked is null)
        {
            // Not a generator that did not run: the registry may know why (a closed generic not named by
            // [JsonableType], a root dictionary key it does not take), else the caller's advice.
            return JsonableRegistry.ExplainNotFound(type) ?? $"{type} {advice}";
        }

        string attributes = marked.IsDefined(typeof(ToJsonAttribute), inherit: false)
            ? marked.IsDefined(typeof(FromJsonAttribute), inherit: false) ? "[ToJson]/[FromJson]" : "[ToJson]"
            : "[FromJson]";
        string assembly = marked.Assembly.GetName().Name ?? marked.Assembly.FullName ?? "?";
        string prefix = marked == type ? string.Empty : $"{type}: ";
        return $"{prefix}{marked} is marked {attributes} but has no generated code: the Jsonable generator did not run for its "
            + $"assembly '{assembly}'. Reference the Jsonable package (Jsonable.AspNetCore brings it) in the project that builds '{assembly}'.";
    }

    /// <summary>
    /// <paramref name="type"/> itself, or the element or type argument of a collection of it, that is marked
    /// <c>[ToJson]</c>/<c>[FromJson]</c> and yet has no generated code (its assembly was built without the generator);
    /// <see langword="null"/> otherwise. The System.Text.Json resolver asks it to tell its host that the generated code the
    /// user meant is not what serves such a type.
    /// </summary>
    internal static Type? FindMarkedWithoutCode(Type type) => FindMarkedWithoutCode(type, depth: 0);

    /// <summary>
    /// <paramref name="type"/> itself, or the element or type argument of a collection of it, that is marked and yet
    /// unknown to the registry. A constructed generic type is looked at through its arguments only: its definition
    /// being marked is a question of generic types, not of a generator that did not run.
    /// </summary>
    private static Type? FindMarkedWithoutCode(Type type, int depth)
    {
        if (depth > 4)
        {
            return null;
        }

        if (type.IsArray)
        {
            return type.GetElementType() is { } element ? FindMarkedWithoutCode(element, depth + 1) : null;
        }

        if (type.IsGenericType)
        {
            foreach (Type argument in type.GetGenericArguments())
            {
                if (FindMarkedWithoutCode(argument, depth + 1) is { } marked)
                {
                    return marked;
                }
            }

            return null;
        }

        return IsMarked(type) && !JsonableRegistry.TryGetTypeInfo(type, out _) ? type : null;
    }

    /// <summary>Whether a type (or generic type definition) carries <c>[ToJson]</c> or <c>[FromJson]</c> itself.</summary>
    private static bool IsMarked(Type type) =>
        type.IsDefined(typeof(ToJsonAttribute), inherit: false) || type.IsDefined(typeof(FromJsonAttribute), inherit: false);

    /// <summary>
    /// Why the registry has no info for <paramref name="type"/> (<see cref="JsonableRegistry.ExplainNotFound"/>): a root
    /// dictionary whose key is not one of <see cref="JsonableTypeLists.RootDictionaryKeys"/>, a collection of a type that
    /// is not found, or a closed generic type of a marked definition that no assembly lists; null for any other type.
    /// </summary>
    internal static string? ExplainNotFound(Type type)
    {
        if (JsonableRegistry.ElementOf(type) is { } element)
        {
            if (type.IsConstructedGenericType && type.GenericTypeArguments.Length == 2 && !JsonableRegistry.IsListed(type.GenericTypeArguments[0], JsonableTypeLists.RootDictionaryKeys))
            {
                return $"{CSharpName(type)} is not supported as a root value: a root dictionary's key must be string, int, long or Guid.";
            }

            return JsonableRegistry.TryGetTypeInfo(element, out _) ? null : ExplainNotFound(element) is { } why ? $"{CSharpName(type)}: {why}" : null;
        }

        if (type.IsConstructedGenericType && IsMarked(type.GetGenericTypeDefinition()))
        {
            return $"{CSharpName(type)} is a closed generic type that no assembly lists: add [assembly: JsonableType(typeof({CSharpName(type)}))] " +
                "(namespace Jsonable) to the assembly that uses it, so that the generator registers it.";
        }

        return null;
    }

    /// <summary>A type as C# names it (<c>Page&lt;Product&gt;</c>), for messages a user can paste.</summary>
    internal static string CSharpName(Type type)
    {
        if (type.IsSZArray)
        {
            return CSharpName(type.GetElementType()!) + "[]";
        }

        if (!type.IsConstructedGenericType)
        {
            return type.Name;
        }

        string name = type.Name;
        int tick = name.IndexOf('`', StringComparison.Ordinal);
        return (tick < 0 ? name : name[..tick]) + "<" + string.Join(", ", type.GenericTypeArguments.Select(CSharpName)) + ">";
    }
}
