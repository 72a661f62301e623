using System;
using System.Buffers;

namespace Jsonable.Internal;

/// <summary>What <see cref="ItemFramer.Next"/> found.</summary>
internal enum FrameKind
{
    /// <summary>A complete item: <see cref="ItemFrame.Start"/> and <see cref="ItemFrame.End"/> bound it.</summary>
    Item,

    /// <summary>No complete item yet: keep the bytes from <see cref="ItemFrame.Start"/> on, and read more.</summary>
    NeedMore,

    /// <summary>The stream ended as it should (after <c>]</c>, or the last line).</summary>
    End,
}

/// <summary>One answer of <see cref="ItemFramer.Next"/>; offsets are relative to the buffer it was given.</summary>
internal readonly record struct ItemFrame(FrameKind Kind, long Start, long End, long Index, long Line, long AbsoluteStart);

/// <summary>
/// Finds where the items of a root array (JSON or JMC1) or of JSON Lines start and end, incrementally, without parsing
/// them: it tracks only strings, escapes, nesting and JMC1 comments (whose two middle bytes can be any byte, so they are
/// skipped blindly). Each item it finds is then read as a whole document by the generated reader, which checks
/// everything this does not; the separators, brackets and the JMC1 count around the items are checked here. Every byte
/// is looked at once: the state survives between buffers, so an item that arrives one byte at a time costs no rescans.
/// </summary>
internal sealed class ItemFramer
{
    private enum Phase
    {
        Prelude,
        FirstItemOrEnd,
        Item,
        InItem,
        AfterItem,
        Trailer,
        Done,
    }

    // Stops while inside a container of an item: what changes the nesting, starts a string or (JMC1) a comment.
    private static readonly SearchValues<byte> s_jsonStops = SearchValues.Create("\"{}[]"u8);
    private static readonly SearchValues<byte> s_jmc1Stops = SearchValues.Create("\"{}[]/"u8);
    private static readonly SearchValues<byte> s_stringStops = SearchValues.Create("\"\\"u8);

    private readonly JsonableStreamFormat _format;
    private readonly int _maxItemBytes;
    private readonly long _maxTotalBytes;
    private Phase _phase;

    private long _base;      // absolute offset of the first byte of the buffer the caller passes
    private long _pos;       // absolute offset of the next byte to look at
    private long _itemStart; // absolute offset of the current item's first byte; -1 outside items
    private long _index;     // the current (or next) item's index
    private long _line = 1;  // JSON Lines: the current line's number

    private int _depth;
    private bool _inString;
    private bool _escaped;
    private bool _bareScalar;

    // A JMC1 comment being collected (up to 8 bytes: the header), outside or inside an item.
    private ulong _comment;
    private int _commentLength;
    private bool _headerSeen;
    private int _countHint = -1;

    public ItemFramer(JsonableStreamFormat format, int maxItemBytes, long? maxTotalBytes)
    {
        _format = format;
        _maxItemBytes = maxItemBytes;
        _maxTotalBytes = maxTotalBytes ?? long.MaxValue;
        _itemStart = -1;
        _phase = format == JsonableStreamFormat.JsonLines ? Phase.Item : Phase.Prelude;
    }

    /// <summary>
    /// A framer for one value (a member's, an element's) inside a document read piece by piece
    /// (IncrementalDocumentReader): leading whitespace, then the value, by the same rule as an item.
    /// </summary>
    public static ItemFramer ForValue(bool jmc1) =>
        new(jmc1 ? JsonableStreamFormat.Jmc1Array : JsonableStreamFormat.JsonArray, int.MaxValue, null) { _phase = Phase.Item };

    /// <summary>The absolute offset of the buffer's first byte: the bytes consumed from the stream so far.</summary>
    public long Base => _base;

    private bool IsJmc1 => _format == JsonableStreamFormat.Jmc1Array;

    /// <summary>Tells the framer that the caller consumed the bytes before <paramref name="start"/> (relative to the last buffer).</summary>
    public void Consumed(long start) => _base += start;

