namespace Jsonable.Internal;

/// <summary>
/// Which enum member names System.Text.Json refuses (docs/types.md). Its enum converter checks every name when it is
/// made, for any use of the enum (names, numbers, dictionary keys), and throws InvalidOperationException for a null or
/// empty name, one that starts or ends with whitespace, and, in a [Flags] enum, one with a comma (the separator of a
/// combination's names); inner spaces, digits and '-' are fine. The one source of the rule: the runtime refuses a
/// naming policy's names with it, and the generator compiles this file too, to report a [JsonStringEnumMemberName]
/// (JSONABLE043).
/// </summary>
internal static class EnumNameRules
{
    /// <summary>Why System.Text.Json refuses <paramref name="name"/> as an enum member's name, or null when it takes it.</summary>
    /// <param name="name">The name as written (null when an attribute gives null).</param>
    /// <param name="isFlags">Whether the enum is <c>[Flags]</c>.</param>
    public static string? Refusal(string? name, bool isFlags) =>
        name is null ? "it is null"
        : name.Length == 0 ? "it is empty"
        : char.IsWhiteSpace(name[0]) ? "it starts with whitespace"
        : char.IsWhiteSpace(name[name.Length - 1]) ? "it ends with whitespace"
        : isFlags && name.IndexOf(',') >= 0 ? "it contains a comma, which separates the names of a [Flags] combination"
        : null;
}
