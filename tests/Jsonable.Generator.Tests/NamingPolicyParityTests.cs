using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Loader;
using System.Text;
using System.Text.Json;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Emit;

namespace Jsonable.Generator.Tests;

/// <summary>
/// The generator applies naming policies at compile time; System.Text.Json applies the same-named policies at run time.
/// Turning Jsonable on must not rename a field a client sees, so every policy must give STJ's name for every member.
/// </summary>
public sealed class NamingPolicyParityTests
{
    /// <summary>C# member names: acronyms, digits, underscores, one-letter names, non-ASCII letters (titlecase, letter numbers).</summary>
    private static readonly string[] MemberNames =
    [
        "Name", "name", "FirstName", "URL", "URLValue", "UrlValue", "IOStream", "ID", "Id", "XMLHttpRequest", "HTTPSUrl",
        "HTML5Parser", "Version2", "V2Beta", "Area51Zone", "ABC123DEF", "X1Y2Z3", "Foo123Bar", "Snake_Case", "_Leading",
        "Trailing_", "__Double", "Mixed_UPPER_lower", "already_snake", "ABC_def", "lowerThenUPPER", "camelCase", "A", "a",
        "AB", "Ab", "aB", "ÀBC", "Ñandú", "Café", "ÉtéÉté", "名前", "ΣigmaΣ", "ПриветМир", "İstanbul", "ǅungla", "ⅠⅡ",
        "Ⅻhours", "class",
    ];

    private static readonly (string Jsonable, JsonNamingPolicy? Stj)[] Policies =
    [
        ("AsDeclared", null),
        ("CamelCase", JsonNamingPolicy.CamelCase),
        ("SnakeCaseLower", JsonNamingPolicy.SnakeCaseLower),
        ("SnakeCaseUpper", JsonNamingPolicy.SnakeCaseUpper),
        ("KebabCaseLower", JsonNamingPolicy.KebabCaseLower),
        ("KebabCaseUpper", JsonNamingPolicy.KebabCaseUpper),
    ];

    [Fact]
    public void EveryPolicy_GivesSystemTextJsonsNameForEveryMember()
    {
        var source = new StringBuilder(
            """
            #pragma warning disable CS1591
            using Jsonable;
            namespace Sample;

            """);
        // Names that meet under a policy (URLValue and UrlValue both become url_value) go into different types.
        var typeOf = new Dictionary<(int Policy, int Member), string>();
        for (int p = 0; p < Policies.Length; p++)
        {
            var types = new List<HashSet<string>>();
            for (int m = 0; m < MemberNames.Length; m++)
            {
                string expected = Policies[p].Stj?.ConvertName(MemberNames[m]) ?? MemberNames[m];
                int t = types.FindIndex(names => !names.Contains(expected));
                if (t < 0)
                {
                    types.Add([]);
                    t = types.Count - 1;
                }

                types[t].Add(expected);
                typeOf[(p, m)] = $"P{p}T{t}";
            }

            for (int t = 0; t < types.Count; t++)
            {
                source.AppendLine($"[ToJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.{Policies[p].Jsonable})]")
                    .AppendLine($"public partial class P{p}T{t}")
                    .AppendLine("{");
                for (int m = 0; m < MemberNames.Length; m++)
                {
                    if (typeOf[(p, m)] == $"P{p}T{t}")
                    {
                        source.AppendLine($"    public int @{MemberNames[m]} {{ get; set; }} = {m};");
                    }
                }

                source.AppendLine("}");
            }
        }

        Assembly assembly = Compile(source.ToString());

        var mismatches = new List<string>();
        int compared = 0;
        for (int p = 0; p < Policies.Length; p++)
        {
            for (int m = 0; m < MemberNames.Length; m++)
            {
                string clrName = MemberNames[m];
                string expected = Policies[p].Stj?.ConvertName(clrName) ?? clrName;
                object instance = Activator.CreateInstance(assembly.GetType("Sample." + typeOf[(p, m)], throwOnError: true)!)!;
                string json = (string)instance.GetType().GetMethod("ToJson")!.Invoke(instance, [false])!;
                string[] actual = JsonDocument.Parse(json).RootElement.EnumerateObject().Where(e => e.Value.GetInt32() == m).Select(e => e.Name).ToArray();
                compared++;
                if (actual.Length != 1 || actual[0] != expected)
                {
                    mismatches.Add($"{Policies[p].Jsonable}({clrName}): Jsonable \"{string.Join(", ", actual)}\", STJ \"{expected}\"");
                }
            }
        }

        Assert.Equal(Policies.Length * MemberNames.Length, compared);
        Assert.True(mismatches.Count == 0, string.Join(Environment.NewLine, mismatches));
    }

    private static Assembly Compile(string source) => GeneratorHarness.CompileAndLoad(source, "Naming");
}
