using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator.Tests.Infrastructure;

/// <summary>The result of one generator run.</summary>
/// <param name="Input">The compilation the generator saw.</param>
/// <param name="Output">The compilation with the generated sources added.</param>
/// <param name="Driver">The driver after the run: run it again for incremental tests.</param>
/// <param name="Result">The generator's own run result (tracked steps included).</param>
/// <param name="Sources">The generated sources.</param>
/// <param name="GeneratorDiagnostics">What the generator reported.</param>
/// <param name="OutputDiagnostics">Every diagnostic of <paramref name="Output"/>: the user's code and the generated code compiled together.</param>
internal sealed record GeneratorRun(
    Compilation Input,
    Compilation Output,
    GeneratorDriver Driver,
    GeneratorRunResult Result,
    ImmutableArray<GeneratedSourceResult> Sources,
    ImmutableArray<Diagnostic> GeneratorDiagnostics,
    ImmutableArray<Diagnostic> OutputDiagnostics)
{
    /// <summary>The text of the generated source with this hint name.</summary>
    public string Source(string hintName) => Sources.Single(s => s.HintName == hintName).SourceText.ToString();

    /// <summary>The hint names of the generated sources, sorted.</summary>
    public string[] HintNames => Sources.Select(s => s.HintName).OrderBy(n => n, System.StringComparer.Ordinal).ToArray();
}
