using System;
using System.Collections.Generic;
using System.IO;

namespace Jsonable.Readme.Tests;

/// <summary>A fenced code block of a Markdown file: where it is, its text, and whether it is marked as a fragment.</summary>
/// <param name="File">The Markdown file, relative to the repository root.</param>
/// <param name="Line">The line of its opening fence (1-based).</param>
/// <param name="Heading">The nearest heading above it.</param>
/// <param name="Code">The code between the fences.</param>
/// <param name="FragmentReason">Why it is a fragment (from its marker), or <see langword="null"/> when it must compile.</param>
public sealed record MarkdownSnippet(string File, int Line, string Heading, string Code, string? FragmentReason)
{
    /// <inheritdoc />
    public override string ToString() => $"{File}:{Line} ({Heading})";
}

/// <summary>
/// Reads the <c>```csharp</c> blocks of the repository's Markdown files. A block that is deliberately not a whole
/// program (a method lifted out of a controller, three lines of a Program.cs) is marked on the line just before its
/// fence with an HTML comment, which Markdown renderers do not show:
/// <c>&lt;!-- snippet: fragment (why) --&gt;</c>. Every other block must compile as written.
/// </summary>
public static class MarkdownSnippets
{
    /// <summary>The marker's start; the text after it, up to <c>--&gt;</c>, says why.</summary>
    public const string FragmentMarker = "<!-- snippet: fragment";

    /// <summary>The repository root: the folder above the test that holds the solution.</summary>
    public static string RepositoryRoot { get; } = FindRoot();

    /// <summary>README.md and every page under docs/, relative to the repository root, in a stable order.</summary>
    public static IEnumerable<string> DocumentationFiles()
    {
        yield return "README.md";
        string[] pages = Directory.GetFiles(Path.Combine(RepositoryRoot, "docs"), "*.md");
        Array.Sort(pages, StringComparer.Ordinal);
        foreach (string page in pages)
        {
            yield return "docs/" + Path.GetFileName(page);
        }
    }

    /// <summary>The readme of each package (<c>src/*/README.md</c>), what nuget.org shows; relative to the repository root.</summary>
    public static IEnumerable<string> PackageReadmeFiles()
    {
        string[] projects = Directory.GetDirectories(Path.Combine(RepositoryRoot, "src"));
        Array.Sort(projects, StringComparer.Ordinal);
        foreach (string project in projects)
        {
            if (File.Exists(Path.Combine(project, "README.md")))
            {
                yield return "src/" + Path.GetFileName(project) + "/README.md";
            }
        }
    }

    /// <summary>The <c>```csharp</c> blocks of <paramref name="relativePath"/>.</summary>
    public static List<MarkdownSnippet> CSharpBlocks(string relativePath)
    {
        string[] lines = File.ReadAllLines(Path.Combine(RepositoryRoot, relativePath));
        var snippets = new List<MarkdownSnippet>();
        string heading = "(top)";
        for (int i = 0; i < lines.Length; i++)
        {
            if (lines[i].StartsWith('#'))
            {
                heading = lines[i].TrimStart('#').Trim();
                continue;
            }

            if (lines[i].TrimEnd() != "```csharp")
            {
                continue;
            }

            int start = i;
            var code = new List<string>();
            for (i++; i < lines.Length && lines[i].TrimEnd() != "```"; i++)
            {
                code.Add(lines[i]);
            }

            string before = start > 0 ? lines[start - 1].Trim() : string.Empty;
            string? reason = before.StartsWith(FragmentMarker, StringComparison.Ordinal)
                ? before[FragmentMarker.Length..].Replace("-->", string.Empty, StringComparison.Ordinal).Trim()
                : null;
            snippets.Add(new MarkdownSnippet(relativePath, start + 1, heading, string.Join('\n', code), reason));
        }

        return snippets;
    }

    private static string FindRoot()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Jsonable.AspNetCore.sln")) && File.Exists(Path.Combine(dir.FullName, "README.md")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException("The repository root (Jsonable.AspNetCore.sln) was not found above " + AppContext.BaseDirectory);
    }
}
