using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Jsonable.Generator;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Jsonable.Readme.Tests;

/// <summary>
/// What the docs show is what a user's build accepts with <c>TreatWarningsAsErrors</c>: no whole-program
/// <c>```csharp</c> block of README.md, docs/*.md or a package readme draws a call-site warning (JSONABLE040-042) from
/// <see cref="CallSiteAnalyzer"/> — no unmarked type handed to a Jsonable call, no app without <c>UseJsonable()</c>.
/// </summary>
public sealed class SnippetCallSiteWarningTests
{
    public static TheoryData<string> Snippets
    {
        get
        {
            var data = new TheoryData<string>();
            foreach (MarkdownSnippet snippet in AllSnippets().Where(s => s.FragmentReason is null))
            {
                data.Add(snippet.ToString());
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Snippets))]
    public void CSharpSnippet_DrawsNoCallSiteWarning(string name)
    {
        MarkdownSnippet snippet = AllSnippets().Single(s => s.ToString() == name);

        string[] warnings = CallSiteWarnings(snippet.Code);

        Assert.True(warnings.Length == 0, $"{snippet} draws call-site warnings:{Environment.NewLine}{string.Join(Environment.NewLine, warnings)}");
    }

    [Fact]
    public void CallSiteWarnings_ProgramWithAMistake_ReportsIt()
    {
        // The check itself can fail: an unmarked type answered by JsonableResults, and no UseJsonable().
        string[] warnings = CallSiteWarnings("""
            using Jsonable.AspNetCore.Http;
            using Microsoft.AspNetCore.Builder;
            using Microsoft.Extensions.DependencyInjection;

            var builder = WebApplication.CreateBuilder(args);
            builder.Services.AddJsonable();
            var app = builder.Build();
            app.MapGet("/", () => JsonableResults.Ok(new Plain()));
            app.Run();

            public class Plain { public int X { get; set; } }
            """);

        Assert.Contains(warnings, w => w.Contains("JSONABLE040", StringComparison.Ordinal));
        Assert.Contains(warnings, w => w.Contains("JSONABLE042", StringComparison.Ordinal));
    }

    private static IEnumerable<MarkdownSnippet> AllSnippets() => ReadmeSnippetTests.AllSnippets();

    /// <summary>The analyzer's diagnostics for <paramref name="code"/>, compiled as the snippet tests compile it (generator included).</summary>
    private static string[] CallSiteWarnings(string code)
    {
        Compilation output = ReadmeSnippetTests.CompileWithGenerator(code, out _);
        ImmutableArray<Diagnostic> diagnostics = output.WithAnalyzers([new CallSiteAnalyzer()]).GetAnalyzerDiagnosticsAsync().GetAwaiter().GetResult();
        return [.. diagnostics.Select(d => d.ToString())];
    }
}
