using System;
using System.Text;

namespace Jsonable.Metadata;

/// <summary>One member of a generated type, as a merge patch reports it: its id, its C# and wire names, and its JSON path.</summary>
public sealed class JsonableMember
{
    /// <summary>Describes a member (generated code creates these, once per type).</summary>
    /// <param name="id">The member's index among the type's members, in declaration order.</param>
    /// <param name="name">The C# name (what <c>nameof</c> gives).</param>
    /// <param name="jsonName">The name on the wire.</param>
    public JsonableMember(int id, string name, string jsonName)
        : this(id, name, jsonName, isEditable: true)
    {
    }

    /// <summary>Describes a member that a merge patch may not change when <paramref name="isEditable"/> is false (generated code creates these).</summary>
    /// <param name="id">The member's index among the type's members, in declaration order.</param>
    /// <param name="name">The C# name (what <c>nameof</c> gives).</param>
    /// <param name="jsonName">The name on the wire.</param>
    /// <param name="isEditable">Whether a merge patch may change the member: false for <c>[Editable(false)]</c> and <c>[Key]</c> members.</param>
    public JsonableMember(int id, string name, string jsonName, bool isEditable)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(id);
        ArgumentNullException.ThrowIfNull(name);
        ArgumentNullException.ThrowIfNull(jsonName);
        Id = id;
        Name = name;
        JsonName = jsonName;
        Path = PathOf(jsonName);
        IsEditable = isEditable;
    }

    /// <summary>The member's index among the type's members, in declaration order.</summary>
    public int Id { get; }

    /// <summary>The C# name, as <c>nameof</c> gives it.</summary>
    public string Name { get; }

    /// <summary>The name on the wire (after the naming policy and <c>[JsonPropertyName]</c>).</summary>
    public string JsonName { get; }

    /// <summary>The member's JSON path from the document root, e.g. <c>$.position</c> (bracket notation for unusual names).</summary>
    public string Path { get; }

    /// <summary>
    /// Whether a merge patch may change the member. False when the member is marked
    /// <c>System.ComponentModel.DataAnnotations.EditableAttribute</c> <c>[Editable(false)]</c>, or <c>[Key]</c> without
    /// <c>[Editable(true)]</c>: <c>JsonablePatch&lt;T&gt;</c> answers 400 to a patch that names it, and the OpenAPI
    /// merge-patch schemas leave it out. Creating the resource (POST, PUT) may still set it.
    /// </summary>
    public bool IsEditable { get; }

    /// <inheritdoc />
    public override string ToString() => Path;

    private static string PathOf(string jsonName)
    {
        bool plain = jsonName.Length > 0 && !char.IsDigit(jsonName[0]);
        foreach (char c in jsonName)
        {
            plain &= char.IsAsciiLetterOrDigit(c) || c == '_';
        }

        if (plain)
        {
            return "$." + jsonName;
        }

        var path = new StringBuilder("$['");
        foreach (char c in jsonName)
        {
            _ = c is '\'' or '\\' ? path.Append('\\').Append(c) : path.Append(c);
        }

        return path.Append("']").ToString();
    }
}
