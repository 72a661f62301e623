using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>
/// Deltas for <c>[ToJson, FromJson]</c> types: <c>WriteMergePatch</c> writes the RFC 7396 merge patch between two values,
/// which the generated merge (Emitter.Merge.cs) applies. Only members the merge reads are compared and written (a member
/// that is only written is derived, and the merge would refuse it). A changed member is written as the writer writes it,
/// except that a nested generated object or a dictionary present on both sides becomes a nested patch, as the merge
/// merges those; collections are written whole. docs/deltas.md describes the rules.
/// </summary>
internal sealed partial class Emitter
{
    private const string Delta = Rt + "JsonableDelta";

    /// <summary>Whether the type gets a delta writer: it is written and merged.</summary>
    private bool GenerateDelta => _model.GenerateWriter && _model.GenerateReader;

    private string EqualHelper(TypeShape shape) => RequestHelper(HelperKind.Equal, shape, "__JsonableEquals");

    private string PatchHelper(TypeShape shape) => RequestHelper(HelperKind.Patch, shape, "__JsonableWritePatch");

    private void EmitDeltaApi()
    {
        _w.Line("/// <summary>");
        _w.Line("/// Writes the merge patch (RFC 7396) that turns <paramref name=\"previous\"/> into <paramref name=\"current\"/>: only the");
        _w.Line("/// members that differ, <c>null</c> for those cleared, nested objects as nested patches, collections whole; <c>{}</c> when");
        _w.Line("/// nothing differs. JMC1 or, when <paramref name=\"emitMetadataComments\"/> is false, plain JSON; <c>MergeFromJson</c> applies it.");
        _w.Line("/// </summary>");
        _w.Line("/// <param name=\"previous\">The value the receiver holds.</param>");
        _w.Line("/// <param name=\"current\">The value it should hold after the patch.</param>");
        _w.Line("/// <param name=\"writer\">Where the bytes go.</param>");
        _w.Line("/// <param name=\"emitMetadataComments\">Whether to write JMC1 header and length comments.</param>");
        _w.Line("/// <returns>Whether the values differ (<see langword=\"false\"/>: the patch written is <c>{}</c>).</returns>");
        _w.Line($"public static bool WriteMergePatch<TWriter>({SelfType} previous, {SelfType} current, TWriter writer, bool emitMetadataComments = true) where TWriter : {BufferWriter}");
        _w.Line($"    => {Delta}.WriteMergePatch<{SelfType}>(writer, previous, current, emitMetadataComments ? {Rt}JsonableFormat.Jmc1 : {Rt}JsonableFormat.Json);");
        _w.Line();
        if (!_netStandardShape)
        {
            _w.Line($"static bool {Md}IJsonableMergePatchWritable<{SelfType}>.JsonableEquals({SelfType} previous, {SelfType} current) => __JsonableEquals(previous, current);");
            _w.Line();
            _w.Line($"static bool {Md}IJsonableMergePatchWritable<{SelfType}>.WriteMergePatch(ref {Rt}JsonableWriter writer, {SelfType} previous, {SelfType} current) => __JsonableWriteMergePatch(ref writer, previous, current);");
            _w.Line();
        }

        List<MemberModel> members = _model.Members.Where(m => m.CanWrite && m.CanRead).ToList();
        EmitEquals(members);
        EmitWriteMergePatch(members);
    }

    /// <summary>Whether the merge replaces the type's value whole rather than member by member (so the delta does too).</summary>
    private bool MergeReplacesWhole => _model.IsReadOnlyStruct;

    private void EmitEquals(List<MemberModel> members)
    {
        _w.Open($"private static bool __JsonableEquals({SelfType} previous, {SelfType} current)");
        if (!_model.IsValueType)
        {
            _w.Open("if (ReferenceEquals(previous, current))");
            _w.Line("return true;");
            _w.Close();
            _w.Line();
            _w.Open("if (previous is null || current is null)");
            _w.Line("return false;");
            _w.Close();
            _w.Line();
        }

        if (_model.Polymorphism is not null)
        {
            // The runtime types decide which members exist: compare what the polymorphic writer writes.
            _w.Line($"return {Delta}.EqualWritten<{SelfType}>(previous, current, static (ref {Rt}JsonableWriter writer, {SelfType} value) => __JsonableWriteValue(ref writer, value));");
        }
        else if (members.Count == 0)
        {
            _w.Line("return true;");
        }
        else
        {
            for (int i = 0; i < members.Count; i++)
            {
                string expr = EqualExpression(members[i].Shape, "previous." + members[i].Identifier, "current." + members[i].Identifier);
                _w.Line((i == 0 ? "return " : "    && ") + expr + (i == members.Count - 1 ? ";" : string.Empty));
            }
        }

        _w.Close();
        _w.Line();
    }

