// The runtime's enum, compiled into the generator from its own source file (see the project file); the generator's
// code has always called it by this name.
global using JsonableNamingPolicyValue = Jsonable.JsonableNamingPolicy;

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>
/// Applies the naming policy to a parsed model: the type's or assembly's <c>[JsonableGenerationOptions]</c>, else the MSBuild
/// property <c>JsonableNamingPolicy</c>, else camelCase — what ASP.NET Core's web defaults put on the wire, so that
/// turning Jsonable on renames nothing a client sees. The algorithms follow System.Text.Json's
/// <c>JsonNamingPolicy</c> (its source is not part of this repository, and an analyzer cannot rely on loading System.Text.Json);
/// <c>NamingPolicyParityTests</c> compares the two on a corpus of names.
/// </summary>
internal static class NamingPolicies
{
    public const string MSBuildProperty = "build_property.JsonableNamingPolicy";

    public static JsonableNamingPolicyValue ParseMSBuildValue(string? value) =>
        Enum.TryParse(value?.Replace("_", string.Empty).Replace("-", string.Empty), ignoreCase: true, out JsonableNamingPolicyValue policy)
            ? policy
            : JsonableNamingPolicyValue.Default;

    /// <summary>The policy in force for a type: its own (or its assembly's) <c>[JsonableGenerationOptions]</c>, else the MSBuild property, else camelCase.</summary>
    public static JsonableNamingPolicyValue Resolve(JsonableNamingPolicyValue declared, JsonableNamingPolicyValue msbuildDefault) =>
        declared != JsonableNamingPolicyValue.Default ? declared
            : msbuildDefault != JsonableNamingPolicyValue.Default ? msbuildDefault
            : JsonableNamingPolicyValue.CamelCase;

    public static TypeModel Apply(TypeModel model, JsonableNamingPolicyValue msbuildDefault)
    {
        JsonableNamingPolicyValue policy = Resolve(model.NamingPolicy, msbuildDefault);
        List<MemberModel> members = model.Members
            .Select(m => m.HasExplicitName ? m : m with { JsonName = Convert(m.ClrName, policy) })
            .ToList();

        return model with
        {
            NamingPolicy = policy,
            Members = members.ToEquatableArray(),
        };
    }

    /// <summary>
    /// The JSON-name conflicts under every policy the type could end up with. Only conflicts are kept (usually none),
    /// so an edit elsewhere in the file, which moves locations, leaves a conflict-free model equal and cached.
    /// </summary>
    public static List<NamingConflictModel> FindConflicts(string typeName, List<MemberModel> members, Func<string, Microsoft.CodeAnalysis.Location?> locate)
    {
        var conflicts = new List<NamingConflictModel>();
        for (var policy = JsonableNamingPolicyValue.AsDeclared; policy <= JsonableNamingPolicyValue.KebabCaseUpper; policy++)
        {
            var seen = new Dictionary<string, MemberModel>(StringComparer.Ordinal);
            foreach (MemberModel member in members)
            {
                string name = member.HasExplicitName ? member.JsonName : Convert(member.ClrName, policy);
                if (seen.TryGetValue(name, out MemberModel? other))
                {
                    conflicts.Add(new NamingConflictModel(policy, DiagnosticInfo.Create(DiagnosticDescriptors.ConflictingNames, locate(member.ClrName), other.ClrName, member.ClrName, typeName, name)));
                }
                else
                {
                    seen[name] = member;
                }
            }
        }

        return conflicts;
    }

    public static string Convert(string name, JsonableNamingPolicyValue policy) => policy switch
    {
        JsonableNamingPolicyValue.CamelCase => CamelCase(name),
        JsonableNamingPolicyValue.SnakeCaseLower => Separated(name, '_', lowercase: true),
        JsonableNamingPolicyValue.SnakeCaseUpper => Separated(name, '_', lowercase: false),
        JsonableNamingPolicyValue.KebabCaseLower => Separated(name, '-', lowercase: true),
        JsonableNamingPolicyValue.KebabCaseUpper => Separated(name, '-', lowercase: false),
        _ => name,
    };

    /// <summary>As STJ's <c>JsonNamingPolicy.CamelCase</c>: lower the leading run of capitals (<c>URLValue</c> → <c>urlValue</c>).</summary>
    private static string CamelCase(string name)
    {
        if (name.Length == 0 || !char.IsUpper(name[0]))
        {
            return name;
        }

        char[] chars = name.ToCharArray();
        for (int i = 0; i < chars.Length; i++)
        {
            if (i == 1 && !char.IsUpper(chars[i]))
            {
                break;
            }

            bool hasNext = i + 1 < chars.Length;
            if (i > 0 && hasNext && !char.IsUpper(chars[i + 1]))
            {
                if (chars[i + 1] == ' ')
                {
                    chars[i] = char.ToLowerInvariant(chars[i]);
                }

                break;
            }

            chars[i] = char.ToLowerInvariant(chars[i]);
        }

        return new string(chars);
    }

    /// <summary>As STJ's snake/kebab policies: words split at case changes, joined by <paramref name="separator"/>.</summary>
    private static string Separated(string name, char separator, bool lowercase)
    {
        var sb = new StringBuilder(name.Length + 8);
        int state = 0; // 0 not started, 1 upper, 2 lower or digit, 3 space
        for (int i = 0; i < name.Length; i++)
        {
            char current = name[i];
            switch (char.GetUnicodeCategory(current))
            {
                case UnicodeCategory.UppercaseLetter:
                    if (state is 2 or 3 || (state == 1 && i + 1 < name.Length && char.IsLower(name[i + 1])))
                    {
                        sb.Append(separator);
                    }

                    sb.Append(lowercase ? char.ToLowerInvariant(current) : current);
                    state = 1;
                    break;
                case UnicodeCategory.LowercaseLetter:
                case UnicodeCategory.DecimalDigitNumber:
                    if (state == 3)
                    {
                        sb.Append(separator);
                    }

                    sb.Append(!lowercase && char.IsLower(current) ? char.ToUpperInvariant(current) : current);
                    state = 2;
                    break;
                case UnicodeCategory.SpaceSeparator:
                    if (state != 0)
                    {
                        state = 3;
                    }

                    break;
                default:
                    sb.Append(current);
                    state = 0;
                    break;
            }
        }

        return sb.ToString();
    }
}
