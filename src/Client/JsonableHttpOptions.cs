using System;

namespace Jsonable.Http;

/// <summary>How the <c>Jsonable.Http</c> extensions talk to a server: the wire format, the response size limit, and the reader and writer limits.</summary>
public sealed record JsonableHttpOptions
{
    /// <summary>The options used when none are given: JMC1, responses up to 64 MiB.</summary>
    public static JsonableHttpOptions Default { get; } = new();

    /// <summary>
    /// The format of request bodies and the one asked for in <c>Accept</c>. Default <see cref="JsonableFormat.Jmc1"/>:
    /// the fastest to read with the generated reader, and the <c>Accept</c> sent for it also names JSON at a lower
    /// quality, so a server that does not speak JMC1 still answers (responses are read by their <c>Content-Type</c>,
    /// whatever was asked for). Choose <see cref="JsonableFormat.Json"/> for bodies any JSON server reads, or to debug.
    /// </summary>
    public JsonableFormat Format { get; init; } = JsonableFormat.Jmc1;

    /// <summary>
    /// The largest response body read, in bytes (default 64 MiB). A larger declared <c>Content-Length</c> fails before
    /// anything is read; a body without one fails as soon as it grows past the limit.
    /// </summary>
    public long MaxResponseBytes
    {
        get => _maxResponseBytes;
        init => _maxResponseBytes = value > 0 && value < Array.MaxLength
            ? value
            : throw new ArgumentOutOfRangeException(nameof(value), $"MaxResponseBytes must be between 1 and {Array.MaxLength - 1}.");
    }

    /// <summary>Limits for reading responses; <see langword="null"/> for the defaults.</summary>
    public JsonableReaderOptions? ReaderOptions { get; init; }

    /// <summary>Limits for writing request bodies; <see langword="null"/> for the defaults.</summary>
    public JsonableWriterOptions? WriterOptions { get; init; }

    private readonly long _maxResponseBytes = 64 * 1024 * 1024;
}
