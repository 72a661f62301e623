using System;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>Errors: the exceptions this reader throws, and the JSON path added to them after the fact.</summary>
public ref partial struct JsonableReader
{
    [DoesNotReturn]
    private readonly void ThrowTooManyContainers() => ThrowAt(
        _pos,
        $"The document holds more than {_containerBudget} objects, arrays and dictionaries, too many for its {DocumentLength} bytes (the limit is MaxContainersPerKilobyte per 1,024 bytes plus {JsonableReaderOptions.ContainerAllowance}).");

    [DoesNotReturn]
    private readonly void ThrowTruncated() => ThrowAt(_buffer.Length, "The input ends before the value is complete.");

    private readonly JsonableException OutOfRange(string typeName) =>
        new($"The number does not fit {typeName}.", _pos - _lastTokenLength);

    private readonly JsonableException Unexpected(string expected, string? typeName = null)
    {
        if (_pos >= _buffer.Length)
        {
            return new JsonableException($"The input ends where {expected} was expected.", _buffer.Length);
        }

        if (typeName is not null && _buffer.Slice(_pos).StartsWith("null"u8))
        {
            return new JsonableException($"null cannot be read into a non-nullable {typeName}.", _pos);
        }

        return new JsonableException($"Expected {expected} but found {Describe(_pos)}.", _pos);
    }

    private readonly string Describe(int pos)
    {
        if (pos >= _buffer.Length)
        {
            return "the end of the input";
        }

        byte b = _buffer[pos];
        if (b == (byte)'/' && IsJmc)
        {
            return "a JMC1 comment (comments may only precede a value)";
        }

        return b is >= 0x20 and < 0x7F ? $"'{(char)b}'" : $"byte 0x{b:X2}";
    }

    [DoesNotReturn]
    private static void ThrowAt(int pos, string reason) => throw new JsonableException(reason, pos);

    /// <summary>The error for a <c>null</c> just read where <paramref name="typeName"/> cannot hold one.</summary>
    /// <param name="typeName">The non-nullable type being read.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly JsonableException NullNotAllowed(string typeName) =>
        new($"null cannot be read into a non-nullable {typeName}.", Math.Max(_pos - 4, 0));

    // ---- error decoration ----------------------------------------------------------------------

    /// <summary>
    /// Adds the JSON path to an exception thrown while reading (computed only now, from the byte offset,
    /// so the happy path tracks nothing). Generated entry points call it from their catch blocks.
    /// </summary>
    /// <param name="exception">The exception thrown by this reader.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly void AttachPath(JsonableException exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        if (exception.Path is null)
        {
            long at = exception.BytePosition >= 0 ? exception.BytePosition : _pos;
            exception.Path = LocatePath((int)Math.Min(at, _buffer.Length));
        }
    }

    /// <summary>
    /// Turns any other exception raised while reading (a user setter, a callback, an arithmetic check) into
    /// a <see cref="JsonableException"/> with offset and path, so no raw BCL exception leaves a reader.
    /// </summary>
    /// <param name="exception">The exception to wrap.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly JsonableException Wrap(Exception exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        string reason = exception is InsufficientExecutionStackException
            ? "The document is nested too deeply to read."
            : $"The value could not be read: {exception.Message}";
        return new JsonableException(reason, _pos, LocatePath(_pos), exception);
    }
}
