using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator;

/// <summary>
/// <c>[JsonPolymorphic]</c> and <c>[JsonDerivedType]</c>: what System.Text.Json does with them when a value's declared
/// type is the attributed one, and the requirements Jsonable adds (each derived type generated too), as diagnostics at
/// the attribute.
/// </summary>
internal sealed partial class Parser
{
    /// <summary>STJ's discriminator member when <c>TypeDiscriminatorPropertyName</c> is not set.</summary>
    private const string DefaultDiscriminatorPropertyName = "$type";

    /// <summary>The exact reader a polymorphic type adds (Emitter.Polymorphism.cs), which a derived one hides with <c>new</c>.</summary>
    private const string ReadExactlyMethod = "__JsonableReadValueExactly";

    /// <summary>Whether the type carries [JsonPolymorphic] or [JsonDerivedType] (either makes it polymorphic in STJ).</summary>
    private bool IsPolymorphic(INamedTypeSymbol type) =>
        HasAttribute(type, _known.JsonPolymorphicAttribute) || HasAttribute(type, _known.JsonDerivedTypeAttribute);

    /// <summary>
    /// The type's polymorphism (null when it has none) and its diagnostics; <paramref name="hasDiscriminatorWriter"/>
    /// says whether some polymorphic type (an ancestor, or the type itself) lists this one with a discriminator, so that
    /// it needs a writer that puts the discriminator first.
    /// </summary>
    private PolymorphismModel? ParsePolymorphism(
        INamedTypeSymbol type,
        bool generateWriter,
        bool generateReader,
        List<MemberModel> members,
        List<DiagnosticInfo> diagnostics,
        out bool hasDiscriminatorWriter)
    {
        hasDiscriminatorWriter = ListsWithDiscriminator(type);
        bool inHierarchy = hasDiscriminatorWriter || AncestorsAndSelf(type).Any(IsPolymorphic);
        if (inHierarchy)
        {
            // STJ reserves names starting with '$' for metadata: it cannot read such a member back through the base.
            foreach (MemberModel member in members.Where(m => m.JsonName.StartsWith("$", System.StringComparison.Ordinal)))
            {
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.PolymorphicMetadataName, MemberLocation(type, member.ClrName) ?? type.Locations.FirstOrDefault(), member.ClrName, type.Name, member.JsonName));
            }

