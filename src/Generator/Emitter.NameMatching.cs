using System.Collections.Generic;
using System.Linq;
using System.Text;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>Member-name matching in generated readers.</summary>
internal sealed partial class Emitter
{
    /// <summary>One named constant per member for its index, so that <c>case</c> labels and the member table say which member they mean.</summary>
    private void EmitIndexConstants()
    {
        _w.Line("// Each member's index: its position in declaration order, and its id in __JsonableMembers and in merge results.");
        foreach (MemberModel member in _model.Members)
        {
            _w.Line($"private const int {IndexConstant(member)} = {_model.Members.IndexOf(member)};");
        }

        _w.Line();
    }

    /// <summary><c>case __JsonableIndex_Name: // "name"</c>.</summary>
    private string CaseLabel(MemberModel member) => $"case {IndexConstant(member)}: // {NameEncoding.CSharpLiteral(member.JsonName)}";

    /// <summary>
    /// Maps a member name to the member's index: exact bytes first (switch on length, then a full compare that the JIT
    /// unrolls into 8-byte compares, never a hash alone), then, on a miss and when asked, ignoring case through one
    /// runtime helper shared by every type.
    /// </summary>
    private void EmitMatch(List<MemberModel> readable)
    {
        _w.Open($"private static int __JsonableMatch({Span} name, bool ignoreCase)");
        var byLength = readable.GroupBy(m => Encoding.UTF8.GetByteCount(m.JsonName)).OrderBy(g => g.Key).ToList();
        if (byLength.Count > 0)
        {
            _w.Open("switch (name.Length)");
            foreach (IGrouping<int, MemberModel> group in byLength)
            {
                _w.Line($"case {group.Key}:");
                _w.Indent();
                foreach (MemberModel member in group)
                {
                    _w.Open($"if (global::System.MemoryExtensions.SequenceEqual(name, {NameEncoding.Utf8Literal(member.JsonName)}))");
                    _w.Line($"return {IndexConstant(member)};");
                    _w.Close();
                    _w.Line();
                }

                _w.Line("break;");
                _w.Unindent();
            }

            _w.Close();
            _w.Line();

            // Only members that are read can match: a write-only member's name is unknown to a reader.
            string candidates = readable.Count == _model.Members.Count ? "__JsonableMembers" : "__JsonableReadableMembers";
            _w.Line($"return ignoreCase ? {Md}JsonableMemberLookup.IndexOfIgnoringCase(name, {candidates}) : -1;");
        }
        else
        {
            _w.Line("return -1;");
        }

        _w.Close();
        _w.Line();
    }

    /// <summary>
    /// <c>__JsonableTryReadNextName</c>: after the member read last, tries the member the writers put next with one
    /// comparison of its encoded name (comma, JMC1 length comment, quotes, name, colon) and returns its index, or -1
    /// having read nothing. Spans cannot sit in an array, hence a switch.
    /// </summary>
    private void EmitTryReadNextName(List<MemberModel> readable)
    {
        if (readable.Count == 0)
        {
            return;
        }

        _w.Open($"private static int __JsonableTryReadNextName(ref {Rt}JsonableReader reader, ref bool first, int previous)");
        _w.Open("switch (previous)");
        string previousLabel = "case -1: // at the start";
        // Only what the writer writes can come next (a member it leaves out never does).
        foreach (MemberModel member in readable.Where(m => !_model.GenerateWriter || m.CanWrite))
        {
            _w.Line(previousLabel);
            _w.Indent();
            _w.Line($"return reader.TryReadExpectedPropertyName(ref first, {EncodedNames(member)}) ? {IndexConstant(member)} : -1;");
            _w.Unindent();
            previousLabel = CaseLabel(member);
        }

        _w.Line("default:");
        _w.Indent();
        _w.Line("return -1;");
        _w.Unindent();
        _w.Close();
        _w.Close();
        _w.Line();
    }

    /// <summary>The member's name as the writers encode it, JMC1 then JSON: the writer's properties where it has them, else the same bytes as literals.</summary>
    private string EncodedNames(MemberModel member)
    {
        (string jmc1, string json) = EncodedNamePair(member);
        return $"{jmc1}, {json}";
    }

    /// <summary>The member's name as the writers encode it (JMC1, JSON), each as an expression of constant bytes.</summary>
    private (string Jmc1, string Json) EncodedNamePair(MemberModel member)
    {
        if (_model.GenerateWriter && member.CanWrite)
        {
            return ($"__JsonableJmc1Name_{Suffix(member)}", $"__JsonableJsonName_{Suffix(member)}");
        }

        NameEncoding.PreEncodedName name = NameEncoding.PreEncode(member.JsonName);
        return (name.Jmc1Literal, name.JsonLiteral);
    }
}
