namespace Jsonable.Generator.Model;

/// <summary>One serialized member of a generated type.</summary>
/// <param name="Identifier">The C# identifier to use in code (with <c>@</c> when it is a keyword).</param>
/// <param name="ClrName">The C# name (what <c>nameof</c> gives).</param>
/// <param name="JsonName">The name on the wire: <c>[JsonPropertyName]</c>, else the naming policy applied to <see cref="ClrName"/>.</param>
/// <param name="HasExplicitName">Whether the name comes from <c>[JsonPropertyName]</c> (no policy applies).</param>
/// <param name="Shape">How the value is written and read.</param>
/// <param name="CanWrite">Whether the member is written (it has an accessible getter).</param>
/// <param name="Setter">How the member is read into the object.</param>
/// <param name="Ignore">When the writer leaves the member out (<c>[JsonIgnore(Condition = ...)]</c>).</param>
/// <param name="IsRequired">Whether a document that creates a new instance must contain the member (<c>required</c>, <c>[JsonRequired]</c>).</param>
/// <param name="ConstructorParameter">The index of the constructor parameter that receives the member, or -1.</param>
/// <param name="DeclaringType">The fully qualified type that declares the property (for init accessors).</param>
/// <param name="IsField">Whether the member is a field (<c>[JsonInclude]</c>) rather than a property.</param>
/// <param name="IsEditable">Whether a merge patch may change the member (not when <c>[Editable(false)]</c> or <c>[Key]</c>).</param>
/// <param name="IsNonNullableReference">Whether the member is a reference type annotated as non-nullable (<c>string</c>, not <c>string?</c>, in a nullable-enabled context, without <c>[AllowNull]</c>): a merge patch may not set it to <c>null</c>, as System.Text.Json's <c>RespectNullableAnnotations</c> would refuse.</param>
/// <param name="HasValidationAttributes">Whether the member carries a DataAnnotations <c>ValidationAttribute</c> (<c>[Required]</c>, <c>[Range]</c>, ...).</param>
internal sealed record MemberModel(
    string Identifier,
    string ClrName,
    string JsonName,
    bool HasExplicitName,
    TypeShape Shape,
    bool CanWrite,
    SetterKind Setter,
    IgnoreCondition Ignore,
    bool IsRequired,
    int ConstructorParameter,
    string DeclaringType,
    bool IsField = false,
    bool IsEditable = true,
    bool IsNonNullableReference = false,
    bool HasValidationAttributes = false)
{
    /// <summary>Whether the member is read at all.</summary>
    public bool CanRead => Setter != SetterKind.None || ConstructorParameter >= 0;
}

/// <summary>How a member's value gets into the object.</summary>
internal enum SetterKind
{
    /// <summary>Not read.</summary>
    None,

    /// <summary>An ordinary setter.</summary>
    Plain,

    /// <summary>An <c>init</c> accessor, called through an <c>UnsafeAccessor</c>.</summary>
    InitOnly,

    /// <summary>Only the constructor can set it.</summary>
    ConstructorOnly,
}

/// <summary>
/// When the writer leaves a member out (STJ's <c>JsonIgnoreCondition</c> minus <c>Always</c>, which excludes it, and
/// <c>WhenWriting</c>/<c>WhenReading</c>, which the parser turns into a member that is only read or only written).
/// </summary>
internal enum IgnoreCondition
{
    /// <summary>Always written.</summary>
    Never,

    /// <summary>Left out when null.</summary>
    WhenWritingNull,

    /// <summary>Left out when equal to the type's default.</summary>
    WhenWritingDefault,
}

/// <summary>
/// A member STJ knows but never reads (<c>[JsonIgnore]</c>): under <c>[JsonUnmappedMemberHandling(Disallow)]</c> its name in a
/// document is skipped, not an error, as in STJ. <see cref="ExplicitName"/> is its <c>[JsonPropertyName]</c>, else the naming policy applies.
/// </summary>
internal sealed record IgnoredMemberModel(string ClrName, string? ExplicitName);
