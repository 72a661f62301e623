using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Jsonable.Roslyn43Host;

/// <summary>
/// Loads each analyzer file into a load context of its own, as the compiler does: the file's references to
/// Microsoft.CodeAnalysis resolve to the one in this process (4.3.1), so a generator built against a newer Roslyn
/// fails to load here exactly as in Unity.
/// </summary>
internal sealed class IsolatedAnalyzerLoader : IAnalyzerAssemblyLoader
{
    public void AddDependencyLocation(string fullPath)
    {
    }

    public Assembly LoadFromPath(string fullPath) =>
        new AssemblyLoadContext("analyzer:" + fullPath).LoadFromAssemblyPath(fullPath);
}

/// <summary>What loading one analyzer file gave: its generators and analyzers, and the compiler's load warnings.</summary>
internal sealed record LoadedAnalyzerFile(
    ImmutableArray<ISourceGenerator> Generators,
    ImmutableArray<DiagnosticAnalyzer> Analyzers,
    IReadOnlyList<string> LoadWarnings)
{
    public static LoadedAnalyzerFile Load(string path)
    {
        var reference = new AnalyzerFileReference(path, new IsolatedAnalyzerLoader());
        var warnings = new List<string>();
        reference.AnalyzerLoadFailed += (_, e) => warnings.Add(Describe(path, e));
        ImmutableArray<ISourceGenerator> generators = reference.GetGenerators(LanguageNames.CSharp);
        ImmutableArray<DiagnosticAnalyzer> analyzers = reference.GetAnalyzers(LanguageNames.CSharp);
        return new LoadedAnalyzerFile(generators, analyzers, warnings.Distinct().ToList());
    }

    // The compiler turns these events into warnings: CS8032 (an analyzer cannot be created, e.g. a Roslyn assembly
    // it references is missing), CS9057 (it references a newer compiler), CS8034 (the file cannot be loaded at all).
    private static string Describe(string path, AnalyzerLoadFailureEventArgs e)
    {
        string code = e.ErrorCode switch
        {
            AnalyzerLoadFailureEventArgs.FailureErrorCode.UnableToCreateAnalyzer => "CS8032",
            AnalyzerLoadFailureEventArgs.FailureErrorCode.ReferencesNewerCompiler => "CS9057",
            AnalyzerLoadFailureEventArgs.FailureErrorCode.UnableToLoadAnalyzer => "CS8034",
            AnalyzerLoadFailureEventArgs.FailureErrorCode.NoAnalyzers => "CS8033",
            _ => e.ErrorCode.ToString(),
        };
        string detail = e.ErrorCode == AnalyzerLoadFailureEventArgs.FailureErrorCode.ReferencesNewerCompiler
            ? $"references version {e.ReferencedCompilerVersion} of the compiler, newer than this one"
            : e.Exception?.Message ?? e.Message;
        return $"warning {code}: {path}: {e.TypeName ?? "(assembly)"}: {detail}";
    }
}
