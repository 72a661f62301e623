using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Text;
using System.Text.RegularExpressions;
using Jsonable.Generator;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Jsonable.Readme.Tests;

/// <summary>
/// The README's generated-methods snippet shows the real wire output: it is compiled with the generator and loaded, the
/// same <c>Transform</c> is written, and the comments on the <c>ToJson()</c> and <c>ToJsonable()</c> lines must be
/// exactly those bytes (in the JMC1 comment, <c>\xNN</c> stands for one byte).
/// </summary>
public sealed partial class QuickStartOutputTests
{
    [GeneratedRegex(@"\\x([0-9A-Fa-f]{2})")]
    private static partial Regex EscapedByte();

    [Fact]
    public void QuickStart_OutputComments_AreWhatTheGeneratedCodeWrites()
    {
        MarkdownSnippet quickStart = MarkdownSnippets.CSharpBlocks("README.md").Single(s => s.Code.Contains("t.ToJsonable()", StringComparison.Ordinal));
        string jsonComment = CommentOn(quickStart.Code, "t.ToJson()");
        string jmc1Comment = CommentOn(quickStart.Code, "t.ToJsonable()");

        Type transform = CompileAndLoad(quickStart.Code).GetType("Transform", throwOnError: true)!;
        object value = Activator.CreateInstance(transform)!;
        transform.GetProperty("Position")!.SetValue(value, new float[] { 1, 2, 3 });
        transform.GetProperty("Name")!.SetValue(value, "Hi");
        string json = (string)transform.GetMethod("ToJson", [typeof(bool)])!.Invoke(value, [false])!; // ToJson(bool prettyPrint = false)
        object jmc1 = transform.GetMethod("ToJsonable", Type.EmptyTypes)!.Invoke(value, null)!;
        byte[] jmc1Bytes = jmc1 switch
        {
            byte[] array => array,
            ReadOnlyMemory<byte> memory => memory.ToArray(),
            _ => throw new InvalidOperationException("ToJsonable returned " + jmc1.GetType()),
        };

        Assert.Equal(json, jsonComment);
        Assert.Equal(jmc1Bytes, Unescape(jmc1Comment));
    }

    /// <summary>The text after <c>//</c> on the line that contains <paramref name="call"/>.</summary>
    private static string CommentOn(string code, string call)
    {
        string line = code.Split('\n').Single(l => l.Contains(call, StringComparison.Ordinal));
        return line[(line.IndexOf("//", StringComparison.Ordinal) + 2)..].Trim();
    }

    private static byte[] Unescape(string text)
    {
        var bytes = new MemoryStream();
        int at = 0;
        foreach (Match m in EscapedByte().Matches(text))
        {
            bytes.Write(Encoding.UTF8.GetBytes(text[at..m.Index]));
            bytes.WriteByte(Convert.ToByte(m.Groups[1].Value, 16));
            at = m.Index + m.Length;
        }

        bytes.Write(Encoding.UTF8.GetBytes(text[at..]));
        return bytes.ToArray();
    }

    private static Assembly CompileAndLoad(string code)
    {
        var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
        CSharpCompilation compilation = CSharpCompilation.Create(
            "QuickStart" + Guid.NewGuid().ToString("N"),
            [CSharpSyntaxTree.ParseText(code, parseOptions)],
            ReadmeSnippetTests.References,
            new CSharpCompilationOptions(OutputKind.ConsoleApplication, nullableContextOptions: NullableContextOptions.Enable));
        CSharpGeneratorDriver.Create([new JsonableGenerator().AsSourceGenerator()], parseOptions: parseOptions)
            .RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> _);
        using var image = new MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult result = output.Emit(image);
        Assert.True(result.Success, string.Join(Environment.NewLine, result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)));
        image.Position = 0;
        return AssemblyLoadContext.Default.LoadFromStream(image);
    }
}
