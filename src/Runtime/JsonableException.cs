using System;

namespace Jsonable;

/// <summary>
/// The one exception Jsonable readers and writers throw for bad input or an unwritable value.
/// It carries the byte offset and the JSON path of the problem.
/// </summary>
public sealed class JsonableException : Exception
{
    private readonly string _reason;

    /// <summary>Creates an exception for a problem at <paramref name="bytePosition"/>.</summary>
    /// <param name="reason">What is wrong, in words a client can act on.</param>
    /// <param name="bytePosition">The byte offset in the input (or output) where the problem was found; -1 if unknown.</param>
    /// <param name="path">The JSON path of the value, e.g. <c>$.statuses[3].user.name</c>; <see langword="null"/> if unknown.</param>
    /// <param name="innerException">The exception that caused this one, if any.</param>
    public JsonableException(string reason, long bytePosition = -1, string? path = null, Exception? innerException = null)
        : base(reason, innerException)
    {
        _reason = reason;
        BytePosition = bytePosition;
        Path = path;
    }

    /// <summary>The byte offset where the problem was found, or -1 when unknown.</summary>
    public long BytePosition { get; }

    /// <summary>The JSON path of the value being read or written, e.g. <c>$.statuses[3].user.name</c>.</summary>
    public string? Path { get; internal set; }

    /// <summary>
    /// Whether a size limit was passed (an item or a stream larger than allowed) rather than the input being malformed:
    /// servers answer it with 413 instead of 400.
    /// </summary>
    public bool IsSizeLimit { get; init; }

    /// <summary>Whether the document nests deeper than the reader's <c>MaxDepth</c> (keyed as System.Text.Json keys it: see <c>JsonableReader.SkipWholeValue</c>).</summary>
    internal bool IsDepthLimit { get; init; }

    /// <summary>The reason alone, without path and offset.</summary>
    public string Reason => _reason;

    /// <inheritdoc />
    public override string Message
    {
        get
        {
            if (Path is null && BytePosition < 0)
            {
                return _reason;
            }

            return Path is null
                ? $"{_reason} (byte {BytePosition})"
                : BytePosition < 0 ? $"{_reason} Path: {Path}" : $"{_reason} Path: {Path}, byte {BytePosition}.";
        }
    }
}
