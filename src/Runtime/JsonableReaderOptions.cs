using System;

namespace Jsonable;

/// <summary>Limits and leniencies applied while reading.</summary>
public sealed record JsonableReaderOptions
{
    /// <summary>The options used when none are given.</summary>
    public static JsonableReaderOptions Default { get; } = new();

    /// <summary>The deepest nesting of objects and arrays accepted before reading fails. Default 64.</summary>
    public int MaxDepth
    {
        get => _maxDepth;
        init => _maxDepth = value > 0 ? value : throw new ArgumentOutOfRangeException(nameof(value), "MaxDepth must be positive.");
    }

    /// <summary>What to do with a member the type does not have. Default: skip it.</summary>
    public JsonableUnknownMemberHandling UnknownMemberHandling { get; init; }

    private readonly int _maxDepth = 64;
}
