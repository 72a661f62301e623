using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>
/// Merge reading (RFC 7396 merge patch) for <c>[FromJson]</c> types: absent members are unchanged, <c>null</c> clears,
/// arrays/lists/sets are replaced whole, dictionaries and nested generated objects are merged, unknown members are an
/// error. Every merge method takes a <c>JsonableMergeMode</c>: the runtime reads a patch once to check it (writing
/// nothing) and once to apply it, so a patch that fails anywhere leaves the target untouched.
/// </summary>
internal sealed partial class Emitter
{
    private const string MergeMode = Md + "JsonableMergeMode";

    private void EmitMergeApi()
    {
        List<MemberModel> readable = _model.Members.Where(m => m.CanRead).ToList();
        bool inPlace = !_model.IsReadOnlyStruct;
        if (inPlace)
        {
            foreach ((string method, string param, string format) in new[] { ("MergeFromJson", "utf8Json", "Json"), ("MergeFromJsonable", "jmc1", "Jmc1") })
            {
                _w.Line($"/// <summary>Applies a {(format == "Json" ? "JSON" : "JMC1")} merge patch (RFC 7396) to this instance, atomically: on any error nothing is changed.</summary>");
                _w.Line($"/// <param name=\"{param}\">The whole patch document; its root must be an object.</param>");
                _w.Line("/// <returns>The members the patch named.</returns>");
                _w.Line($"/// <exception cref=\"{Rt}JsonableException\">The patch is malformed, names an unknown member, or clears a member that cannot be cleared.</exception>");
                _w.Open($"public {New(method)}{Rt}JsonableMemberSet {method}({Span} {param})");
                string target = "ref this";
                if (!_model.IsValueType)
                {
                    _w.Line("var self = this;");
                    target = "ref self";
                }

                _w.Line($"return {Md}JsonableMetadataServices.MergeDocument<{SelfType}>({param}, {Rt}JsonableFormat.{format}, null, {target}, __JsonableMergeMembers, __JsonableMembers);");
                _w.Close();
                _w.Line();
            }
        }

        _w.Open(_netStandardShape
            ? $"private static {SelfType} {NetStandardMergeValue}(ref {Rt}JsonableReader reader, {SelfType} existing, {MergeMode} mode)"
            : $"static {SelfType} {Md}IJsonableMergeable<{SelfType}>.MergeJsonable(ref {Rt}JsonableReader reader, {SelfType} existing, {MergeMode} mode)");
        if (!inPlace)
        {
            _w.Line("return __JsonableReadValue(ref reader); // a readonly struct cannot change in place: a patch replaces it whole");
        }
        else
        {
            if (!_model.IsValueType)
            {
                _w.Open($"if (existing is null && mode != {MergeMode}.Validate)");
                _w.Line("return __JsonableReadValue(ref reader); // nothing to merge into: the patch's object becomes the value");
                _w.Close();
                _w.Line();
            }

            if (_model.Polymorphism is not null)
            {
                _w.Line($"return {MergeByTypeMethod}(ref reader, existing, mode); // the stored value's runtime type picks the members (Emitter.PolymorphicMerge.cs)");
            }
            else
            {
                EmitMergeObjectInto("existing");
            }
        }

        _w.Close();
        _w.Line();

        _w.Line($"private static readonly {Md}JsonableMember[] __JsonableMembers = new {Md}JsonableMember[]");
        _w.Line("{");
        for (int i = 0; i < _model.Members.Count; i++)
        {
            MemberModel member = _model.Members[i];
            string notEditable = member.IsEditable ? string.Empty : ", isEditable: false"; // [Editable(false)] or [Key]: JsonablePatch<T> refuses it
            _w.Line($"    new {Md}JsonableMember({IndexConstant(member)}, {NameEncoding.CSharpLiteral(member.ClrName)}, {NameEncoding.CSharpLiteral(member.JsonName)}{notEditable}),");
        }

        _w.Line("};");
        _w.Line();
        if (readable.Count > 0 && readable.Count != _model.Members.Count)
        {
            _w.Line("// The members a document can name when read ignoring case (the others are only written).");
            _w.Line($"private static readonly {Md}JsonableMember[] __JsonableReadableMembers = new {Md}JsonableMember[]");
            _w.Line("{");
            foreach (MemberModel member in readable)
            {
                _w.Line($"    __JsonableMembers[{IndexConstant(member)}],");
            }

            _w.Line("};");
            _w.Line();
        }

        if (inPlace)
        {
            EmitMergeMembers(readable);
            EmitPolymorphicMerge();
        }
    }

