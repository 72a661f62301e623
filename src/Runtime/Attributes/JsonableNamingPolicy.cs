namespace Jsonable;

/// <summary>How the generator turns a C# member name into the name on the wire (unless <c>[JsonPropertyName]</c> says otherwise).</summary>
/// <remarks>The generator compiles this file too (where the enum is internal), so the values it reads from attributes are these.</remarks>
#if JSONABLE_GENERATOR
internal
#else
public
#endif
enum JsonableNamingPolicy
{
    /// <summary>Inherit: the type's <c>[JsonableGenerationOptions]</c>, else the assembly's, else the MSBuild property
    /// <c>JsonableNamingPolicy</c>, else <see cref="CamelCase"/> (what ASP.NET Core's web defaults put on the wire).</summary>
    Default = 0,

    /// <summary>The C# name exactly as declared.</summary>
    AsDeclared = 1,

    /// <summary><c>firstName</c>, as System.Text.Json's <c>JsonNamingPolicy.CamelCase</c>.</summary>
    CamelCase = 2,

    /// <summary><c>first_name</c>, as <c>JsonNamingPolicy.SnakeCaseLower</c>.</summary>
    SnakeCaseLower = 3,

    /// <summary><c>FIRST_NAME</c>, as <c>JsonNamingPolicy.SnakeCaseUpper</c>.</summary>
    SnakeCaseUpper = 4,

    /// <summary><c>first-name</c>, as <c>JsonNamingPolicy.KebabCaseLower</c>.</summary>
    KebabCaseLower = 5,

    /// <summary><c>FIRST-NAME</c>, as <c>JsonNamingPolicy.KebabCaseUpper</c>.</summary>
    KebabCaseUpper = 6,
}
