using System;
using Jsonable.Internal;
using Jsonable.Metadata;

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

    /// <summary>
    /// Whether (and how) enums the generated code writes as numbers are written as names instead, as a global
    /// <c>JsonStringEnumConverter</c> makes System.Text.Json write them. Default <see langword="null"/>: numbers.
    /// </summary>
    public JsonableEnumNames? EnumNames { get; init; }

    private readonly int _maxDepth = JsonableLimits.DefaultMaxDepth;
}
