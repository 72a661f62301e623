using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>Enum helpers: names written as precomputed bytes, parsed by exact then case-insensitive match.</summary>
internal sealed partial class Emitter
{
    private int EnumHelper(TypeShape shape)
    {
        if (!_enumHelpers.TryGetValue(shape.TypeName, out int id))
        {
            id = _enumHelpers.Count;
            _enumHelpers[shape.TypeName] = id;
            _pendingEnums.Enqueue((shape, id));
        }

        return id;
    }

    private void EmitEnumHelpers()
    {
        while (_pendingEnums.Count > 0)
        {
            (TypeShape shape, int id) = _pendingEnums.Dequeue();
            string type = shape.TypeName;
            EnumModel model = shape.Enum!;
            string cast = IsUnsigned(shape.Element!.Kind) ? "ulong" : "long";

            _w.Line($"/// <summary>The wire name of a defined {Escape(type)} value, else null.</summary>");
            _w.Open($"private static string __JsonableEnumName{id}({type} value)");
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

            _w.Open($"private static void __JsonableWriteEnumName{id}(ref {Rt}JsonableWriter writer, {type} value)");
            _w.Line($"string name = __JsonableEnumName{id}(value);");
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

            _w.Open($"private static {type} __JsonableReadEnumName{id}(ref {Rt}JsonableReader reader)");
            _w.Line($"return reader.TryReadStringValue(out string text) ? __JsonableParseEnum{id}(ref reader, text) : ({type}){ReadExpression(shape.Element!, "default")};");
            _w.Close();
            _w.Line();

            _w.Open($"private static string __JsonableEnumKey{id}({type} value)");
            _w.Line($"return __JsonableEnumName{id}(value) ?? (({cast})value).ToString(global::System.Globalization.CultureInfo.InvariantCulture);");
            _w.Close();
            _w.Line();

            _w.Open($"private static {type} __JsonableParseEnum{id}(ref {Rt}JsonableReader reader, string text)");
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
}