    /// <summary>
    /// Scans <paramref name="buffer"/> (which starts at <see cref="Base"/>) from where the last call stopped, up to the
    /// end of the next item.
    /// </summary>
    /// <exception cref="JsonableException">The bytes around the items are wrong, an item is too large, or the stream ended inside one.</exception>
    public ItemFrame Next(in ReadOnlySequence<byte> buffer, bool isFinalBlock)
    {
        if (_base + buffer.Length > _maxTotalBytes)
        {
            throw SizeError($"The stream is larger than the limit of {_maxTotalBytes} bytes.", _maxTotalBytes);
        }

        if (_phase == Phase.Done)
        {
            return new ItemFrame(FrameKind.End, 0, 0, _index, _line, _pos);
        }

        long offset = _pos - _base;
        foreach (ReadOnlyMemory<byte> memory in buffer.Slice(offset))
        {
            ReadOnlySpan<byte> span = memory.Span;
            long segmentStart = _pos;
            int i = 0;
            while (i < span.Length)
            {
                if (Scan(span, ref i, segmentStart, out long itemEnd))
                {
                    return CompleteItem(itemEnd);
                }

                _pos = segmentStart + i;
            }
        }

        if (_itemStart >= 0 && _pos - _itemStart > _maxItemBytes)
        {
            throw ItemTooLarge();
        }

        if (!isFinalBlock)
        {
            long keep = _itemStart >= 0 ? _itemStart : _pos;
            return new ItemFrame(FrameKind.NeedMore, keep - _base, keep - _base, _index, _line, keep);
        }

        return AtEndOfInput();
    }

    private ItemFrame CompleteItem(long itemEnd)
    {
        long start = _itemStart;
        if (itemEnd - start > _maxItemBytes)
        {
            throw ItemTooLarge();
        }

        var frame = new ItemFrame(FrameKind.Item, start - _base, itemEnd - _base, _index, _line, start);
        _itemStart = -1;
        _index++;
        if (_format == JsonableStreamFormat.JsonLines)
        {
            _line++;
            _pos = itemEnd + 1; // past the '\n'
            _phase = Phase.Item;
        }
        else
        {
            _pos = itemEnd;
            _phase = Phase.AfterItem;
        }

        return frame;
    }

    private ItemFrame AtEndOfInput()
    {
        switch (_phase)
        {
            case Phase.Trailer:
            case Phase.Done:
                _phase = Phase.Done;
                return new ItemFrame(FrameKind.End, _pos - _base, _pos - _base, _index, _line, _pos);
            case Phase.Item when _format == JsonableStreamFormat.JsonLines:
                if (_itemStart >= 0)
                {
                    // The last line need not end with '\n'.
                    _phase = Phase.Done;
                    long start = _itemStart;
                    _itemStart = -1;
                    return new ItemFrame(FrameKind.Item, start - _base, _pos - _base, _index++, _line, start);
                }

                _phase = Phase.Done;
                return new ItemFrame(FrameKind.End, _pos - _base, _pos - _base, _index, _line, _pos);
            case Phase.InItem when _bareScalar && _depth == 0:
                // A number or literal ends where the input does; what follows (nothing) is then an error of its own.
                return CompleteItem(_pos);
            case Phase.InItem:
                throw Error($"The stream ends inside item {_index}: the item is incomplete.", _pos, ItemPath());
            case Phase.Prelude:
                throw Error(_pos == 0 ? "The stream is empty: expected an array." : "The stream ends before its array begins.", _pos, "$");
            default:
                throw Error("The stream ends before its array is closed with ']'.", _pos, "$");
        }
    }

    /// <summary>Scans from <paramref name="i"/>; true when an item ends at absolute <paramref name="itemEnd"/>.</summary>
    private bool Scan(ReadOnlySpan<byte> span, ref int i, long segmentStart, out long itemEnd)
    {
        itemEnd = -1;
        switch (_phase)
        {
            case Phase.InItem:
                return ScanItem(span, ref i, segmentStart, out itemEnd);
            case Phase.Item when _format == JsonableStreamFormat.JsonLines:
                return ScanLine(span, ref i, segmentStart, out itemEnd);
        }

        byte b = span[i];
        long at = segmentStart + i;
        if (_commentLength > 0)
        {
            CollectOuterComment(b, at);
            i++;
            return false;
        }

        if (IsWhitespace(b))
        {
            i++;
            return false;
        }

        switch (_phase)
        {
            case Phase.Prelude:
                if (b == '[')
                {
                    _phase = Phase.FirstItemOrEnd;
                }
                else if (IsJmc1 && b == '/')
                {
                    _comment = b;
                    _commentLength = 1;
                }
                else if (!IsJmc1 && at < 3 && at == _bomAt && b == s_bom[(int)at])
                {
                    _bomAt++;
                }
                else
                {
                    throw Error($"Expected an array, found {Describe(b)}: a stream of items is a root array.", at, "$");
                }

                i++;
                return false;
            case Phase.FirstItemOrEnd when b == ']':
            case Phase.AfterItem when b == ']':
                if (_countHint >= 0 && _countHint != _index)
                {
                    throw Error($"The array's count comment says {_countHint} items, but it holds {_index}.", at, "$");
                }

                i++;
                _phase = Phase.Trailer;
                return false;
            case Phase.AfterItem when b == ',':
                i++;
                _phase = Phase.Item;
                return false;
            case Phase.AfterItem:
                throw Error($"Expected ',' or ']' after item {_index - 1}, found {Describe(b)}.", at, "$");
            case Phase.Item when b == ']':
                throw Error("A ',' must be followed by another item, not ']'.", at, "$");
            case Phase.Trailer:
                throw Error($"Unexpected {Describe(b)} after the end of the stream.", at, "$");
        }

        // The first byte of an item.
        if (_countHint >= 0 && _index >= _countHint)
        {
            throw Error($"The array's count comment says {_countHint} items, but it holds more.", at, ItemPath());
        }

        _itemStart = at;
        _phase = Phase.InItem;
        _depth = 0;
        _bareScalar = false;
        return ScanItem(span, ref i, segmentStart, out itemEnd);
    }

