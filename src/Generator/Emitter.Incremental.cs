using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>
/// The entry points that read an object with collection members from a stream piece by piece
/// (<c>JsonableIncrementalReader&lt;T&gt;</c>): one member at a time, and a collection member one element (or entry) at
/// a time, each by the same statements as the synchronous reader, on a reader over that piece alone. The runtime frames
/// the pieces as the bytes arrive (docs/performance.md, "Large bodies"). Not in the netstandard2.0 shape; types read
/// through locals (constructor parameters, required members), polymorphic and generic types are read whole.
/// </summary>
internal sealed partial class Emitter
{
    private const string IncrementalReaderMethod = "__JsonableIncrementalReader";

    /// <summary>Whether the type gets incremental entry points: see the class summary.</summary>
    private bool GenerateIncrementalReader =>
        !_netStandardShape
        && _model.GenerateReader
        && _model.CanRegister
        && !_model.IsReadOnlyStruct
        && !_model.IsGenericDefinition
        && _model.Polymorphism is null
        && _model.Constructor is null
        && !_model.Members.Any(m => m.CanRead && m.IsRequired)
        && StreamedMembers().Count > 0;

    /// <summary>The readable members whose collection is read element by element.</summary>
    private List<MemberModel> StreamedMembers() =>
        _model.Members.Where(m => m.CanRead && m.Setter is SetterKind.Plain or SetterKind.InitOnly && IsStreamedShape(m.Shape)).ToList();

    private static bool IsStreamedShape(TypeShape shape) =>
        shape.Kind is ShapeKind.Array or ShapeKind.List or ShapeKind.HashSet or ShapeKind.CollectionInterface or ShapeKind.Dictionary or ShapeKind.DictionaryInterface;

    /// <summary>What the member loop does with a known member's value: set it on <c>target</c> (or skip it when only the constructor could).</summary>
    private string[] ReadIntoTarget(MemberModel member) => member.Setter == SetterKind.ConstructorOnly
        ? ["reader.SkipValue(); // only the constructor can set it (JSONABLE008)"]
        : [Assign("target", member, ReadMemberExpression(member, "target." + member.Identifier))];

    /// <summary><c>.WithIncrementalReader(...)</c> after the type info, when the type has incremental entry points.</summary>
    private string IncrementalRegistration => GenerateIncrementalReader ? $".WithIncrementalReader({IncrementalReaderMethod}())" : string.Empty;

