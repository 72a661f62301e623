using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>
/// The asynchronous writer of a type that holds collections (<c>__JsonableWriteValueAsync</c>): what
/// <c>JsonableTypeInfo.WriteDocumentAsync</c> uses so that a large response leaves in pieces, flushed between the
/// elements of any collection in it, not only of a root one. It writes the same bytes as the synchronous writer: runs of
/// members and batches of elements are written synchronously, each with a writer of its own (a ref struct cannot live
/// across an <see langword="await"/>), and after each batch the flush is awaited once enough bytes are pending.
/// Collections are entered asynchronously, and so are members of generated types that hold collections themselves; the
/// elements of a collection are written whole, so what is held between flushes is bounded by the largest element.
/// Not in the netstandard2.0 shape (C# 9 has no ref struct locals in async methods).
/// </summary>
internal sealed partial class Emitter
{
    private const string WriteAsyncMethod = "__JsonableWriteValueAsync";
    private const string Context = Md + "JsonableAsyncWriteContext";
    private const string ValueTaskType = "global::System.Threading.Tasks.ValueTask";

    /// <summary>Whether the type gets an asynchronous writer: it is written, registered, not polymorphic, and holds a collection.</summary>
    private bool GenerateAsyncWriter =>
        !_netStandardShape && _model.GenerateWriter && _model.CanRegister && _model.Polymorphism is null
        && _model.Members.Any(m => m.CanWrite && IsAsyncShape(m.Shape));

    /// <summary>A member written asynchronously: a collection or dictionary, or a generated type that holds one.</summary>
    private static bool IsAsyncShape(TypeShape shape) =>
        IsCollectionShape(shape) || shape is { Kind: ShapeKind.Generated, HoldsCollections: true };

    private static bool IsCollectionShape(TypeShape shape) => shape.Kind is ShapeKind.Array or ShapeKind.List or ShapeKind.HashSet
        or ShapeKind.CollectionInterface or ShapeKind.Dictionary or ShapeKind.DictionaryInterface;

    /// <summary>The name of the asynchronous writer of a collection shape; it is emitted with the other helpers.</summary>
    private string WriteAsyncHelper(TypeShape shape) => RequestHelper(HelperKind.WriteAsync, shape, "__JsonableWriteAsync");

    private string WriteAsyncStatement(TypeShape shape, string expr) => IsCollectionShape(shape)
        ? $"await {WriteAsyncHelper(shape)}(context, {expr}).ConfigureAwait(false);"
        : $"await context.WriteAsync<{shape.TypeName}>({expr}, {Md}JsonableCodec.Write<{shape.TypeName}>).ConfigureAwait(false);";

    private const string HoldsLargeMethod = "__JsonableHoldsLargeCollection";

    /// <summary>
    /// Whether a value holds a collection of <c>JsonableAsyncWriteContext.LargeCollection</c> elements or more, directly
    /// or in a member: only such a value is written asynchronously; a smaller one costs less in one synchronous call.
    /// A sequence that cannot tell its count without being enumerated counts as large.
    /// </summary>
    private void EmitHoldsLargeCollection()
    {
        List<MemberModel> members = _model.Members.Where(m => m.CanWrite && IsAsyncShape(m.Shape)).ToList();
        _w.Line($"/// <summary>Whether the value holds a collection large enough to be written in flushed pieces (see <see cref=\"{WriteAsyncMethod}\"/>).</summary>");
        _w.Open($"private static bool {HoldsLargeMethod}({SelfType} value, int depth)");
        if (!_model.IsValueType)
        {
            _w.Open("if (value is null)");
            _w.Line("return false;");
            _w.Close();
            _w.Line();
        }

        string large = Context + ".LargeCollection";
        var tests = new List<string>();
        for (int i = 0; i < members.Count; i++)
        {
            TypeShape shape = members[i].Shape;
            string expr = "value." + members[i].Identifier;
            tests.Add(shape.Kind switch
            {
                ShapeKind.Generated => $"{Context}.HoldsLargeCollection<{shape.TypeName}>({expr}, depth)",
                ShapeKind.Array => $"{expr} is {{ Length: >= {large} }}",
                ShapeKind.CollectionInterface when shape.InterfaceName == "IEnumerable" =>
                    $"({expr} is {{ }} __sequence{i} && (!global::System.Linq.Enumerable.TryGetNonEnumeratedCount(__sequence{i}, out int __count{i}) || __count{i} >= {large}))",
                _ => $"{expr} is {{ Count: >= {large} }}",
            });
        }

        _w.Line("return " + string.Join($"\n{new string(' ', (_w.IndentLevel + 1) * 4)}|| ", tests) + ";");
        _w.Close();
        _w.Line();
    }

