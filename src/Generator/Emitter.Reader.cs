using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>The public reading API (<c>CreateFrom…</c>/<c>PopulateFrom…</c>), the member loop, construction through locals, and the accessors generated code needs.</summary>
internal sealed partial class Emitter
{
    private void EmitReaderApi()
    {
        // A readonly struct cannot be filled in place (C# forbids `ref this` there): it is only created.
        if (!_model.IsReadOnlyStruct)
        {
            _w.Line("/// <summary>Fills this instance from a JMC1 document; members the document lacks are left untouched.</summary>");
            _w.Line("/// <param name=\"jmc1\">The whole JMC1 document.</param>");
            _w.Line("/// <param name=\"reuseInstance\">Whether nested objects and collections are filled in place rather than replaced.</param>");
            _w.Line($"/// <exception cref=\"{Rt}JsonableException\">The document is malformed or does not fit this type.</exception>");
            EmitReadInto("FromJsonable", "jmc1", "Jmc1");
            _w.Line();
            _w.Line("/// <summary>Fills this instance from a JSON document; members the document lacks are left untouched.</summary>");
            _w.Line("/// <param name=\"utf8Json\">The whole UTF-8 JSON document.</param>");
            _w.Line("/// <param name=\"reuseInstance\">Whether nested objects and collections are filled in place rather than replaced.</param>");
            _w.Line($"/// <exception cref=\"{Rt}JsonableException\">The document is malformed or does not fit this type.</exception>");
            EmitReadInto("FromJson", "utf8Json", "Json");
            _w.Line();
            _w.Line("/// <summary>Fills this instance from JSON text; members the document lacks are left untouched.</summary>");
            _w.Line("/// <param name=\"json\">The whole JSON document.</param>");
            _w.Line("/// <param name=\"reuseInstance\">Whether nested objects and collections are filled in place rather than replaced.</param>");
            _w.Line($"/// <exception cref=\"{Rt}JsonableException\">The document is malformed or does not fit this type.</exception>");
            _w.Open($"public {New("FromJson")}void FromJson(string json, bool reuseInstance = false)");
            string self = "ref this";
            if (!_model.IsValueType)
            {
                _w.Line("var self = this;");
                self = "ref self";
            }

            _w.Line($"{Md}JsonableMetadataServices.ReadDocumentInto<{SelfType}>(json, reuseInstance, null, {self}, __JsonableReadMembers);");
            _w.Close();
            _w.Line();
        }

        foreach ((string method, string param, string format) in new[] { ("CreateFromJson", "utf8Json", "Json"), ("CreateFromJsonable", "jmc1", "Jmc1") })
        {
            _w.Line($"/// <summary>Creates a new instance from a whole {(format == "Json" ? "JSON" : "JMC1")} document.</summary>");
            _w.Line($"/// <param name=\"{param}\">The document.</param>");
            _w.Line($"/// <exception cref=\"{Rt}JsonableException\">The document is malformed, null, or does not fit this type.</exception>");
            _w.Line($"public static {New(method)}{SelfType} {method}({Span} {param})");
            _w.Line($"    => {Md}JsonableMetadataServices.ReadDocument<{SelfType}>({param}, {Rt}JsonableFormat.{format}, false, null, __JsonableReadValue){(_model.IsValueType ? string.Empty : $" ?? throw new {Rt}JsonableException(\"The document is null; expected an object.\", 0, \"$\")")};");
            _w.Line();
        }

        _w.Line("/// <summary>Creates a new instance from JSON text.</summary>");
        _w.Line("/// <param name=\"json\">The whole JSON document.</param>");
        _w.Line($"/// <exception cref=\"{Rt}JsonableException\">The document is malformed, null, or does not fit this type.</exception>");
        _w.Line($"public static {New("CreateFromJson")}{SelfType} CreateFromJson(string json)");
        _w.Line($"    => {Md}JsonableMetadataServices.ReadDocument<{SelfType}>(json, false, null, __JsonableReadValue){(_model.IsValueType ? string.Empty : $" ?? throw new {Rt}JsonableException(\"The document is null; expected an object.\", 0, \"$\")")};");
        _w.Line();

        if (!_netStandardShape)
        {
            _w.Line($"static {SelfType} {Md}IJsonableReadable<{SelfType}>.ReadJsonable(ref {Rt}JsonableReader reader) => __JsonableReadValue(ref reader);");
            _w.Line();
            _w.Line($"static void {Md}IJsonableReadable<{SelfType}>.ReadJsonableMembers(ref {Rt}JsonableReader reader, ref {SelfType} target) => __JsonableReadMembers(ref reader, ref target);");
            _w.Line();
        }

        List<MemberModel> readable = _model.Members.Where(m => m.CanRead).ToList();
        bool useLocals = _model.Constructor is not null || readable.Any(m => m.IsRequired);
        string nullRoot = _model.IsValueType ? $"throw reader.NullNotAllowed({NameEncoding.CSharpLiteral(_model.Name.TrimStart('@'))});" : "return null;";

        EmitIndexConstants();
        _w.Open($"{MethodModifiers(ExactReadValueName)}{SelfType} {ExactReadValueName}(ref {Rt}JsonableReader reader)");
        _w.Open("if (!reader.TryReadObjectStart())");
        _w.Line(nullRoot);
        _w.Close();
        _w.Line();
        if (useLocals)
        {
            EmitReadValueThroughLocals(readable);
        }
        else
        {
            _w.Line($"var value = {Construct(string.Empty)};");
            _w.Line("__JsonableReadMembers(ref reader, ref value);");
            _w.Line("return value;");
        }

        _w.Close();
        _w.Line();

        _w.Open($"private static void __JsonableReadMembers(ref {Rt}JsonableReader reader, ref {SelfType} target)");
        _w.Line("target.OnWillDeserialize();");
        EmitMemberLoop(
            readable,
            ReadIntoTarget,
            _model.ExtensionDataMember is { } extensionData ? "target." + extensionData : null);
        _w.Line("target.OnDidDeserialize();");
        _w.Close();
        _w.Line();

        EmitMatch(readable);
        EmitSkipUnmappedMember();
        EmitTryReadNextName(readable);
        EmitAccessors(readable);
        EmitMergeApi();
    }

