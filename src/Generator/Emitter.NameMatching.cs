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
            _w.Line($"return ignoreCase ? {Rt}JsonableMemberLookup.IndexOfIgnoringCase(name, {candidates}) : -1;");
        }
        else
        {
            _w.Line("return -1;");
        }

        _w.Close();
        _w.Line();
    }
}