    private void EmitWriteValueAsync()
    {
        List<MemberModel> members = _model.Members.Where(m => m.CanWrite).ToList();
        _w.Line("/// <summary>Writes the value as <see cref=\"" + ExactWriteValueName + "\"/> does, flushing between the pieces of its collections.</summary>");
        _w.Open($"private static async {ValueTaskType} {WriteAsyncMethod}({Context} context, {SelfType} value)");
        if (!_model.IsValueType)
        {
            _w.Open("if (value is null)");
            _w.Line("var writer = context.StartWriter();");
            _w.Line("writer.WriteNull();");
            _w.Line("context.EndWriter(ref writer);");
            _w.Line("return;");
            _w.Close();
            _w.Line();
        }

        // The comma flag, as in the synchronous writer: needed when a name (or the extension data) follows members that
        // may all have been left out, so that whether one was written is known only at run time.
        bool flagDeclared = false;
        bool? known = false;
        foreach (MemberModel member in members)
        {
            flagDeclared |= known is null;
            known = SkipCondition(member) is null ? true : known == true ? true : null;
        }

        flagDeclared |= known is null && _model.ExtensionDataMember is not null;
        _w.Line("value.OnWillSerialize();");
        if (flagDeclared)
        {
            _w.Line("bool __written = false;");
        }

        OpenPiece();
        _w.Line("writer.WriteObjectStart();");
        bool pieceOpen = true;
        bool? written = false; // whether a member has been written, when known here
        foreach (MemberModel member in members)
        {
            string expr = "value." + member.Identifier;
            string? condition = SkipCondition(member);
            string jmc1 = "__JsonableJmc1Name_" + Suffix(member);
            string json = "__JsonableJsonName_" + Suffix(member);
            string name = written switch
            {
                true => $"writer.WritePreEncodedName({jmc1}, {json});",
                false => $"writer.WritePreEncodedName({SlicedName(jmc1)}, {SlicedName(json)});",
                null => $"writer.WritePreEncodedName(__written ? {jmc1} : {SlicedName(jmc1)}, __written ? {json} : {SlicedName(json)});",
            };
            bool isAsync = IsAsyncShape(member.Shape);
            if (isAsync && pieceOpen && condition is not null)
            {
                ClosePiece(); // an await cannot sit inside the piece
                pieceOpen = false;
            }
            else if (!isAsync && !pieceOpen)
            {
                OpenPiece();
                pieceOpen = true;
            }

            if (condition is not null)
            {
                _w.Open($"if ({condition})");
            }

            if (isAsync)
            {
                // The name goes out with the members before it when it can, else in a piece of its own.
                if (!pieceOpen)
                {
                    OpenPiece();
                }

                _w.Line(name);
                ClosePiece();
                pieceOpen = false;
                _w.Line(WriteAsyncStatement(member.Shape, expr));
            }
            else
            {
                _w.Line(name);
                _w.Line(WriteStatement(member.Shape, expr));
            }

            if (flagDeclared)
            {
                _w.Line("__written = true;");
            }

            if (condition is not null)
            {
                _w.Close();
                written = written == true ? true : null;
            }
            else
            {
                written = true;
            }
        }

        if (!pieceOpen)
        {
            OpenPiece();
        }

        if (_model.ExtensionDataMember is { } extensionData)
        {
            _w.Line($"writer.WriteExtensionData(value.{extensionData}, {written switch { true => "true", false => "false", null => "__written" }});");
        }

        _w.Line("writer.WriteObjectEnd();");
        ClosePiece();
        _w.Line("value.OnDidSerialize();");
        _w.Close();
        _w.Line();
    }

    /// <summary>Starts a block with a writer of its own, which <see cref="ClosePiece"/> hands back to the context.</summary>
    private void OpenPiece()
    {
        _w.Line("{");
        _w.Indent();
        _w.Line("var writer = context.StartWriter();");
    }

