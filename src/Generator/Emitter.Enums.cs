using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>Enum helpers: what the generated code knows of an enum, handed to the runtime, which names it.</summary>
internal sealed partial class Emitter
{
    /// <summary>
    /// One enum's helpers, named after the enum (<paramref name="name"/>, e.g. <c>Color</c>). Names are written and read
    /// by the runtime's one rule (<c>JsonableEnumNames</c>, System.Text.Json's <c>JsonStringEnumConverter</c>) from what the
    /// generated <c>JsonableEnumInfo</c> knows of the enum; only numbers are read here, as the underlying type.
    /// </summary>
    private void EmitEnumHelpers(TypeShape shape, string name)
    {
        string type = shape.TypeName;
        string info = $"__JsonableEnumInfo{name}";
        EmitEnumOptionsHelpers(shape, name);

        _w.Line($"/// <summary>A {Escape(type)} value as its own JsonStringEnumConverter attribute writes it.</summary>");
        _w.Open($"private static void __JsonableWrite{name}AsString(ref {Rt}JsonableWriter writer, {type} value)");
        _w.Line($"writer.WriteEnumName({info}, {Bits(shape, "value")});");
        _w.Close();
        _w.Line();

        _w.Open($"private static {type} __JsonableRead{name}AsString(ref {Rt}JsonableReader reader)");
        _w.Line($"return reader.TryReadEnumName({info}, out ulong bits) ? unchecked(({type})bits) : ({type}){ReadExpression(shape.Element!, "default")};");
        _w.Close();
        _w.Line();

        // Dictionary keys: by the app's enum names when it has them (no member converter can apply to a key), else by
        // the declared names, as STJ writes enum keys.
        _w.Open($"private static string __JsonableKeyOf{name}(ref {Rt}JsonableWriter writer, {type} value)");
        _w.Line($"return writer.EnumKeyName({info}, {Bits(shape, "value")});");
        _w.Close();
        _w.Line();

        _w.Open($"private static {type} __JsonableParseKey{name}(ref {Rt}JsonableReader reader, string text)");
        _w.Line($"return unchecked(({type})reader.ParseEnumKeyName({info}, text));");
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
        string info = $"{Md}JsonableEnumInfo<{type}>";
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
