using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>
/// What the generated code must compile for. The default is the net10.0 runtime with C# 11 or later. The netstandard2.0
/// shape (Unity: C# 9, Mono/IL2CPP) is used when the project's C# is older than 11 or the referenced Jsonable.Runtime
/// is its netstandard2.0 build (its interfaces have no static abstract members): no static interface members (the type
/// registers the same methods with <c>JsonableStatics&lt;T&gt;</c>), no <c>u8</c> literals, no <c>file</c> types.
/// </summary>
/// <param name="NetStandard">Whether to emit the netstandard2.0 / C# 9 shape.</param>
/// <param name="DeclareModuleInitializerAttribute">Whether the compilation lacks an accessible <c>ModuleInitializerAttribute</c>, so the registration declares one.</param>
/// <param name="AssemblyName">The assembly's name: the netstandard2.0 registration class is named after it.</param>
internal readonly record struct EmitShape(bool NetStandard, bool DeclareModuleInitializerAttribute, string AssemblyName)
{
#if ROSLYN4_3
    // Roslyn 4.3.1 (the build Unity loads) predates the CSharp11 member; every later Roslyn gives it this value.
    private const LanguageVersion CSharp11 = (LanguageVersion)1100;
#else
    private const LanguageVersion CSharp11 = LanguageVersion.CSharp11;
#endif

    /// <summary>The shape the compilation needs.</summary>
    /// <param name="compilation">The compilation.</param>
    public static EmitShape For(Compilation compilation)
    {
        bool oldLanguage = compilation is CSharpCompilation { LanguageVersion: < CSharp11 };
        INamedTypeSymbol? writable = compilation.GetTypeByMetadataName("Jsonable.Metadata.IJsonableWritable`1");
        bool netStandardRuntime = writable is not null && writable.GetMembers().IsEmpty;
        if (!oldLanguage && !netStandardRuntime)
        {
            return default;
        }

        bool hasAttribute = compilation.GetTypeByMetadataName("System.Runtime.CompilerServices.ModuleInitializerAttribute") is { } attribute
            && compilation.IsSymbolAccessibleWithin(attribute, compilation.Assembly);
        return new EmitShape(true, !hasAttribute, compilation.AssemblyName ?? string.Empty);
    }
}

/// <summary>The netstandard2.0 / C# 9 shape of the generated code (see <see cref="EmitShape"/>).</summary>
internal sealed partial class Emitter
{
    private const string NetStandardMergeValue = "__JsonableMergeValue";

    // A u8 literal on one line: "...", its escapes, then u8.
    private static readonly Regex s_utf8Literal = new("\"((?:[^\"\\\\\\r\\n]|\\\\.)*)\"u8", RegexOptions.CultureInvariant);

    /// <summary>
    /// Registers the members the net10.0 shape implements as static interface members, from a static field initializer:
    /// <c>JsonableStatics&lt;T&gt;</c> runs the type's static constructor before it hands them out.
    /// </summary>
    private void EmitNetStandardStatics()
    {
        string write = _model.GenerateWriter ? "__JsonableWriteValue" : "null";
        string read = _model.GenerateReader ? "__JsonableReadValue" : "null";
        string readMembers = _model.GenerateReader ? "__JsonableReadMembers" : "null";
        string merge = _model.GenerateReader ? NetStandardMergeValue : "null";
        string equals = GenerateDelta ? "__JsonableEquals" : "null";
        string mergePatch = GenerateDelta ? "__JsonableWriteMergePatch" : "null";
        _w.Line("// netstandard2.0 has no static interface members: JsonableCodec and JsonableDelta reach this type's through here.");
        _w.Line($"private static readonly bool __JsonableStaticsRegistered = {Md}JsonableStatics<{SelfType}>.Register({write}, {read}, {readMembers}, {merge}, {equals}, {mergePatch});");
        _w.Line();
    }

    /// <summary>
    /// A member's pre-encoded names as static arrays, where the net10.0 shape has <c>ReadOnlySpan&lt;byte&gt;</c> properties
    /// over u8 literals: the netstandard2.0 runtime's writer and reader take names as arrays (System.Memory's portable span
    /// is built and passed by calls that Mono's JIT and IL2CPP do not inline), and the same bytes.
    /// </summary>
    private void EmitNetStandardNames(MemberModel member, NameEncoding.PreEncodedName name)
    {
        _w.Line($"private static readonly byte[] __JsonableJsonName_{Suffix(member)} = {ByteArray(name.JsonLiteral)};");
        _w.Line($"private static readonly byte[] __JsonableJmc1Name_{Suffix(member)} = {ByteArray(name.Jmc1Literal)}; // {name.Jmc1Text}");
    }

