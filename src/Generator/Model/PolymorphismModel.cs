namespace Jsonable.Generator.Model;

/// <summary>
/// What <c>[JsonPolymorphic]</c>/<c>[JsonDerivedType]</c> on a type ask for, as System.Text.Json applies them when a
/// value's declared type is this one: the discriminator member's name, the derived types (each with its discriminator,
/// if any) and what to do with a runtime type or a discriminator that is not listed.
/// </summary>
/// <param name="DiscriminatorPropertyName">The discriminator member (<c>$type</c> unless <c>TypeDiscriminatorPropertyName</c> says otherwise); no naming policy applies to it.</param>
/// <param name="DerivedTypes">The listed types, in attribute order (the base itself may be one of them).</param>
/// <param name="UnknownDerivedTypeHandling">The <c>JsonUnknownDerivedTypeHandling</c> member name: FailSerialization, FallBackToBaseType or FallBackToNearestAncestor.</param>
/// <param name="IgnoreUnrecognizedTypeDiscriminators">Whether an unlisted discriminator reads as the base type instead of failing.</param>
/// <param name="IsAbstract">Whether the base cannot be created (an object without a known discriminator is then an error).</param>
internal sealed record PolymorphismModel(
    string DiscriminatorPropertyName,
    EquatableArray<DerivedTypeModel> DerivedTypes,
    string UnknownDerivedTypeHandling,
    bool IgnoreUnrecognizedTypeDiscriminators,
    bool IsAbstract);

/// <summary>One <c>[JsonDerivedType]</c>.</summary>
/// <param name="FullyQualifiedName">The derived type, as C# source with <c>global::</c>.</param>
/// <param name="StringDiscriminator">The string discriminator, or <see langword="null"/>.</param>
/// <param name="IntDiscriminator">The int discriminator, when <see cref="StringDiscriminator"/> is null and <see cref="HasDiscriminator"/>.</param>
/// <param name="HasDiscriminator">Whether the attribute gives a discriminator (without one the type is written with its own members and no discriminator, and cannot be read back as itself).</param>
/// <param name="IsBase">Whether this is the polymorphic type itself.</param>
/// <param name="IsPolymorphic">Whether the derived type is itself polymorphic, so that its exact (non-dispatching) reader and writer must be called.</param>
/// <param name="Depth">How many base types the derived type has (a deeper type is tested first when falling back to the nearest ancestor).</param>
/// <param name="CanWrite">Whether the derived type is marked [ToJson].</param>
/// <param name="CanRead">Whether the derived type is marked [FromJson].</param>
internal sealed record DerivedTypeModel(
    string FullyQualifiedName,
    string? StringDiscriminator,
    int IntDiscriminator,
    bool HasDiscriminator,
    bool IsBase,
    bool IsPolymorphic,
    int Depth,
    bool CanWrite,
    bool CanRead)
{
    /// <summary>The discriminator as it appears in generated comments: <c>"circle"</c>, <c>2</c>, or <c>(none)</c>.</summary>
    public string Display => !HasDiscriminator ? "(no discriminator)" : StringDiscriminator is null ? IntDiscriminator.ToString(System.Globalization.CultureInfo.InvariantCulture) : "\"" + StringDiscriminator + "\"";
}