    private int _bomAt;
    private static ReadOnlySpan<byte> s_bom => [0xEF, 0xBB, 0xBF];

    /// <summary>Inside an item: strings, escapes, nesting, JMC1 comments; true at the item's last byte.</summary>
    private bool ScanItem(ReadOnlySpan<byte> span, ref int i, long segmentStart, out long itemEnd)
    {
        itemEnd = -1;
        while (i < span.Length)
        {
            if (!_escaped && _commentLength == 0 && !_bareScalar && _depth > 0)
            {
                if (ScanContainers(span, ref i, segmentStart, out itemEnd))
                {
                    return true;
                }

                if (i >= span.Length)
                {
                    return false;
                }
            }

            if (_escaped)
            {
                _escaped = false;
                i++;
                continue;
            }

            if (_inString)
            {
                int stop = span.Slice(i).IndexOfAny(s_stringStops);
                if (stop < 0)
                {
                    i = span.Length;
                    return false;
                }

                i += stop;
                if (span[i] == '\\')
                {
                    _escaped = true;
                    i++;
                    continue;
                }

                _inString = false;
                i++;
                if (_depth == 0)
                {
                    itemEnd = segmentStart + i;
                    return true;
                }

                continue;
            }

            if (_commentLength > 0)
            {
                // Inside an item the generated reader checks the comment; only its length matters here.
                _comment |= (ulong)span[i] << (8 * _commentLength);
                _commentLength++;
                i++;
                if ((_commentLength == 6 && (ushort)(_comment >> 32) == 0x2F2A) || _commentLength == 8)
                {
                    _commentLength = 0;
                }

                continue;
            }

            if (_bareScalar)
            {
                byte c = span[i];
                if (IsWhitespace(c) || c is (byte)',' or (byte)']' or (byte)'}' or (byte)'[' or (byte)'{' or (byte)'"' or (byte)'/')
                {
                    itemEnd = segmentStart + i;
                    return true;
                }

                i++;
                continue;
            }

            if (_depth == 0)
            {
                byte first = span[i];
                if (first is (byte)'{' or (byte)'[')
                {
                    _depth = 1;
                }
                else if (first == '"')
                {
                    _inString = true;
                }
                else if (IsJmc1 && first == '/')
                {
                    _comment = first;
                    _commentLength = 1;
                }
                else
                {
                    _bareScalar = true;
                }

                i++;
                continue;
            }

            int next = span.Slice(i).IndexOfAny(IsJmc1 ? s_jmc1Stops : s_jsonStops);
            if (next < 0)
            {
                i = span.Length;
                return false;
            }

            i += next;
            switch (span[i++])
            {
                case (byte)'"':
                    _inString = true;
                    break;
                case (byte)'{' or (byte)'[':
                    _depth++;
                    break;
                case (byte)'/':
                    _comment = (byte)'/';
                    _commentLength = 1;
                    break;
                default:
                    if (--_depth == 0)
                    {
                        itemEnd = segmentStart + i;
                        return true;
                    }

                    break;
            }
        }

        return false;
    }