    private void ClosePiece()
    {
        _w.Line("context.EndWriter(ref writer);");
        _w.Close();
    }

    /// <summary>
    /// The asynchronous writer of a collection or dictionary: null (and an empty array or list) in one piece as the
    /// synchronous helper writes it, else the start, the elements in batches that end once the threshold is reached,
    /// with a flush after each, and the end.
    /// </summary>
    private void EmitWriteAsyncHelper(TypeShape shape, string name)
    {
        TypeShape element = shape.Element!;
        bool dictionary = shape.Kind is ShapeKind.Dictionary or ShapeKind.DictionaryInterface;
        bool indexed = shape.Kind is ShapeKind.Array or ShapeKind.List;
        string count = shape.Kind == ShapeKind.Array ? "value.Length" : "value.Count";
        _w.Open($"private static async {ValueTaskType} {name}({Context} context, {shape.TypeName} value)");
        bool knowsCount = !(shape.Kind == ShapeKind.CollectionInterface && shape.InterfaceName == "IEnumerable");
        _w.Open(knowsCount ? $"if (value is null || {count} == 0)" : "if (value is null)");
        _w.Line("var writer = context.StartWriter();");
        _w.Line(WriteStatement(shape, "value"));
        _w.Line("context.EndWriter(ref writer);");
        _w.Line("return;");
        _w.Close();
        _w.Line();
        if (knowsCount)
        {
            _w.Line($"int count = {count};");
        }
        else
        {
            // JMC1 puts the count first: take it without enumerating where the sequence knows it.
            _w.Open("if (!global::System.Linq.Enumerable.TryGetNonEnumeratedCount(value, out int count))");
            _w.Line($"var materialized = new global::System.Collections.Generic.List<{element.TypeName}>(value);");
            _w.Line("value = materialized;");
            _w.Line("count = materialized.Count;");
            _w.Close();
            _w.Line();
        }

        OpenPiece();
        _w.Line(dictionary ? "writer.WriteDictionaryStart(count);" : "writer.WriteArrayStart(count);");
        ClosePiece();
        _w.Line();
        if (indexed)
        {
            _w.Open("for (int i = 0; i < count;)");
            OpenPiece();
            if (shape.Kind == ShapeKind.List)
            {
                _w.Line("var items = global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan(value);");
            }

            _w.Open("do");
            _w.Open("if (i != 0)");
            _w.Line("writer.WriteComma();");
            _w.Close();
            _w.Line();
            _w.Line(WriteStatement(element, shape.Kind == ShapeKind.List ? "items[i]" : "value[i]"));
            _w.Line("i++;");
            _w.Close();
            _w.Line("while (i < count && !context.IsFull(in writer));");
            ClosePiece();
            _w.Line();
            _w.Line("await context.FlushIfFullAsync().ConfigureAwait(false);");
            _w.Close();
        }
        else
        {
            _w.Line("var items = value.GetEnumerator();");
            _w.Open("try");
            _w.Line("bool more = items.MoveNext();");
            _w.Line("bool first = true;");
            _w.Open("while (more)");
            OpenPiece();
            _w.Open("do");
            _w.Open("if (!first)");
            _w.Line("writer.WriteComma();");
            _w.Close();
            _w.Line();
            _w.Line("first = false;");
            if (dictionary)
            {
                _w.Line("var pair = items.Current;");
                _w.Line($"writer.WritePropertyName({KeyExpression(shape.DictionaryKey!, "pair.Key")});");
                _w.Line(WriteStatement(element, "pair.Value"));
            }
            else
            {
                _w.Line(WriteStatement(element, "items.Current"));
            }

            _w.Line("more = items.MoveNext();");
            _w.Close();
            _w.Line("while (more && !context.IsFull(in writer));");
            ClosePiece();
            _w.Line();
            _w.Line("await context.FlushIfFullAsync().ConfigureAwait(false);");
            _w.Close();
            _w.Close();
            _w.Open("finally");
            _w.Line("items.Dispose();");
            _w.Close();
        }

        _w.Line();
        OpenPiece();
        _w.Line(dictionary ? "writer.WriteDictionaryEnd();" : "writer.WriteArrayEnd();");
        ClosePiece();
        _w.Close();
        _w.Line();
    }
}
