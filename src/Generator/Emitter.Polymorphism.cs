using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>
/// Polymorphism (<c>[JsonPolymorphic]</c>/<c>[JsonDerivedType]</c>) as System.Text.Json applies it: where a value's
/// declared type is polymorphic, <c>__JsonableWriteValue</c> switches on the runtime type and <c>__JsonableReadValue</c>
/// on the discriminator; the type's own member-by-member reader and writer become <c>…Exactly</c>. A derived type that
/// a polymorphic type lists with a discriminator also gets a writer that puts the discriminator first.
/// </summary>
internal sealed partial class Emitter
{
    private const string ReadExactlyMethod = "__JsonableReadValueExactly";
    private const string WriteExactlyMethod = "__JsonableWriteValueExactly";
    private const string WriteWithDiscriminatorMethod = "__JsonableWriteValueWithDiscriminator";

    /// <summary>The type's own (member-by-member) writer: <c>__JsonableWriteValue</c> unless the type is polymorphic.</summary>
    private string ExactWriteValueName => _model.Polymorphism is null ? "__JsonableWriteValue" : WriteExactlyMethod;

    /// <summary>The type's own (member-by-member) reader: <c>__JsonableReadValue</c> unless the type is polymorphic.</summary>
    private string ExactReadValueName => _model.Polymorphism is null ? "__JsonableReadValue" : ReadExactlyMethod;

    /// <summary>Generated readers and writers are private, except those a polymorphic base calls on its derived types.</summary>
    private string MethodModifiers(string methodName) =>
        methodName is ReadExactlyMethod or WriteExactlyMethod or WriteWithDiscriminatorMethod
            ? $"internal static {New(methodName)}"
            : "private static ";

    /// <summary>An abstract polymorphic type is never created itself; its reader's construction points here (never reached from a discriminator).</summary>
    private string ConstructAbstract(string arguments) => $"__JsonableCannotCreate({arguments})";

    private void EmitPolymorphism()
    {
        if (_model.Polymorphism is not { } polymorphism)
        {
            return;
        }

        if (_model.GenerateWriter)
        {
            EmitPolymorphicWriter(polymorphism);
        }

        if (_model.GenerateReader)
        {
            EmitPolymorphicReader(polymorphism);
        }
    }

