using System;
using System.Text;

namespace Jsonable;

/// <summary>One member of a generated type, as a merge patch reports it: its id, its C# and wire names, and its JSON path.</summary>
public sealed class JsonableMember
{
    /// <summary>Describes a member (generated code creates these, once per type).</summary>
    /// <param name="id">The member's index among the type's members, in declaration order.</param>
    /// <param name="name">The C# name (what <c>nameof</c> gives).</param>
    /// <param name="jsonName">The name on the wire.</param>
    public JsonableMember(int id, string name, string jsonName)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(id);
        ArgumentNullException.ThrowIfNull(name);
        ArgumentNullException.ThrowIfNull(jsonName);
        Id = id;
        Name = name;
        JsonName = jsonName;
        Path = PathOf(jsonName);
    }

    /// <summary>The member's index among the type's members, in declaration order.</summary>
    public int Id { get; }

    /// <summary>The C# name, as <c>nameof</c> gives it.</summary>
    public string Name { get; }

    /// <summary>The name on the wire (after the naming policy and <c>[JsonPropertyName]</c>).</summary>
    public string JsonName { get; }

    /// <summary>The member's JSON path from the document root, e.g. <c>$.position</c> (bracket notation for unusual names).</summary>
    public string Path { get; }

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