            // STJ refuses at run time a member whose name is a discriminator property's name; Jsonable says so at compile time.
            foreach (string discriminator in AncestorsAndSelf(type).Where(IsPolymorphic).Select(DiscriminatorPropertyName).Distinct())
            {
                foreach (MemberModel member in members.Where(m => string.Equals(m.JsonName, discriminator, System.StringComparison.OrdinalIgnoreCase)))
                {
                    diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.DiscriminatorNameConflict, MemberLocation(type, member.ClrName) ?? type.Locations.FirstOrDefault(), member.ClrName, type.Name, discriminator));
                }
            }
        }

        if (!IsPolymorphic(type))
        {
            return null;
        }

        Location? typeLocation = type.Locations.FirstOrDefault();
        if (type.TypeKind != TypeKind.Class || type.IsSealed || type.IsGenericType)
        {
            string what = type.TypeKind == TypeKind.Interface ? "an interface" : type.IsValueType ? "a struct" : type.IsSealed ? "sealed" : "generic";
            diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.PolymorphicBaseNotSupported, typeLocation, type.Name, what));
            return null;
        }

        string discriminatorName = DiscriminatorPropertyName(type);
        string unknownHandling = "FailSerialization";
        bool ignoreUnrecognized = false;
        if (FindAttribute(type, _known.JsonPolymorphicAttribute) is { } polymorphic)
        {
            foreach (KeyValuePair<string, TypedConstant> argument in polymorphic.NamedArguments)
            {
                switch (argument.Key)
                {
                    case "IgnoreUnrecognizedTypeDiscriminators" when argument.Value.Value is bool ignore:
                        ignoreUnrecognized = ignore;
                        break;
                    case "UnknownDerivedTypeHandling":
                        unknownHandling = EnumMemberName(_known.JsonUnknownDerivedTypeHandling, argument.Value.Value) ?? unknownHandling;
                        break;
                }
            }
        }

        var derivedTypes = new List<DerivedTypeModel>();
        var seenTypes = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        var seenDiscriminators = new HashSet<object>();
        foreach (AttributeData attribute in type.GetAttributes().Where(a => KnownTypeSymbols.Is(a.AttributeClass, _known.JsonDerivedTypeAttribute)))
        {
            Location? location = attribute.ApplicationSyntaxReference?.GetSyntax().GetLocation() ?? typeLocation;
            if (attribute.ConstructorArguments.FirstOrDefault().Value is not INamedTypeSymbol derived)
            {
                continue; // typeof(...) of something that does not bind: the compiler reports it
            }

            object? discriminator = attribute.ConstructorArguments.Length > 1 ? attribute.ConstructorArguments[1].Value : null;
            bool isBase = SymbolEqualityComparer.Default.Equals(derived, type);
            if (!isBase && !AncestorsAndSelf(derived).Skip(1).Contains(type, SymbolEqualityComparer.Default))
            {
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.DerivedTypeNotDerived, location, derived.ToDisplayString(), type.Name));
                continue;
            }

            if (derived.IsGenericType)
            {
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.PolymorphicBaseNotSupported, location, derived.ToDisplayString(), "generic"));
                continue;
            }

            if (!seenTypes.Add(derived) || (discriminator is not null && !seenDiscriminators.Add(discriminator)))
            {
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.DuplicateDerivedType, location, derived.ToDisplayString(), type.Name, discriminator is string s ? "\"" + s + "\"" : discriminator?.ToString() ?? "(none)"));
                continue;
            }

            bool canWrite = HasAttribute(derived, _known.ToJsonAttribute);
            bool canRead = HasAttribute(derived, _known.FromJsonAttribute);
            if ((generateWriter && !canWrite) || (generateReader && !canRead))
            {
                string needed = generateWriter && !canWrite && generateReader && !canRead ? "[ToJson, FromJson]" : generateWriter && !canWrite ? "[ToJson]" : "[FromJson]";
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.DerivedTypeNotGenerated, location, derived.ToDisplayString(), type.Name, needed));
                continue;
            }

            derivedTypes.Add(new DerivedTypeModel(
                FullyQualifiedName: derived.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat),
                StringDiscriminator: discriminator as string,
                IntDiscriminator: discriminator is int number ? number : 0,
                HasDiscriminator: discriminator is string or int,
                IsBase: isBase,
                IsPolymorphic: !isBase && IsPolymorphic(derived),
                Depth: AncestorsAndSelf(derived).Count(),
                CanWrite: canWrite,
                CanRead: canRead));
        }

        return new PolymorphismModel(discriminatorName, derivedTypes.ToEquatableArray(), unknownHandling, ignoreUnrecognized, type.IsAbstract);
    }

    private string DiscriminatorPropertyName(INamedTypeSymbol type) =>
        FindAttribute(type, _known.JsonPolymorphicAttribute)?.NamedArguments
            .Where(a => a.Key == "TypeDiscriminatorPropertyName" && a.Value.Value is string)
            .Select(a => (string)a.Value.Value!)
            .FirstOrDefault() ?? DefaultDiscriminatorPropertyName;

    /// <summary>Whether a polymorphic ancestor (or the type itself) lists <paramref name="type"/> with a discriminator.</summary>
    private bool ListsWithDiscriminator(INamedTypeSymbol type) =>
        AncestorsAndSelf(type).Any(b => b.GetAttributes().Any(a =>
            KnownTypeSymbols.Is(a.AttributeClass, _known.JsonDerivedTypeAttribute) &&
            a.ConstructorArguments.Length > 1 &&
            a.ConstructorArguments[1].Value is string or int &&
            SymbolEqualityComparer.Default.Equals(a.ConstructorArguments[0].Value as ITypeSymbol, type)));

    /// <summary>
    /// <c>__JsonableReadValueExactly</c> when a polymorphic base in this assembly declares it too: it takes only the
    /// reader, so the derived one hides it (the writers take the value, so theirs are overloads).
    /// </summary>
    private IEnumerable<string> InheritedPolymorphismMemberNames(INamedTypeSymbol type)
    {
        if (AncestorsAndSelf(type).Skip(1).Any(b =>
            SymbolEqualityComparer.Default.Equals(b.ContainingAssembly, type.ContainingAssembly) &&
            IsPolymorphic(b) &&
            HasAttribute(b, _known.FromJsonAttribute)))
        {
            yield return ReadExactlyMethod;
        }
    }

    private static IEnumerable<INamedTypeSymbol> AncestorsAndSelf(INamedTypeSymbol type)
    {
        for (INamedTypeSymbol? t = type; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
        {
            yield return t;
        }
    }

    private static string? EnumMemberName(INamedTypeSymbol? enumType, object? value) =>
        enumType?.GetMembers().OfType<IFieldSymbol>().FirstOrDefault(f => f.HasConstantValue && Equals(f.ConstantValue, value))?.Name;
}
