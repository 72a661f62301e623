using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>Helpers per collection, dictionary and nullable shape: one write and one read method per distinct shape.</summary>
internal sealed partial class Emitter
{
    private enum HelperKind
    {
        Write,
        Read,
        Merge,
        Enum,
        Equal, // Emitter.Delta.cs
        Patch,
        WriteAsync, // Emitter.AsyncWriter.cs
    }

    // Helpers are named by the shape they handle (__JsonableReadListOfString) and emitted in name order, so a member
    // added to the type adds its own helpers and leaves every other helper's name and place unchanged.
    private readonly Dictionary<string, string> _shapeNames = new(System.StringComparer.Ordinal);
    private readonly HashSet<string> _takenShapeNames = new(System.StringComparer.Ordinal);
    private readonly HashSet<(HelperKind Kind, string Key)> _requestedHelpers = new();
    private readonly Queue<(HelperKind Kind, TypeShape Shape)> _pendingHelpers = new();

    /// <summary>The name of the method that writes <paramref name="shape"/>; it is emitted with the other helpers.</summary>
    private string WriteHelper(TypeShape shape) => RequestHelper(HelperKind.Write, shape, "__JsonableWrite");

    /// <summary>The name of the method that reads <paramref name="shape"/>.</summary>
    private string ReadHelper(TypeShape shape) => RequestHelper(HelperKind.Read, shape, "__JsonableRead");

    /// <summary>The name of the method that merges a patch into a dictionary of <paramref name="shape"/>.</summary>
    private string MergeHelper(TypeShape shape) => RequestHelper(HelperKind.Merge, shape, "__JsonableMerge");

    /// <summary>The name part shared by an enum's helpers (<c>__JsonableWriteColorName</c>, ...).</summary>
    private string EnumHelper(TypeShape shape)
    {
        string key = "enum:" + shape.TypeName;
        if (_requestedHelpers.Add((HelperKind.Enum, key)))
        {
            _pendingHelpers.Enqueue((HelperKind.Enum, shape));
        }

        return ShapeName(key, shape);
    }

    private string RequestHelper(HelperKind kind, TypeShape shape, string prefix)
    {
        if (_requestedHelpers.Add((kind, shape.Key)))
        {
            _pendingHelpers.Enqueue((kind, shape));
        }

        return prefix + ShapeName(shape.Key, shape);
    }

    /// <summary>
    /// A readable, collision-free name for a shape: <c>ListOfString</c>, <c>DictionaryOfStringToInt32</c>,
    /// <c>ArrayOfArrayOfItem</c>. Only two different types with the same simple name (in different namespaces or
    /// containing types) need more: the later one gets a hash of its full name, which depends on nothing else.
    /// </summary>
    private string ShapeName(string key, TypeShape shape)
    {
        if (!_shapeNames.TryGetValue(key, out string? name))
        {
            name = Describe(shape);
            if (!_takenShapeNames.Add(name))
            {
                name += "_" + NameEncoding.StableHash(key);
                _takenShapeNames.Add(name);
            }

            _shapeNames[key] = name;
        }

        return name;
    }

    private static string Describe(TypeShape shape) => shape.Kind switch
    {
        ShapeKind.Nullable => "NullableOf" + Describe(shape.Element!),
        ShapeKind.Array => "ArrayOf" + Describe(shape.Element!),
        ShapeKind.List => "ListOf" + Describe(shape.Element!),
        ShapeKind.HashSet => "HashSetOf" + Describe(shape.Element!),
        ShapeKind.CollectionInterface => shape.InterfaceName + "Of" + Describe(shape.Element!),
        ShapeKind.Dictionary => "DictionaryOf" + Describe(shape.DictionaryKey!) + "To" + Describe(shape.Element!),
        ShapeKind.DictionaryInterface => shape.InterfaceName + "Of" + Describe(shape.DictionaryKey!) + "To" + Describe(shape.Element!),
        ShapeKind.Enum or ShapeKind.Generated => NameEncoding.TypeIdentifier(shape.TypeName),
        ShapeKind.TypeParameter => shape.TypeName.TrimStart('@'),
        _ when shape.IsNumber && shape.NumberHandling != TypeShape.WebNumberHandling => shape.Kind + "_" + NumberHandlingSuffix(shape.NumberHandling),
        _ => shape.Kind.ToString(),
    };

    /// <summary>A name part for non-default number handling: <c>Strict</c>, <c>AllowReadingFromStringWriteAsString</c>, ...</summary>
    private static string NumberHandlingSuffix(int handling) => handling == TypeShape.StrictNumberHandling
        ? "Strict"
        : ((handling & TypeShape.WebNumberHandling) != 0 ? "FromString" : string.Empty)
            + ((handling & TypeShape.WriteAsString) != 0 ? "AsString" : string.Empty)
            + ((handling & TypeShape.AllowNamedFloatingPointLiterals) != 0 ? "Named" : string.Empty);

