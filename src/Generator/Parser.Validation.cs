using System.Linq;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator;

/// <summary>
/// What a merge patch's result is checked against before it is committed: the members' nullable annotations (as
/// System.Text.Json's <c>RespectNullableAnnotations</c> reads them) and DataAnnotations (<c>ValidationAttribute</c>s,
/// <c>IValidatableObject</c>); see <c>docs/partial-updates.md</c>.
/// </summary>
internal sealed partial class Parser
{
    private const string ValidationAttributeName = "System.ComponentModel.DataAnnotations.ValidationAttribute";

    /// <summary>
    /// A reference type annotated non-nullable in a nullable-enabled context (<c>None</c>, the oblivious annotation,
    /// is not), not an unconstrained type parameter, and not <c>[AllowNull]</c> (STJ reads the setter's annotation,
    /// which <c>[AllowNull]</c> widens).
    /// </summary>
    private static bool IsNonNullableReference(ISymbol member, ITypeSymbol type) =>
        !type.IsValueType
        && type is not ITypeParameterSymbol
        && type.NullableAnnotation == NullableAnnotation.NotAnnotated
        && !member.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "System.Diagnostics.CodeAnalysis.AllowNullAttribute");

    /// <summary>Whether the member carries an attribute deriving from DataAnnotations' <c>ValidationAttribute</c>.</summary>
    private static bool HasValidationAttribute(ISymbol member) =>
        member.GetAttributes().Any(a => DerivesFrom(a.AttributeClass, ValidationAttributeName));

    /// <summary>Whether the type implements <c>IValidatableObject</c> or carries a type-level <c>ValidationAttribute</c>.</summary>
    private static bool HasTypeLevelValidation(INamedTypeSymbol type) =>
        type.AllInterfaces.Any(i => i.ToDisplayString() == "System.ComponentModel.DataAnnotations.IValidatableObject")
        || type.GetAttributes().Any(a => DerivesFrom(a.AttributeClass, ValidationAttributeName));

    private static bool DerivesFrom(INamedTypeSymbol? type, string baseName)
    {
        for (INamedTypeSymbol? t = type; t is not null; t = t.BaseType)
        {
            if (t.ToDisplayString() == baseName)
            {
                return true;
            }
        }

        return false;
    }
}
