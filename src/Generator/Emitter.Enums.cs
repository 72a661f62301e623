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
        string underlying = shape.Element!.TypeName;
        string typeLiteral = NameEncoding.CSharpLiteral(type.Substring(type.LastIndexOf('.') + 1));
        EmitEnumOptionsHelpers(shape, name);

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

        // Dictionary keys: by the app's enum names when it has them (no member converter can apply to a key), else by
        // the declared names, as STJ writes enum keys.
        _w.Open($"private static string __JsonableKeyOf{name}(ref {Rt}JsonableWriter writer, {type} value)");
        _w.Open($"if (writer.EnumNames is not null && writer.EnumKey(__JsonableEnumInfo{name}, {Bits(shape, "value")}) is string named)");
        _w.Line("return named;");
        _w.Close();
        _w.Line();
        _w.Line($"return __JsonableNameOf{name}(value) ?? (({cast})value).ToString(global::System.Globalization.CultureInfo.InvariantCulture);");
        _w.Close();
        _w.Line();

        _w.Open($"private static {type} __JsonableParseKey{name}(ref {Rt}JsonableReader reader, string text)");
        _w.Line($"return reader.EnumNames is not null && reader.TryParseEnumKey(__JsonableEnumInfo{name}, text, out ulong bits) ? unchecked(({type})bits) : __JsonableParse{name}(ref reader, text);");
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
        _w.Line("// As STJ's JsonStringEnumConverter: trimmed; an integer (optional sign, ASCII digits) is any value of the underlying");
        _w.Line("// type; otherwise comma-separated names, each matched ignoring case after an exact miss, OR-ed together.");
        _w.Line("string trimmed = text.Trim();");
        _w.Open($"if ({Rt}JsonableReader.IsEnumInteger(trimmed))");
        _w.Line($"return {underlying}.TryParse(trimmed, global::System.Globalization.NumberStyles.AllowLeadingSign, global::System.Globalization.CultureInfo.InvariantCulture, out {underlying} number) ? ({type})number : throw reader.InvalidValue(text, {typeLiteral});");
        _w.Close();
        _w.Line();
        _w.Line($"{type} result = default;");
        _w.Line("int start = 0;");
        _w.Open("while (true)");
        _w.Line("int comma = trimmed.IndexOf(',', start);");
        _w.Line("string part = comma < 0 ? trimmed.Substring(start) : trimmed.Substring(start, comma - start).TrimEnd();");
        _w.Open($"if (!__JsonableTryMatch{name}(part, out {type} member))");
        _w.Line($"throw reader.InvalidValue(text, {typeLiteral});");
        _w.Close();
        _w.Line();
        _w.Line("result |= member;");
        _w.Line();
        _w.Line("start = comma + 1;");
        _w.Open("while (start < trimmed.Length && char.IsWhiteSpace(trimmed[start]))");
        _w.Line("start++;");
        _w.Close();
        _w.Line();
        _w.Open("if (comma < 0 || start == trimmed.Length)");
        _w.Line("return result;");
        _w.Close();
        _w.Close();
        _w.Close();
        _w.Line();

        _w.Open($"private static bool __JsonableTryMatch{name}(string part, out {type} value)");
        _w.Open("switch (part)");
        foreach (EnumMemberModel member in model.Members)
        {
            _w.Line($"case {NameEncoding.CSharpLiteral(member.JsonName)}: value = {type}.{member.Identifier}; return true;");
        }

        _w.Close();
        _w.Line();
        foreach (EnumMemberModel member in model.Members)
        {
            _w.Open($"if (string.Equals(part, {NameEncoding.CSharpLiteral(member.JsonName)}, global::System.StringComparison.OrdinalIgnoreCase))");
            _w.Line($"value = {type}.{member.Identifier};");
            _w.Line("return true;");
            _w.Close();
            _w.Line();
        }

        _w.Line("value = default;");
        _w.Line("return false;");
        _w.Close();
        _w.Line();
    }

    /// <summary>
    /// The helpers through which the app's enum names (<c>JsonableWriterOptions.EnumNames</c>, a global
    /// <c>JsonStringEnumConverter</c> in ASP.NET Core) reach an enum that no member converter names: what the generated
    /// code knows of the enum, made when first asked for, and a write and a read that ask the options first and otherwise
    /// do what the enum type says (its own converter, else numbers). Without enum names, one null test is all they add.
    /// </summary>
    private void EmitEnumOptionsHelpers(TypeShape shape, string name)
    {
        string type = shape.TypeName;
        EnumModel model = shape.Enum!;
        string info = $"{Rt}JsonableEnumInfo<{type}>";
        string values = string.Join(", ", model.Members.Select(m => Bits(shape, $"{type}.{m.Identifier}")));
        string identifiers = string.Join(", ", model.Members.Select(m => NameEncoding.CSharpLiteral(m.Identifier.TrimStart('@'))));
        string customNames = string.Join(", ", model.Members.Select(m => m.HasCustomName ? NameEncoding.CSharpLiteral(m.JsonName) : "null"));
        _w.Line($"private static {info}? __JsonableEnumInfoStore{name};");
        _w.Line();
        _w.Line($"private static {info} __JsonableEnumInfo{name} => __JsonableEnumInfoStore{name} ??= new {info}(");
        _w.Line($"    {(model.IsFlags ? "true" : "false")},");
        _w.Line($"    new ulong[] {{ {values} }},");
        _w.Line($"    new string[] {{ {identifiers} }},");
        _w.Line($"    new string?[] {{ {customNames} }});");
        _w.Line();

        _w.Line("[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]");
        _w.Open($"private static void __JsonableWrite{name}ByOptions(ref {Rt}JsonableWriter writer, {type} value)");
        _w.Open($"if (writer.EnumNames is not null && writer.TryWriteEnum(__JsonableEnumInfo{name}, {Bits(shape, "value")}))");
        _w.Line("return;");
        _w.Close();
        _w.Line();
        _w.Line(model.ByType
            ? $"__JsonableWrite{name}AsString(ref writer, value);"
            : IsUnsigned(shape.Element!.Kind) ? "writer.WriteNumber((ulong)value);" : "writer.WriteNumber((long)value);");
        _w.Close();
        _w.Line();

        _w.Line("[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]");
        _w.Open($"private static {type} __JsonableRead{name}ByOptions(ref {Rt}JsonableReader reader)");
        _w.Open($"if (reader.EnumNames is not null && reader.TryReadEnum(__JsonableEnumInfo{name}, out ulong bits))");
        _w.Line($"return unchecked(({type})bits);");
        _w.Close();
        _w.Line();
        _w.Line(model.ByType
            ? $"return __JsonableRead{name}AsString(ref reader);"
            : $"return ({type}){ReadExpression(shape.Element!, "default")};");
        _w.Close();
        _w.Line();
    }

    /// <summary>An enum value's bits widened to 64 (sign-extended for signed underlying types), as the runtime takes them.</summary>
    private static string Bits(TypeShape shape, string expr) =>
        IsUnsigned(shape.Element!.Kind) ? $"(ulong){expr}" : $"unchecked((ulong)(long){expr})";
}
