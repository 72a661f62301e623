namespace Jsonable.Generator.Model;

/// <summary>
/// A type the generator extends; value-equal and free of Roslyn symbols so the pipeline can cache it.
/// <see cref="Namespace"/> and <see cref="Name"/> are C# source (keywords escaped with <c>@</c>).
/// It holds no source locations either: those live in <see cref="ParsedType.Diagnostics"/>, so that moving a
/// declaration (a line added above it) leaves the model equal and its generated source cached.
/// <see cref="HasErrors"/>: the parser reported an error for the type, so no source is generated.
/// <see cref="Polymorphism"/>: the type's [JsonPolymorphic]/[JsonDerivedType] (null when it has none);
/// <see cref="HasDiscriminatorWriter"/>: a polymorphic type lists this one with a discriminator, so it also gets a writer that puts the discriminator first.
/// <see cref="ConflictingNamingPolicies"/>: the naming policies under which two members get the same JSON name
/// (no source is generated if one of them ends up in force).
/// <see cref="TypeParameterList"/>: for a generic type, its type parameters as declared (<c>&lt;T&gt;</c>), else empty.
/// <see cref="DisallowUnmappedMembers"/>: <c>[JsonUnmappedMemberHandling(Disallow)]</c>, an unknown member is an error.
/// <see cref="IgnoredMembers"/>: members left out by <c>[JsonIgnore]</c>, whose names <c>Disallow</c> still accepts (as STJ).
/// <see cref="BindsMinimalApiBody"/>: the type gets a minimal-API <c>BindAsync</c> (Emitter.Binding.cs).
/// <see cref="ExtensionDataMember"/>: the identifier of the <c>[JsonExtensionData]</c> dictionary that keeps unknown members.
/// <see cref="IsListedWithDiscriminator"/>: a polymorphic type (an ancestor or itself) lists this one with a discriminator, so a merge patch into a stored value of this type may start with that discriminator.
/// <see cref="HasTypeLevelValidation"/>: the type implements <c>IValidatableObject</c> or carries a type-level DataAnnotations attribute.
/// </summary>
internal sealed record TypeModel(
    string? Namespace,
    string Name,
    string FullyQualifiedName,
    string DeclarationKeyword,
    bool IsValueType,
    EquatableArray<ContainingTypeModel> ContainingTypes,
    bool GenerateWriter,
    bool GenerateReader,
    bool CanRegister,
    EquatableArray<MemberModel> Members,
    EquatableArray<string> PartialWriters,
    EquatableArray<string> UserDefinedCallbacks,
    EquatableArray<string> InheritedMemberNames,
    bool HasErrors,
    EquatableArray<JsonableNamingPolicyValue> ConflictingNamingPolicies,
    JsonableNamingPolicyValue NamingPolicy = JsonableNamingPolicyValue.Default,
    ConstructorModel? Constructor = null,
    bool ConstructThroughAccessor = false,
    bool IsReadOnlyStruct = false,
    string TypeParameterList = "",
    PolymorphismModel? Polymorphism = null,
    bool HasDiscriminatorWriter = false,
    bool DisallowUnmappedMembers = false,
    string? ExtensionDataMember = null,
    EquatableArray<IgnoredMemberModel> IgnoredMembers = default,
    bool BindsMinimalApiBody = false,
    bool HasTypeLevelValidation = false,
    bool IsListedWithDiscriminator = false)
{
    /// <summary>Whether source is generated: no error, and no name conflict under the policy in force (call after the policy is applied).</summary>
    public bool CanEmit => !HasErrors && ConflictingNamingPolicies.IndexOf(NamingPolicy) < 0;

    /// <summary>Whether the type is a generic definition: registered only as the closed types <c>[assembly: JsonableType]</c> names.</summary>
    public bool IsGenericDefinition => TypeParameterList.Length > 0;

    /// <summary>
    /// The file name of the generated source: the full name without <c>global::</c> and without the <c>@</c> of escaped
    /// keywords (which a hint name may not contain). Unique: C# forbids a type and a namespace of the same full name.
    /// </summary>
    public string HintName => FullyQualifiedName.Replace("global::", string.Empty).Replace("@", string.Empty).Replace('<', '{').Replace('>', '}') + ".Jsonable.g.cs";
}

/// <summary>A type that contains a generated type (it must be partial too); <see cref="Name"/> is a C# identifier.</summary>
internal sealed record ContainingTypeModel(string DeclarationKeyword, string Name);

/// <summary>A name conflict that arises under one naming policy (found at parse time, where locations are known).</summary>
/// <param name="Policy">The policy under which the names collide.</param>
/// <param name="Diagnostic">The JSONABLE007 to report if that policy applies.</param>
internal sealed record NamingConflictModel(JsonableNamingPolicyValue Policy, DiagnosticInfo Diagnostic);
