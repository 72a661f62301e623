using System;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator;

/// <summary>What a call does with the type it is given, which decides the attribute the type needs.</summary>
internal enum JsonableUse
{
    /// <summary>Written (<c>JsonableResults</c>, <c>JsonableSerializer.Serialize</c>): <c>[ToJson]</c>.</summary>
    Write,

    /// <summary>Read (<c>JsonableBody&lt;T&gt;</c>, <c>JsonableSerializer.Deserialize</c>): <c>[FromJson]</c>.</summary>
    Read,

    /// <summary>Merged into (<c>JsonablePatch&lt;T&gt;</c>): <c>[FromJson]</c> on the type itself, not a collection.</summary>
    Merge,
}

/// <summary>The answer of <see cref="CallSiteTypeCheck.Check(ITypeSymbol, JsonableUse)"/>: the type is served, or the descriptor and arguments to report.</summary>
internal readonly struct CallSiteVerdict(DiagnosticDescriptor? descriptor, string fix)
{
    public static CallSiteVerdict Served => default;

    /// <summary>What to report, or <see langword="null"/> when the registry will serve the type.</summary>
    public DiagnosticDescriptor? Descriptor { get; } = descriptor;

    /// <summary>
    /// The fix for <see cref="DiagnosticDescriptors.NotJsonableAtCallSite"/>; for
    /// <see cref="DiagnosticDescriptors.ClosedGenericNotNamedAtCallSite"/>, the closed type to name (perhaps the element of a collection).
    /// </summary>
    public string Fix { get; } = fix;
}

/// <summary>
/// Decides at compile time what <c>JsonableRegistry</c> decides at run time: whether a type handed to a Jsonable call
/// has generated code. Served are a type marked with the attribute the use needs, a root collection of such types
/// (<c>T[]</c>, the sequences and dictionaries of JsonableTypeLists.cs, <c>IAsyncEnumerable&lt;T&gt;</c> when written),
/// and a closed generic type whose definition is marked and which an <c>[assembly: JsonableType]</c> of this assembly
/// or of a referenced one names. Whatever cannot be known here (a type parameter, an error type) passes: the rule
/// warns only about a call that is sure to fail.
/// </summary>
internal sealed class CallSiteTypeCheck
{
    private const int MaxDepth = 8;

    /// <summary>Displays types as C# spells them in source (<c>ApiResponse&lt;Order&gt;</c>), so a fix can be pasted.</summary>
    private static readonly SymbolDisplayFormat s_display = SymbolDisplayFormat.MinimallyQualifiedFormat
        .RemoveMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    private readonly KnownTypeSymbols _known;
    private readonly Compilation _compilation;
    private readonly Lazy<ImmutableHashSet<ITypeSymbol>> _namedClosedGenerics;

    public CallSiteTypeCheck(KnownTypeSymbols known, Compilation compilation)
    {
        _known = known;
        _compilation = compilation;

        // Resolved here, on one thread: the analyzer's actions then only read them.
        _ = known.ToJsonAttribute;
        _ = known.FromJsonAttribute;
        _ = known.JsonableTypeAttribute;
        _ = known.IAsyncEnumerableOfT;
        _ = known.RootSequenceDefinitions;
        _ = known.RootDictionaryDefinitions;
        _ = known.RootDictionaryKeys;
        _namedClosedGenerics = new Lazy<ImmutableHashSet<ITypeSymbol>>(FindNamedClosedGenerics, LazyThreadSafetyMode.ExecutionAndPublication);
    }

    /// <summary>The display of <paramref name="type"/> used in messages.</summary>
    public static string Display(ITypeSymbol type) => type.ToDisplayString(s_display);

    /// <summary>Whether the registry will serve <paramref name="type"/> for <paramref name="use"/>, and if not, why.</summary>
    public CallSiteVerdict Check(ITypeSymbol type, JsonableUse use) => Check(type, use, depth: 0);

