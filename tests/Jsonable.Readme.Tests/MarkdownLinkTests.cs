using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Jsonable.Readme.Tests;

/// <summary>
/// A clone of the repository has every page its docs link to: the README links only inside the repository, and
/// every relative link in README.md and docs/*.md names a file (or folder) that exists.
/// </summary>
public sealed partial class MarkdownLinkTests
{
    /// <summary>Markdown links and images, <c>[text](target)</c>, outside code spans and fenced blocks.</summary>
    [GeneratedRegex(@"\]\(([^)\s]+)(?:\s+""[^""]*"")?\)")]
    private static partial Regex LinkPattern();

    /// <summary>Bare URLs a renderer turns into links.</summary>
    [GeneratedRegex(@"(?<![`\w/])(https?://[^\s)>`]+)")]
    private static partial Regex BareUrlPattern();

    public static TheoryData<string> MarkdownFiles
    {
        get
        {
            var data = new TheoryData<string> { "README.md" };
            foreach (string file in Directory.GetFiles(Path.Combine(MarkdownSnippets.RepositoryRoot, "docs"), "*.md").Order(StringComparer.Ordinal))
            {
                data.Add("docs/" + Path.GetFileName(file));
            }

            return data;
        }
    }

    [Fact]
    public void Readme_LinksOnlyInsideTheRepository()
    {
        List<(int Line, string Target)> external = Links("README.md")
            .Where(link => link.Target.Contains("://", StringComparison.Ordinal) || link.Target.StartsWith("//", StringComparison.Ordinal))
            .Concat(BareUrls("README.md").Where(url => !IsLoopback(url.Target)))
            .ToList();

        Assert.True(external.Count == 0, "README.md links outside the repository: " + string.Join(", ", external.Select(l => $"line {l.Line}: {l.Target}")));
    }

    [Theory]
    [MemberData(nameof(MarkdownFiles))]
    public void RelativeLinks_PointAtFilesThatExist(string file)
    {
        string folder = Path.GetDirectoryName(Path.Combine(MarkdownSnippets.RepositoryRoot, file))!;
        List<(int Line, string Target)> dead = Links(file)
            .Where(link => !link.Target.Contains("://", StringComparison.Ordinal) && !link.Target.StartsWith('#') && !link.Target.StartsWith("mailto:", StringComparison.Ordinal))
            .Where(link =>
            {
                string path = Path.GetFullPath(Path.Combine(folder, link.Target.Split('#')[0]));
                return !path.StartsWith(MarkdownSnippets.RepositoryRoot, StringComparison.Ordinal) || !(File.Exists(path) || Directory.Exists(path));
            })
            .ToList();

        Assert.True(dead.Count == 0, $"{file} has links to nothing in the repository: " + string.Join(", ", dead.Select(l => $"line {l.Line}: {l.Target}")));
    }

    [Fact]
    public void LinkCheck_FindsLinksAndBareUrls()
    {
        // The patterns themselves: a relative link, an external link and a bare URL are all seen.
        Assert.Equal("docs/http.md", LinkPattern().Match("see [the guide](docs/http.md).").Groups[1].Value);
        Assert.Equal("https://example.org/x", LinkPattern().Match("[x](https://example.org/x)").Groups[1].Value);
        Assert.Equal("https://example.org", BareUrlPattern().Match("at https://example.org today").Groups[1].Value);
        Assert.DoesNotMatch(BareUrlPattern(), ProseText("in code: `curl http://localhost:5080`"));
        Assert.Contains(Links("README.md"), link => link.Target == "docs/http.md");
    }

    /// <summary>The text with its inline code spans blanked out, line breaks kept (so line numbers stay right).</summary>
    private static string ProseText(string text) => Regex.Replace(text, "`[^`]*`", m => new string('\n', m.Value.Count(c => c == '\n')));

    private static bool IsLoopback(string url) =>
        url.StartsWith("http://localhost", StringComparison.Ordinal) || url.StartsWith("http://127.0.0.1", StringComparison.Ordinal);

    private static IEnumerable<(int Line, string Target)> Links(string file) =>
        ProseLines(file).SelectMany(line => LinkPattern().Matches(line.Text).Select(m => (line.Number, m.Groups[1].Value)));

    private static IEnumerable<(int Line, string Target)> BareUrls(string file) =>
        ProseLines(file).SelectMany(line => BareUrlPattern().Matches(line.Text).Select(m => (line.Number, m.Groups[1].Value.TrimEnd('.', ',', ';', ':'))));

    /// <summary>
    /// The lines of <paramref name="file"/> with fenced code blocks emptied and inline code spans (which may run over a
    /// line break) blanked out: neither is ever a link.
    /// </summary>
    private static IEnumerable<(int Number, string Text)> ProseLines(string file)
    {
        var prose = new List<string>();
        bool inFence = false;
        foreach (string line in File.ReadLines(Path.Combine(MarkdownSnippets.RepositoryRoot, file)))
        {
            bool fence = line.TrimStart().StartsWith("```", StringComparison.Ordinal);
            prose.Add(inFence || fence ? string.Empty : line);
            inFence ^= fence;
        }

        string[] lines = ProseText(string.Join('\n', prose)).Split('\n');
        return lines.Select((text, i) => (i + 1, text));
    }
}
