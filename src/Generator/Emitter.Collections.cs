using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>Helpers per collection, dictionary and nullable shape: one write and one read method per distinct shape.</summary>
internal sealed partial class Emitter
{
    private int Helper(TypeShape shape, bool isRead)
    {
        Dictionary<string, int> helpers = isRead ? _readHelpers : _writeHelpers;
        if (!helpers.TryGetValue(shape.Key, out int id))
        {
            id = helpers.Count;
            helpers[shape.Key] = id;
            _pendingHelpers.Enqueue((shape, id, isRead));
        }

        return id;
    }

    private void EmitHelpers()
    {
        while (_pendingHelpers.Count > 0)
        {
            (TypeShape shape, int id, bool isRead) = _pendingHelpers.Dequeue();
            if (isRead)
            {
                EmitReadHelper(shape, id);
            }
            else
            {
                EmitWriteHelper(shape, id);
            }
        }
    }

    private void EmitWriteHelper(TypeShape shape, int id)
    {
        TypeShape element = shape.Element!;
        _w.Open($"private static void __JsonableWrite{id}(ref {Rt}JsonableWriter writer, {shape.TypeName} value)");
        if (shape.Kind == ShapeKind.Nullable)
        {
            _w.Open("if (value.HasValue)");
            _w.Line(WriteStatement(element, "value.GetValueOrDefault()"));
            _w.Close();
            _w.Open("else");
            _w.Line("writer.WriteNull();");
            _w.Close();
            _w.Close();
            _w.Line();
            return;
        }

        _w.Open("if (value is null)");
        _w.Line("writer.WriteNull();");
        _w.Line("return;");
        _w.Close();
        _w.Line();

        switch (shape.Kind)
        {
            case ShapeKind.Array:
                _w.Line("writer.WriteArrayStart(value.Length);");
                _w.Open("for (int i = 0; i < value.Length; i++)");
                _w.Open("if (i != 0)");
                _w.Line("writer.WriteComma();");
                _w.Close();
                _w.Line();
                _w.Line(WriteStatement(element, "value[i]"));
                _w.Close();
                _w.Line();
                _w.Line("writer.WriteArrayEnd();");
                break;
            case ShapeKind.List:
                _w.Line("writer.WriteArrayStart(value.Count);");
                _w.Line("var items = global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan(value);");
                _w.Open("for (int i = 0; i < items.Length; i++)");
                _w.Open("if (i != 0)");
                _w.Line("writer.WriteComma();");
                _w.Close();
                _w.Line();
                _w.Line(WriteStatement(element, "items[i]"));
                _w.Close();
                _w.Line();
                _w.Line("writer.WriteArrayEnd();");
                break;
            case ShapeKind.HashSet:
            case ShapeKind.CollectionInterface:
                if (shape.InterfaceName == "IEnumerable")
                {
                    // JMC1 puts the count first: take it without enumerating where the sequence knows it.
                    _w.Open("if (!global::System.Linq.Enumerable.TryGetNonEnumeratedCount(value, out int count))");
                    _w.Line($"var materialized = new global::System.Collections.Generic.List<{element.TypeName}>(value);");
                    _w.Line("value = materialized;");
                    _w.Line("count = materialized.Count;");
                    _w.Close();
                    _w.Line();
                    _w.Line("writer.WriteArrayStart(count);");
                }
                else
                {
                    _w.Line("writer.WriteArrayStart(value.Count);");
                }

                _w.Line("bool first = true;");
                _w.Open("foreach (var item in value)");
                _w.Open("if (!first)");
                _w.Line("writer.WriteComma();");
                _w.Close();
                _w.Line();
                _w.Line("first = false;");
                _w.Line(WriteStatement(element, "item"));
                _w.Close();
                _w.Line();
                _w.Line("writer.WriteArrayEnd();");
                break;
            case ShapeKind.Dictionary:
            case ShapeKind.DictionaryInterface:
                _w.Line("writer.WriteDictionaryStart(value.Count);");
                _w.Line("bool first = true;");
                _w.Open("foreach (var pair in value)");
                _w.Open("if (!first)");
                _w.Line("writer.WriteComma();");
                _w.Close();
                _w.Line();
                _w.Line("first = false;");
                _w.Line($"writer.WritePropertyName({KeyExpression(shape.DictionaryKey!, "pair.Key")});");
                _w.Line(WriteStatement(element, "pair.Value"));
                _w.Close();
                _w.Line();
                _w.Line("writer.WriteDictionaryEnd();");
                break;
        }

        _w.Close();
        _w.Line();
    }