    /// <summary>Reads every member into a local first: constructor parameters need all values before the object exists, and required members must be seen.</summary>
    private void EmitReadValueThroughLocals(List<MemberModel> readable)
    {
        foreach (MemberModel member in readable)
        {
            _w.Line($"{member.Shape.TypeName} __value_{Suffix(member)} = default;");
            _w.Line($"bool __has_{Suffix(member)} = false;");
        }

        if (_model.ExtensionDataMember is not null)
        {
            _w.Line($"{ExtensionDataType}? __extensionData = null;");
        }

        EmitMemberLoop(
            readable,
            member => [$"__value_{Suffix(member)} = {ReadMemberExpression(member, "default")};", $"__has_{Suffix(member)} = true;"],
            _model.ExtensionDataMember is null ? null : "__extensionData");

        foreach (MemberModel member in readable.Where(m => m.IsRequired))
        {
            _w.Open($"if (!__has_{Suffix(member)})");
            _w.Line($"throw reader.MissingRequired({NameEncoding.CSharpLiteral(member.JsonName)});");
            _w.Close();
            _w.Line();
        }

        string arguments = _model.Constructor is null
            ? string.Empty
            : string.Join(", ", _model.Constructor.Parameters.Select(p => $"__has_{_memberSuffixes[p.MemberIndex]} ? __value_{_memberSuffixes[p.MemberIndex]} : {p.DefaultValue}"));
        _w.Line($"var value = {Construct(arguments)};");
        _w.Line("value.OnWillDeserialize();");
        foreach (MemberModel member in readable.Where(m => m.ConstructorParameter < 0 && m.Setter != SetterKind.ConstructorOnly))
        {
            _w.Open($"if (__has_{Suffix(member)})");
            _w.Line(Assign("value", member, $"__value_{Suffix(member)}"));
            _w.Close();
            _w.Line();
        }

        if (_model.ExtensionDataMember is { } extension)
        {
            _w.Open("if (__extensionData is not null)");
            _w.Line($"value.{extension} = __extensionData;");
            _w.Close();
            _w.Line();
        }

        _w.Line("value.OnDidDeserialize();");
        _w.Line("return value;");
    }

