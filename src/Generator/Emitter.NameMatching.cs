using System.Collections.Generic;
using System.Linq;
using System.Text;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>Member-name matching in generated readers.</summary>
internal sealed partial class Emitter
{
    /// <summary>Maps a member name to the member's index: exact bytes first (switch on length, then a full compare that the JIT unrolls into 8-byte compares, never a hash alone), then, on a miss and when asked, ignoring case.</summary>
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
                    _w.Open($"if (global::System.MemoryExtensions.SequenceEqual(name, {NameEncoding.CSharpLiteral(member.JsonName)}u8))");
                    _w.Line($"return {_model.Members.IndexOf(member)};");
                    _w.Close();
                    _w.Line();
                }

                _w.Line("break;");
                _w.Unindent();
            }

            _w.Close();
            _w.Line();
            _w.Open("if (ignoreCase)");
            foreach (MemberModel member in readable)
            {
                _w.Open($"if (global::System.Text.Ascii.EqualsIgnoreCase(name, {NameEncoding.CSharpLiteral(member.JsonName)}u8) || (!global::System.Text.Ascii.IsValid(name) && string.Equals(global::System.Text.Encoding.UTF8.GetString(name), {NameEncoding.CSharpLiteral(member.JsonName)}, global::System.StringComparison.OrdinalIgnoreCase)))");
                _w.Line($"return {_model.Members.IndexOf(member)};");
                _w.Close();
            }

            _w.Close();
            _w.Line();
        }

        _w.Line("return -1;");
        _w.Close();
        _w.Line();
    }
}
