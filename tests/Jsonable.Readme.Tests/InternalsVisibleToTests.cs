using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;

namespace Jsonable.Readme.Tests;

/// <summary>
/// The packages are versioned apart, so none may see another's internals: <c>InternalsVisibleTo</c> names test projects
/// only, and code one package needs from another is linked source or public hidden API (docs/architecture.md, "How
/// packages share code"). Checked twice: in every project file and source file under <c>src/</c> (so a project these
/// tests do not reference counts too), and in the built package assemblies (so a grant from anywhere else counts too).
/// </summary>
public sealed partial class InternalsVisibleToTests
{
    /// <summary>An <c>InternalsVisibleTo</c> item (<c>Include="X"</c>) or attribute (<c>InternalsVisibleTo("X")</c>) and the name it grants to.</summary>
    [GeneratedRegex(@"InternalsVisibleTo(?:Attribute)?\s*(?:Include\s*=\s*""|\(\s*"")(?<name>[^"",]+)")]
    private static partial Regex Grant();

    [Fact]
    public void SourcesUnderSrc_GrantInternalsToTestProjectsOnly()
    {
        string src = Path.Combine(MarkdownSnippets.RepositoryRoot, "src");
        var offenders = new List<string>();
        foreach (string file in Directory.EnumerateFiles(src, "*", SearchOption.AllDirectories))
        {
            string relative = Path.GetRelativePath(MarkdownSnippets.RepositoryRoot, file).Replace('\\', '/');
            if (relative.Contains("/obj/", StringComparison.Ordinal) || relative.Contains("/bin/", StringComparison.Ordinal)
                || Path.GetExtension(file) is not (".csproj" or ".props" or ".targets" or ".cs"))
            {
                continue;
            }

            foreach (Match grant in Grant().Matches(File.ReadAllText(file)))
            {
                string name = grant.Groups["name"].Value.Trim();
                if (!IsTestProject(name))
                {
                    offenders.Add($"{relative}: InternalsVisibleTo {name}");
                }
            }
        }

        Assert.True(offenders.Count == 0,
            "InternalsVisibleTo may name a test project only (an assembly whose name ends in .Tests); share code as linked source or public hidden API instead (docs/architecture.md, \"How packages share code\"):\n"
            + string.Join("\n", offenders));
    }

    [Fact]
    public void BuiltPackages_GrantInternalsToTestProjectsOnly()
    {
        Assembly[] packages =
        [
            typeof(JsonableFormat).Assembly,
            typeof(Jsonable.AspNetCore.JsonableOptions).Assembly,
            typeof(Jsonable.Http.JsonableContent).Assembly,
            typeof(Jsonable.AspNetCore.SignalR.JsonableJmc1HubProtocol).Assembly,
            typeof(Jsonable.AspNetCore.OpenApi.JsonableOpenApiOptionsExtensions).Assembly,
            typeof(Jsonable.AspNetCore.Swashbuckle.JsonableSwaggerGenOptionsExtensions).Assembly,
        ];

        string[] offenders = packages
            .SelectMany(a => a.GetCustomAttributes<InternalsVisibleToAttribute>().Select(g => (Assembly: a.GetName().Name, g.AssemblyName)))
            .Where(g => !IsTestProject(g.AssemblyName.Split(',')[0].Trim()))
            .Select(g => $"{g.Assembly} grants its internals to {g.AssemblyName}")
            .ToArray();

        Assert.True(offenders.Length == 0, "A Jsonable package grants its internals to an assembly that is not a test project:\n" + string.Join("\n", offenders));
    }

    private static bool IsTestProject(string assemblyName) => assemblyName.EndsWith(".Tests", StringComparison.Ordinal);
}