    /// <summary>
    /// The loop over an object's members: each known member's statements, then <c>continue</c>; anything else is unknown.
    /// Writers put members in declaration order, so the member after the one read last is tried first, by comparing the
    /// input with its encoded name (no name matching); anything else takes the general path.
    /// </summary>
    private void EmitMemberLoop(List<MemberModel> readable, System.Func<MemberModel, string[]> statements, string? extensionTarget)
    {
        _w.Line("bool first = true;");
        if (readable.Count == 0)
        {
            _w.Open($"while (reader.TryReadPropertyName(ref first, out {Span} name))");
            _w.Line(UnknownMember(extensionTarget));
            _w.Close();
            _w.Line();
            return;
        }

        _w.Line("int previous = -1; // the member read last (-1: none); writers put members in declaration order, so the one after it is tried first");
        bool inOrderRun = EmitInOrderRun(readable, statements);
        if (inOrderRun)
        {
            _w.Line("__members:");
        }

        _w.Open("while (true)");
        _w.Line("int id = __JsonableTryReadNextName(ref reader, ref first, previous);");
        _w.Open("if (id < 0)");
        _w.Open($"if (!reader.TryReadPropertyName(ref first, out {Span} name))");
        _w.Line("break;");
        _w.Close();
        _w.Line();
        _w.Line("id = __JsonableMatch(name, reader.PropertyNameCaseInsensitive);");
        _w.Open("if (id < 0)");
        _w.Line(UnknownMember(extensionTarget));
        _w.Line("continue;");
        _w.Close();
        _w.Close();
        _w.Line();
        _w.Line("previous = id;");
        _w.Open("switch (id)");
        foreach (MemberModel member in readable)
        {
            _w.Line(CaseLabel(member));
            _w.Indent();
            foreach (string statement in statements(member))
            {
                _w.Line(statement);
            }

            _w.Line("continue;");
            _w.Unindent();
        }

        _w.Close();
        _w.Close();
        _w.Line();
    }

    /// <summary>
    /// Before the loop, the members the writer writes, in the order it writes them, read straight through: each name is
    /// one comparison with its encoded form (the first one's without its comma), with no dispatch on which member came
    /// last and no name matching. The first name that differs (a member left out, another order, whitespace, escapes, the
    /// object's end) jumps to the loop, which goes on from the member read last. Returns whether anything was emitted.
    /// </summary>
    private bool EmitInOrderRun(List<MemberModel> readable, System.Func<MemberModel, string[]> statements)
    {
        // Only what the writer writes can come next (a member it leaves out never does).
        List<MemberModel> written = readable.Where(m => !_model.GenerateWriter || m.CanWrite).ToList();
        if (written.Count == 0)
        {
            return false;
        }

        _w.Line("// Writers put members in declaration order: read that order straight through, then the loop below takes over.");
        for (int i = 0; i < written.Count; i++)
        {
            MemberModel member = written[i];
            (string jmc1, string json) = EncodedNamePair(member);
            _w.Open($"if (!{(i == 0 ? ExpectedFirstName(jmc1, json) : $"reader.TryReadExpectedName({jmc1}, {json})")})");
            _w.Line("goto __members;");
            _w.Close();
            _w.Line();
            if (i == 0)
            {
                _w.Line("first = false;");
            }

            foreach (string statement in statements(member))
            {
                _w.Line(statement);
            }

            _w.Line($"previous = {IndexConstant(member)};");
        }

        return true;
    }

    /// <summary>An encoded name without its leading comma (the first member has none); a literal may be a byte array, hence the cast.</summary>
    private string WithoutComma(string encoded) =>
        encoded.StartsWith("__Jsonable", System.StringComparison.Ordinal) ? SlicedName(encoded) : $"(({Span})({encoded})).Slice(1)";

    /// <summary>
    /// What a member the type does not know gets: kept in the <c>[JsonExtensionData]</c> dictionary (<paramref name="extensionTarget"/>),
    /// else skipped, or an error under <c>[JsonUnmappedMemberHandling(Disallow)]</c>.
    /// </summary>
    private string UnknownMember(string? extensionTarget) =>
        extensionTarget is not null ? $"{extensionTarget} = reader.ReadExtensionMember(name, {extensionTarget});"
        : _model.DisallowUnmappedMembers && KnownButNotReadNames().Count > 0 ? "__JsonableSkipUnmappedMember(ref reader, name);"
        : _model.DisallowUnmappedMembers ? $"reader.SkipUnknownMember(name, {Rt}JsonableUnknownMemberHandling.Disallow);"
        : "reader.SkipUnknownMember(name);";