    private void EmitReadHelper(TypeShape shape, int id)
    {
        TypeShape element = shape.Element!;
        string elementRead = ReadExpression(element, "default");
        _w.Open($"private static {shape.TypeName} __JsonableRead{id}(ref {Rt}JsonableReader reader, {shape.TypeName} existing)");
        switch (shape.Kind)
        {
            case ShapeKind.Nullable:
                _w.Open("if (reader.TryReadNull())");
                _w.Line("return null;");
                _w.Close();
                _w.Line();
                _w.Line($"return {ReadExpression(element, "default")};");
                break;
            case ShapeKind.Array:
                _w.Open("if (!reader.TryReadArrayStart(out int hint))");
                _w.Line("return null;");
                _w.Close();
                _w.Line();
                _w.Line("int count = 0;");
                _w.Open("if (hint >= 0)");
                _w.Line("// The count was checked against the bytes left, so allocating it is safe.");
                _w.Line($"var result = reader.ReuseInstance && existing is not null && existing.Length == hint ? existing : {NewArray(element.TypeName, "hint")};");
                _w.Open("while (reader.TryReadArrayElement(ref count, hint))");
                _w.Line($"result[count - 1] = {elementRead};");
                _w.Close();
                _w.Line();
                _w.Line("return result;");
                _w.Close();
                _w.Line();
                _w.Line($"var builder = new {Rt}ArrayBuilder<{element.TypeName}>();");
                _w.Open("while (reader.TryReadArrayElement(ref count, -1))");
                _w.Line($"builder.Add({elementRead});");
                _w.Close();
                _w.Line();
                _w.Line("return reader.ReuseInstance && existing is not null && existing.Length == builder.Count ? builder.CopyTo(existing) : builder.ToArray();");
                break;
            case ShapeKind.List:
            case ShapeKind.HashSet:
            case ShapeKind.CollectionInterface:
                string concrete = shape.Kind == ShapeKind.HashSet
                    ? $"global::System.Collections.Generic.HashSet<{element.TypeName}>"
                    : $"global::System.Collections.Generic.List<{element.TypeName}>";
                string reuse = shape.Kind switch
                {
                    ShapeKind.CollectionInterface when shape.InterfaceName is "IList" or "ICollection" => "reader.ReuseInstance && existing is not null && !existing.IsReadOnly",
                    ShapeKind.CollectionInterface => "false",
                    _ => "reader.ReuseInstance && existing is not null",
                };
                _w.Open("if (!reader.TryReadArrayStart(out int hint))");
                _w.Line("return null;");
                _w.Close();
                _w.Line();
                // Read-only interfaces (IEnumerable, IReadOnlyList, ...) are never appended to: fill a new concrete
                // collection typed as such, since the interface itself has no Add.
                _w.Line(reuse == "false"
                    ? $"var result = new {concrete}(hint > 0 ? hint : 0);"
                    : $"var result = {reuse} ? existing : new {concrete}(hint > 0 ? hint : 0);");
                _w.Line("int count = 0;");
                _w.Open("while (reader.TryReadArrayElement(ref count, hint))");
                _w.Line($"result.Add({elementRead});");
                _w.Close();
                _w.Line();
                _w.Line("return result;");
                break;
            case ShapeKind.Dictionary:
            case ShapeKind.DictionaryInterface:
                string dictionary = $"global::System.Collections.Generic.Dictionary<{shape.DictionaryKey!.TypeName}, {element.TypeName}>";
                string reuseDictionary = shape.Kind == ShapeKind.Dictionary
                    ? "reader.ReuseInstance && existing is not null"
                    : shape.InterfaceName == "IDictionary" ? "reader.ReuseInstance && existing is not null && !existing.IsReadOnly" : "false";
                string target = shape.Kind == ShapeKind.Dictionary || shape.InterfaceName == "IDictionary" ? "result" : $"(({dictionary})result)";
                _w.Open("if (!reader.TryReadDictionaryStart(out int hint))");
                _w.Line("return null;");
                _w.Close();
                _w.Line();
                _w.Line($"var result = {reuseDictionary} ? existing : new {dictionary}(hint > 0 ? hint : 0);");
                _w.Line("int count = 0;");
                _w.Open("while (reader.TryReadDictionaryKey(ref count, hint, out string key))");
                _w.Line($"{target}[{ParseKeyExpression(shape.DictionaryKey!, "key")}] = {elementRead};");
                _w.Close();
                _w.Line();
                _w.Line("return result;");
                break;
        }

        _w.Close();
        _w.Line();
    }

