namespace Jsonable.Generator.Model;

/// <summary>A type the generator extends; value-equal and free of Roslyn symbols so the pipeline can cache it.</summary>
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
    EquatableArray<DiagnosticInfo> Diagnostics)
{
    /// <summary>The file name of the generated source.</summary>
    public string HintName => (FullyQualifiedName.Replace("global::", string.Empty).Replace('<', '{').Replace('>', '}')) + ".Jsonable.g.cs";
}

/// <summary>A type that contains a generated type (it must be partial too).</summary>
internal sealed record ContainingTypeModel(string DeclarationKeyword, string Name);