    private CallSiteVerdict Check(ITypeSymbol type, JsonableUse use, int depth)
    {
        if (depth > MaxDepth || type.TypeKind is TypeKind.Error or TypeKind.TypeParameter or TypeKind.Dynamic || ContainsTypeParameter(type))
        {
            return CallSiteVerdict.Served; // not knowable here
        }

        if (type is IArrayTypeSymbol array)
        {
            return array.IsSZArray && use != JsonableUse.Merge ? Check(array.ElementType, use, depth + 1) : NotJsonable(type, use);
        }

        if (type is not INamedTypeSymbol named)
        {
            return NotJsonable(type, use);
        }

        // Nullable<T> of a struct: left alone, the registry's handling of it is not this rule's question.
        if (named.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
        {
            return CallSiteVerdict.Served;
        }

        if (named.IsGenericType && use != JsonableUse.Merge)
        {
            INamedTypeSymbol definition = named.OriginalDefinition;
            ImmutableArray<ITypeSymbol> arguments = named.TypeArguments;
            if (arguments.Length == 1
                && (KnownTypeSymbols.IsAny(definition, _known.RootSequenceDefinitions) || (use == JsonableUse.Write && KnownTypeSymbols.Is(definition, _known.IAsyncEnumerableOfT))))
            {
                return Check(arguments[0], use, depth + 1);
            }

            if (arguments.Length == 2 && KnownTypeSymbols.IsAny(definition, _known.RootDictionaryDefinitions))
            {
                return KnownTypeSymbols.IsAny(arguments[0], _known.RootDictionaryKeys) || arguments[0].TypeKind == TypeKind.Error
                    ? Check(arguments[1], use, depth + 1)
                    : new CallSiteVerdict(DiagnosticDescriptors.NotJsonableAtCallSite, $"a dictionary is served with a key of type string, int, long or Guid, not '{Display(arguments[0])}'; change the key type");
            }
        }

        INamedTypeSymbol? attribute = use == JsonableUse.Write ? _known.ToJsonAttribute : _known.FromJsonAttribute;
        if (named.IsGenericType)
        {
            if (!HasAttribute(named.OriginalDefinition, attribute))
            {
                return NotJsonable(type, use);
            }

            return _namedClosedGenerics.Value.Contains(named)
                ? CallSiteVerdict.Served
                : new CallSiteVerdict(DiagnosticDescriptors.ClosedGenericNotNamedAtCallSite, Display(named));
        }

        return HasAttribute(named, attribute) ? CallSiteVerdict.Served : NotJsonable(type, use);
    }

    /// <summary>The fix for <paramref name="type"/>: the attribute to add where it can be added, otherwise a type of one's own.</summary>
    private static CallSiteVerdict NotJsonable(ITypeSymbol type, JsonableUse use)
    {
        string attribute = use == JsonableUse.Write ? "[ToJson]" : "[FromJson]";
        string fix;
        if (type.IsAnonymousType)
        {
            fix = $"declare a partial record marked {attribute} instead of the anonymous type";
        }
        else if (type is INamedTypeSymbol { TypeKind: TypeKind.Class or TypeKind.Struct } named && !named.DeclaringSyntaxReferences.IsEmpty)
        {
            fix = named.IsGenericType
                ? $"mark '{Display(named.OriginalDefinition)}' {attribute} and partial, and name the closed type with [assembly: JsonableType(typeof({Display(named)}))]"
                : $"mark '{Display(named)}' {attribute} and partial";
        }
        else if (type is IArrayTypeSymbol && use == JsonableUse.Merge)
        {
            fix = $"a merge patch applies to one object: use a type marked {attribute}";
        }
        else
        {
            fix = $"it cannot be marked {attribute} here: wrap it in a partial type of your own marked {attribute}";
        }

        return new CallSiteVerdict(DiagnosticDescriptors.NotJsonableAtCallSite, fix);
    }

    private static bool HasAttribute(INamedTypeSymbol type, INamedTypeSymbol? attribute) =>
        attribute is not null && type.GetAttributes().Any(a => KnownTypeSymbols.Is(a.AttributeClass, attribute));

    private static bool ContainsTypeParameter(ITypeSymbol type) => type switch
    {
        ITypeParameterSymbol => true,
        IArrayTypeSymbol array => ContainsTypeParameter(array.ElementType),
        INamedTypeSymbol named => named.TypeArguments.Any(ContainsTypeParameter),
        _ => false,
    };

    /// <summary>
    /// Every closed type an <c>[assembly: JsonableType(typeof(...))]</c> names, in this assembly and in the referenced
    /// assemblies that reference Jsonable (the registry asks them all at run time).
    /// </summary>
    private ImmutableHashSet<ITypeSymbol> FindNamedClosedGenerics()
    {
        ImmutableHashSet<ITypeSymbol>.Builder named = ImmutableHashSet.CreateBuilder<ITypeSymbol>(SymbolEqualityComparer.Default);
        INamedTypeSymbol? attribute = _known.JsonableTypeAttribute;
        if (attribute is null)
        {
            return named.ToImmutable();
        }

        IAssemblySymbol? runtime = attribute.ContainingAssembly;
        Add(_compilation.Assembly);
        foreach (IAssemblySymbol assembly in _compilation.SourceModule.ReferencedAssemblySymbols)
        {
            if (assembly.Modules.Any(m => m.ReferencedAssemblySymbols.Any(r => SymbolEqualityComparer.Default.Equals(r, runtime))))
            {
                Add(assembly);
            }
        }

        return named.ToImmutable();

        void Add(IAssemblySymbol assembly)
        {
            foreach (AttributeData data in assembly.GetAttributes())
            {
                if (KnownTypeSymbols.Is(data.AttributeClass, attribute) && data.ConstructorArguments.Length == 1 && data.ConstructorArguments[0].Value is ITypeSymbol type)
                {
                    named.Add(type);
                }
            }
        }
    }
}