    /// <summary>The wire names of members STJ knows but does not read: [JsonIgnore]d ones, and those only written.</summary>
    private List<string> KnownButNotReadNames() =>
        _model.Members.Where(m => !m.CanRead).Select(m => m.JsonName)
            .Concat(_model.IgnoredMembers.Select(i => i.ExplicitName ?? NamingPolicies.Convert(i.ClrName, _model.NamingPolicy)))
            .Distinct()
            .ToList();

    /// <summary>Under <c>Disallow</c>, skips the names of members STJ knows but does not read (no error there, as in STJ); others are an error.</summary>
    private void EmitSkipUnmappedMember()
    {
        if (!_model.DisallowUnmappedMembers || _model.ExtensionDataMember is not null || KnownButNotReadNames() is not { Count: > 0 } names)
        {
            return;
        }

        _w.Open($"private static void __JsonableSkipUnmappedMember(ref {Rt}JsonableReader reader, scoped {Span} name)");
        foreach (string name in names)
        {
            string literal = NameEncoding.CSharpLiteral(name) + "u8";
            _w.Open($"if (global::System.MemoryExtensions.SequenceEqual(name, {literal}) || (reader.PropertyNameCaseInsensitive && global::System.Text.Ascii.EqualsIgnoreCase(name, {literal})))");
            _w.Line("reader.SkipValue();");
            _w.Line("return;");
            _w.Close();
            _w.Line();
        }

        _w.Line($"reader.SkipUnknownMember(name, {Rt}JsonableUnknownMemberHandling.Disallow);");
        _w.Close();
        _w.Line();
    }

    private const string ExtensionDataType = "global::System.Collections.Generic.Dictionary<string, global::System.Text.Json.JsonElement>";

    /// <summary>UnsafeAccessors for what generated code cannot do directly: init accessors outside an object initializer, and a constructor that bypasses the <c>required</c> check.</summary>
    private void EmitAccessors(List<MemberModel> readable)
    {
        string target = _model.IsValueType ? "ref " : string.Empty;
        foreach (MemberModel member in readable.Where(m => m.Setter == SetterKind.InitOnly))
        {
            _w.Line($"[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.Method, Name = \"set_{member.ClrName}\")]");
            _w.Line($"private static extern void __JsonableInit_{member.ClrName}({target}{member.DeclaringType} target, {member.Shape.TypeName} value);");
            _w.Line();
        }

        if (_model.ConstructThroughAccessor)
        {
            string parameters = _model.Constructor is null
                ? string.Empty
                : string.Join(", ", _model.Constructor.Parameters.Select((p, i) => $"{p.TypeName} p{i}"));
            _w.Line("[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.Constructor)]");
            _w.Line($"private static extern {SelfType} __JsonableConstruct({parameters});");
            _w.Line();
        }
    }

    private string Construct(string arguments) =>
        _model.Polymorphism is { IsAbstract: true } ? ConstructAbstract(arguments) : _model.ConstructThroughAccessor ? $"__JsonableConstruct({arguments})" : $"new {SelfType}({arguments})";

    private string Assign(string target, MemberModel member, string value) => member.Setter == SetterKind.InitOnly
        ? $"__JsonableInit_{member.ClrName}({(_model.IsValueType ? "ref " : string.Empty)}{target}, {value});"
        : $"{target}.{member.Identifier} = {value};";

    /// <summary>The body of FromJson/FromJsonable: a class passes a copy of <c>this</c> by ref (it cannot be reassigned), a struct itself.</summary>
    private void EmitReadInto(string method, string parameter, string format)
    {
        _w.Open($"public {New(method)}void {method}({Span} {parameter}, bool reuseInstance = false)");
        string target = "ref this";
        if (!_model.IsValueType)
        {
            _w.Line("var self = this;");
            target = "ref self";
        }

        _w.Line($"{Md}JsonableMetadataServices.ReadDocumentInto<{SelfType}>({parameter}, {Rt}JsonableFormat.{format}, reuseInstance, null, {target}, __JsonableReadMembers);");
        _w.Close();
    }

