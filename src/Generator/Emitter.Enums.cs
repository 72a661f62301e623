using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>Enum helpers: names written as precomputed bytes, parsed by exact then case-insensitive match.</summary>
internal sealed partial class Emitter
{
    /// <summary>One enum's helpers, named after the enum (<paramref name="name"/>, e.g. <c>Color</c>).</summary>
    private void EmitEnumHelpers(TypeShape shape, string name)
    {
        string type = shape.TypeName;
        EnumModel model = shape.Enum!;
        string cast = IsUnsigned(shape.Element!.Kind) ? "ulong" : "long";

        _w.Line($"/// <summary>The wire name of a defined {Escape(type)} value, else null.</summary>");
        _w.Open($"private static string __JsonableNameOf{name}({type} value)");
        foreach (EnumMemberModel member in model.Members)
        {
            _w.Open($"if (value == {type}.{member.Identifier})");
            _w.Line($"return {NameEncoding.CSharpLiteral(member.JsonName)};");
            _w.Close();
            _w.Line();
        }

        _w.Line("return null;");
        _w.Close();
        _w.Line();

        _w.Open($"private static void __JsonableWrite{name}AsString(ref {Rt}JsonableWriter writer, {type} value)");
        _w.Line($"string name = __JsonableNameOf{name}(value);");
        if (model.IsFlags)
        {
            // Combinations are written as "A, B", as STJ's JsonStringEnumConverter does.
            _w.Line("name ??= value.ToString();");
        }

        _w.Open("if (name is not null && name.Length > 0 && !char.IsDigit(name[0]) && name[0] != '-')");
        _w.Line("writer.WriteString(name);");
        _w.Close();
        _w.Open("else");
        _w.Line($"writer.WriteNumber(({cast})value);");
        _w.Close();
        _w.Close();
        _w.Line();

        _w.Open($"private static {type} __JsonableRead{name}AsString(ref {Rt}JsonableReader reader)");
        _w.Line($"return reader.TryReadStringValue(out string text) ? __JsonableParse{name}(ref reader, text) : ({type}){ReadExpression(shape.Element!, "default")};");
        _w.Close();
        _w.Line();

        _w.Open($"private static string __JsonableKeyOf{name}({type} value)");
        _w.Line($"return __JsonableNameOf{name}(value) ?? (({cast})value).ToString(global::System.Globalization.CultureInfo.InvariantCulture);");
        _w.Close();
        _w.Line();

        _w.Open($"private static {type} __JsonableParse{name}(ref {Rt}JsonableReader reader, string text)");
        _w.Open("switch (text)");
        foreach (EnumMemberModel member in model.Members)
        {
            _w.Line($"case {NameEncoding.CSharpLiteral(member.JsonName)}: return {type}.{member.Identifier};");
        }

        _w.Close();
        _w.Line();
        _w.Line("// Names are matched ignoring case after an exact miss, and numbers are accepted, as STJ does.");
        _w.Line($"{type} result = default;");
        _w.Line("bool matched = false;");
        _w.Open(model.IsFlags ? "foreach (string part in text.Split(','))" : "foreach (string part in new[] { text })");
        _w.Line("string trimmed = part.Trim();");
        _w.Line("bool found = false;");
        foreach (EnumMemberModel member in model.Members)
        {
            _w.Open($"if (!found && string.Equals(trimmed, {NameEncoding.CSharpLiteral(member.JsonName)}, global::System.StringComparison.OrdinalIgnoreCase))");
            _w.Line($"result |= {type}.{member.Identifier};");
            _w.Line("found = true;");
            _w.Close();
        }

        _w.Open($"if (!found && {cast}.TryParse(trimmed, global::System.Globalization.NumberStyles.AllowLeadingSign, global::System.Globalization.CultureInfo.InvariantCulture, out {cast} number))");
        _w.Line($"result |= ({type})number;");
        _w.Line("found = true;");
        _w.Close();
        _w.Open("if (!found)");
        _w.Line($"throw reader.InvalidValue(text, {NameEncoding.CSharpLiteral(type.Substring(type.LastIndexOf('.') + 1))});");
        _w.Close();
        _w.Line();
        _w.Line("matched = true;");
        _w.Close();
        _w.Line();
        _w.Line($"return matched ? result : throw reader.InvalidValue(text, {NameEncoding.CSharpLiteral(type.Substring(type.LastIndexOf('.') + 1))});");
        _w.Close();
        _w.Line();
    }
}