    /// <summary>Emits every helper requested so far (and those they request), sorted by name.</summary>
    private void EmitHelpers()
    {
        var rendered = new SortedDictionary<string, string>(System.StringComparer.Ordinal);
        SourceWriter outer = _w;
        while (_pendingHelpers.Count > 0)
        {
            (HelperKind kind, TypeShape shape) = _pendingHelpers.Dequeue();
            _w = new SourceWriter(outer.IndentLevel);
            string sortKey;
            switch (kind)
            {
                case HelperKind.Write:
                    sortKey = WriteHelper(shape);
                    EmitWriteHelper(shape, sortKey);
                    break;
                case HelperKind.Read:
                    sortKey = ReadHelper(shape);
                    EmitReadHelper(shape, sortKey);
                    break;
                case HelperKind.Merge:
                    sortKey = MergeHelper(shape);
                    EmitMergeHelper(shape, sortKey);
                    break;
                case HelperKind.Equal:
                    sortKey = EqualHelper(shape);
                    EmitEqualHelper(shape, sortKey);
                    break;
                case HelperKind.WriteAsync:
                    sortKey = WriteAsyncHelper(shape);
                    EmitWriteAsyncHelper(shape, sortKey);
                    break;
                case HelperKind.Patch:
                    sortKey = PatchHelper(shape);
                    EmitDictionaryPatchHelper(shape, sortKey);
                    break;
                default:
                    sortKey = "~" + EnumHelper(shape); // enum helpers last, in one block per enum
                    EmitEnumHelpers(shape, EnumHelper(shape));
                    break;
            }

            rendered[sortKey] = _w.ToString();
        }

        _w = outer;
        foreach (string text in rendered.Values)
        {
            _w.Append(text);
        }
    }

    /// <summary>An empty array or list as one write (<c>[]</c>, after its zero count in JMC1): empty lists are common (citm's blockIds all are).</summary>
    private void EmitEmptyArrayShortcut(string count)
    {
        _w.Open($"if ({count} == 0)");
        _w.Line("writer.WriteEmptyArray();");
        _w.Line("return;");
        _w.Close();
        _w.Line();
    }

    private void EmitWriteHelper(TypeShape shape, string name)
    {
        TypeShape element = shape.Element!;
        _w.Open($"private static void {name}(ref {Rt}JsonableWriter writer, {shape.TypeName} value)");
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
                EmitEmptyArrayShortcut("value.Length");
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
                EmitEmptyArrayShortcut("value.Count");
                _w.Line("writer.WriteArrayStart(value.Count);");
                _w.Line(_netStandardShape ? "var items = value; // netstandard2.0 cannot see a List<T> as a span" : "var items = global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan(value);");
                _w.Open(_netStandardShape ? "for (int i = 0; i < items.Count; i++)" : "for (int i = 0; i < items.Length; i++)");
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

    private void EmitReadHelper(TypeShape shape, string name)
    {
        TypeShape element = shape.Element!;
        string elementRead = ReadExpression(element, "default");
        _w.Open($"private static {shape.TypeName} {name}(ref {Rt}JsonableReader reader, {shape.TypeName} existing)");
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
                _w.Line($"var builder = new {Md}ArrayBuilder<{element.TypeName}>();");
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
                if (shape.Kind != ShapeKind.HashSet)
                {
                    _w.Line("int count = 0;");
                    // Plain JSON has no count: collect in pooled storage and allocate only the final list, instead of
                    // every size a List grows through.
                    _w.Open(reuse == "false" ? "if (hint < 0)" : $"if (hint < 0 && !({reuse}))");
                    _w.Line($"var builder = default({Md}ArrayBuilder<{element.TypeName}>);");
                    _w.Open("while (reader.TryReadArrayElement(ref count, -1))");
                    _w.Line($"builder.Add({elementRead});");
                    _w.Close();
                    _w.Line();
                    _w.Line("return builder.ToList();");
                    _w.Close();
                    _w.Line();
                }

                // Read-only interfaces (IEnumerable, IReadOnlyList, ...) are never appended to: fill a new concrete
                // collection typed as such, since the interface itself has no Add.
                _w.Line(reuse == "false"
                    ? $"var result = new {concrete}(hint > 0 ? hint : 0);"
                    : $"var result = {reuse} ? existing : new {concrete}(hint > 0 ? hint : 0);");
                if (shape.Kind == ShapeKind.HashSet)
                {
                    _w.Line("int count = 0;");
                }

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
        // netstandard2.0's string has no implicit conversion to ReadOnlySpan<char>.
        ShapeKind.String => _netStandardShape ? $"global::System.MemoryExtensions.AsSpan({expr})" : expr,
        ShapeKind.SByte or ShapeKind.Int16 or ShapeKind.Int32 or ShapeKind.Int64 => $"(long){expr}",
        ShapeKind.Byte or ShapeKind.UInt16 or ShapeKind.UInt32 or ShapeKind.UInt64 => $"(ulong){expr}",
        ShapeKind.Guid => expr,
        _ => _netStandardShape // enums: by name, as STJ writes dictionary keys
            ? $"global::System.MemoryExtensions.AsSpan(__JsonableKeyOf{EnumHelper(key)}(ref writer, {expr}))"
            : $"__JsonableKeyOf{EnumHelper(key)}(ref writer, {expr})",
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
        _ => $"__JsonableParseKey{EnumHelper(key)}(ref reader, {text})",
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