    /// <summary>A <c>"..."u8</c> literal, or an array creation, as an array creation of the same bytes.</summary>
    private static string ByteArray(string literal)
    {
        Match match = s_utf8Literal.Match(literal);
        if (!match.Success || match.Index != 0 || match.Length != literal.Length)
        {
            return literal; // already "new byte[] { ... }"
        }

        byte[] bytes = Encoding.UTF8.GetBytes(Unescape(match.Groups[1].Value));
        return $"new byte[] {{ {string.Join(", ", bytes.Select(b => "0x" + b.ToString("X2", CultureInfo.InvariantCulture)))} }}";
    }

    /// <summary>
    /// A member's pre-encoded name field (<c>__JsonableJsonName_x</c>, <c>__JsonableJmc1Name_x</c>) past its leading comma,
    /// for the first member written or expected: a span property in the net10.0 shape, an array (see
    /// <see cref="EmitNetStandardNames"/>) sliced through a span in the netstandard2.0 one.
    /// </summary>
    private string SlicedName(string field) => _netStandardShape ? $"(({Span}){field}).Slice(1)" : field + ".Slice(1)";

    /// <summary>
    /// The check for the first member's name, which has no leading comma: the netstandard2.0 shape passes its name arrays
    /// whole to the runtime's array overload, which skips the comma itself (a span built and sliced around each array is
    /// calls on Mono and IL2CPP, once per object read).
    /// </summary>
    private string ExpectedFirstName(string jmc1, string json) =>
        _netStandardShape && jmc1.StartsWith("__Jsonable", System.StringComparison.Ordinal) && json.StartsWith("__Jsonable", System.StringComparison.Ordinal)
            ? $"reader.TryReadExpectedFirstName({jmc1}, {json})"
            : $"reader.TryReadExpectedName({WithoutComma(jmc1)}, {WithoutComma(json)})";

    /// <summary>Each <c>"..."u8</c> literal (C# 11) as a constant byte array read as a span, which C# 7.3 and later compile to static data.</summary>
    private static string WithoutUtf8Literals(string source) => s_utf8Literal.Replace(source, match =>
    {
        byte[] bytes = Encoding.UTF8.GetBytes(Unescape(match.Groups[1].Value));
        return bytes.Length == 0
            ? $"{Span}.Empty"
            : $"(({Span})new byte[] {{ {string.Join(", ", bytes.Select(b => "0x" + b.ToString("X2", CultureInfo.InvariantCulture)))} }})";
    });

    /// <summary>The text of a regular C# string literal's content (the escapes <see cref="NameEncoding.CSharpLiteral"/> writes, and the rest of C#'s).</summary>
    private static string Unescape(string content)
    {
        var text = new StringBuilder(content.Length);
        for (int i = 0; i < content.Length; i++)
        {
            char c = content[i];
            if (c != '\\')
            {
                text.Append(c);
                continue;
            }

            char e = content[++i];
            switch (e)
            {
                case 'n': text.Append('\n'); break;
                case 'r': text.Append('\r'); break;
                case 't': text.Append('\t'); break;
                case 'b': text.Append('\b'); break;
                case 'f': text.Append('\f'); break;
                case 'v': text.Append('\v'); break;
                case 'a': text.Append('\a'); break;
                case '0': text.Append('\0'); break;
                case 'u':
                    text.Append((char)int.Parse(content.Substring(i + 1, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                    i += 4;
                    break;
                case 'U':
                    text.Append(char.ConvertFromUtf32(int.Parse(content.Substring(i + 1, 8), NumberStyles.HexNumber, CultureInfo.InvariantCulture)));
                    i += 8;
                    break;
                case 'x':
                    int digits = 0;
                    while (digits < 4 && i + 1 + digits < content.Length && System.Uri.IsHexDigit(content[i + 1 + digits]))
                    {
                        digits++;
                    }

                    text.Append((char)int.Parse(content.Substring(i + 1, digits), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                    i += digits;
                    break;
                default: text.Append(e); break; // \" \\ \'
            }
        }

        return text.ToString();
    }
}
