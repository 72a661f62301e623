using System;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>Limits and leniencies applied while reading.</summary>
public sealed record JsonableReaderOptions
{
    /// <summary>The options used when none are given.</summary>
    public static JsonableReaderOptions Default { get; } = new();

    /// <summary>The deepest nesting of objects and arrays accepted before reading fails. Default 64; values above
    /// <see cref="JsonableReader.DepthCeiling"/> (1000) act as 1000, since generated readers recurse per level.</summary>
    public int MaxDepth
    {
        get => _maxDepth;
        init => _maxDepth = value > 0 ? value : throw new ArgumentOutOfRangeException(nameof(value), "MaxDepth must be positive.");
    }

    /// <summary>What to do with a member the type does not have. Default: skip it.</summary>
    public JsonableUnknownMemberHandling UnknownMemberHandling { get; init; }

    /// <summary>
    /// Whether a member name that matches no member exactly is matched again ignoring case (as ASP.NET Core's
    /// web defaults read). The exact match is always tried first, so the common path stays fast. Default true.
    /// </summary>
    public bool PropertyNameCaseInsensitive { get; init; } = true;

    /// <summary>
    /// Whether a merge patch checked against its target refuses to change a member the type marks read-only
    /// (<c>[Editable(false)]</c>, <c>[Key]</c>; <see cref="JsonableMember.IsEditable"/>) in an object the target already
    /// holds, at any depth: a <see cref="JsonableException"/> whose path names the member (<c>$.retweeted_status.id</c>).
    /// A nested object the patch creates (there was none) may set them: they are set once, when the object comes to
    /// exist. <c>JsonablePatch&lt;T&gt;</c> and the client's generated deltas turn it on; the generated
    /// <c>MergeFromJson</c> and <c>JsonableTypeInfo&lt;T&gt;.Merge</c> leave it off unless asked. Default false.
    /// </summary>
    public bool RefuseReadOnlyMemberChanges { get; init; }

    /// <summary>
    /// Whether (and how) enums the generated code reads as numbers accept names too, as a global
    /// <c>JsonStringEnumConverter</c> makes System.Text.Json read them. Default <see langword="null"/>: numbers only.
    /// </summary>
    public JsonableEnumNames? EnumNames { get; init; }

    private readonly int _maxDepth = JsonableLimits.DefaultMaxDepth;
}
