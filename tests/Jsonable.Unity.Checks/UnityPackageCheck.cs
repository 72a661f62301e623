using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;

namespace Jsonable.Unity.Checks;

/// <summary>
/// The UPM package folder .ci/unity-package writes, as Unity would import it: package.json names this version;
/// every file and folder has its .meta and every .meta its asset; GUIDs are unique and the stable ones (derived from
/// the path); the analyzer is labelled RoslynAnalyzer, enabled on no platform and references no Roslyn newer than
/// 4.3; the runtime DLLs are not labelled and are enabled; no assembly name twice; Jsonable's assemblies carry this
/// version; every reference between the package's DLLs asks for a version the package has (Unity's assembly version
/// validation).
/// </summary>
internal static class UnityPackageCheck
{
    public static List<string> Check(string root, string version)
    {
        var problems = new List<string>();
        root = Path.GetFullPath(root);
        using JsonDocument manifest = JsonDocument.Parse(File.ReadAllText(Path.Combine(root, "package.json")));
        string name = manifest.RootElement.GetProperty("name").GetString()!;
        Expect(problems, manifest.RootElement.GetProperty("version").GetString() == version, $"package.json version is not {version}");
        foreach (string field in new[] { "displayName", "description", "unity" })
        {
            Expect(problems, manifest.RootElement.TryGetProperty(field, out _), $"package.json has no {field}");
        }

        var guids = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (string entry in Directory.EnumerateFileSystemEntries(root, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            string relative = Path.GetRelativePath(root, entry).Replace('\\', '/');
            if (relative.EndsWith(".meta", StringComparison.Ordinal))
            {
                Expect(problems, Path.Exists(entry[..^5]), $"{relative} has no asset");
                continue;
            }

            string metaPath = entry + ".meta";
            if (!File.Exists(metaPath))
            {
                problems.Add($"{relative} has no .meta");
                continue;
            }

            string meta = File.ReadAllText(metaPath);
            string guid = meta.Split('\n').Single(l => l.StartsWith("guid: ", StringComparison.Ordinal))[6..].Trim();
            Expect(problems, guid == StableGuid(name, relative), $"{relative}.meta: guid {guid} is not the stable one");
            Expect(problems, guids.TryAdd(guid, relative), $"{relative}.meta: guid {guid} also used by {guids.GetValueOrDefault(guid)}");
            bool analyzer = relative.StartsWith("Analyzers/", StringComparison.Ordinal) && relative.EndsWith(".dll", StringComparison.Ordinal);
            bool labelled = meta.Contains("labels:\n- RoslynAnalyzer\n", StringComparison.Ordinal);
            Expect(problems, analyzer == labelled, $"{relative}.meta: {(analyzer ? "an analyzer without" : "not an analyzer but with")} the RoslynAnalyzer label");
            if (relative.EndsWith(".dll", StringComparison.Ordinal))
            {
                bool anyEnabled = meta.Contains("enabled: 1", StringComparison.Ordinal);
                Expect(problems, analyzer ? !anyEnabled : anyEnabled, $"{relative}.meta: {(analyzer ? "an analyzer enabled on a platform" : "a runtime DLL enabled on no platform")}");
            }
        }

        CheckAssemblies(problems, root, version);
        return problems;
    }

    private static void CheckAssemblies(List<string> problems, string root, string version)
    {
        var assemblies = new Dictionary<string, (string Path, Version Version, List<AssemblyName> References, string? Informational)>(StringComparer.OrdinalIgnoreCase);
        foreach (string path in Directory.EnumerateFiles(root, "*.dll", SearchOption.AllDirectories))
        {
            using var pe = new PEReader(File.OpenRead(path));
            MetadataReader md = pe.GetMetadataReader();
            AssemblyDefinition definition = md.GetAssemblyDefinition();
            string name = md.GetString(definition.Name);
            var references = md.AssemblyReferences.Select(h => md.GetAssemblyReference(h).GetAssemblyName()).ToList();
            string relative = Path.GetRelativePath(root, path);
            if (!assemblies.TryAdd(name, (relative, definition.Version, references, InformationalVersion(md))))
            {
                problems.Add($"{name} twice: {assemblies[name].Path} and {relative}");
            }
        }

        foreach (string jsonable in new[] { "Jsonable.Runtime", "Jsonable.Http", "Jsonable.Generator" })
        {
            string? informational = assemblies.TryGetValue(jsonable, out var a) ? a.Informational : null;
            Expect(problems, informational?.Split('+')[0] == version, $"{jsonable}: informational version {informational ?? "(missing)"} is not {version}");
        }

        if (assemblies.TryGetValue("Jsonable.Generator", out var generator))
        {
            foreach (AssemblyName roslyn in generator.References.Where(r => r.Name!.StartsWith("Microsoft.CodeAnalysis", StringComparison.Ordinal)))
            {
                Expect(problems, roslyn.Version! <= new Version(4, 3, 0, 0), $"the analyzer references {roslyn.Name} {roslyn.Version}: Unity 2022.3 through 6.4 (Roslyn 4.3) skips it (CS8032)");
            }
        }

        foreach ((string name, var assembly) in assemblies.Where(a => !a.Value.Path.StartsWith("Analyzers", StringComparison.Ordinal)))
        {
            foreach (AssemblyName reference in assembly.References)
            {
                if (assemblies.TryGetValue(reference.Name!, out var target))
                {
                    Expect(problems, target.Version >= reference.Version!, $"{name} references {reference.Name} {reference.Version}, the package has {target.Version}");
                }
            }
        }
    }

    private static string? InformationalVersion(MetadataReader md)
    {
        foreach (CustomAttributeHandle handle in md.GetAssemblyDefinition().GetCustomAttributes())
        {
            CustomAttribute attribute = md.GetCustomAttribute(handle);
            if (attribute.Constructor.Kind == HandleKind.MemberReference
                && md.GetMemberReference((MemberReferenceHandle)attribute.Constructor).Parent is { Kind: HandleKind.TypeReference } parent
                && md.GetString(md.GetTypeReference((TypeReferenceHandle)parent).Name) == "AssemblyInformationalVersionAttribute")
            {
                BlobReader blob = md.GetBlobReader(attribute.Value);
                blob.ReadUInt16(); // prolog
                return blob.ReadSerializedString();
            }
        }

        return null;
    }

    // The same derivation as .ci/unity-package: md5 of "<package name>/<path in the package>", as 32 hex digits.
    private static string StableGuid(string package, string relative) =>
        Convert.ToHexStringLower(MD5.HashData(Encoding.UTF8.GetBytes(package + "/" + relative)));

    private static void Expect(List<string> problems, bool condition, string problem)
    {
        if (!condition)
        {
            problems.Add(problem);
        }
    }
}
