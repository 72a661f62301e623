using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Jsonable.Readme.Tests;

/// <summary>
/// Every repository path the docs name in prose — a code span such as <c>`src/Runtime/Writing/JsonableWriter.cs`</c> or a link
/// target — exists, so a file that moves turns docs/architecture.md's map (and every other page) into a failing test
/// rather than a stale one. <see cref="MarkdownLinkTests"/> checks link targets relative to each page; this checks the
/// paths written from the repository root, links or not. Paths inside fenced blocks (commands, build output) are not
/// checked.
/// </summary>
public sealed partial class RepositoryPathTests
{
    /// <summary>A code span or link target that is a path from the repository root (wildcards and placeholders allowed).</summary>
    [GeneratedRegex(@"(?:`|\]\()(?<path>(?:src|tests|samples|load-tests|docs|data|\.ci)/[^`\s)#]*)")]
    private static partial Regex RootPath();

    public static TheoryData<string> Files
    {
        get
        {
            var data = new TheoryData<string>();
            foreach (string file in MarkdownSnippets.DocumentationFiles())
            {
                data.Add(file);
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void EveryRepositoryPathNamed_Exists(string file)
    {
        List<(int Line, string Path)> missing = PathsIn(File.ReadAllLines(Path.Combine(MarkdownSnippets.RepositoryRoot, file)))
            .Where(p => !Exists(p.Path))
            .ToList();

        Assert.True(missing.Count == 0, $"{file} names paths that do not exist: " + string.Join(", ", missing.Select(m => $"line {m.Line}: {m.Path}")));
    }

    [Fact]
    public void ArchitectureMap_NamesFilesOfEveryAssembly()
    {
        // The map is only worth checking if it names real files: at least one per source project.
        string[] named = PathsIn(File.ReadAllLines(Path.Combine(MarkdownSnippets.RepositoryRoot, "docs/architecture.md"))).Select(p => p.Path).ToArray();

        foreach (string project in new[] { "src/Runtime/", "src/Generator/", "src/Formatters/", "src/Client/", "src/OpenApi/", "src/Swashbuckle/" })
        {
            Assert.Contains(named, p => p.StartsWith(project, StringComparison.Ordinal) && p.EndsWith(".cs", StringComparison.Ordinal));
        }
    }

    [Fact]
    public void PathCheck_FindsAStalePath()
    {
        // The check itself can fail: a moved file in prose, in a table and as a link; fenced blocks are skipped.
        string[] doc =
        [
            "The writer is `src/Runtime/JsonableWriterThatMoved.cs`.",
            "| writing | `src/Runtime/Writing/JsonableWriter.cs`, `src/Runtime/Gone/Strings.cs` |",
            "See [the map](docs/no-such-page.md#x) and `tests/Jsonable.AspNetCore.Tests/PublicApi/*.txt`.",
            "```bash",
            "dotnet run --project `samples/NoSuchSample`",
            "```",
        ];

        string[] missing = PathsIn(doc).Where(p => !Exists(p.Path)).Select(p => p.Path).ToArray();

        Assert.Equal(["src/Runtime/JsonableWriterThatMoved.cs", "src/Runtime/Gone/Strings.cs", "docs/no-such-page.md"], missing);
    }

    /// <summary>Repository-root paths in the prose of <paramref name="lines"/> (fenced blocks skipped), with their line numbers.</summary>
    private static IEnumerable<(int Line, string Path)> PathsIn(string[] lines)
    {
        bool inFence = false;
        for (int i = 0; i < lines.Length; i++)
        {
            if (lines[i].TrimStart().StartsWith("```", StringComparison.Ordinal))
            {
                inFence = !inFence;
                continue;
            }

            if (inFence)
            {
                continue;
            }

            foreach (Match m in RootPath().Matches(lines[i]))
            {
                yield return (i + 1, m.Groups["path"].Value.TrimEnd('.', ',', ';', ':'));
            }
        }
    }

    /// <summary>
    /// Whether the path exists; for a pattern (<c>PublicApi/*.txt</c>, <c>&lt;Type&gt;.g.cs</c>) whether the folder before
    /// its first wildcard or placeholder does.
    /// </summary>
    private static bool Exists(string path)
    {
        int wildcard = path.IndexOfAny(['*', '<', '{']);
        string concrete = wildcard < 0 ? path : path[..path.LastIndexOf('/', wildcard)];
        string full = Path.Combine(MarkdownSnippets.RepositoryRoot, concrete);
        return File.Exists(full) || Directory.Exists(full);
    }
}
