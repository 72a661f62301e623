using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>The public writing API (<c>ToJson…</c>/<c>ToJsonable…</c>, one <c>ToJsonUtf8_&lt;Member&gt;</c> per member) and the member-by-member writer body.</summary>
internal sealed partial class Emitter
{
    private void EmitWriterApi()
    {
        _w.Line("/// <summary>Writes this value as RFC 8259 JSON text.</summary>");
        _w.Line("/// <param name=\"prettyPrint\">Whether to indent the text (two spaces).</param>");
        _w.Line($"public {New("ToJson")}string ToJson(bool prettyPrint = false) => {Md}JsonableMetadataServices.WriteJsonString(this, prettyPrint, __JsonableWriteValue);");
        _w.Line();
        _w.Line("/// <summary>Writes this value as UTF-8: JMC1 when <paramref name=\"emitMetadataComments\"/> is true, plain compact JSON when false.</summary>");
        _w.Line("/// <param name=\"writer\">Where the bytes go.</param>");
        _w.Line("/// <param name=\"emitMetadataComments\">Whether to write JMC1 header and length comments.</param>");
        _w.Line($"public {New("ToJsonUtf8")}void ToJsonUtf8<TWriter>(TWriter writer, bool emitMetadataComments = true) where TWriter : {BufferWriter}");
        _w.Line($"    => {Md}JsonableMetadataServices.WriteDocument<{SelfType}>(writer, this, emitMetadataComments ? {Rt}JsonableFormat.Jmc1 : {Rt}JsonableFormat.Json, null, __JsonableWriteValue, true);");
        _w.Line();
        _w.Line("/// <summary>Writes this value as a JMC1 document into new memory.</summary>");
        _w.Line($"public {New("ToJsonable")}global::System.ReadOnlyMemory<byte> ToJsonable() => {Md}JsonableMetadataServices.WriteJmc1Bytes(this, __JsonableWriteValue);");
        _w.Line();
        _w.Line("/// <summary>Writes this value as a JMC1 document.</summary>");
        _w.Line("/// <param name=\"writer\">Where the bytes go.</param>");
        _w.Line($"public {New("ToJsonable")}void ToJsonable<TWriter>(TWriter writer) where TWriter : {BufferWriter} => ToJsonUtf8(writer, true);");
        _w.Line();

        foreach (string property in _model.PartialWriters)
        {
            MemberModel member = _model.Members.First(m => m.ClrName == property && m.CanWrite);
            _w.Line($"/// <summary>Writes a document holding only <c>{Escape(member.JsonName)}</c> (for partial updates): JMC1 or, when <paramref name=\"emitMetadataComments\"/> is false, plain JSON.</summary>");
            _w.Line("/// <param name=\"writer\">Where the bytes go.</param>");
            _w.Line("/// <param name=\"emitMetadataComments\">Whether to write JMC1 header and length comments.</param>");
            _w.Line($"public {New("ToJsonUtf8_" + property)}void ToJsonUtf8_{property}<TWriter>(TWriter writer, bool emitMetadataComments = true) where TWriter : {BufferWriter}");
            _w.Line($"    => {Md}JsonableMetadataServices.WriteDocument<{SelfType}>(writer, this, emitMetadataComments ? {Rt}JsonableFormat.Jmc1 : {Rt}JsonableFormat.Json, null, __JsonableWriteValue_{property}, true);");
            _w.Line();
        }

        if (!_netStandardShape)
        {
            _w.Line($"static void {Md}IJsonableWritable<{SelfType}>.WriteJsonable(ref {Rt}JsonableWriter writer, {SelfType} value) => __JsonableWriteValue(ref writer, value);");
            _w.Line();
        }

        EmitWriteValue(ExactWriteValueName, _model.Members.Where(m => m.CanWrite).ToList());
        if (_model.HasDiscriminatorWriter)
        {
            EmitWriteValue(WriteWithDiscriminatorMethod, _model.Members.Where(m => m.CanWrite).ToList());
        }

        if (GenerateAsyncWriter)
        {
            EmitWriteValueAsync(); // Emitter.AsyncWriter.cs
            EmitHoldsLargeCollection();
        }

        foreach (string property in _model.PartialWriters)
        {
            EmitWriteValue($"__JsonableWriteValue_{property}", _model.Members.Where(m => m.ClrName == property && m.CanWrite).ToList());
        }

        // Each name as the writer puts it on the wire, after a comma (for the first member, WriteObjectStartAndName writes "{"
        // over it, or the name is sliced). In JMC1 a length comment comes first: /*, the name's byte count + 0x130 as a
        // little-endian uint16, */.
        foreach (MemberModel member in _model.Members.Where(m => m.CanWrite))
        {
            NameEncoding.PreEncodedName name = NameEncoding.PreEncode(member.JsonName);
            if (_netStandardShape)
            {
                EmitNetStandardNames(member, name);
                continue;
            }

            _w.Line($"private static {Span} __JsonableJsonName_{Suffix(member)} => {name.JsonLiteral};");
            _w.Line($"private static {Span} __JsonableJmc1Name_{Suffix(member)} => {name.Jmc1Literal}; // {name.Jmc1Text}");
        }

        _w.Line();
    }