    private void EmitWriteMergePatch(List<MemberModel> members)
    {
        string signature = "private static bool __JsonableWriteMergePatch";
        if (_model.Polymorphism is { } polymorphism)
        {
            // The runtime types pick the patch (Emitter.PolymorphicMerge.cs); this type's own is the one below.
            EmitPolymorphicWriteMergePatch(polymorphism);
            signature = "internal static bool " + WritePatchExactlyMethod;
        }

        _w.Open($"{signature}(ref {Rt}JsonableWriter writer, {SelfType} previous, {SelfType} current)");
        if (MergeReplacesWhole)
        {
            _w.Open("if (__JsonableEquals(previous, current))");
            _w.Line("writer.WriteObjectStart();");
            _w.Line("writer.WriteObjectEnd();");
            _w.Line("return false;");
            _w.Close();
            _w.Line();
            _w.Line("__JsonableWriteValue(ref writer, current); // the merge replaces this type whole");
            _w.Line("return true;");
            _w.Close();
            _w.Line();
            return;
        }

        _w.Line("bool changed = false;");
        _w.Line("writer.WriteObjectStart();");
        foreach (MemberModel member in members)
        {
            string previous = "previous." + member.Identifier;
            string current = "current." + member.Identifier;
            string jmc1 = "__JsonableJmc1Name_" + Suffix(member);
            string json = "__JsonableJsonName_" + Suffix(member);
            _w.Open($"if (!({EqualExpression(member.Shape, previous, current)}))");
            _w.Line($"writer.WritePreEncodedName(changed ? {jmc1} : {SlicedName(jmc1)}, changed ? {json} : {SlicedName(json)});");
            _w.Line("changed = true;");
            EmitPatchValue(member.Shape, previous, current, "true");
            _w.Close();
            _w.Line();
        }

        _w.Line("writer.WriteObjectEnd();");
        _w.Line("return changed;");
        _w.Close();
        _w.Line();
    }

    /// <summary>
    /// Writes the patch value of something that differs: a nested patch where the merge merges (a generated object or a
    /// dictionary, when <paramref name="hadPrevious"/> and neither side is null), else <paramref name="current"/> whole.
    /// </summary>
    private void EmitPatchValue(TypeShape shape, string previous, string current, string hadPrevious)
    {
        bool always = hadPrevious == "true";
        switch (shape.Kind)
        {
            case ShapeKind.Generated:
                if (!always)
                {
                    _w.Open($"if ({hadPrevious})");
                }

                _w.Line($"{Delta}.WriteObjectPatch<{shape.TypeName}>(ref writer, {previous}, {current});");
                if (!always)
                {
                    _w.Close();
                    _w.Open("else");
                    _w.Line(WriteStatement(shape, current));
                    _w.Close();
                }

                break;
            case ShapeKind.Dictionary:
            case ShapeKind.DictionaryInterface:
                _w.Open($"if ({(always ? string.Empty : hadPrevious + " && ")}{previous} is not null && {current} is not null)");
                _w.Line($"{PatchHelper(shape)}(ref writer, {previous}, {current});");
                _w.Close();
                _w.Open("else");
                _w.Line(WriteStatement(shape, current));
                _w.Close();
                break;
            default:
                _w.Line(WriteStatement(shape, current));
                break;
        }
    }

    /// <summary>An expression that is true when the two values are written alike.</summary>
    private string EqualExpression(TypeShape shape, string a, string b) => shape.Kind switch
    {
        ShapeKind.Single or ShapeKind.Double or ShapeKind.Decimal => $"{Delta}.EqualNumbers({a}, {b})",
        ShapeKind.String => $"string.Equals({a}, {b})",
        ShapeKind.DateTime => $"{Delta}.EqualDateTimes({a}, {b})",
        ShapeKind.DateTimeOffset => $"{Delta}.EqualDateTimeOffsets({a}, {b})",
        ShapeKind.Uri => $"{Delta}.EqualUris({a}, {b})",
        ShapeKind.ByteArray => $"{Delta}.EqualBytes({a}, {b})",
        ShapeKind.Generated => $"{Delta}.EqualObjects<{shape.TypeName}>({a}, {b})",
        ShapeKind.TypeParameter =>
            $"{Delta}.EqualWritten<{shape.TypeName}>({a}, {b}, static (ref {Rt}JsonableWriter writer, {shape.TypeName} value) => {Md}JsonableTypeArgument.Write<{shape.TypeName}>(ref writer, value))",
        ShapeKind.Nullable or ShapeKind.Array or ShapeKind.List or ShapeKind.HashSet or ShapeKind.CollectionInterface
            or ShapeKind.Dictionary or ShapeKind.DictionaryInterface => $"{EqualHelper(shape)}({a}, {b})",
        _ => $"{a} == {b}", // bool, integers, char, enums, Guid, TimeSpan, DateOnly, TimeOnly: equal values are written alike
    };

