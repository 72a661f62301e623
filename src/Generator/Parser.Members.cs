using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator;

/// <summary>
/// Which members of a type are serialized and how: properties and <c>[JsonInclude]</c> fields in STJ's order, the STJ
/// member attributes (names, ignore conditions, number handling, extension data, unmapped members) and the diagnostics
/// for those Jsonable cannot honour.
/// </summary>
internal sealed partial class Parser
{
    private List<MemberModel> ParseMembers(INamedTypeSymbol type, bool generateWriter, bool generateReader, List<DiagnosticInfo> diagnostics, out string? extensionData, out List<IgnoredMemberModel> ignored)
    {
        extensionData = null;
        ignored = new List<IgnoredMemberModel>();

        // As STJ orders them: the type's own members first, then its base's, each in declaration order; an override (or a
        // member hidden with `new`) takes the place of the most derived declaration.
        var chain = new List<INamedTypeSymbol>();
        for (INamedTypeSymbol? t = type; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
        {
            chain.Add(t);
        }

        // Properties: public ones, and others marked [JsonInclude]. Fields: only those marked [JsonInclude], as STJ
        // (IncludeFields is off in the web defaults); generated code lives inside the type, so non-public ones are
        // reachable, as STJ's reflection serializer (what MVC uses) reaches them.
        var ordered = new List<ISymbol>();
        var indexByName = new Dictionary<string, int>();
        foreach (INamedTypeSymbol t in chain)
        {
            // STJ lists a type's properties before its fields (each in declaration order).
            foreach (ISymbol candidate in t.GetMembers().OfType<IPropertySymbol>().Cast<ISymbol>().Concat(t.GetMembers().OfType<IFieldSymbol>()))
            {
                bool included = HasAttribute(candidate, _known.JsonIncludeAttribute);
                bool take = candidate switch
                {
                    IPropertySymbol p => !p.IsStatic && !p.IsIndexer && !p.IsImplicitlyDeclared && (p.DeclaredAccessibility == Accessibility.Public || included),
                    IFieldSymbol f => !f.IsStatic && !f.IsConst && !f.IsImplicitlyDeclared && f.AssociatedSymbol is null && included,
                    _ => false,
                };
                if (!take)
                {
                    continue;
                }

                if (!indexByName.ContainsKey(candidate.Name))
                {
                    indexByName[candidate.Name] = ordered.Count;
                    ordered.Add(candidate);
                }
            }
        }

        int typeNumberHandling = NumberHandlingOf(type);
        var members = new List<(MemberModel Member, int Order)>();
        foreach (ISymbol symbol in ordered)
        {
            // [JsonIgnore] without a condition means JsonIgnoreCondition.Always: the member is not serialized at all.
            AttributeData? ignore = FindAttribute(symbol, _known.JsonIgnoreAttribute);
            string? ignoreCondition = ignore is null
                ? null
                : ignore.NamedArguments.Where(a => a.Key == "Condition").Select(a => _known.JsonIgnoreConditionName(a.Value.Value)).DefaultIfEmpty("Always").First();
            if (ignoreCondition == "Always")
            {
                ignored.Add(new IgnoredMemberModel(symbol.Name, FindAttribute(symbol, _known.JsonPropertyNameAttribute)?.ConstructorArguments.FirstOrDefault().Value as string));
                continue;
            }

            if (FindAttribute(symbol, _known.JsonExtensionDataAttribute) is not null)
            {
                // Unknown members round-trip through one Dictionary<string, JsonElement> with a getter and a setter.
                if (extensionData is null && IsSupportedExtensionData(symbol))
                {
                    extensionData = EscapeIdentifier(symbol.Name);
                    continue;
                }

                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.ExtensionDataNotSupported, symbol.Locations.FirstOrDefault(), symbol.Name, type.Name));
                continue;
            }

            ReportUnsupportedMemberAttributes(symbol, type, diagnostics);

            bool declaredHere = SymbolEqualityComparer.Default.Equals(symbol.ContainingType, type);
            if (!declaredHere && symbol.DeclaredAccessibility == Accessibility.Private && HasAttribute(symbol, _known.JsonIncludeAttribute))
            {
                // STJ's reflection serializer reaches it; code generated into the derived type cannot: say so, never drop it.
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.IncludedMemberNotReachable, symbol.Locations.FirstOrDefault() ?? type.Locations.FirstOrDefault(), symbol.Name, symbol.ContainingType.Name, type.Name));
                continue;
            }

            bool canWrite;
            SetterKind setter;
            ITypeSymbol memberType;
            bool keepForConstructor;
            bool isRequired;
            if (symbol is IPropertySymbol property)
            {
                memberType = property.Type;
                canWrite = generateWriter && property.GetMethod is { } getter && Accessible(getter, declaredHere);
                setter = !generateReader || property.SetMethod is not { } set || !Accessible(set, declaredHere)
                    ? SetterKind.None
                    : set.IsInitOnly ? SetterKind.InitOnly : SetterKind.Plain;
                keepForConstructor = generateReader && property.SetMethod is null;
                isRequired = property.IsRequired;
            }
            else
            {
                // A readonly field is written, and read only through a constructor parameter (as STJ).
                var field = (IFieldSymbol)symbol;
                memberType = field.Type;
                bool reachable = field.DeclaredAccessibility != Accessibility.Private || declaredHere;
                canWrite = generateWriter && reachable;
                setter = generateReader && reachable && !field.IsReadOnly ? SetterKind.Plain : SetterKind.None;
                keepForConstructor = generateReader && field.IsReadOnly;
                isRequired = field.IsRequired;
            }

            // .NET 9's WhenWriting/WhenReading: a member that is only read, or only written.
            if (ignoreCondition == "WhenWriting")
            {
                canWrite = false;
            }
            else if (ignoreCondition == "WhenReading")
            {
                setter = SetterKind.None;
                keepForConstructor = false;
            }

            if (!canWrite && setter == SetterKind.None && !keepForConstructor)
            {
                continue;
            }

            AttributeData? memberNumberHandling = FindAttribute(symbol, _known.JsonNumberHandlingAttribute);
            int numberHandling = memberNumberHandling?.ConstructorArguments.FirstOrDefault().Value is int h ? h : typeNumberHandling;
            TypeShape? shape = ResolveShape(memberType, canWrite, setter != SetterKind.None, out string? why, out string? direction, HasStringEnumConverter(symbol), numberHandling);
            ReportRefusedEnumNames(symbol, diagnostics);
            if (shape is null)
            {
                diagnostics.Add(DiagnosticInfo.Create(
                    DiagnosticDescriptors.UnsupportedMemberType,
                    symbol.Locations.FirstOrDefault(),
                    symbol.Name,
                    memberType.ToDisplayString(),
                    direction ?? "serialize",
                    why ?? "the type is not supported"));
                continue;
            }

            if (HasStringEnumConverter(symbol) && !(shape.Kind == ShapeKind.Enum || (shape.Kind == ShapeKind.Nullable && shape.Element!.Kind == ShapeKind.Enum)))
            {
                // STJ throws at run time for a string-enum converter on anything but an enum: say so at compile time.
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.ConverterNotSupported, symbol.Locations.FirstOrDefault(), symbol.Name, type.Name, "JsonStringEnumConverter on a member that is not an enum"));
                continue;
            }

            if (memberNumberHandling is not null && !CanCarryNumberHandling(shape))
            {
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.NumberHandlingOnNonNumber, symbol.Locations.FirstOrDefault(), symbol.Name, memberType.ToDisplayString()));
                continue;
            }

            string? explicitName = FindAttribute(symbol, _known.JsonPropertyNameAttribute)?.ConstructorArguments.FirstOrDefault().Value as string;
            int order = FindAttribute(symbol, _known.JsonPropertyOrderAttribute)?.ConstructorArguments.FirstOrDefault().Value is int o ? o : 0;
            bool required = isRequired || FindAttribute(symbol, _known.JsonRequiredAttribute) is not null;
            var member = new MemberModel(
                Identifier: EscapeIdentifier(symbol.Name),
                ClrName: symbol.Name,
                JsonName: explicitName ?? symbol.Name,
                HasExplicitName: explicitName is not null,
                Shape: shape,
                CanWrite: canWrite,
                Setter: setter,
                Ignore: ignoreCondition switch { "WhenWritingDefault" => IgnoreCondition.WhenWritingDefault, "WhenWritingNull" => IgnoreCondition.WhenWritingNull, _ => IgnoreCondition.Never },
                IsRequired: required && generateReader && (setter != SetterKind.None || keepForConstructor),
                ConstructorParameter: -1,
                DeclaringType: symbol.ContainingType.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat),
                IsField: symbol is IFieldSymbol,
                IsEditable: IsEditable(symbol),
                IsNonNullableReference: IsNonNullableReference(symbol, memberType),
                HasValidationAttributes: HasValidationAttribute(symbol));
            members.Add((member, order));
        }

        // [JsonPropertyOrder] sorts (stably) as STJ does; declaration order otherwise.
        return members.Select((m, i) => (m.Member, m.Order, i)).OrderBy(m => m.Order).ThenBy(m => m.i).Select(m => m.Member).ToList();

        static bool Accessible(IMethodSymbol accessor, bool declaredHere) =>
            accessor.DeclaredAccessibility == Accessibility.Public || (accessor.DeclaredAccessibility != Accessibility.Private || declaredHere);
    }

    /// <summary>
    /// Whether a merge patch may change the member: not when it says <c>[Editable(false)]</c>, nor when it is a
    /// <c>[Key]</c> without <c>[Editable(true)]</c> (a key identifies the resource; EF Core refuses to change one too).
    /// Set at creation either way (POST, PUT): <c>AllowInitialValue</c> is not consulted.
    /// </summary>
    private bool IsEditable(ISymbol member)
    {
        if (FindAttribute(member, _known.EditableAttribute)?.ConstructorArguments.FirstOrDefault().Value is bool editable)
        {
            return editable;
        }

        return FindAttribute(member, _known.KeyAttribute) is null;
    }

    /// <summary>Whether a <c>[JsonExtensionData]</c> member is a <c>Dictionary&lt;string, JsonElement&gt;</c> that generated code can get and set.</summary>
    private bool IsSupportedExtensionData(ISymbol member)
    {
        ITypeSymbol? memberType = member switch
        {
            IPropertySymbol { GetMethod: { DeclaredAccessibility: not Accessibility.Private }, SetMethod: { IsInitOnly: false, DeclaredAccessibility: not Accessibility.Private } } p => p.Type,
            IFieldSymbol { IsReadOnly: false, DeclaredAccessibility: not Accessibility.Private } f => f.Type,
            _ => null,
        };
        return memberType is INamedTypeSymbol { IsGenericType: true } named
            && KnownTypeSymbols.Is(named.OriginalDefinition, _known.DictionaryOfTKeyTValue)
            && named.TypeArguments[0].SpecialType == SpecialType.System_String
            && KnownTypeSymbols.Is(named.TypeArguments[1], _known.JsonElement);
    }

    /// <summary>
    /// The number handling of a type's members that carry no <c>[JsonNumberHandling]</c>: the type's own attribute, then
    /// <c>[JsonableGenerationOptions(NumberHandling = ...)]</c> on the type, then on the assembly, then ASP.NET Core's web default.
    /// </summary>
    private int NumberHandlingOf(INamedTypeSymbol type)
    {
        if (FindAttribute(type, _known.JsonNumberHandlingAttribute)?.ConstructorArguments.FirstOrDefault().Value is int onType)
        {
            return onType;
        }

        foreach (ISymbol holder in new ISymbol[] { type, type.ContainingAssembly })
        {
            if (FindAttribute(holder, _known.JsonableGenerationOptionsAttribute)?.NamedArguments.FirstOrDefault(a => a.Key == "NumberHandling").Value.Value is int fromOptions)
            {
                return fromOptions;
            }
        }

        return TypeShape.WebNumberHandling;
    }

    /// <summary>
    /// STJ accepts <c>[JsonNumberHandling]</c> on a member that is a number or a collection of numbers (dictionary values
    /// included) and throws at run time otherwise (enums, strings, a list of strings).
    /// </summary>
    private static bool CanCarryNumberHandling(TypeShape shape)
    {
        bool IsNumberOrNullableNumber(TypeShape s) => s.IsNumber || (s.Kind == ShapeKind.Nullable && s.Element!.IsNumber);
        return IsNumberOrNullableNumber(shape)
            || (shape.Kind is ShapeKind.Array or ShapeKind.List or ShapeKind.HashSet or ShapeKind.CollectionInterface or ShapeKind.Dictionary or ShapeKind.DictionaryInterface
                && IsNumberOrNullableNumber(shape.Element!));
    }

    /// <summary>STJ attributes on a member that Jsonable does not honour: each is an error at the member, never ignored.</summary>
    private void ReportUnsupportedMemberAttributes(ISymbol member, INamedTypeSymbol type, List<DiagnosticInfo> diagnostics)
    {
        Location? location = member.Locations.FirstOrDefault();
        if (FindAttribute(member, _known.JsonConverterAttribute) is { } converter && !IsStringEnumConverter(converter))
        {
            diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.ConverterNotSupported, location, member.Name, type.Name, ConverterName(converter)));
        }

        if (IsPopulate(FindAttribute(member, _known.JsonObjectCreationHandlingAttribute)))
        {
            diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.PopulateNotSupported, location, member.Name));
        }
    }

    /// <summary>STJ attributes on the type itself that Jsonable does not honour.</summary>
    private void ReportUnsupportedTypeAttributes(INamedTypeSymbol type, List<DiagnosticInfo> diagnostics)
    {
        Location? location = type.Locations.FirstOrDefault();
        if (FindAttribute(type, _known.JsonConverterAttribute) is { } converter)
        {
            diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.ConverterNotSupported, location, type.Name, type.Name, ConverterName(converter)));
        }

        if (IsPopulate(FindAttribute(type, _known.JsonObjectCreationHandlingAttribute)))
        {
            diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.PopulateNotSupported, location, type.Name));
        }

        foreach (INamedTypeSymbol? contextAttribute in new[] { _known.JsonSerializableAttribute, _known.JsonSourceGenerationOptionsAttribute })
        {
            if (FindAttribute(type, contextAttribute) is not null)
            {
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.ContextAttributeOnJsonableType, location, type.Name, contextAttribute!.Name));
            }
        }
    }

    /// <summary>Whether <c>[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]</c> is on the type.</summary>
    private bool DisallowsUnmappedMembers(INamedTypeSymbol type) =>
        FindAttribute(type, _known.JsonUnmappedMemberHandlingAttribute)?.ConstructorArguments.FirstOrDefault().Value is { } value
        && KnownTypeSymbols.EnumMemberName(_known.JsonUnmappedMemberHandling, value) == "Disallow";

    private bool IsPopulate(AttributeData? attribute) =>
        attribute?.ConstructorArguments.FirstOrDefault().Value is { } value
        && KnownTypeSymbols.EnumMemberName(_known.JsonObjectCreationHandling, value) == "Populate";

    private bool IsStringEnumConverter(AttributeData converter) =>
        converter.ConstructorArguments.FirstOrDefault().Value is INamedTypeSymbol type
        && (KnownTypeSymbols.Is(type.OriginalDefinition, _known.JsonStringEnumConverter) || KnownTypeSymbols.Is(type.OriginalDefinition, _known.JsonStringEnumConverterOfT));

    private static string ConverterName(AttributeData converter) =>
        converter.ConstructorArguments.FirstOrDefault().Value is INamedTypeSymbol type ? type.ToDisplayString() : "a converter chosen at run time";
}
