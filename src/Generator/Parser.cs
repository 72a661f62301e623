using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Jsonable.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Jsonable.Generator;

/// <summary>
/// Turns a <c>[ToJson]</c>/<c>[FromJson]</c> type symbol into a <see cref="TypeModel"/> (and its diagnostics),
/// recognising types and attributes through the compilation's <see cref="KnownTypeSymbols"/>.
/// </summary>
internal sealed partial class Parser
{
    public const string ToJsonAttributeName = "Jsonable.ToJsonAttribute";
    public const string FromJsonAttributeName = "Jsonable.FromJsonAttribute";

    /// <summary>A namespace as C# source: keywords escaped (<c>@event.Models</c>), no <c>global::</c>.</summary>
    private static readonly SymbolDisplayFormat s_namespaceFormat =
        SymbolDisplayFormat.FullyQualifiedFormat.WithGlobalNamespaceStyle(SymbolDisplayGlobalNamespaceStyle.Omitted);

    private static readonly string[] s_callbacks = ["OnWillSerialize", "OnDidSerialize", "OnWillDeserialize", "OnDidDeserialize"];

    private readonly KnownTypeSymbols _known;

    private Parser(KnownTypeSymbols known) => _known = known;

    public static ParsedType Parse(INamedTypeSymbol type, KnownTypeSymbols known, CancellationToken cancellationToken) =>
        new Parser(known).ParseType(type, cancellationToken);

    /// <summary>Whether <paramref name="symbol"/> carries an attribute of the class <paramref name="attributeClass"/>.</summary>
    public static bool HasAttribute(ISymbol symbol, INamedTypeSymbol? attributeClass) => FindAttribute(symbol, attributeClass) is not null;

