using System;
using System.ComponentModel;
using System.Text;

namespace Jsonable.Metadata;

/// <summary>Member-name lookup shared by generated readers (the slow path; exact names are matched by generated code).</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class JsonableMemberLookup
{
    /// <summary>
    /// Finds the member whose wire name equals <paramref name="name"/> ignoring case, as a reader with
    /// <c>PropertyNameCaseInsensitive</c> does after an exact match failed: ASCII names are compared byte by byte,
    /// others as text with <see cref="StringComparison.OrdinalIgnoreCase"/>.
    /// </summary>
    /// <param name="name">The unescaped UTF-8 property name from the document.</param>
    /// <param name="members">The candidates, in declaration order; the first that matches wins.</param>
    /// <returns>The matching member's <see cref="JsonableMember.Id"/>, or -1.</returns>
    public static int IndexOfIgnoringCase(ReadOnlySpan<byte> name, JsonableMember[] members)
    {
        ArgumentNullException.ThrowIfNull(members);
        if (Ascii.IsValid(name))
        {
            foreach (JsonableMember member in members)
            {
                if (Ascii.EqualsIgnoreCase(name, member.JsonName))
                {
                    return member.Id;
                }
            }

            return -1;
        }

        string text = Encoding.UTF8.GetString(name); // decoded once, not once per member
        foreach (JsonableMember member in members)
        {
            if (string.Equals(text, member.JsonName, StringComparison.OrdinalIgnoreCase))
            {
                return member.Id;
            }
        }

        return -1;
    }
}
