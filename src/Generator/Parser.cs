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

        cancellationToken.ThrowIfCancellationRequested();
        List<MemberModel> members = ParseMembers(type, generateWriter, generateReader, diagnostics);
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
            HasDiscriminatorWriter: hasDiscriminatorWriter && generateWriter);
        return new ParsedType(model, diagnostics.ToEquatableArray(), conflicts.ToEquatableArray());
    }

    /// <summary>Where a (possibly inherited) property is declared, for diagnostics about it.</summary>
    private static Location? MemberLocation(INamedTypeSymbol type, string name)
    {
        for (INamedTypeSymbol? t = type; t is not null; t = t.BaseType)
        {
            if (t.GetMembers(name).OfType<IPropertySymbol>().FirstOrDefault() is { } property)
            {
                return property.Locations.FirstOrDefault();
            }
        }

        return null;
    }

    private JsonableNamingPolicyValue NamingPolicyOf(ISymbol symbol) =>
        FindAttribute(symbol, _known.JsonableOptionsAttribute)?.NamedArguments
            .Where(a => a.Key == "NamingPolicy" && a.Value.Value is int)
            .Select(a => (JsonableNamingPolicyValue)(int)a.Value.Value!)
            .FirstOrDefault() ?? JsonableNamingPolicyValue.Default;

    private List<MemberModel> ParseMembers(INamedTypeSymbol type, bool generateWriter, bool generateReader, List<DiagnosticInfo> diagnostics)
    {
        // As STJ orders them: the type's own members first, then its base's, each in declaration order; an override (or a
        // member hidden with `new`) takes the place of the most derived declaration.
        var chain = new List<INamedTypeSymbol>();
        for (INamedTypeSymbol? t = type; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
        {
            chain.Add(t);
        }

        var ordered = new List<IPropertySymbol>();
        var indexByName = new Dictionary<string, int>();
        foreach (INamedTypeSymbol t in chain)
        {
            foreach (IPropertySymbol property in t.GetMembers().OfType<IPropertySymbol>())
            {
                bool include = property.DeclaredAccessibility == Accessibility.Public || FindAttribute(property, _known.JsonIncludeAttribute) is not null;
                if (property.IsStatic || property.IsIndexer || !include || property.IsImplicitlyDeclared)
                {
                    continue;
                }

                if (!indexByName.ContainsKey(property.Name))
                {
                    indexByName[property.Name] = ordered.Count;
                    ordered.Add(property);
                }
            }
        }

        var members = new List<(MemberModel Member, int Order)>();
        foreach (IPropertySymbol property in ordered)
        {
            // [JsonIgnore] without a condition means JsonIgnoreCondition.Always: the member is not serialized at all.
            AttributeData? ignore = FindAttribute(property, _known.JsonIgnoreAttribute);
            string? ignoreCondition = ignore is null
                ? null
                : ignore.NamedArguments.Where(a => a.Key == "Condition").Select(a => _known.JsonIgnoreConditionName(a.Value.Value)).DefaultIfEmpty("Always").First();
            if (ignoreCondition == "Always")
            {
                continue;
            }

            bool declaredHere = SymbolEqualityComparer.Default.Equals(property.ContainingType, type);
            bool canWrite = generateWriter && property.GetMethod is { } getter && Accessible(getter, declaredHere);
            SetterKind setter = !generateReader || property.SetMethod is not { } set || !Accessible(set, declaredHere)
                ? SetterKind.None
                : set.IsInitOnly ? SetterKind.InitOnly : SetterKind.Plain;
            if (!canWrite && setter == SetterKind.None && !(generateReader && property.SetMethod is null))
            {
                continue;
            }

            TypeShape? shape = ResolveShape(property.Type, canWrite, setter != SetterKind.None, out string? why, out string? direction, HasStringEnumConverter(property));
            if (shape is null)
            {
                diagnostics.Add(DiagnosticInfo.Create(
                    DiagnosticDescriptors.UnsupportedMemberType,
                    property.Locations.FirstOrDefault(),
                    property.Name,
                    property.Type.ToDisplayString(),
                    direction ?? "serialize",
                    why ?? "the type is not supported"));
                continue;
            }

            string? explicitName = FindAttribute(property, _known.JsonPropertyNameAttribute)?.ConstructorArguments.FirstOrDefault().Value as string;
            int order = FindAttribute(property, _known.JsonPropertyOrderAttribute)?.ConstructorArguments.FirstOrDefault().Value is int o ? o : 0;
            bool required = property.IsRequired || FindAttribute(property, _known.JsonRequiredAttribute) is not null;
            var member = new MemberModel(
                Identifier: EscapeIdentifier(property.Name),
                ClrName: property.Name,
                JsonName: explicitName ?? property.Name,
                HasExplicitName: explicitName is not null,
                Shape: shape,
                CanWrite: canWrite,
                Setter: setter,
                Ignore: ignoreCondition switch { "WhenWritingDefault" => IgnoreCondition.WhenWritingDefault, "WhenWritingNull" => IgnoreCondition.WhenWritingNull, _ => IgnoreCondition.Never },
                IsRequired: required && generateReader,
                ConstructorParameter: -1,
                DeclaringType: property.ContainingType.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat));
            members.Add((member, order));
        }

        // [JsonPropertyOrder] sorts (stably) as STJ does; declaration order otherwise.
        return members.Select((m, i) => (m.Member, m.Order, i)).OrderBy(m => m.Order).ThenBy(m => m.i).Select(m => m.Member).ToList();

        static bool Accessible(IMethodSymbol accessor, bool declaredHere) =>
            accessor.DeclaredAccessibility == Accessibility.Public || (accessor.DeclaredAccessibility != Accessibility.Private || declaredHere);
    }

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
            type.GetMembers().OfType<IPropertySymbol>().Any(p => p.IsRequired) &&
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
    private TypeShape? ResolveShape(ITypeSymbol type, bool forWrite, bool forRead, out string? why, out string? direction, bool enumAsString = false)
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
            return new TypeShape(kind, name, null, null, type.IsValueType);
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
            TypeShape? inner = ResolveShape(underlying, forWrite, forRead, out why, out direction);
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
            TypeShape? inner = ResolveShape(named.TypeArguments[0], forWrite, forRead, out why, out direction, enumAsString);
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

                TypeShape? value = ResolveShape(named.TypeArguments[1], forWrite, forRead, out why, out direction);
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
            TypeShape? element = ResolveShape(elementType, forWrite, forRead, out reason, out dir);
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
        symbol.GetAttributes().Any(a =>
            KnownTypeSymbols.Is(a.AttributeClass, _known.JsonConverterAttribute) &&
            a.ConstructorArguments.FirstOrDefault().Value is INamedTypeSymbol converter &&
            (KnownTypeSymbols.Is(converter.OriginalDefinition, _known.JsonStringEnumConverter) || KnownTypeSymbols.Is(converter.OriginalDefinition, _known.JsonStringEnumConverterOfT)));

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
