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
        ReportStj11Attributes(type, diagnostics);
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
            IgnoredMembers: ignored.ToEquatableArray(),
            BindsMinimalApiBody: BindsMinimalApiBody(type),
            HasTypeLevelValidation: HasTypeLevelValidation(type),
            IsListedWithDiscriminator: hasDiscriminatorWriter);
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
        FindAttribute(symbol, _known.JsonableGenerationOptionsAttribute)?.NamedArguments
            .Where(a => a.Key == "NamingPolicy" && a.Value.Value is int)
            .Select(a => (JsonableNamingPolicyValue)(int)a.Value.Value!)
            .FirstOrDefault() ?? JsonableNamingPolicyValue.Default;

    /// <summary>
    /// Chooses how instances are created when reading (docs/types.md, "Construction"): <c>[JsonConstructor]</c>, else the parameterless
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

            if (BindsMinimalApiBody(b) || !b.GetMembers("BindAsync").IsEmpty)
            {
                names.Add("BindAsync");
            }

            // The type-info factory is internal: it is only seen (and hidden) within the base's own assembly.
            if ((writable || readable) && IsVisibleToModule(b) && SymbolEqualityComparer.Default.Equals(b.ContainingAssembly, type.ContainingAssembly))
            {
                names.Add("__JsonableCreateTypeInfo");
            }
        }

        return names.Distinct().OrderBy(n => n, System.StringComparer.Ordinal).ToList();
    }

    /// <summary>
    /// Whether the type gets a minimal-API <c>BindAsync</c> (a plain body parameter read by the generated reader, in JSON
    /// or JMC1; see docs/json-options.md): a non-generic <c>[FromJson]</c> class of a project that references
    /// Jsonable.AspNetCore, which declares no <c>BindAsync</c> or <c>TryParse</c> of its own (minimal APIs would prefer
    /// the generated one to either).
    /// </summary>
    private bool BindsMinimalApiBody(INamedTypeSymbol type)
    {
        if (_known.JsonableBodyBinding is null || _known.EndpointParameterMetadataProvider is null || type.TypeKind != TypeKind.Class || type.IsStatic || !HasAttribute(type, _known.FromJsonAttribute)
            || !type.GetMembers("BindAsync").IsEmpty || !type.GetMembers("TryParse").IsEmpty
            || type.Interfaces.Any(i => SymbolEqualityComparer.Default.Equals(i, _known.EndpointParameterMetadataProvider)))
        {
            return false;
        }

        for (INamedTypeSymbol? t = type; t is not null; t = t.ContainingType)
        {
            if (t.IsGenericType)
            {
                return false;
            }
        }

        return true;
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
