using Microsoft.CodeAnalysis;

namespace Jsonable.Generator;

/// <summary>Every diagnostic the generator reports. Ids are stable; see AnalyzerReleases.*.md and the README.</summary>
internal static class DiagnosticDescriptors
{
    private const string Category = "Jsonable";

    public static readonly DiagnosticDescriptor TypeNotPartial = new(
        id: "JSONABLE001",
        title: "Jsonable type must be partial",
        messageFormat: "'{0}' must be declared partial (and so must every type that contains it) for Jsonable to generate its reader and writer",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor UnsupportedMemberType = new(
        id: "JSONABLE002",
        title: "Member type is not supported",
        messageFormat: "Member '{0}' has type '{1}', which Jsonable cannot {2}: {3}",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor NoParameterlessConstructor = new(
        id: "JSONABLE003",
        title: "No way to construct the type",
        messageFormat: "'{0}' is marked [FromJson] but has no way to be constructed: add a parameterless constructor, a single public constructor, or mark one [JsonConstructor]",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor PartialWriterMemberNotFound = new(
        id: "JSONABLE004",
        title: "Partial writer names no member",
        messageFormat: "[ToJson(Property = \"{0}\")] on '{1}' names no serialized member; use nameof() of a public property with a getter",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor DuplicatePartialWriter = new(
        id: "JSONABLE005",
        title: "Duplicate partial writer",
        messageFormat: "[ToJson(Property = \"{0}\")] appears more than once on '{1}'; remove the duplicate",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor GenericTypeNotSupported = new(
        id: "JSONABLE006",
        title: "A type nested in a generic type is not supported",
        messageFormat: "'{0}' is declared inside the generic type '{1}'; Jsonable cannot generate it there: declare '{0}' outside '{1}' (it may be generic itself, and then [assembly: JsonableType(typeof(...))] names its closed types)",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor ConflictingNames = new(
        id: "JSONABLE007",
        title: "Two members have the same JSON name",
        messageFormat: "Members '{0}' and '{1}' of '{2}' both have the JSON name \"{3}\" after the naming policy and [JsonPropertyName]; rename one",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor ConstructorOnlyMember = new(
        id: "JSONABLE008",
        title: "Member can only be set through the constructor",
        messageFormat: "'{0}' of '{1}' can only be set through the constructor: FromJson/FromJsonable into an existing instance leave it unchanged; give it a setter or init accessor to fill it in place",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor ConstructorParameterUnbound = new(
        id: "JSONABLE009",
        title: "Constructor parameter matches no member",
        messageFormat: "Parameter '{0}' of the constructor of '{1}' matches no serialized member of the same name and type; add the member or mark another constructor [JsonConstructor]",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    // ---- member-level System.Text.Json attributes: JSONABLE010-019 ----

    public static readonly DiagnosticDescriptor ConverterNotSupported = new(
        id: "JSONABLE010",
        title: "[JsonConverter] is not supported here",
        messageFormat: "'{0}' of '{1}' carries [JsonConverter] ({2}), which Jsonable cannot run in generated code; only JsonStringEnumConverter on an enum member or enum type is honoured. Remove it, or leave the type to System.Text.Json (do not mark it [ToJson]/[FromJson]).",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor ExtensionDataNotSupported = new(
        id: "JSONABLE011",
        title: "[JsonExtensionData] member of a shape Jsonable does not fill",
        messageFormat: "'{0}' of '{1}' carries [JsonExtensionData] but is not a Dictionary<string, JsonElement> with a getter and a setter (or is a second such member); Jsonable keeps unknown members only there, so they would be lost. Change its type, or leave the type to System.Text.Json.",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor PopulateNotSupported = new(
        id: "JSONABLE012",
        title: "[JsonObjectCreationHandling(Populate)] is not supported",
        messageFormat: "'{0}' carries [JsonObjectCreationHandling(JsonObjectCreationHandling.Populate)]; Jsonable replaces members when it creates an instance (fill in place with FromJson(..., reuseInstance: true) instead). Remove the attribute.",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor NumberHandlingOnNonNumber = new(
        id: "JSONABLE013",
        title: "[JsonNumberHandling] on a member that holds no numbers",
        messageFormat: "'{0}' has type '{1}', which is neither a number nor a collection of numbers; [JsonNumberHandling] applies only to those (System.Text.Json throws at run time for it). Remove the attribute.",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor ContextAttributeOnJsonableType = new(
        id: "JSONABLE014",
        title: "System.Text.Json context attribute on a Jsonable type",
        messageFormat: "'{0}' carries [{1}], which configures a System.Text.Json JsonSerializerContext and has no effect on a [ToJson]/[FromJson] type; move it to your JsonSerializerContext",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor IncludedMemberNotReachable = new(
        id: "JSONABLE015",
        title: "[JsonInclude] member cannot be reached from generated code",
        messageFormat: "'{0}' is private to the base type '{1}' and marked [JsonInclude]; code generated into '{2}' cannot read or write it. Make it protected or internal, or mark '{1}' [ToJson]/[FromJson] as well.",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    // ---- polymorphism ([JsonPolymorphic]/[JsonDerivedType]): JSONABLE020-029 ----

    public static readonly DiagnosticDescriptor DerivedTypeNotGenerated = new(
        id: "JSONABLE020",
        title: "Derived type is not a Jsonable type",
        messageFormat: "'{0}' is a derived type of '{1}' ([JsonDerivedType]), so Jsonable must write and read it as '{1}': mark '{0}' partial and {2} as '{1}' is",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor DerivedTypeNotDerived = new(
        id: "JSONABLE021",
        title: "[JsonDerivedType] names a type that does not derive from the base",
        messageFormat: "'{0}' in [JsonDerivedType] on '{1}' does not derive from '{1}' (System.Text.Json fails at run time); remove it or derive it from '{1}'",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor DuplicateDerivedType = new(
        id: "JSONABLE022",
        title: "Derived type or discriminator listed twice",
        messageFormat: "[JsonDerivedType] on '{1}' lists '{0}' or the discriminator {2} a second time (System.Text.Json fails at run time); give each derived type one unique discriminator",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor PolymorphicBaseNotSupported = new(
        id: "JSONABLE023",
        title: "Polymorphism on this kind of type is not supported",
        messageFormat: "'{0}' is {1}: Jsonable supports [JsonPolymorphic]/[JsonDerivedType] on non-generic, non-sealed classes and non-generic derived classes; use an abstract base class instead",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor PolymorphicMetadataName = new(
        id: "JSONABLE024",
        title: "Member name starts with '$' in a polymorphic type",
        messageFormat: "Member '{0}' of '{1}' has the JSON name \"{2}\": in a polymorphic hierarchy names starting with '$' are metadata, and System.Text.Json cannot read such a member back through the base; rename it with [JsonPropertyName]",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor DiscriminatorNameConflict = new(
        id: "JSONABLE025",
        title: "Member name is the type discriminator's name",
        messageFormat: "Member '{0}' of '{1}' has the JSON name of the type discriminator \"{2}\" (System.Text.Json fails at run time); rename the member or set TypeDiscriminatorPropertyName",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    // ---- generic types ([assembly: JsonableType]): JSONABLE030-039 ----

    public static readonly DiagnosticDescriptor JsonableTypeNotClosedGeneric = new(
        id: "JSONABLE030",
        title: "[JsonableType] must name a closed generic Jsonable type",
        messageFormat: "[JsonableType(typeof({0}))] does not name a closed generic type whose definition is marked [ToJson]/[FromJson]: {1}",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor UnsupportedTypeArgument = new(
        id: "JSONABLE031",
        title: "Type argument is not supported",
        messageFormat: "Type argument '{0}' of '{1}' in [JsonableType] cannot be serialized: {2}",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    // ---- call sites (CallSiteAnalyzer): JSONABLE040-049 ----

    public static readonly DiagnosticDescriptor NotJsonableAtCallSite = new(
        id: "JSONABLE040",
        title: "A type that is not a Jsonable type reaches a Jsonable call",
        messageFormat: "'{0}' reaches {1} but is not a Jsonable type, so the call fails at run time: {2}",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor ClosedGenericNotNamedAtCallSite = new(
        id: "JSONABLE041",
        title: "A closed generic type no [JsonableType] names reaches a Jsonable call",
        messageFormat: "'{0}' reaches {1} but no [JsonableType] names this closed generic type, so the call fails at run time: add [assembly: JsonableType(typeof({0}))]",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor UseJsonableMissing = new(
        id: "JSONABLE042",
        title: "The app uses Jsonable but never calls UseJsonable()",
        messageFormat: "This app {0} but never calls app.UseJsonable(), so a bad request body answers an exception-shaped problem without 'errors' and an unsupported content type an empty 415: call app.UseJsonable() after builder.Build()",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        customTags: WellKnownDiagnosticTags.CompilationEnd);

    // ---- enum names: JSONABLE043 (the next free id) ----

    public static readonly DiagnosticDescriptor RefusedEnumMemberName = new(
        id: "JSONABLE043",
        title: "[JsonStringEnumMemberName] gives a name System.Text.Json refuses",
        messageFormat: "Enum member '{0}' is named {1} by [JsonStringEnumMemberName], which System.Text.Json refuses because {2}: it throws InvalidOperationException whenever the enum is serialized, as a name or as a number. Use a name that is not empty and neither starts nor ends with whitespace{3}.",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    // ---- System.Text.Json 11's attributes (the package on net10.0): JSONABLE060-069 ----

    public static readonly DiagnosticDescriptor NamingPolicyAttributeNotSupported = new(
        id: "JSONABLE060",
        title: "[JsonNamingPolicy] (System.Text.Json 11) is not applied by Jsonable",
        messageFormat: "'{0}' carries [JsonNamingPolicy] (System.Text.Json 11), which names {1} differently from Jsonable's compiled policy; Jsonable does not apply it, so the two would disagree on the wire. Remove it and name the members with [JsonPropertyName], or set the same policy for the whole assembly with <JsonableNamingPolicy>.",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor TypeLevelIgnoreNotSupported = new(
        id: "JSONABLE061",
        title: "[JsonIgnore] on a type (System.Text.Json 11) is not applied by Jsonable",
        messageFormat: "'{0}' carries [JsonIgnore] on the type (System.Text.Json 11: an ignore condition for every member), which Jsonable does not apply; its members would be written when System.Text.Json skips them. Remove it and put [JsonIgnore(Condition = ...)] on the members instead.",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor UnionNotSupported = new(
        id: "JSONABLE062",
        title: "[JsonUnion] (System.Text.Json 11) on a Jsonable type",
        messageFormat: "'{0}' carries [JsonUnion] (System.Text.Json 11), which Jsonable's generated code does not read or write as a union. Use [JsonPolymorphic]/[JsonDerivedType] with a discriminator, or leave the type to System.Text.Json (remove [ToJson]/[FromJson]).",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);

    public static readonly DiagnosticDescriptor PolymorphicClassificationNotSupported = new(
        id: "JSONABLE063",
        title: "[JsonPolymorphic]'s InferClosedTypePolymorphism or TypeClassifier (System.Text.Json 11) is not applied by Jsonable",
        messageFormat: "'{0}' sets {1} on [JsonPolymorphic] (System.Text.Json 11), which Jsonable does not apply: its generated code writes and reads only the derived types [JsonDerivedType] lists, by their discriminators, so System.Text.Json would accept or choose types Jsonable does not. Remove {1} and list each derived type with [JsonDerivedType(typeof(...), \"discriminator\")].",
        category: Category,
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true);
}
