using System;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>Limits applied while writing.</summary>
public sealed record JsonableWriterOptions
{
    /// <summary>The options used when none are given.</summary>
    public static JsonableWriterOptions Default { get; } = new();

    /// <summary>
    /// The deepest nesting of objects and arrays the writer produces before it throws a
    /// <see cref="JsonableException"/>; this is what turns a cyclic object graph into a clean error. Default 64;
    /// values above 1000 (the ceiling the reader publishes as <see cref="JsonableReader.DepthCeiling"/>) act as 1000,
    /// since generated writers recurse per level.
    /// </summary>
    public int MaxDepth
    {
        get => _maxDepth;
        init => _maxDepth = value > 0 ? value : throw new ArgumentOutOfRangeException(nameof(value), "MaxDepth must be positive.");
    }

    private readonly int _maxDepth = JsonableLimits.DefaultMaxDepth;
}