    /// <summary>The statements that merge the object at the reader into <paramref name="target"/> with this type's own members, and return it.</summary>
    private void EmitMergeObjectInto(string target)
    {
        _w.Open("if (!reader.TryReadObjectStart())");
        _w.Line($"throw reader.NullNotAllowed({NameEncoding.CSharpLiteral(_model.Name.TrimStart('@'))}); // the caller reads null itself");
        _w.Close();
        _w.Line();
        _w.Line($"var changed = new {Rt}JsonableMemberSet(null);");
        _w.Line($"__JsonableMergeMembers(ref reader, ref {target}, mode, ref changed);");
        _w.Line($"return {target};");
    }

    private void EmitMergeMembers(List<MemberModel> readable)
    {
        _w.Open($"private static void __JsonableMergeMembers(ref {Rt}JsonableReader reader, ref {SelfType} target, {MergeMode} mode, ref {Rt}JsonableMemberSet changed)");
        _w.Open($"if (mode == {MergeMode}.Apply)");
        _w.Line("target.OnWillDeserialize();");
        _w.Close();
        _w.Line();
        _w.Line("bool first = true;");
        _w.Open($"while (reader.TryReadPropertyName(ref first, out {Span} name))");
        _w.Line("int id = __JsonableMatch(name, reader.PropertyNameCaseInsensitive);");
        _w.Open("if (id >= 0 && !changed.Add(id))");
        _w.Line("throw reader.DuplicatePatchMember(__JsonableMembers[id].JsonName);");
        _w.Close();
        _w.Line();
        if (readable.Any(m => !m.IsEditable))
        {
            // Checked against an object that exists (a nested one the patch creates may set them): see JsonableReaderOptions.RefuseReadOnlyMemberChanges.
            _w.Open($"if (id >= 0 && mode == {MergeMode}.Check && reader.RefusesReadOnlyMemberChanges && !__JsonableMembers[id].IsEditable)");
            _w.Line("throw reader.PatchCannotChangeReadOnly(__JsonableMembers[id].JsonName);");
            _w.Close();
            _w.Line();
        }

        if (readable.Count > 0)
        {
            _w.Open("switch (id)");
            foreach (MemberModel member in readable)
            {
                _w.Line(CaseLabel(member));
                _w.Indent();
                EmitMergeMember(member);
                _w.Unindent();
            }

            _w.Close();
            _w.Line();
        }

        if (_model.IsListedWithDiscriminator)
        {
            _w.Open("if (reader.TrySkipPatchTypeDiscriminator(name))");
            _w.Line("continue; // first in an object the polymorphic merge began, which checked it against the stored value's type");
            _w.Close();
            _w.Line();
        }

        _w.Line("throw reader.UnknownPatchMember(name); // even where normal reads skip unknown members: a typo must not look like success");
        _w.Close();
        _w.Line();
        _w.Open($"if (mode == {MergeMode}.Apply)");
        _w.Line("target.OnDidDeserialize();");
        _w.Close();
        _w.Close();
        _w.Line();
    }

    private void EmitMergeMember(MemberModel member)
    {
        string json = NameEncoding.CSharpLiteral(member.JsonName);
        if (member.Setter == SetterKind.ConstructorOnly)
        {
            _w.Line($"throw reader.PatchCannotSet({json});");
            return;
        }

        _w.Open("if (reader.TryReadNullKeepingHint())");
        if (member.IsRequired)
        {
            _w.Line($"throw reader.PatchCannotClear({json}, \"is required\");");
        }
        else if (member.Shape.IsValueType && member.Shape.Kind != ShapeKind.Nullable)
        {
            string typeName = member.Shape.TypeName.Replace("global::", string.Empty);
            _w.Line($"throw reader.PatchCannotClear({json}, {NameEncoding.CSharpLiteral("is a non-nullable " + typeName)});");
        }
        else if (member.IsNonNullableReference)
        {
            // As System.Text.Json's RespectNullableAnnotations: a member declared without `?` does not take null.
            string typeName = member.Shape.TypeName.Replace("global::", string.Empty);
            _w.Line($"throw reader.PatchCannotClear({json}, {NameEncoding.CSharpLiteral("is declared non-nullable (" + typeName + ", not " + typeName + "?)")});");
        }
        else
        {
            _w.Open($"if (mode == {MergeMode}.Apply)");
            _w.Line(Assign("target", member, "default"));
            _w.Close();
            _w.Line();
            _w.Line("continue;");
        }

        _w.Close();
        _w.Line();
        _w.Line($"var __{member.ClrName} = {MergeExpression(member.Shape, "target." + member.Identifier)};");
        _w.Open($"if (mode == {MergeMode}.Apply)");
        _w.Line(Assign("target", member, "__" + member.ClrName));
        _w.Close();
        _w.Line();
        _w.Line("continue;");
    }