    /// <summary>
    /// The common case inside an item's containers, with the state in locals: strings (escapes included) and brackets.
    /// Stops at the item's end, the end of the span, or a JMC1 comment, which <see cref="ScanItem"/> reads.
    /// </summary>
    private bool ScanContainers(ReadOnlySpan<byte> span, ref int i, long segmentStart, out long itemEnd)
    {
        itemEnd = -1;
        int depth = _depth;
        bool inString = _inString;
        SearchValues<byte> stops = IsJmc1 ? s_jmc1Stops : s_jsonStops;
        while (i < span.Length)
        {
            if (inString)
            {
                int stop = span.Slice(i).IndexOfAny(s_stringStops);
                if (stop < 0)
                {
                    i = span.Length;
                    break;
                }

                i += stop;
                if (span[i] == '\\')
                {
                    i += 2;
                    if (i > span.Length)
                    {
                        // The escaped byte is in the next segment.
                        i = span.Length;
                        _escaped = true;
                        break;
                    }

                    continue;
                }

                inString = false;
                i++;
                continue;
            }

            int next = span.Slice(i).IndexOfAny(stops);
            if (next < 0)
            {
                i = span.Length;
                break;
            }

            i += next;
            byte b = span[i];
            if (b == '"')
            {
                inString = true;
                i++;
                continue;
            }

            if (b == '/')
            {
                break; // a JMC1 comment: ScanItem collects it
            }

            i++;
            if (b is (byte)'{' or (byte)'[')
            {
                depth++;
            }
            else if (--depth == 0)
            {
                _depth = 0;
                _inString = false;
                itemEnd = segmentStart + i;
                return true;
            }
        }

        _depth = depth;
        _inString = inString;
        return false;
    }

    /// <summary>JSON Lines: true at the end of a line that holds more than whitespace.</summary>
    private bool ScanLine(ReadOnlySpan<byte> span, ref int i, long segmentStart, out long itemEnd)
    {
        itemEnd = -1;
        while (i < span.Length)
        {
            if (_itemStart < 0)
            {
                // Between lines, or on a line that has held only whitespace so far.
                byte b = span[i];
                if (b == '\n')
                {
                    _line++;
                    i++;
                    continue;
                }

                if (IsWhitespace(b))
                {
                    i++;
                    continue;
                }

                _itemStart = segmentStart + i;
            }

            int newline = span.Slice(i).IndexOf((byte)'\n');
            if (newline < 0)
            {
                i = span.Length;
                return false;
            }

            i += newline;
            itemEnd = segmentStart + i;
            i++;
            return true;
        }

        return false;
    }

    private void CollectOuterComment(byte b, long at)
    {
        _comment |= (ulong)b << (8 * _commentLength);
        _commentLength++;
        if (_commentLength == 2 && b != '*')
        {
            throw Error("Only JMC1 headers and length comments may appear in a JMC1 document.", at - 1, "$");
        }

        if (_commentLength == 6 && (ushort)(_comment >> 32) == 0x2F2A)
        {
            _commentLength = 0;
            int n = (int)((_comment >> 16) & 0xFFFF) - Jmc1.LengthBias;
            if (_phase != Phase.Prelude || _countHint >= 0 || n < 0 || n > Jmc1.MaxLength || n == Jmc1.UnencodableLength)
            {
                throw Error(n == Jmc1.UnencodableLength ? "The length comment for 11770 is forbidden in JMC1." : "A misplaced or out-of-range JMC1 length comment before the array.", at - 5, "$");
            }

            _countHint = n;
        }
        else if (_commentLength == 8)
        {
            _commentLength = 0;
            Span<byte> bytes = stackalloc byte[8];
            System.Buffers.Binary.BinaryPrimitives.WriteUInt64LittleEndian(bytes, _comment);
            if (!bytes.SequenceEqual(Jmc1.Header) || _headerSeen || _countHint >= 0)
            {
                throw Error("Only one JMC1 header, then at most one count comment, may precede the array.", at - 7, "$");
            }

            _headerSeen = true;
        }
    }

    private string ItemPath() =>
        _format == JsonableStreamFormat.JsonLines ? $"line {_line}" : $"$[{_index}]";

    private JsonableException ItemTooLarge() =>
        SizeError($"Item {(_format == JsonableStreamFormat.JsonLines ? $"on line {_line}" : _index.ToString(System.Globalization.CultureInfo.InvariantCulture))} is larger than the limit of {_maxItemBytes} bytes.", _itemStart, ItemPath());

    private static JsonableException SizeError(string reason, long at, string path = "$") =>
        new(reason, at, path) { IsSizeLimit = true };

    private static JsonableException Error(string reason, long at, string path) => new(reason, at, path);

    private static bool IsWhitespace(byte b) => b is (byte)' ' or (byte)'\t' or (byte)'\r' or (byte)'\n';

    private static string Describe(byte b) => b is >= 0x20 and < 0x7F ? $"'{(char)b}'" : $"byte 0x{b:X2}";
}
