using System;
using System.Buffers;

namespace Jsonable.Internal;

/// <summary>
/// Where the next piece of an object read piece by piece ends (<see cref="IncrementalDocumentReader{T}"/>): the bytes
/// between values (whitespace, commas, JMC1 comments, member names and colons) are recognised here, values are framed by
/// <see cref="ItemFramer"/>. Nothing is checked: the generated reader reads each piece and judges it. Anything this does
/// not expect ends the framing (<see cref="Unexpected"/>): the reader then reads from there to the end of the body.
/// </summary>
internal static class IncrementalFraming
{
    /// <summary>No complete piece yet: read more.</summary>
    public const long NeedMore = -1;

    /// <summary>Bytes this does not frame: read the rest of the body as one piece.</summary>
    public const long Unexpected = -2;

    private static ReadOnlySpan<byte> Bom => [0xEF, 0xBB, 0xBF];

    /// <summary>Whitespace, a JSON byte order mark at the document's start, JMC1's header, then <c>{</c>: the end of the piece.</summary>
    public static long RootStart(in ReadOnlySequence<byte> buffer, bool atDocumentStart, bool jmc1)
    {
        var reader = new SequenceReader<byte>(buffer);
        if (atDocumentStart && !jmc1)
        {
            if (buffer.Length < 3)
            {
                return NeedMore;
            }

            Span<byte> start = stackalloc byte[3];
            buffer.Slice(0, 3).CopyTo(start);
            if (start.SequenceEqual(Bom))
            {
                reader.Advance(3);
            }
        }

        while (true)
        {
            SkipWhitespace(ref reader);
            if (!reader.TryPeek(out byte b))
            {
                return NeedMore;
            }

            if (b == (byte)'{')
            {
                return reader.Consumed + 1;
            }

            if (!jmc1 || b != (byte)'/')
            {
                return Unexpected;
            }

            if (reader.Remaining < Jmc1.Header.Length)
            {
                return NeedMore;
            }

            if (!reader.IsNext(Jmc1.Header, advancePast: true))
            {
                return Unexpected;
            }
        }
    }

    /// <summary>
    /// The next member name (or dictionary key) up to its colon, or the closing brace: the end of the piece.
    /// <paramref name="closed"/> tells which.
    /// </summary>
    public static long Name(in ReadOnlySequence<byte> buffer, bool first, bool jmc1, out bool closed)
    {
        closed = false;
        var reader = new SequenceReader<byte>(buffer);
        SkipWhitespace(ref reader);
        if (!reader.TryPeek(out byte b))
        {
            return NeedMore;
        }

        if (b == (byte)'}')
        {
            closed = true;
            return reader.Consumed + 1;
        }

        if (!first)
        {
            if (b != (byte)',')
            {
                return Unexpected;
            }

            reader.Advance(1);
            SkipWhitespace(ref reader);
        }

        long comment = SkipLengthComment(ref reader, jmc1);
        if (comment != 0)
        {
            return comment;
        }

        if (!reader.TryRead(out b))
        {
            return NeedMore;
        }

        if (b != (byte)'"')
        {
            return Unexpected;
        }

        if (!SkipStringRest(ref reader))
        {
            return NeedMore;
        }

        SkipWhitespace(ref reader);
        if (!reader.TryRead(out b))
        {
            return NeedMore;
        }

        return b == (byte)':' ? reader.Consumed : Unexpected;
    }

    /// <summary>Whitespace, a JMC1 count comment, then <paramref name="open"/>: the end of the piece.</summary>
    public static long ContainerStart(in ReadOnlySequence<byte> buffer, byte open, bool jmc1)
    {
        var reader = new SequenceReader<byte>(buffer);
        SkipWhitespace(ref reader);
        long comment = SkipLengthComment(ref reader, jmc1);
        if (comment != 0)
        {
            return comment;
        }

        if (!reader.TryPeek(out byte b))
        {
            return NeedMore;
        }

        return b == open ? reader.Consumed + 1 : Unexpected;
    }

    /// <summary>
    /// Before an element: whitespace and the comma; the offset the element (or the closing bracket) starts at, or
    /// <see cref="NeedMore"/>/<see cref="Unexpected"/>. <paramref name="closed"/> is set at <paramref name="close"/>
    /// (whose end the result then is).
    /// </summary>
    public static long BeforeElement(in ReadOnlySequence<byte> buffer, bool first, byte close, out bool closed)
    {
        closed = false;
        var reader = new SequenceReader<byte>(buffer);
        SkipWhitespace(ref reader);
        if (!reader.TryPeek(out byte b))
        {
            return NeedMore;
        }

        if (b == close)
        {
            closed = true;
            return reader.Consumed + 1;
        }

        if (!first)
        {
            if (b != (byte)',')
            {
                return Unexpected;
            }

            reader.Advance(1);
        }
        else if (b == (byte)',')
        {
            return Unexpected;
        }

        return reader.Consumed;
    }

    /// <summary>0 when no JMC1 length comment is next (or it was skipped); else <see cref="NeedMore"/> or <see cref="Unexpected"/>.</summary>
    private static long SkipLengthComment(ref SequenceReader<byte> reader, bool jmc1)
    {
        if (!jmc1 || !reader.TryPeek(out byte b) || b != (byte)'/')
        {
            return 0;
        }

        if (reader.Remaining < Jmc1.LengthCommentSize)
        {
            return NeedMore;
        }

        Span<byte> comment = stackalloc byte[Jmc1.LengthCommentSize];
        reader.TryCopyTo(comment);
        if (comment[1] != (byte)'*' || comment[4] != (byte)'*' || comment[5] != (byte)'/')
        {
            return Unexpected;
        }

        reader.Advance(Jmc1.LengthCommentSize);
        return 0;
    }

    /// <summary>After an opening quote: past the closing one; false when it has not arrived.</summary>
    private static bool SkipStringRest(ref SequenceReader<byte> reader)
    {
        while (reader.TryAdvanceToAny("\"\\"u8, advancePastDelimiter: false))
        {
            reader.TryRead(out byte b);
            if (b == (byte)'"')
            {
                return true;
            }

            if (!reader.TryRead(out _))
            {
                return false; // the escaped byte has not arrived
            }
        }

        return false;
    }

    private static void SkipWhitespace(ref SequenceReader<byte> reader) => reader.AdvancePastAny(" \t\r\n"u8);
}
