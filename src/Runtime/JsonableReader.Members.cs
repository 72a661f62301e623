using System;
using System.Text;
using System.Text.Unicode;

namespace Jsonable;

/// <summary>Member-level choices a generated type makes for itself (STJ attributes on the type).</summary>
public ref partial struct JsonableReader
{
    /// <summary>
    /// Skips a member the target type does not know, or fails when <paramref name="handling"/> (the type's
    /// <c>[JsonUnmappedMemberHandling]</c>) or the reader's options disallow unknown members.
    /// </summary>
    /// <param name="name">The member's name as read.</param>
    /// <param name="handling">The type's own choice; <see cref="JsonableUnknownMemberHandling.Skip"/> defers to the reader's options.</param>
    public void SkipUnknownMember(scoped ReadOnlySpan<byte> name, JsonableUnknownMemberHandling handling)
    {
        if (handling == JsonableUnknownMemberHandling.Disallow)
        {
            string text = Utf8.IsValid(name) ? Encoding.UTF8.GetString(name) : "(not valid UTF-8)";
            throw new JsonableException($"The member '{text}' is not known to the target type, which disallows unknown members.", _pos);
        }

        SkipUnknownMember(name);
    }
}
