using Microsoft.CodeAnalysis;

namespace Jsonable.Generator;

/// <summary>
/// Jsonable.AspNetCore's generic wrappers and what each does with its type argument: a body is read, a patch merged
/// into, a result written. Resolved once per compilation; a wrapper the compilation cannot see is <see langword="null"/>.
/// </summary>
internal sealed class WrapperTypes
{
    private readonly INamedTypeSymbol? _body;
    private readonly INamedTypeSymbol? _patch;
    private readonly INamedTypeSymbol? _result;
    private readonly INamedTypeSymbol? _createdResult;
    private readonly INamedTypeSymbol? _membersResult;

    public WrapperTypes(KnownTypeSymbols known)
    {
        _body = known.JsonableBodyOfT;
        _patch = known.JsonablePatchOfT;
        _result = known.JsonableResultOfT;
        _createdResult = known.JsonableCreatedResultOfT;
        _membersResult = known.JsonableMembersResultOfT;
    }

    /// <summary>Whether the compilation sees none of them (it does not reference Jsonable.AspNetCore).</summary>
    public bool IsEmpty => _body is null && _patch is null && _result is null && _createdResult is null && _membersResult is null;

    /// <summary>Whether <paramref name="name"/> is the simple name of one of the wrappers (a cheap test before binding).</summary>
    public static bool IsWrapperName(string name) =>
        name is "JsonableBody" or "JsonablePatch" or "JsonableResult" or "JsonableCreatedResult" or "JsonableMembersResult";

    /// <summary>What <paramref name="definition"/> does with its type argument, or <see langword="null"/> when it is no wrapper.</summary>
    public JsonableUse? UseOf(INamedTypeSymbol definition) =>
        KnownTypeSymbols.Is(definition, _body) ? JsonableUse.Read
        : KnownTypeSymbols.Is(definition, _patch) ? JsonableUse.Merge
        : KnownTypeSymbols.Is(definition, _result) || KnownTypeSymbols.Is(definition, _createdResult) || KnownTypeSymbols.Is(definition, _membersResult) ? JsonableUse.Write
        : null;

    /// <summary>Whether <paramref name="type"/> is a wrapper or has one among its type arguments (<c>Task&lt;Results&lt;JsonableResult&lt;Order&gt;, NotFound&gt;&gt;</c>).</summary>
    public bool Mentions(ITypeSymbol? type, int depth = 0)
    {
        if (type is not INamedTypeSymbol { IsGenericType: true } named || depth > 8)
        {
            return false;
        }

        if (UseOf(named.OriginalDefinition) is not null)
        {
            return true;
        }

        foreach (ITypeSymbol argument in named.TypeArguments)
        {
            if (Mentions(argument, depth + 1))
            {
                return true;
            }
        }

        return false;
    }
}