    private void EmitWriteValue(string methodName, List<MemberModel> members)
    {
        bool withDiscriminator = methodName == WriteWithDiscriminatorMethod; // as a polymorphic base's value: the discriminator first (Emitter.Polymorphism.cs)
        _w.Open($"{MethodModifiers(methodName)}void {methodName}(ref {Rt}JsonableWriter writer, {SelfType} value{(withDiscriminator ? $", {Span} discriminatorJmc1, {Span} discriminatorJson" : string.Empty)})");
        if (!_model.IsValueType)
        {
            _w.Open("if (value is null)");
            _w.Line("writer.WriteNull();");
            _w.Line("return;");
            _w.Close();
            _w.Line();
        }

        _w.Line("value.OnWillSerialize();");

        // When the first member is always written, "{" and its name go out as one write (the writer puts "{" over the
        // name's leading comma): one reservation instead of two per object, which counts in small objects in long lists.
        bool fuseStartWithName = !withDiscriminator && members.Count > 0 && SkipCondition(members[0]) is null;
        if (!fuseStartWithName)
        {
            _w.Line("writer.WriteObjectStart();");
        }

        if (withDiscriminator)
        {
            _w.Line("writer.WritePreEncodedName(discriminatorJmc1, discriminatorJson);");
        }

        // Until a member that may be left out ([JsonIgnore(Condition = ...)]) has passed, whether a comma is needed is
        // known here; after it, a flag decides at run time.
        bool commaKnown = true;
        bool flagDeclared = false;
        bool nameAlreadyWritten = false;
        for (int i = 0; i < members.Count; i++)
        {
            MemberModel member = members[i];
            string jmc1 = "__JsonableJmc1Name_" + Suffix(member);
            string json = "__JsonableJsonName_" + Suffix(member);
            string expr = "value." + member.Identifier;
            string? condition = SkipCondition(member);
            if (condition is not null && !flagDeclared)
            {
                _w.Line($"bool __written = {(i > 0 || withDiscriminator ? "true" : "false")};");
                flagDeclared = true;
            }

            if (condition is not null)
            {
                _w.Open($"if ({condition})");
            }

            if (nameAlreadyWritten)
            {
                // The previous member's value and this name went out in one call.
                nameAlreadyWritten = false;
            }
            else if (i == 0 && fuseStartWithName)
            {
                _w.Line($"writer.WriteObjectStartAndName({jmc1}, {json});");
            }
            else if (commaKnown)
            {
                bool firstName = i == 0 && !withDiscriminator; // the first member has no leading comma
                _w.Line(firstName ? $"writer.WritePreEncodedName({SlicedName(jmc1)}, {SlicedName(json)});" : $"writer.WritePreEncodedName({jmc1}, {json});");
            }
            else
            {
                _w.Line($"writer.WritePreEncodedName(__written ? {jmc1} : {SlicedName(jmc1)}, __written ? {json} : {SlicedName(json)});");
            }

            // An integer, bool or string followed by a member that is always written: the value and the next name (with
            // its comma, as this member was written) in one reservation, which counts in small objects in long lists.
            bool nextAlwaysWritten = condition is null && i + 1 < members.Count && SkipCondition(members[i + 1]) is null;
            string? fusedCast = nextAlwaysWritten ? IntegerCast(member.Shape) : null;
            if (fusedCast is not null && member.Shape.Kind == ShapeKind.Enum)
            {
                // An enum the app's options may name: fused as a number only when they name none.
                MemberModel next = members[i + 1];
                _w.Open("if (writer.EnumNames is null)");
                _w.Line($"writer.WriteNumberAndName(({fusedCast}){expr}, __JsonableJmc1Name_{Suffix(next)}, __JsonableJsonName_{Suffix(next)});");
                _w.Close();
                _w.Open("else");
                _w.Line(WriteStatement(member.Shape, expr));
                _w.Line($"writer.WritePreEncodedName(__JsonableJmc1Name_{Suffix(next)}, __JsonableJsonName_{Suffix(next)});");
                _w.Close();
                _w.Line();
                nameAlreadyWritten = true;
            }
            else if (fusedCast is not null)
            {
                MemberModel next = members[i + 1];
                _w.Line($"writer.WriteNumberAndName(({fusedCast}){expr}, __JsonableJmc1Name_{Suffix(next)}, __JsonableJsonName_{Suffix(next)});");
                nameAlreadyWritten = true;
            }
            else if (nextAlwaysWritten && member.Shape.Kind is ShapeKind.Boolean or ShapeKind.String)
            {
                MemberModel next = members[i + 1];
                string call = member.Shape.Kind == ShapeKind.Boolean ? "WriteBooleanAndName" : "WriteStringAndName";
                _w.Line($"writer.{call}({expr}, __JsonableJmc1Name_{Suffix(next)}, __JsonableJsonName_{Suffix(next)});");
                nameAlreadyWritten = true;
            }
            else
            {
                _w.Line(WriteStatement(member.Shape, expr));
            }

            if (flagDeclared)
            {
                _w.Line("__written = true;");
            }

            if (condition is not null)
            {
                _w.Close();
                commaKnown = false;
            }
        }

        if (methodName == "__JsonableWriteValue" && _model.ExtensionDataMember is { } extensionData)
        {
            // [JsonExtensionData]: the unknown members kept on read, after the type's own (as STJ writes them).
            _w.Line($"writer.WriteExtensionData(value.{extensionData}, {(flagDeclared ? "__written" : members.Count > 0 ? "true" : "false")});");
        }

        _w.Line("writer.WriteObjectEnd();");
        _w.Line("value.OnDidSerialize();");
        _w.Close();
        _w.Line();
    }