    private ParsedType ParseType(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        var diagnostics = new List<DiagnosticInfo>();
        Location? typeLocation = type.Locations.FirstOrDefault();
        bool generateWriter = HasAttribute(type, _known.ToJsonAttribute);
        bool generateReader = HasAttribute(type, _known.FromJsonAttribute);

        if (!IsPartial(type))
        {
            diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.TypeNotPartial, typeLocation, type.Name));
        }

        var containing = new List<ContainingTypeModel>();
        for (INamedTypeSymbol? outer = type.ContainingType; outer is not null; outer = outer.ContainingType)
        {
            if (!IsPartial(outer))
            {
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.TypeNotPartial, outer.Locations.FirstOrDefault(), outer.Name));
            }

            containing.Insert(0, new ContainingTypeModel(DeclarationKeyword(outer), EscapeIdentifier(outer.Name)));
        }

        // A generic type is generated once for every T and registered as the closed types [assembly: JsonableType] names.
        // One nested in a generic type would need the outer type's parameters too: still refused, with a way out.
        if (type.ContainingType is { } genericOuter && type.ContainingType.IsGenericType)
        {
            for (INamedTypeSymbol? outer = type.ContainingType; outer is not null; outer = outer.ContainingType)
            {
                if (outer.IsGenericType)
                {
                    genericOuter = outer;
                }
            }

            diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.GenericTypeNotSupported, typeLocation, type.Name, genericOuter.Name));
        }

        ReportUnsupportedTypeAttributes(type, diagnostics);
        cancellationToken.ThrowIfCancellationRequested();
        List<MemberModel> members = ParseMembers(type, generateWriter, generateReader, diagnostics, out string? extensionData, out List<IgnoredMemberModel> ignored);
        bool throughAccessor = false;
        ConstructorModel? constructor = generateReader ? ParseConstructor(type, members, diagnostics, out throughAccessor) : null;
        foreach (MemberModel member in members.Where(m => m.Setter == SetterKind.ConstructorOnly && generateReader))
        {
            diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.ConstructorOnlyMember, MemberLocation(type, member.ClrName), member.ClrName, type.Name));
        }

        List<string> partialWriters = ParsePartialWriters(type, members, diagnostics);
        PolymorphismModel? polymorphism = ParsePolymorphism(type, generateWriter, generateReader, members, diagnostics, out bool hasDiscriminatorWriter);
        if (polymorphism is { IsAbstract: true })
        {
            diagnostics.RemoveAll(d => d.Descriptor == DiagnosticDescriptors.NoParameterlessConstructor); // never created itself: a discriminator picks a derived type
        }

        List<NamingConflictModel> conflicts = NamingPolicies.FindConflicts(type.Name, members, name => MemberLocation(type, name) ?? typeLocation);

        var model = new TypeModel(
            Namespace: type.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString(s_namespaceFormat) : null,
            Name: EscapeIdentifier(type.Name),
            FullyQualifiedName: type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat),
            DeclarationKeyword: DeclarationKeyword(type),
            IsValueType: type.IsValueType,
            ContainingTypes: containing.ToEquatableArray(),
            GenerateWriter: generateWriter,
            GenerateReader: generateReader,
            CanRegister: IsVisibleToModule(type),
            Members: members.ToEquatableArray(),
            PartialWriters: partialWriters.ToEquatableArray(),
            UserDefinedCallbacks: s_callbacks.Where(name => HasNonPartialMethod(type, name)).ToEquatableArray(),
            InheritedMemberNames: InheritedMemberNames(type).Concat(InheritedPolymorphismMemberNames(type)).Distinct().OrderBy(n => n, System.StringComparer.Ordinal).ToEquatableArray(),
            HasErrors: diagnostics.Any(d => d.Descriptor.DefaultSeverity == DiagnosticSeverity.Error),
            ConflictingNamingPolicies: conflicts.Select(c => c.Policy).Distinct().ToEquatableArray(),
            NamingPolicy: NamingPolicyOf(type) is var policy && policy != JsonableNamingPolicyValue.Default ? policy : NamingPolicyOf(type.ContainingAssembly),
            Constructor: constructor,
            ConstructThroughAccessor: throughAccessor,
            IsReadOnlyStruct: type.IsValueType && type.IsReadOnly,
            TypeParameterList: type.TypeParameters.Length == 0 ? string.Empty : "<" + string.Join(", ", type.TypeParameters.Select(t => EscapeIdentifier(t.Name))) + ">",
            Polymorphism: polymorphism,
            HasDiscriminatorWriter: hasDiscriminatorWriter && generateWriter,
            DisallowUnmappedMembers: DisallowsUnmappedMembers(type),
            ExtensionDataMember: extensionData,
            IgnoredMembers: ignored.ToEquatableArray());
        return new ParsedType(model, diagnostics.ToEquatableArray(), conflicts.ToEquatableArray());
    }

    /// <summary>Where a (possibly inherited) property is declared, for diagnostics about it.</summary>
    private static Location? MemberLocation(INamedTypeSymbol type, string name)
    {
        for (INamedTypeSymbol? t = type; t is not null; t = t.BaseType)
        {
            if (t.GetMembers(name).FirstOrDefault(m => m is IPropertySymbol or IFieldSymbol) is { } member)
            {
                return member.Locations.FirstOrDefault();
            }
        }

        return null;
    }

    private JsonableNamingPolicyValue NamingPolicyOf(ISymbol symbol) =>
        FindAttribute(symbol, _known.JsonableOptionsAttribute)?.NamedArguments
            .Where(a => a.Key == "NamingPolicy" && a.Value.Value is int)
            .Select(a => (JsonableNamingPolicyValue)(int)a.Value.Value!)
            .FirstOrDefault() ?? JsonableNamingPolicyValue.Default;

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
                IsField: symbol is IFieldSymbol);
            members.Add((member, order));
        }

        // [JsonPropertyOrder] sorts (stably) as STJ does; declaration order otherwise.
        return members.Select((m, i) => (m.Member, m.Order, i)).OrderBy(m => m.Order).ThenBy(m => m.i).Select(m => m.Member).ToList();

        static bool Accessible(IMethodSymbol accessor, bool declaredHere) =>
            accessor.DeclaredAccessibility == Accessibility.Public || (accessor.DeclaredAccessibility != Accessibility.Private || declaredHere);
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
    /// <c>[JsonableOptions(NumberHandling = ...)]</c> on the type, then on the assembly, then ASP.NET Core's web default.
    /// </summary>
    private int NumberHandlingOf(INamedTypeSymbol type)
    {
        if (FindAttribute(type, _known.JsonNumberHandlingAttribute)?.ConstructorArguments.FirstOrDefault().Value is int onType)
        {
            return onType;
        }

        foreach (ISymbol holder in new ISymbol[] { type, type.ContainingAssembly })
        {
            if (FindAttribute(holder, _known.JsonableOptionsAttribute)?.NamedArguments.FirstOrDefault(a => a.Key == "NumberHandling").Value.Value is int fromOptions)
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

    /// <summary>
    /// Chooses how instances are created when reading (DESIGN §3): <c>[JsonConstructor]</c>, else the parameterless
    /// constructor (always there for structs), else the only public constructor; binds its parameters to members.
    /// </summary>
    private ConstructorModel? ParseConstructor(INamedTypeSymbol type, List<MemberModel> members, List<DiagnosticInfo> diagnostics, out bool throughAccessor)
    {
        throughAccessor = false;
        List<IMethodSymbol> constructors = type.InstanceConstructors
            .Where(c => !(c.Parameters.Length == 1 && SymbolEqualityComparer.Default.Equals(c.Parameters[0].Type, type))) // a record's copy constructor
            .ToList();
        IMethodSymbol? chosen = constructors.FirstOrDefault(c => FindAttribute(c, _known.JsonConstructorAttribute) is not null)
            ?? constructors.FirstOrDefault(c => c.Parameters.Length == 0 && (type.IsValueType || c.DeclaredAccessibility is Accessibility.Public or Accessibility.Internal))
            ?? (constructors.Count(c => c.DeclaredAccessibility == Accessibility.Public) == 1 ? constructors.First(c => c.DeclaredAccessibility == Accessibility.Public) : null);
        if (chosen is null)
        {
            if (!type.IsValueType)
            {
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.NoParameterlessConstructor, type.Locations.FirstOrDefault(), type.Name));
            }

            return null;
        }

        // `required` members make `new T(...)` a compile error unless the constructor sets them: create it without that check.
        throughAccessor = members.Any(m => m.IsRequired && m.Setter != SetterKind.None) &&
            type.GetMembers().Any(m => m is IPropertySymbol { IsRequired: true } or IFieldSymbol { IsRequired: true }) &&
            !HasAttribute(chosen, _known.SetsRequiredMembersAttribute);
        if (chosen.Parameters.Length == 0)
        {
            return null;
        }

        var parameters = new List<ConstructorParameterModel>();
        foreach (IParameterSymbol parameter in chosen.Parameters)
        {
            int index = members.FindIndex(m => string.Equals(m.ClrName, parameter.Name, System.StringComparison.OrdinalIgnoreCase) && m.Shape.TypeName == parameter.Type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat));
            if (index < 0)
            {
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.ConstructorParameterUnbound, parameter.Locations.FirstOrDefault() ?? type.Locations.FirstOrDefault(), parameter.Name, type.Name));
                continue;
            }

            MemberModel member = members[index];
            members[index] = member with
            {
                ConstructorParameter = parameters.Count,
                Setter = member.Setter == SetterKind.None ? SetterKind.ConstructorOnly : member.Setter,
            };
            parameters.Add(new ConstructorParameterModel(members[index].Shape.TypeName, index, DefaultValue(parameter)));
        }

        return new ConstructorModel(parameters.ToEquatableArray());
    }

    private static string DefaultValue(IParameterSymbol parameter)
    {
        if (!parameter.HasExplicitDefaultValue || parameter.ExplicitDefaultValue is null)
        {
            return "default";
        }

        string literal = SymbolDisplay.FormatPrimitive(parameter.ExplicitDefaultValue, quoteStrings: true, useHexadecimalNumbers: false);
        return $"({parameter.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)})({literal})";
    }

    private static AttributeData? FindAttribute(ISymbol symbol, INamedTypeSymbol? attributeClass) =>
        attributeClass is null ? null : symbol.GetAttributes().FirstOrDefault(a => KnownTypeSymbols.Is(a.AttributeClass, attributeClass));

    private List<string> ParsePartialWriters(INamedTypeSymbol type, List<MemberModel> members, List<DiagnosticInfo> diagnostics)
    {
        var names = new List<string>();
        foreach (AttributeData attribute in type.GetAttributes())
        {
            if (!KnownTypeSymbols.Is(attribute.AttributeClass, _known.ToJsonAttribute))
            {
                continue;
            }

            foreach (KeyValuePair<string, TypedConstant> argument in attribute.NamedArguments)
            {
                if (argument.Key != "Property" || argument.Value.Value is not string name)
                {
                    continue;
                }

                Location? location = attribute.ApplicationSyntaxReference?.GetSyntax().GetLocation();
                if (!members.Any(m => m.ClrName == name && m.CanWrite))
                {
                    diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.PartialWriterMemberNotFound, location, name, type.Name));
                }
                else if (names.Contains(name))
                {
                    diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.DuplicatePartialWriter, location, name, type.Name));
                }
                else
                {
                    names.Add(name);
                }
            }
        }

        return names;
    }

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
            return inner is null ? null : new TypeShape(ShapeKind.Enum, name, inner, null, true, Enum: ParseEnum(enumType, enumAsString || HasStringEnumConverter(enumType)));
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
            if (named.IsGenericType && JsonableTypeParser.WhyNotTypeArguments(named, _known.ToJsonAttribute, _known.FromJsonAttribute, named.ContainingAssembly, forWrite, forRead) is { } argumentWhy)
            {
                why = argumentWhy;
                return null;
            }

            return new TypeShape(ShapeKind.Generated, name, null, null, named.IsValueType);
        }

        why = "it is neither a supported built-in type nor a type marked [ToJson]/[FromJson]";
        return null;

        TypeShape? Wrap(ShapeKind wrapperKind, ITypeSymbol elementType, string? interfaceName, out string? reason, out string? dir)
        {
            TypeShape? element = ResolveShape(elementType, forWrite, forRead, out reason, out dir, numberHandling: numberHandling);
            return element is null ? null : new TypeShape(wrapperKind, name, element, interfaceName, type.IsValueType);
        }
    }

    private EnumModel ParseEnum(INamedTypeSymbol enumType, bool asString)
    {
        var members = new List<EnumMemberModel>();
        foreach (IFieldSymbol field in enumType.GetMembers().OfType<IFieldSymbol>())
        {
            if (!field.HasConstantValue)
            {
                continue;
            }

            string jsonName = field.GetAttributes()
                .Where(a => KnownTypeSymbols.Is(a.AttributeClass, _known.JsonStringEnumMemberNameAttribute))
                .Select(a => a.ConstructorArguments.FirstOrDefault().Value as string)
                .FirstOrDefault(n => n is not null) ?? field.Name;
            members.Add(new EnumMemberModel(EscapeIdentifier(field.Name), jsonName));
        }

        bool isFlags = HasAttribute(enumType, _known.FlagsAttribute);
        return new EnumModel(asString, isFlags, members.ToEquatableArray());
    }

    /// <summary>Whether STJ's <c>[JsonConverter(typeof(JsonStringEnumConverter))]</c> (or its generic form) is on the symbol.</summary>
    private bool HasStringEnumConverter(ISymbol symbol) =>
        FindAttribute(symbol, _known.JsonConverterAttribute) is { } converter && IsStringEnumConverter(converter);

    /// <summary>
    /// The generated members that a base type marked [ToJson]/[FromJson] (here or in a referenced assembly) declares too,
    /// so that this type's generated members hide them with <c>new</c> instead of warning CS0108.
    /// </summary>
    private List<string> InheritedMemberNames(INamedTypeSymbol type)
    {
        var names = new List<string>();
        for (INamedTypeSymbol? b = type.BaseType; b is not null && b.SpecialType != SpecialType.System_Object; b = b.BaseType)
        {
            bool writable = HasAttribute(b, _known.ToJsonAttribute);
            bool readable = HasAttribute(b, _known.FromJsonAttribute);
            if (writable)
            {
                names.AddRange(["ToJson", "ToJsonUtf8", "ToJsonable"]);
                names.AddRange(b.GetAttributes()
                    .Where(a => KnownTypeSymbols.Is(a.AttributeClass, _known.ToJsonAttribute))
                    .SelectMany(a => a.NamedArguments)
                    .Where(a => a.Key == "Property" && a.Value.Value is string)
                    .Select(a => "ToJsonUtf8_" + (string)a.Value.Value!));
            }

            if (readable)
            {
                names.AddRange(["FromJsonable", "FromJson", "CreateFromJson", "CreateFromJsonable", "MergeFromJson", "MergeFromJsonable"]);
            }

            // The type-info factory is internal: it is only seen (and hidden) within the base's own assembly.
            if ((writable || readable) && IsVisibleToModule(b) && SymbolEqualityComparer.Default.Equals(b.ContainingAssembly, type.ContainingAssembly))
            {
                names.Add("__JsonableCreateTypeInfo");
            }
        }

        return names.Distinct().OrderBy(n => n, System.StringComparer.Ordinal).ToList();
    }

    private static bool IsPartial(INamedTypeSymbol type) =>
        type.DeclaringSyntaxReferences.Any(r => r.GetSyntax() is TypeDeclarationSyntax t && t.Modifiers.Any(SyntaxKind.PartialKeyword));

    private static bool HasNonPartialMethod(INamedTypeSymbol type, string name) =>
        type.GetMembers(name).OfType<IMethodSymbol>().Any(m =>
            m.Parameters.Length == 0 &&
            !m.IsStatic &&
            !m.DeclaringSyntaxReferences.Any(r => r.GetSyntax() is MethodDeclarationSyntax d && d.Modifiers.Any(SyntaxKind.PartialKeyword)));

    private static bool IsVisibleToModule(INamedTypeSymbol type)
    {
        for (INamedTypeSymbol? t = type; t is not null; t = t.ContainingType)
        {
            if (t.DeclaredAccessibility is not (Accessibility.Public or Accessibility.Internal or Accessibility.ProtectedOrInternal))
            {
                return false;
            }
        }

        return true;
    }

    private static string DeclarationKeyword(INamedTypeSymbol type) =>
        (type.IsRecord, type.IsValueType) switch
        {
            (true, true) => "record struct",
            (true, false) => "record",
            (false, true) => "struct",
            _ => type.TypeKind == TypeKind.Interface ? "interface" : "class",
        };

    private static string EscapeIdentifier(string name) =>
        SyntaxFacts.GetKeywordKind(name) != SyntaxKind.None ? "@" + name : name;
}
