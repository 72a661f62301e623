using System;
using System.Collections.Generic;
using System.Text;
using System.Text.Json;
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

    /// <summary>
    /// Reads the value of a member the target type does not know into its <c>[JsonExtensionData]</c> dictionary, as
    /// System.Text.Json does (a later member of the same name replaces an earlier one).
    /// </summary>
    /// <param name="name">The member's name as read.</param>
    /// <param name="data">The type's extension data so far; created when <see langword="null"/>.</param>
    /// <returns>The dictionary holding the member.</returns>
    public Dictionary<string, JsonElement> ReadExtensionMember(scoped ReadOnlySpan<byte> name, Dictionary<string, JsonElement>? data)
    {
        if (!Utf8.IsValid(name))
        {
            ThrowAt(_pos, "The member name is not valid UTF-8.");
        }

        string key = Encoding.UTF8.GetString(name);
        int start = _pos;
        SkipValue(); // checks the value (depth, JMC1 length hints, UTF-8) as any value is checked; its leading comment stays in the slice
        ReadOnlySpan<byte> raw = _buffer.Slice(start, _pos - start);
        JsonElement element;
        try
        {
            // A JMC1 value keeps its comments (headers, length comments); STJ skips them.
            using JsonDocument document = JsonDocument.Parse(raw.ToArray(), new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip, MaxDepth = Math.Max(_maxDepth, 1) + 1 });
            element = document.RootElement.Clone();
        }
        catch (JsonException exception)
        {
            throw new JsonableException($"The value of '{key}' could not be kept: {exception.Message}", start);
        }

        data ??= new Dictionary<string, JsonElement>();
        data[key] = element;
        return data;
    }
}
