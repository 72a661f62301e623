using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;
using Jsonable.Internal;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator;

/// <summary>
/// Member types: how each C# type is written and read (<see cref="TypeShape"/>), or why it cannot be; enums and their
/// names.
/// </summary>
internal sealed partial class Parser
{
    // Enum names System.Text.Json refuses, found while resolving a member's type (ParseEnum) and reported at that member.
    private readonly List<RefusedEnumMember> _refusedEnumNames = new();

    /// <summary>Maps a member type to a shape, or explains why it cannot.</summary>
    private TypeShape? ResolveShape(ITypeSymbol type, bool forWrite, bool forRead, out string? why, out string? direction, bool enumAsString = false, int numberHandling = TypeShape.WebNumberHandling)
    {
        why = null;
        direction = null;
        string name = type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        ShapeKind? primitive = type.SpecialType switch
        {
            SpecialType.System_Boolean => ShapeKind.Boolean,
            SpecialType.System_SByte => ShapeKind.SByte,
            SpecialType.System_Byte => ShapeKind.Byte,
            SpecialType.System_Int16 => ShapeKind.Int16,
            SpecialType.System_UInt16 => ShapeKind.UInt16,
            SpecialType.System_Int32 => ShapeKind.Int32,
            SpecialType.System_UInt32 => ShapeKind.UInt32,
            SpecialType.System_Int64 => ShapeKind.Int64,
            SpecialType.System_UInt64 => ShapeKind.UInt64,
            SpecialType.System_Single => ShapeKind.Single,
            SpecialType.System_Double => ShapeKind.Double,
            SpecialType.System_String => ShapeKind.String,
            SpecialType.System_Decimal => ShapeKind.Decimal,
            SpecialType.System_Char => ShapeKind.Char,
            SpecialType.System_DateTime => ShapeKind.DateTime,
            _ when KnownTypeSymbols.Is(type, _known.DateTimeOffset) => ShapeKind.DateTimeOffset,
            _ when KnownTypeSymbols.Is(type, _known.DateOnly) => ShapeKind.DateOnly,
            _ when KnownTypeSymbols.Is(type, _known.TimeOnly) => ShapeKind.TimeOnly,
            _ when KnownTypeSymbols.Is(type, _known.TimeSpan) => ShapeKind.TimeSpan,
            _ when KnownTypeSymbols.Is(type, _known.Guid) => ShapeKind.Guid,
            _ when KnownTypeSymbols.Is(type, _known.Uri) => ShapeKind.Uri,
            _ => null,
        };
        if (primitive is { } kind)
        {
            var primitiveShape = new TypeShape(kind, name, null, null, type.IsValueType);
            return primitiveShape.IsNumber ? primitiveShape with { NumberHandling = numberHandling } : primitiveShape;
        }

        if (type is IArrayTypeSymbol array)
        {
            if (array.Rank != 1)
            {
                why = "multi-dimensional arrays are not supported; use a jagged array (T[][])";
                return null;
            }

            if (array.ElementType.SpecialType == SpecialType.System_Byte)
            {
                return new TypeShape(ShapeKind.ByteArray, name, null, null, false);
            }

            return Wrap(ShapeKind.Array, array.ElementType, null, out why, out direction);
        }

        if (type.TypeKind == TypeKind.Enum && type is INamedTypeSymbol { EnumUnderlyingType: { } underlying } enumType)
        {
            if (FindAttribute(enumType, _known.JsonConverterAttribute) is { } converter && !IsStringEnumConverter(converter))
            {
                why = $"its [JsonConverter(typeof({ConverterName(converter)}))] is not supported; Jsonable honours only JsonStringEnumConverter on enums";
                return null;
            }

            // STJ applies no number handling to enums: their numbers are always read and written strictly.
            TypeShape? inner = ResolveShape(underlying, forWrite, forRead, out why, out direction, numberHandling: TypeShape.StrictNumberHandling);
            return inner is null ? null : new TypeShape(ShapeKind.Enum, name, inner, null, true, Enum: ParseEnum(enumType, HasStringEnumConverter(enumType), enumAsString));
        }

        if (type is ITypeParameterSymbol typeParameter)
        {
            // T of the generic type being generated: which T is allowed is checked where [JsonableType] names it.
            return new TypeShape(ShapeKind.TypeParameter, EscapeIdentifier(typeParameter.Name), null, null, typeParameter.IsValueType);
        }

        if (type is not INamedTypeSymbol named)
        {
            why = "only concrete types are supported";
            return null;
        }

        if (named.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
        {
            TypeShape? inner = ResolveShape(named.TypeArguments[0], forWrite, forRead, out why, out direction, enumAsString, numberHandling);
            return inner is null ? null : new TypeShape(ShapeKind.Nullable, name, inner, null, true);
        }

        if (named.IsGenericType)
        {
            INamedTypeSymbol definition = named.OriginalDefinition;
            bool isDictionary = KnownTypeSymbols.Is(definition, _known.DictionaryOfTKeyTValue);
            if (KnownTypeSymbols.Is(definition, _known.ListOfT))
            {
                return Wrap(ShapeKind.List, named.TypeArguments[0], null, out why, out direction);
            }

            if (KnownTypeSymbols.Is(definition, _known.HashSetOfT))
            {
                return Wrap(ShapeKind.HashSet, named.TypeArguments[0], null, out why, out direction);
            }

            if (definition.SpecialType is SpecialType.System_Collections_Generic_IList_T
                or SpecialType.System_Collections_Generic_ICollection_T
                or SpecialType.System_Collections_Generic_IEnumerable_T
                or SpecialType.System_Collections_Generic_IReadOnlyList_T
                or SpecialType.System_Collections_Generic_IReadOnlyCollection_T)
            {
                return Wrap(ShapeKind.CollectionInterface, named.TypeArguments[0], named.Name, out why, out direction);
            }

            if (isDictionary
                || KnownTypeSymbols.Is(definition, _known.IDictionaryOfTKeyTValue)
                || KnownTypeSymbols.Is(definition, _known.IReadOnlyDictionaryOfTKeyTValue))
            {
                TypeShape? key = ResolveShape(named.TypeArguments[0], forWrite, forRead, out why, out direction);
                if (key is null || key.Kind is not (ShapeKind.String or ShapeKind.SByte or ShapeKind.Byte or ShapeKind.Int16 or ShapeKind.UInt16
                    or ShapeKind.Int32 or ShapeKind.UInt32 or ShapeKind.Int64 or ShapeKind.UInt64 or ShapeKind.Enum or ShapeKind.Guid))
                {
                    why = "dictionary keys must be string, an integer type, an enum or Guid";
                    direction = null;
                    return null;
                }

                TypeShape? value = ResolveShape(named.TypeArguments[1], forWrite, forRead, out why, out direction, numberHandling: numberHandling);
                return value is null
                    ? null
                    : new TypeShape(
                        isDictionary ? ShapeKind.Dictionary : ShapeKind.DictionaryInterface,
                        name,
                        value,
                        named.Name,
                        false,
                        DictionaryKey: key);
            }
        }

        bool writable = HasAttribute(named, _known.ToJsonAttribute);
        bool readable = HasAttribute(named, _known.FromJsonAttribute);
        if (writable || readable)
        {
            if (forWrite && !writable)
            {
                direction = "write";
                why = $"'{named.Name}' is not marked [ToJson]";
                return null;
            }

            if (forRead && !readable)
            {
                direction = "read";
                why = $"'{named.Name}' is not marked [FromJson]";
                return null;
            }

            // A closed generic member (Page<Customer>) reads and writes Customer through the registry: check it here.
            if (named.IsGenericType && JsonableTypeParser.WhyNotTypeArguments(named, _known, named.ContainingAssembly, forWrite, forRead) is { } argumentWhy)
            {
                why = argumentWhy;
                return null;
            }

            return new TypeShape(ShapeKind.Generated, name, null, null, named.IsValueType, HoldsCollections: !named.IsGenericType && HoldsCollections(named, new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default)));
        }

        why = "it is neither a supported built-in type nor a type marked [ToJson]/[FromJson]";
        return null;

        TypeShape? Wrap(ShapeKind wrapperKind, ITypeSymbol elementType, string? interfaceName, out string? reason, out string? dir)
        {
            TypeShape? element = ResolveShape(elementType, forWrite, forRead, out reason, out dir, numberHandling: numberHandling);
            return element is null ? null : new TypeShape(wrapperKind, name, element, interfaceName, type.IsValueType);
        }
    }