    private string KeyExpression(TypeShape key, string expr) => key.Kind switch
    {
        ShapeKind.String => expr,
        ShapeKind.SByte or ShapeKind.Int16 or ShapeKind.Int32 or ShapeKind.Int64 => $"(long){expr}",
        ShapeKind.Byte or ShapeKind.UInt16 or ShapeKind.UInt32 or ShapeKind.UInt64 => $"(ulong){expr}",
        ShapeKind.Guid => expr,
        _ => $"__JsonableEnumKey{EnumHelper(key)}({expr})", // enums: by name, as STJ writes dictionary keys
    };

    private string ParseKeyExpression(TypeShape key, string text) => key.Kind switch
    {
        ShapeKind.String => text,
        ShapeKind.SByte => $"(sbyte)reader.ConvertKeyToInt64({text}, \"SByte\", sbyte.MinValue, sbyte.MaxValue)",
        ShapeKind.Int16 => $"(short)reader.ConvertKeyToInt64({text}, \"Int16\", short.MinValue, short.MaxValue)",
        ShapeKind.Int32 => $"(int)reader.ConvertKeyToInt64({text}, \"Int32\", int.MinValue, int.MaxValue)",
        ShapeKind.Int64 => $"reader.ConvertKeyToInt64({text}, \"Int64\", long.MinValue, long.MaxValue)",
        ShapeKind.Byte => $"(byte)reader.ConvertKeyToUInt64({text}, \"Byte\", byte.MaxValue)",
        ShapeKind.UInt16 => $"(ushort)reader.ConvertKeyToUInt64({text}, \"UInt16\", ushort.MaxValue)",
        ShapeKind.UInt32 => $"(uint)reader.ConvertKeyToUInt64({text}, \"UInt32\", uint.MaxValue)",
        ShapeKind.UInt64 => $"reader.ConvertKeyToUInt64({text}, \"UInt64\", ulong.MaxValue)",
        ShapeKind.Guid => $"reader.ConvertKeyToGuid({text})",
        _ => $"__JsonableParseEnum{EnumHelper(key)}(ref reader, {text})",
    };


    /// <summary><c>new T[n]</c>, with the size in the right place for jagged arrays (<c>new int[n][]</c>).</summary>
    private static string NewArray(string elementTypeName, string size)
    {
        int suffixStart = elementTypeName.Length;
        while (suffixStart >= 2 && elementTypeName.Substring(suffixStart - 2, 2) == "[]")
        {
            suffixStart -= 2;
        }

        return $"new {elementTypeName.Substring(0, suffixStart)}[{size}]{elementTypeName.Substring(suffixStart)}";
    }
}