    private void EmitPolymorphicWriter(PolymorphismModel polymorphism)
    {
        string typeName = _model.Name.TrimStart('@');
        _w.Line($"/// <summary>Writes a value whose declared type is {Escape(typeName)}, as System.Text.Json does with [JsonDerivedType]: the runtime type picks the members, and its discriminator (if it has one) is written first.</summary>");
        _w.Open($"private static void __JsonableWriteValue(ref {Rt}JsonableWriter writer, {SelfType} value)");
        _w.Open("switch (value)");
        _w.Line("case null:");
        _w.Line("    writer.WriteNull();");
        _w.Line("    return;");
        bool baseListed = false;
        for (int i = 0; i < polymorphism.DerivedTypes.Count; i++)
        {
            DerivedTypeModel derived = polymorphism.DerivedTypes[i];
            baseListed |= derived.IsBase;
            _w.Line($"case {derived.FullyQualifiedName} derived when derived.GetType() == typeof({derived.FullyQualifiedName}): // {NameEncoding.CommentText(derived.Display)}");
            _w.Line($"    {WriteDerived(derived, i, "derived")}");
            _w.Line("    return;");
        }

        if (!baseListed && !polymorphism.IsAbstract)
        {
            _w.Line($"case {SelfType} when value.GetType() == typeof({SelfType}): // {Escape(typeName)} itself: its own members, no discriminator");
            _w.Line($"    {WriteExactlyMethod}(ref writer, value);");
            _w.Line("    return;");
        }

        _w.Close();
        _w.Line();
        switch (polymorphism.UnknownDerivedTypeHandling)
        {
            case "FallBackToBaseType":
                _w.Line($"// UnknownDerivedTypeHandling.FallBackToBaseType: any other runtime type is written as {Escape(typeName)}.");
                _w.Line(WriteBase(polymorphism));
                break;
            case "FallBackToNearestAncestor":
                _w.Line("// UnknownDerivedTypeHandling.FallBackToNearestAncestor: the nearest listed base of the runtime type, deepest first.");
                _w.Open("switch (value)");
                foreach ((DerivedTypeModel derived, int i) in polymorphism.DerivedTypes.Select((d, i) => (d, i)).Where(p => !p.d.IsBase).OrderByDescending(p => p.d.Depth))
                {
                    _w.Line($"case {derived.FullyQualifiedName} derived: // {NameEncoding.CommentText(derived.Display)}");
                    _w.Line($"    {WriteDerived(derived, i, "derived")}");
                    _w.Line("    return;");
                }

                _w.Close();
                _w.Line();
                _w.Line(WriteBase(polymorphism));
                break;
            default:
                _w.Line($"throw new {Rt}JsonableException($\"The runtime type '{{value.GetType()}}' is not a derived type of '{Escape(typeName)}' listed with [JsonDerivedType]; list it, or set UnknownDerivedTypeHandling on [JsonPolymorphic].\");");
                break;
        }

        _w.Close();
        _w.Line();

        // Each discriminator as the writer puts it on the wire (name and value): JSON, and JMC1 with its length comments.
        for (int i = 0; i < polymorphism.DerivedTypes.Count; i++)
        {
            DerivedTypeModel derived = polymorphism.DerivedTypes[i];
            if (derived.HasDiscriminator)
            {
                byte[] json = DiscriminatorBytes(polymorphism.DiscriminatorPropertyName, derived, jmc1: false);
                byte[] jmc1 = DiscriminatorBytes(polymorphism.DiscriminatorPropertyName, derived, jmc1: true);
                _w.Line($"private static {Span} __JsonableDiscriminatorJson_{i} => {NameEncoding.Utf8Literal(Encoding.UTF8.GetString(json))}; // {NameEncoding.CommentText(Encoding.UTF8.GetString(json))}");
                _w.Line($"private static {Span} __JsonableDiscriminatorJmc1_{i} => new byte[] {{ {string.Join(", ", jmc1.Select(b => "0x" + b.ToString("X2", CultureInfo.InvariantCulture)))} }}; // {Jmc1DiscriminatorText(polymorphism.DiscriminatorPropertyName, derived)}");
            }
        }

        _w.Line();
    }

    /// <summary>The statement that writes a listed type (the base itself included) as the declared type's value.</summary>
    private string WriteDerived(DerivedTypeModel derived, int index, string expr)
    {
        string owner = derived.IsBase ? string.Empty : derived.FullyQualifiedName + ".";
        if (derived.HasDiscriminator)
        {
            return $"{owner}{WriteWithDiscriminatorMethod}(ref writer, {expr}, __JsonableDiscriminatorJmc1_{index}, __JsonableDiscriminatorJson_{index});";
        }

        return derived.IsBase || derived.IsPolymorphic
            ? $"{owner}{WriteExactlyMethod}(ref writer, {expr});"
            : $"{Md}JsonableCodec.Write<{derived.FullyQualifiedName}>(ref writer, {expr});";
    }

    private string WriteBase(PolymorphismModel polymorphism)
    {
        int index = polymorphism.DerivedTypes.IndexOf(polymorphism.DerivedTypes.FirstOrDefault(d => d.IsBase)!);
        return index < 0 ? $"{WriteExactlyMethod}(ref writer, value);" : WriteDerived(polymorphism.DerivedTypes[index], index, "value");
    }

    /// <summary>What the JMC1 discriminator bytes say, for a comment: <c>/*5*/"$type":/*6*/"circle"</c> with the lengths in decimal.</summary>
    private static string Jmc1DiscriminatorText(string propertyName, DerivedTypeModel derived)
    {
        string name = NameEncoding.CommentText(LengthText(propertyName) + "\"" + Encoding.UTF8.GetString(NameEncoding.EscapedUtf8(propertyName)) + "\":");
        return derived.StringDiscriminator is { } text
            ? name + NameEncoding.CommentText(LengthText(text) + "\"" + Encoding.UTF8.GetString(NameEncoding.EscapedUtf8(text)) + "\"")
            : name + derived.IntDiscriminator.ToString(CultureInfo.InvariantCulture);

        static string LengthText(string value)
        {
            int n = NameEncoding.EscapedUtf8(value).Length;
            return global::Jsonable.Jmc1.CanEncodeLength(n) ? "/*" + n.ToString(CultureInfo.InvariantCulture) + "*/" : string.Empty;
        }
    }