    /// <summary>
    /// The number-handling argument of a number read or write: none for the web default (the parameterless readers use it),
    /// else STJ's flags by name (<c>JsonNumberHandling.Strict</c>, <c>...AllowReadingFromString | ...WriteAsString</c>).
    /// </summary>
    private static string NumberHandlingArgument(TypeShape shape)
    {
        if (shape.NumberHandling == TypeShape.WebNumberHandling)
        {
            return string.Empty;
        }

        const string Type = "global::System.Text.Json.Serialization.JsonNumberHandling.";
        if (shape.NumberHandling == TypeShape.StrictNumberHandling)
        {
            return Type + "Strict";
        }

        var flags = new List<string>();
        foreach ((int flag, string name) in new[] { (TypeShape.WebNumberHandling, "AllowReadingFromString"), (TypeShape.WriteAsString, "WriteAsString"), (TypeShape.AllowNamedFloatingPointLiterals, "AllowNamedFloatingPointLiterals") })
        {
            if ((shape.NumberHandling & flag) != 0)
            {
                flags.Add(Type + name);
            }
        }

        return string.Join(" | ", flags);
    }

    /// <summary>
    /// A member's value as read: for a member declared non-nullable, through the reader's check that refuses <c>null</c>
    /// in a merge patch (the objects it creates and the list items it replaces are read here), as STJ's
    /// <c>RespectNullableAnnotations</c> would; plain bodies take the <c>null</c>, as STJ's web defaults do.
    /// </summary>
    private string ReadMemberExpression(MemberModel member, string existing)
    {
        string read = ReadExpression(member.Shape, existing);
        if (!member.IsNonNullableReference)
        {
            return read;
        }

        string typeName = member.Shape.TypeName.Replace("global::", string.Empty);
        return $"reader.NonNullableMember({read}, {NameEncoding.CSharpLiteral(member.JsonName)}, {NameEncoding.CSharpLiteral(typeName)})";
    }

    private string ReadExpression(TypeShape shape, string existing) => shape.Kind switch
    {
        ShapeKind.Boolean => "reader.ReadBoolean()",
        ShapeKind.SByte => $"reader.ReadSByte({NumberHandlingArgument(shape)})",
        ShapeKind.Byte => $"reader.ReadByte({NumberHandlingArgument(shape)})",
        ShapeKind.Int16 => $"reader.ReadInt16({NumberHandlingArgument(shape)})",
        ShapeKind.UInt16 => $"reader.ReadUInt16({NumberHandlingArgument(shape)})",
        ShapeKind.Int32 => $"reader.ReadInt32({NumberHandlingArgument(shape)})",
        ShapeKind.UInt32 => $"reader.ReadUInt32({NumberHandlingArgument(shape)})",
        ShapeKind.Int64 => $"reader.ReadInt64({NumberHandlingArgument(shape)})",
        ShapeKind.UInt64 => $"reader.ReadUInt64({NumberHandlingArgument(shape)})",
        ShapeKind.Single => $"reader.ReadSingle({NumberHandlingArgument(shape)})",
        ShapeKind.Double => $"reader.ReadDouble({NumberHandlingArgument(shape)})",
        ShapeKind.String => "reader.ReadString()",
        ShapeKind.Decimal => $"reader.ReadDecimal({NumberHandlingArgument(shape)})",
        ShapeKind.Char => "reader.ReadChar()",
        ShapeKind.DateTime => "reader.ReadDateTime()",
        ShapeKind.DateTimeOffset => "reader.ReadDateTimeOffset()",
        ShapeKind.DateOnly => "reader.ReadDateOnly()",
        ShapeKind.TimeOnly => "reader.ReadTimeOnly()",
        ShapeKind.TimeSpan => "reader.ReadTimeSpan()",
        ShapeKind.Guid => "reader.ReadGuid()",
        ShapeKind.Uri => "reader.ReadUri()",
        ShapeKind.ByteArray => existing == "default" ? "reader.ReadBase64()" : $"reader.ReadBase64({existing})",
        ShapeKind.Enum when shape.Enum is { ByMember: true } =>
            $"__JsonableRead{EnumHelper(shape)}AsString(ref reader)",
        ShapeKind.Enum => $"__JsonableRead{EnumHelper(shape)}ByOptions(ref reader)",
        ShapeKind.Generated => existing == "default"
            ? $"{Md}JsonableCodec.Read<{shape.TypeName}>(ref reader)"
            : $"{Md}JsonableCodec.ReadReusing<{shape.TypeName}>(ref reader, {existing})",
        ShapeKind.TypeParameter => $"{Md}JsonableTypeArgument.Read<{shape.TypeName}>(ref reader)",
        _ => $"{ReadHelper(shape)}(ref reader, {existing})",
    };
}
