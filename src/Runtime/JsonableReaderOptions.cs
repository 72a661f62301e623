using System;

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

    private readonly int _maxDepth = 64;
}
