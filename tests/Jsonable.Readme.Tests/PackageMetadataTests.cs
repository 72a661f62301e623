using System;
using System.IO;
using System.Linq;
using System.Xml.Linq;

namespace Jsonable.Readme.Tests;

/// <summary>
/// Every package under src/ carries a description and its own readme (what nuget.org shows, and what `dotnet pack`
/// otherwise warns about), whether it is packed from the project file or from a .nuspec. A project marked
/// <c>&lt;IsPackable&gt;false&lt;/IsPackable&gt;</c> is not a package and is passed over.
/// </summary>
public sealed class PackageMetadataTests
{
    public static TheoryData<string> Projects
    {
        get
        {
            var data = new TheoryData<string>();
            foreach (string project in Directory.GetFiles(Path.Combine(MarkdownSnippets.RepositoryRoot, "src"), "*.csproj", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
            {
                data.Add(Path.GetRelativePath(MarkdownSnippets.RepositoryRoot, project).Replace('\\', '/'));
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Projects))]
    public void Package_HasADescriptionAndItsOwnReadme(string project)
    {
        string folder = Path.GetDirectoryName(Path.Combine(MarkdownSnippets.RepositoryRoot, project))!;
        XDocument csproj = XDocument.Load(Path.Combine(MarkdownSnippets.RepositoryRoot, project));
        if (string.Equals(Property(csproj, "IsPackable"), "false", StringComparison.OrdinalIgnoreCase))
        {
            return; // not a package of its own (e.g. the Roslyn 4.3 generator build, packed inside Jsonable by its nuspec)
        }

        string? packageId = Property(csproj, "PackageId");
        Assert.False(string.IsNullOrEmpty(packageId), $"{project} has no PackageId");
        Assert.True((Property(csproj, "Description")?.Length ?? 0) > 40, $"{project}: no Description, or one too short to say what the package is");

        string? nuspecFile = Property(csproj, "NuspecFile");
        if (nuspecFile is null)
        {
            Assert.Equal("README.md", Property(csproj, "PackageReadmeFile"));
            Assert.Contains(csproj.Descendants("None"), n => (string?)n.Attribute("Include") == "README.md" && (string?)n.Attribute("Pack") == "true");
        }
        else
        {
            XDocument nuspec = XDocument.Load(Path.Combine(folder, nuspecFile));
            XNamespace ns = nuspec.Root!.Name.Namespace;
            Assert.Equal("README.md", (string?)nuspec.Descendants(ns + "readme").SingleOrDefault());
            Assert.Contains(nuspec.Descendants(ns + "file"), f => (string?)f.Attribute("src") == "README.md");
            Assert.Equal("$description$", (string?)nuspec.Descendants(ns + "description").SingleOrDefault()); // one description: the project's
        }

        string readme = Path.Combine(folder, "README.md");
        Assert.True(File.Exists(readme), $"{project}: no README.md next to it");
        Assert.Equal("# " + packageId, File.ReadLines(readme).First());
    }

    private static string? Property(XDocument project, string name) =>
        project.Descendants("PropertyGroup").Elements(name).Select(e => e.Value.Trim()).FirstOrDefault();
}