    private static byte[] DiscriminatorBytes(string propertyName, DerivedTypeModel derived, bool jmc1)
    {
        var bytes = new List<byte>(jmc1 ? NameEncoding.Jmc1Name(propertyName, leadingComma: false) : NameEncoding.JsonName(propertyName, leadingComma: false));
        if (derived.StringDiscriminator is { } text)
        {
            byte[] escaped = NameEncoding.EscapedUtf8(text);
            if (jmc1 && global::Jsonable.Jmc1.CanEncodeLength(escaped.Length))
            {
                byte[] comment = new byte[global::Jsonable.Jmc1.LengthCommentSize];
                global::Jsonable.Internal.JmcLength.Write(comment, escaped.Length);
                bytes.AddRange(comment);
            }

            bytes.Add((byte)'"');
            bytes.AddRange(escaped);
            bytes.Add((byte)'"');
        }
        else
        {
            bytes.AddRange(Encoding.ASCII.GetBytes(derived.IntDiscriminator.ToString(CultureInfo.InvariantCulture)));
        }

        return bytes.ToArray();
    }

    private void EmitPolymorphicReader(PolymorphismModel polymorphism)
    {
        string typeName = _model.Name.TrimStart('@');
        string typeLiteral = NameEncoding.CSharpLiteral(typeName);
        string nameLiteral = NameEncoding.CSharpLiteral(polymorphism.DiscriminatorPropertyName);
        string readBase = polymorphism.IsAbstract
            ? $"throw reader.TypeDiscriminatorRequired({nameLiteral}, {typeLiteral});"
            : $"value = {ReadExactlyMethod}(ref reader);";
        _w.Line($"/// <summary>Reads a value whose declared type is {Escape(typeName)}, as System.Text.Json does with [JsonDerivedType]: a discriminator \"{Escape(polymorphism.DiscriminatorPropertyName)}\" as the first member picks the derived type, which then reads the whole object.</summary>");
        _w.Open($"private static {SelfType} __JsonableReadValue(ref {Rt}JsonableReader reader)");
        _w.Open($"if (!reader.TryReadTypeDiscriminator({NameEncoding.Utf8Literal(polymorphism.DiscriminatorPropertyName)}, out {Md}JsonableTypeDiscriminator discriminator))");
        _w.Line("return null;");
        _w.Close();
        _w.Line();
        _w.Line($"{SelfType} value;");
        _w.Open("if (!discriminator.IsPresent)");
        _w.Line(readBase);
        _w.Close();
        foreach (DerivedTypeModel derived in polymorphism.DerivedTypes.Where(d => d.HasDiscriminator))
        {
            string test = derived.StringDiscriminator is { } text ? NameEncoding.Utf8Literal(text) : derived.IntDiscriminator.ToString(CultureInfo.InvariantCulture);
            _w.Open($"else if (discriminator.Is({test})) // {derived.FullyQualifiedName}");
            _w.Line(derived.IsBase
                ? $"value = {ReadExactlyMethod}(ref reader);"
                : derived.IsPolymorphic
                    ? $"value = {derived.FullyQualifiedName}.{ReadExactlyMethod}(ref reader);"
                    : $"value = {Md}JsonableCodec.Read<{derived.FullyQualifiedName}>(ref reader);");
            _w.Close();
        }

        _w.Open("else");
        _w.Line(polymorphism.IgnoreUnrecognizedTypeDiscriminators
            ? $"{readBase} // IgnoreUnrecognizedTypeDiscriminators"
            : $"throw reader.UnknownTypeDiscriminator(discriminator, {typeLiteral});");
        _w.Close();
        _w.Line();
        _w.Line("reader.EndPolymorphicObject(discriminator);");
        _w.Line("return value;");
        _w.Close();
        _w.Line();

        if (polymorphism.IsAbstract)
        {
            _w.Line($"private static {SelfType} __JsonableCannotCreate(params object[] arguments) => throw new {Rt}JsonableException({NameEncoding.CSharpLiteral($"'{typeName}' is abstract: only its derived types can be created.")});");
            _w.Line();
        }
    }
}