    /// <summary>
    /// Whether a <c>[ToJson]</c> type has a public instance property or field that is a collection or dictionary (any
    /// <c>IEnumerable</c> but <c>string</c> and <c>byte[]</c>), or a <c>[ToJson]</c> type that does.
    /// </summary>
    private bool HoldsCollections(INamedTypeSymbol type, HashSet<ITypeSymbol> visited)
    {
        if (!visited.Add(type) || !HasAttribute(type, _known.ToJsonAttribute))
        {
            return false;
        }

        for (INamedTypeSymbol? current = type; current is not null && current.SpecialType != SpecialType.System_Object; current = current.BaseType)
        {
            foreach (ISymbol member in current.GetMembers())
            {
                ITypeSymbol? memberType = member switch
                {
                    IPropertySymbol { IsStatic: false, IsIndexer: false, DeclaredAccessibility: Accessibility.Public } property => property.Type,
                    IFieldSymbol { IsStatic: false, DeclaredAccessibility: Accessibility.Public } field => field.Type,
                    _ => null,
                };
                if (memberType is null)
                {
                    continue;
                }

                if (memberType is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
                {
                    memberType = nullable.TypeArguments[0];
                }

                bool isCollection = memberType is IArrayTypeSymbol { ElementType.SpecialType: not SpecialType.System_Byte }
                    || (memberType.SpecialType != SpecialType.System_String
                        && memberType is not IArrayTypeSymbol
                        && (memberType.SpecialType == SpecialType.System_Collections_IEnumerable
                            || memberType.AllInterfaces.Any(i => i.SpecialType == SpecialType.System_Collections_IEnumerable)));
                if (isCollection || (memberType is INamedTypeSymbol { IsGenericType: false } named && HoldsCollections(named, visited)))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private EnumModel ParseEnum(INamedTypeSymbol enumType, bool byType, bool byMember)
    {
        var members = new List<EnumMemberModel>();
        bool isFlags = HasAttribute(enumType, _known.FlagsAttribute);
        foreach (IFieldSymbol field in enumType.GetMembers().OfType<IFieldSymbol>())
        {
            if (!field.HasConstantValue)
            {
                continue;
            }

            AttributeData? nameAttribute = FindAttribute(field, _known.JsonStringEnumMemberNameAttribute);
            string? customName = nameAttribute?.ConstructorArguments.FirstOrDefault().Value as string;
            if (nameAttribute is { ConstructorArguments.Length: 1 } && EnumNameRules.Refusal(customName, isFlags) is { } reason)
            {
                _refusedEnumNames.Add(new RefusedEnumMember(field, customName, reason, isFlags));
            }

            members.Add(new EnumMemberModel(EscapeIdentifier(field.Name), customName ?? field.Name, customName is not null));
        }

        return new EnumModel(byType, byMember, isFlags, members.ToEquatableArray());
    }

    /// <summary>
    /// Reports the refused enum names (JSONABLE043) that resolving <paramref name="member"/>'s type came across: at the
    /// enum member when it is in source, else at <paramref name="member"/>; once per enum member in a type.
    /// </summary>
    private void ReportRefusedEnumNames(ISymbol member, List<DiagnosticInfo> diagnostics)
    {
        foreach (RefusedEnumMember refused in _refusedEnumNames)
        {
            Location? location = refused.Field.Locations.FirstOrDefault(l => l.IsInSource) ?? member.Locations.FirstOrDefault();
            DiagnosticInfo diagnostic = DiagnosticInfo.Create(
                DiagnosticDescriptors.RefusedEnumMemberName,
                location,
                refused.Field.ContainingType.Name + "." + refused.Field.Name,
                refused.Name is null ? "null" : NameEncoding.CSharpLiteral(refused.Name),
                refused.Reason,
                refused.IsFlags ? ", without commas in a [Flags] enum" : string.Empty);
            if (!diagnostics.Contains(diagnostic))
            {
                diagnostics.Add(diagnostic);
            }
        }

        _refusedEnumNames.Clear();
    }

    private readonly record struct RefusedEnumMember(IFieldSymbol Field, string? Name, string Reason, bool IsFlags);

    /// <summary>Whether STJ's <c>[JsonConverter(typeof(JsonStringEnumConverter))]</c> (or its generic form) is on the symbol.</summary>
    private bool HasStringEnumConverter(ISymbol symbol) =>
        FindAttribute(symbol, _known.JsonConverterAttribute) is { } converter && IsStringEnumConverter(converter);
}