    private void EmitIncrementalReader()
    {
        if (!GenerateIncrementalReader)
        {
            return;
        }

        List<MemberModel> readable = _model.Members.Where(m => m.CanRead).ToList();
        List<MemberModel> streamed = StreamedMembers();
        string info = $"{Md}JsonableIncrementalReader<{SelfType}>";
        string kinds = string.Join(", ", _model.Members.Select(m => streamed.Contains(m) ? (IsDictionary(m.Shape) ? info + ".DictionaryMember" : info + ".ArrayMember") : "0"));
        _w.Line("/// <summary>The entry points that read this type from a stream piece by piece (docs/performance.md, \"Large bodies\").</summary>");
        _w.Line($"private static {info} {IncrementalReaderMethod}() =>");
        _w.Line($"    new {info}(__JsonableCreateIncrementally, __JsonableReadMemberIncrementally, __JsonableReadElementIncrementally, new byte[] {{ {kinds} }});");
        _w.Line();

        _w.Open($"private static {SelfType} __JsonableCreateIncrementally()");
        _w.Line($"var value = {Construct(string.Empty)};");
        _w.Line("value.OnWillDeserialize();");
        _w.Line("return value;");
        _w.Close();
        _w.Line();

        _w.Line("// One member of the member loop: without its value in the window, only a collection member's id (its elements follow piece by piece) or NeedsValue.");
        _w.Open($"private static int __JsonableReadMemberIncrementally(ref {Rt}JsonableReader reader, ref {SelfType} target, ref bool first, bool valueInWindow)");
        _w.Open($"if (!reader.TryReadPropertyName(ref first, out {Span} name))");
        _w.Line("target.OnDidDeserialize();");
        _w.Line($"return {info}.ObjectEnded;");
        _w.Close();
        _w.Line();
        _w.Line("int id = __JsonableMatch(name, reader.PropertyNameCaseInsensitive);");
        _w.Open("if (!valueInWindow)");
        _w.Line($"return id is {string.Join(" or ", streamed.Select(IndexConstant))} ? id : {info}.NeedsValue;");
        _w.Close();
        _w.Line();
        _w.Open("switch (id)");
        foreach (MemberModel member in readable)
        {
            _w.Line(CaseLabel(member));
            _w.Indent();
            foreach (string statement in ReadIntoTarget(member))
            {
                _w.Line(statement);
            }

            _w.Line($"return {info}.MemberRead;");
            _w.Unindent();
        }

        _w.Close();
        _w.Line();
        _w.Line(UnknownMember(_model.ExtensionDataMember is { } extensionData ? "target." + extensionData : null));
        _w.Line($"return {info}.MemberRead;");
        _w.Close();
        _w.Line();

        _w.Line("// A collection member's start, one element (or entry), or its end, which sets the member.");
        _w.Open($"private static bool __JsonableReadElementIncrementally(ref {Rt}JsonableReader reader, ref {SelfType} target, int memberId, {Md}JsonableIncrementalState state)");
        _w.Open("switch (memberId)");
        foreach (MemberModel member in streamed)
        {
            _w.Line(CaseLabel(member));
            _w.Line("{");
            _w.Indent();
            EmitIncrementalElement(member);
            _w.Close();
        }

        _w.Close();
        _w.Line();
        _w.Line("return false;");
        _w.Close();
        _w.Line();
    }

    private static bool IsDictionary(TypeShape shape) => shape.Kind is ShapeKind.Dictionary or ShapeKind.DictionaryInterface;

    /// <summary>The statements of one collection member: create at its start, add per element, set the member at its end.</summary>
    private void EmitIncrementalElement(MemberModel member)
    {
        TypeShape shape = member.Shape;
        TypeShape element = shape.Element!;
        bool dictionary = IsDictionary(shape);
        string collection = dictionary
            ? $"global::System.Collections.Generic.Dictionary<{shape.DictionaryKey!.TypeName}, {element.TypeName}>"
            : shape.Kind == ShapeKind.HashSet
                ? $"global::System.Collections.Generic.HashSet<{element.TypeName}>"
                : $"global::System.Collections.Generic.List<{element.TypeName}>";
        _w.Open("if (state.Collection is null)");
        _w.Open(dictionary ? "if (!reader.TryReadDictionaryStart(out state.Hint))" : "if (!reader.TryReadArrayStart(out state.Hint))");
        _w.Line(Assign("target", member, "null!"));
        _w.Line("return false;");
        _w.Close();
        _w.Line();
        _w.Line($"state.Collection = new {collection}({Md}JsonableIncrementalState.Capacity(state.Hint));");
        _w.Line("return true;");
        _w.Close();
        _w.Line();
        _w.Line($"var items = ({collection})state.Collection;");
        _w.Open(dictionary ? "if (!reader.TryReadDictionaryKey(ref state.Count, state.Hint, out string? key))" : "if (!reader.TryReadArrayElement(ref state.Count, state.Hint))");
        _w.Line(Assign("target", member, shape.Kind == ShapeKind.Array ? "items.ToArray()" : "items"));
        _w.Line("return false;");
        _w.Close();
        _w.Line();
        _w.Line(dictionary
            ? $"items[{ParseKeyExpression(shape.DictionaryKey!, "key")}] = {ReadExpression(element, "default")};"
            : $"items.Add({ReadExpression(element, "default")});");
        _w.Line("return true;");
    }
}