    /// <summary>Reads a non-null value at the reader: merged into <paramref name="existing"/> for objects and dictionaries, a new value otherwise.</summary>
    private string MergeExpression(TypeShape shape, string existing) => shape.Kind switch
    {
        ShapeKind.Generated => $"{Md}JsonableCodec.Merge<{shape.TypeName}>(ref reader, mode == {MergeMode}.Validate ? default : {existing}, mode)",
        ShapeKind.Dictionary or ShapeKind.DictionaryInterface => $"{MergeHelper(shape)}(ref reader, mode == {MergeMode}.Validate ? default : {existing}, mode)",
        _ => ReadExpression(shape, "default"),
    };

    /// <summary>One helper per dictionary shape: entries merged by key, a <c>null</c> value removing its key (RFC 7396).</summary>
    private void EmitMergeHelper(TypeShape shape, string name)
    {
        TypeShape element = shape.Element!;
        string dictionary = $"global::System.Collections.Generic.Dictionary<{shape.DictionaryKey!.TypeName}, {element.TypeName}>";
        string result = shape.Kind == ShapeKind.Dictionary
            ? $"{shape.TypeName} result = mode != {MergeMode}.Apply ? null : existing ?? new {dictionary}();"
            : shape.InterfaceName == "IDictionary"
                ? $"{shape.TypeName} result = mode != {MergeMode}.Apply ? null : existing is not null && !existing.IsReadOnly ? existing : existing is null ? new {dictionary}() : new {dictionary}(existing);"
                : $"{dictionary} result = mode != {MergeMode}.Apply ? null : existing is null ? new {dictionary}() : new {dictionary}(existing);";

        _w.Open($"private static {shape.TypeName} {name}(ref {Rt}JsonableReader reader, {shape.TypeName} existing, {MergeMode} mode)");
        _w.Open("if (!reader.TryReadDictionaryStart(out int hint))");
        _w.Line("return null; // the caller reads null itself");
        _w.Close();
        _w.Line();
        _w.Line(result);
        _w.Line("int count = 0;");
        _w.Open("while (reader.TryReadDictionaryKey(ref count, hint, out string text))");
        _w.Line($"var key = {ParseKeyExpression(shape.DictionaryKey!, "text")};");
        _w.Open("if (reader.TryReadNullKeepingHint())");
        _w.Open($"if (mode == {MergeMode}.Apply)");
        _w.Line("result.Remove(key);");
        _w.Close();
        _w.Line();
        _w.Line("continue;");
        _w.Close();
        _w.Line();
        if (element.Kind is ShapeKind.Generated or ShapeKind.Dictionary or ShapeKind.DictionaryInterface)
        {
            _w.Line($"{element.TypeName} current = default;");
            _w.Open($"if (mode != {MergeMode}.Validate && existing is not null)");
            _w.Line("existing.TryGetValue(key, out current);");
            _w.Close();
            _w.Line();
            _w.Line($"var value = {MergeExpression(element, "current")};");
        }
        else
        {
            _w.Line($"var value = {ReadExpression(element, "default")};");
        }

        _w.Open($"if (mode == {MergeMode}.Apply)");
        _w.Line("result[key] = value;");
        _w.Close();
        _w.Close();
        _w.Line();
        _w.Line($"return mode == {MergeMode}.Apply ? result : existing;");
        _w.Close();
        _w.Line();
    }
}
