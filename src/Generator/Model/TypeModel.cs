namespace Jsonable.Generator.Model;

/// <summary>
/// A type the generator extends; value-equal and free of Roslyn symbols so the pipeline can cache it.
/// <see cref="Namespace"/> and <see cref="Name"/> are C# source (keywords escaped with <c>@</c>).
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
    EquatableArray<DiagnosticInfo> Diagnostics,
    JsonableNamingPolicyValue NamingPolicy = JsonableNamingPolicyValue.Default,
    ConstructorModel? Constructor = null,
    bool ConstructThroughAccessor = false,
    EquatableArray<NamingConflictModel> NamingConflicts = default,
    bool IsReadOnlyStruct = false)
{
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
