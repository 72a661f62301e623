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
/// checked. The other direction holds too: every source file, sample, test project and CI script has a row in the
/// architecture map's "File map" section, so an added file cannot go unmapped.
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

    [Fact]
    public void ArchitectureMap_HasARowForEverySourceFileSampleTestProjectAndCiScript()
    {
        // The other direction from EveryRepositoryPathNamed_Exists: a file added without a row fails here, so the map
        // cannot fall behind the tree. The message is the list of missing paths, one per line, ready to become rows.
        string[] missing = Unmapped(RequiredInMap(), MapSection(File.ReadAllLines(Path.Combine(MarkdownSnippets.RepositoryRoot, "docs/architecture.md"))));

        Assert.True(
            missing.Length == 0,
            $"docs/architecture.md's file map has no row for these {missing.Length} paths (add a line \"- `path` — what it is\" under its room):\n" + string.Join("\n", missing));
    }

    [Fact]
    public void MapCheck_ListsExactlyThePathsInNoRow()
    {
        // The check itself can fail: only rows of the file map count (not the rest of the page, not fenced blocks),
        // a folder row covers a sample or test project, and a source file needs a row of its own.
        string[] doc =
        [
            "The reader is `src/Runtime/Reader.cs`.",
            "## File map",
            "- `src/Runtime/Writer.cs` — the writer",
            "- `samples/Starter` — the starter; `tests/Integration/` — the integration tests",
            "```text",
            "`src/Runtime/Fenced.cs`",
            "```",
            "## After the map",
            "- `src/Runtime/Later.cs`, `.ci/run`",
        ];
        string[] required = ["src/Runtime/Reader.cs", "src/Runtime/Writer.cs", "src/Runtime/Fenced.cs", "src/Runtime/Later.cs", "samples/Starter", "tests/Integration", ".ci/run"];

        Assert.Equal(["src/Runtime/Reader.cs", "src/Runtime/Fenced.cs", "src/Runtime/Later.cs", ".ci/run"], Unmapped(required, MapSection(doc)));
    }

    /// <summary>
    /// What the map must name: every <c>src/**/*.cs</c> file (on disk, outside obj/bin, and any tracked by git), every
    /// sample (each entry of <c>samples/</c>), every test project (each folder of <c>tests/</c>, and <c>load-tests</c>)
    /// and every CI script (<c>.ci/*</c>).
    /// </summary>
    private static IEnumerable<string> RequiredInMap()
    {
        string root = MarkdownSnippets.RepositoryRoot;
        string Relative(string full) => Path.GetRelativePath(root, full).Replace('\\', '/');

        IEnumerable<string> sources = Directory.EnumerateFiles(Path.Combine(root, "src"), "*.cs", SearchOption.AllDirectories)
            .Select(Relative)
            .Concat(TrackedFiles("src").Where(p => p.EndsWith(".cs", StringComparison.Ordinal)))
            .Where(p => !p.Split('/').Any(part => part is "obj" or "bin"));
        IEnumerable<string> samples = Directory.EnumerateFileSystemEntries(Path.Combine(root, "samples")).Select(Relative);
        IEnumerable<string> tests = Directory.EnumerateDirectories(Path.Combine(root, "tests")).Select(Relative).Append("load-tests");
        IEnumerable<string> ci = Directory.EnumerateFiles(Path.Combine(root, ".ci")).Select(Relative);

        return sources.Concat(samples).Concat(tests).Concat(ci).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal);
    }

    /// <summary>The files git tracks under <paramref name="folder"/>, or none when git or the repository is not there.</summary>
    private static IEnumerable<string> TrackedFiles(string folder)
    {
        try
        {
            using var git = System.Diagnostics.Process.Start(new System.Diagnostics.ProcessStartInfo("git", ["ls-files", "--", folder])
            {
                WorkingDirectory = MarkdownSnippets.RepositoryRoot,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            });
            if (git is null)
            {
                return [];
            }

            string output = git.StandardOutput.ReadToEnd();
            git.WaitForExit();
            return git.ExitCode == 0 ? output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries) : [];
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return []; // no git on this machine: the files on disk are the tree
        }
    }

    /// <summary>The lines of the page's "File map" section: from its heading to the next second-level heading.</summary>
    private static string[] MapSection(string[] lines)
        => lines.SkipWhile(l => !l.StartsWith("## File map", StringComparison.Ordinal)).Skip(1).TakeWhile(l => !l.StartsWith("## ", StringComparison.Ordinal)).ToArray();

    /// <summary>
    /// The <paramref name="required"/> paths no row of <paramref name="mapLines"/> names: a file by its own path, a
    /// sample, test project or script by its path (with or without a trailing <c>/</c>).
    /// </summary>
    private static string[] Unmapped(IEnumerable<string> required, string[] mapLines)
    {
        var named = new HashSet<string>(PathsIn(mapLines).Select(p => p.Path.TrimEnd('/')), StringComparer.Ordinal);
        return required.Where(p => !named.Contains(p)).ToArray();
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