    /// <summary>The condition under which a member is written ([JsonIgnore(Condition = ...)]), or null when it always is.</summary>
    private static string? SkipCondition(MemberModel member)
    {
        string expr = "value." + member.Identifier;
        return member.Ignore switch
        {
            IgnoreCondition.WhenWritingNull when !member.Shape.IsValueType || member.Shape.Kind == ShapeKind.Nullable => $"{expr} is not null",
            IgnoreCondition.WhenWritingDefault => $"!global::System.Collections.Generic.EqualityComparer<{member.Shape.TypeName}>.Default.Equals({expr}, default)",
            _ => null,
        };
    }

    /// <summary>
    /// "long" or "ulong" when <see cref="WriteStatement"/> writes the shape as <c>writer.WriteNumber((long|ulong)x)</c>
    /// (an integer without number handling, or an enum written as its number); null for any other shape.
    /// </summary>
    private static string? IntegerCast(TypeShape shape) => shape.Kind switch
    {
        ShapeKind.SByte or ShapeKind.Int16 or ShapeKind.Int32 or ShapeKind.Int64 when WriteHandlingArgument(shape).Length == 0 => "long",
        ShapeKind.Byte or ShapeKind.UInt16 or ShapeKind.UInt32 or ShapeKind.UInt64 when WriteHandlingArgument(shape).Length == 0 => "ulong",
        ShapeKind.Enum when shape.Enum is not { AsString: true } => IsUnsigned(shape.Element!.Kind) ? "ulong" : "long",
        _ => null,
    };

    /// <summary>", handling" when the number is written other than as a plain number (WriteAsString, named NaN/Infinity), else nothing.</summary>
    private static string WriteHandlingArgument(TypeShape shape) =>
        (shape.NumberHandling & (TypeShape.WriteAsString | TypeShape.AllowNamedFloatingPointLiterals)) != 0 ? ", " + NumberHandlingArgument(shape) : string.Empty;

    private string WriteStatement(TypeShape shape, string expr) => shape.Kind switch
    {
        ShapeKind.Boolean => $"writer.WriteBoolean({expr});",
        ShapeKind.SByte or ShapeKind.Int16 or ShapeKind.Int32 or ShapeKind.Int64 => $"writer.WriteNumber((long){expr}{WriteHandlingArgument(shape)});",
        ShapeKind.Byte or ShapeKind.UInt16 or ShapeKind.UInt32 or ShapeKind.UInt64 => $"writer.WriteNumber((ulong){expr}{WriteHandlingArgument(shape)});",
        ShapeKind.Single or ShapeKind.Double => $"writer.WriteNumber({expr}{WriteHandlingArgument(shape)});",
        ShapeKind.String => $"writer.WriteString({expr});",
        ShapeKind.Decimal => $"writer.WriteNumber({expr}{WriteHandlingArgument(shape)});",
        ShapeKind.Char => $"writer.WriteChar({expr});",
        ShapeKind.DateTime => $"writer.WriteDateTime({expr});",
        ShapeKind.DateTimeOffset => $"writer.WriteDateTimeOffset({expr});",
        ShapeKind.DateOnly => $"writer.WriteDateOnly({expr});",
        ShapeKind.TimeOnly => $"writer.WriteTimeOnly({expr});",
        ShapeKind.TimeSpan => $"writer.WriteTimeSpan({expr});",
        ShapeKind.Guid => $"writer.WriteGuid({expr});",
        ShapeKind.Uri => $"writer.WriteUri({expr});",
        ShapeKind.ByteArray => $"writer.WriteBase64({expr});",
        ShapeKind.Enum when shape.Enum is { ByMember: true } => $"__JsonableWrite{EnumHelper(shape)}AsString(ref writer, {expr});",
        ShapeKind.Enum => $"__JsonableWrite{EnumHelper(shape)}ByOptions(ref writer, {expr});",
        ShapeKind.Generated => $"{Md}JsonableCodec.Write<{shape.TypeName}>(ref writer, {expr});",
        ShapeKind.TypeParameter => $"{Md}JsonableTypeArgument.Write<{shape.TypeName}>(ref writer, {expr});",
        _ => $"{WriteHelper(shape)}(ref writer, {expr});",
    };
}