    /// <summary>One comparison per collection, dictionary and nullable shape: element by element, in order (as written).</summary>
    private void EmitEqualHelper(TypeShape shape, string name)
    {
        TypeShape element = shape.Element!;
        _w.Open($"private static bool {name}({shape.TypeName} a, {shape.TypeName} b)");
        if (shape.Kind == ShapeKind.Nullable)
        {
            _w.Line($"return a.HasValue == b.HasValue && (!a.HasValue || {EqualExpression(element, "a.GetValueOrDefault()", "b.GetValueOrDefault()")});");
            _w.Close();
            _w.Line();
            return;
        }

        _w.Open("if (ReferenceEquals(a, b))");
        _w.Line("return true;");
        _w.Close();
        _w.Line();
        _w.Open("if (a is null || b is null)");
        _w.Line("return false;");
        _w.Close();
        _w.Line();
        switch (shape.Kind)
        {
            case ShapeKind.Array:
            case ShapeKind.List:
                string count = shape.Kind == ShapeKind.Array ? "Length" : "Count";
                _w.Open($"if (a.{count} != b.{count})");
                _w.Line("return false;");
                _w.Close();
                _w.Line();
                if (shape.Kind == ShapeKind.List && !_netStandardShape)
                {
                    _w.Line("var left = global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan(a);");
                    _w.Line("var right = global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan(b);");
                }
                else
                {
                    _w.Line("var left = a;");
                    _w.Line("var right = b;");
                }

                _w.Open($"for (int i = 0; i < left.{(shape.Kind == ShapeKind.List && _netStandardShape ? "Count" : "Length")}; i++)");
                _w.Open($"if (!({EqualExpression(element, "left[i]", "right[i]")}))");
                _w.Line("return false;");
                _w.Close();
                _w.Close();
                _w.Line();
                _w.Line("return true;");
                break;
            case ShapeKind.Dictionary:
            case ShapeKind.DictionaryInterface:
                _w.Open("if (a.Count != b.Count)");
                _w.Line("return false;");
                _w.Close();
                _w.Line();
                _w.Open("foreach (var pair in a)");
                _w.Open($"if (!b.TryGetValue(pair.Key, out var other) || !({EqualExpression(element, "pair.Value", "other")}))");
                _w.Line("return false;");
                _w.Close();
                _w.Close();
                _w.Line();
                _w.Line("return true;");
                break;
            default:
                // HashSet and collection interfaces: in enumeration order, which is the order they are written in.
                if (shape.InterfaceName != "IEnumerable")
                {
                    _w.Open("if (a.Count != b.Count)");
                    _w.Line("return false;");
                    _w.Close();
                    _w.Line();
                }

                _w.Line("using var left = a.GetEnumerator();");
                _w.Line("using var right = b.GetEnumerator();");
                _w.Open("while (left.MoveNext())");
                _w.Open($"if (!right.MoveNext() || !({EqualExpression(element, "left.Current", "right.Current")}))");
                _w.Line("return false;");
                _w.Close();
                _w.Close();
                _w.Line();
                _w.Line("return !right.MoveNext();");
                break;
        }

        _w.Close();
        _w.Line();
    }

    /// <summary>
    /// One nested patch writer per dictionary shape (both sides non-null): added and changed entries (nested patches for
    /// values the merge merges), then removed keys as <c>null</c>. The entries are counted first: JMC1 puts the count before them.
    /// </summary>
    private void EmitDictionaryPatchHelper(TypeShape shape, string name)
    {
        TypeShape element = shape.Element!;
        string key = KeyExpression(shape.DictionaryKey!, "pair.Key");
        string differs = $"!previous.TryGetValue(pair.Key, out var old) || !({EqualExpression(element, "old", "pair.Value")})";
        _w.Open($"private static void {name}(ref {Rt}JsonableWriter writer, {shape.TypeName} previous, {shape.TypeName} current)");
        _w.Line("int count = 0;");
        _w.Open("foreach (var pair in current)");
        _w.Open($"if ({differs})");
        _w.Line("count++;");
        _w.Close();
        _w.Close();
        _w.Line();
        _w.Open("foreach (var pair in previous)");
        _w.Open("if (!current.ContainsKey(pair.Key))");
        _w.Line("count++;");
        _w.Close();
        _w.Close();
        _w.Line();
        _w.Line("writer.WriteDictionaryStart(count);");
        _w.Line("bool first = true;");
        _w.Open("foreach (var pair in current)");
        _w.Line("bool had = previous.TryGetValue(pair.Key, out var old);");
        _w.Open($"if (had && {EqualExpression(element, "old", "pair.Value")})");
        _w.Line("continue;");
        _w.Close();
        _w.Line();
        _w.Open("if (!first)");
        _w.Line("writer.WriteComma();");
        _w.Close();
        _w.Line();
        _w.Line("first = false;");
        _w.Line($"writer.WritePropertyName({key});");
        EmitPatchValue(element, "old", "pair.Value", "had");
        _w.Close();
        _w.Line();
        _w.Open("foreach (var pair in previous)");
        _w.Open("if (current.ContainsKey(pair.Key))");
        _w.Line("continue;");
        _w.Close();
        _w.Line();
        _w.Open("if (!first)");
        _w.Line("writer.WriteComma();");
        _w.Close();
        _w.Line();
        _w.Line("first = false;");
        _w.Line($"writer.WritePropertyName({key});");
        _w.Line("writer.WriteNull(); // RFC 7396: null removes the key");
        _w.Close();
        _w.Line();
        _w.Line("writer.WriteDictionaryEnd();");
        _w.Close();
        _w.Line();
    }
}
