using System;
using System.ComponentModel;

namespace Jsonable;

/// <summary>Limits of a stream read item by item.</summary>
public sealed record JsonableStreamReaderOptions
{
    /// <summary>The default of <see cref="MaxItemBytes"/>: 16 MiB.</summary>
    public const int DefaultMaxItemBytes = 16 * 1024 * 1024;

    /// <summary>The options used when none are given.</summary>
    public static JsonableStreamReaderOptions Default { get; } = new();

    /// <summary>The limits each item is read with (depth, unknown members, ...); <see langword="null"/> for the defaults.</summary>
    public JsonableReaderOptions? ReaderOptions { get; init; }

    /// <summary>
    /// The largest item accepted, in bytes (separators and surrounding whitespace not counted). The reader holds one
    /// item at a time, so this bounds its memory. Default <see cref="DefaultMaxItemBytes"/>.
    /// </summary>
    public int MaxItemBytes
    {
        get => _maxItemBytes;
        init => _maxItemBytes = value > 0 ? value : throw new ArgumentOutOfRangeException(nameof(value), "MaxItemBytes must be positive.");
    }

    /// <summary>The most bytes the whole stream may hold; <see langword="null"/> (the default) for no limit.</summary>
    public long? MaxTotalBytes
    {
        get => _maxTotalBytes;
        init => _maxTotalBytes = value is null or > 0 ? value : throw new ArgumentOutOfRangeException(nameof(value), "MaxTotalBytes must be positive.");
    }

    /// <summary>
    /// Whether a <c>null</c> item is an error naming the item (what a server binding non-nullable items wants). For
    /// Jsonable's own packages (Jsonable.AspNetCore); not for application code.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public bool RejectNullItems { get; init; }

    private readonly int _maxItemBytes = DefaultMaxItemBytes;
    private readonly long? _maxTotalBytes;
}
