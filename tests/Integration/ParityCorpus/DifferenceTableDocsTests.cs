using System.Globalization;
using System.Text.RegularExpressions;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// docs/http.md's "Differences from System.Text.Json" is the same table as <see cref="DifferenceTable"/>: the same rows
/// in the same order, each with its kind, and the corpus size it states is the corpus's.
/// </summary>
public sealed partial class DifferenceTableDocsTests
{
    [Fact]
    public void HttpDoc_ListsEveryRowOfTheTable_WithItsKind()
    {
        string section = Section();
        List<string> documented = DocumentedRow().Matches(section).Select(m => $"{m.Groups[1].Value} ({m.Groups[2].Value})").ToList();
        List<string> tested = DifferenceTable.Rows.Select(r => $"{r.Id} ({(r.Intended ? "intended" : "known bug")})").ToList();
        Assert.Equal(tested, documented);
    }

    [Fact]
    public void HttpDoc_StatesTheCorpusSize()
    {
        string size = CorpusCases.All().Count.ToString("N0", CultureInfo.InvariantCulture);
        Assert.Contains($"{size} generated requests", Section().ReplaceLineEndings(" "), StringComparison.Ordinal);
    }

    private static string Section()
    {
        string text = File.ReadAllText(Path.Combine(RepositoryRoot(), "docs", "http.md"));
        int start = text.IndexOf("\n## Differences from System.Text.Json\n", StringComparison.Ordinal);
        Assert.True(start >= 0, "docs/http.md has no section \"Differences from System.Text.Json\"");
        int end = text.IndexOf("\n## ", start + 1, StringComparison.Ordinal);
        return end < 0 ? text[start..] : text[start..end];
    }

    private static string RepositoryRoot()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Jsonable.AspNetCore.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException("The repository root (Jsonable.AspNetCore.sln) was not found above " + AppContext.BaseDirectory);
    }

    [GeneratedRegex(@"^\| `([a-z0-9-]+)` \| (intended|known bug) \|", RegexOptions.Multiline)]
    private static partial Regex DocumentedRow();
}
