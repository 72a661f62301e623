using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Metadata;

namespace Jsonable.Internal;

/// <summary>
/// Reads an object from a pipe piece by piece, as its bytes arrive: its start, each member (a collection member's
/// start, each of its elements or entries, and its end), the end of the document. Each piece is framed
/// (<see cref="IncrementalFraming"/>, <see cref="ItemFramer"/>) and read by the synchronous generated reader through a
/// <see cref="JsonableReader"/> over that piece alone, which resumes the state a reader over the whole document would
/// have there (depth, containers, count reservations, the path); so values, errors, offsets and paths are those of
/// <c>JsonableMetadataServices.ReadDocument</c>, and only the piece being read is held, not the body. Whatever the
/// framing does not expect is read from there to the end of the body in one piece.
/// </summary>
internal sealed class IncrementalDocumentReader<T>
{
    // A name, separator or whitespace run longer than this is framed once, with the rest of the body, not re-scanned per read.
    private const int MaxSkeletonBytes = 64 * 1024;

    // An element is read straight from the buffered bytes (not framed first) when at least this many bytes, and twice
    // the largest element read so far, follow its start: the reader then finds its end itself.
    private const int MinLookahead = 16 * 1024;

    // Elements larger than this are framed first: a lookahead of twice their size would hold too much.
    private const int MaxUnframedElement = 256 * 1024;

    // The largest copy of a piece rented from the shared pool.
    private const int MaxPooledScratch = 1024 * 1024;

    private readonly PipeReader _input;
    private readonly JsonableFormat _format;
    private readonly JsonableReaderOptions _options;
    private readonly JsonableIncrementalReader<T> _type;
    private readonly JsonableReadFunc<T> _readWhole;
    private readonly long? _length;
    private readonly long _maxBytes;
    private readonly CancellationToken _cancellationToken;
    private readonly ReaderWindow _window = new();
    private ReaderState _state;
    private ReadOnlySequence<byte> _buffer; // the bytes from _window.Base on
    private bool _completed;
    private bool _holding; // a read not yet advanced
    private byte[]? _scratch; // holds a copy of _buffer's first _copied bytes from _scratchStart on
    private bool _scratchPooled;
    private int _scratchStart;
    private int _copied;
    private int _largestElement;
    private T _target = default!;
    private bool _first = true;

    public IncrementalDocumentReader(PipeReader input, JsonableFormat format, JsonableReaderOptions? options, JsonableIncrementalReader<T> type, JsonableReadFunc<T> readWhole, long? length, long maxBytes, CancellationToken cancellationToken)
    {
        _input = input;
        _format = format;
        _options = options ?? JsonableReaderOptions.Default;
        _type = type;
        _readWhole = readWhole;
        _length = length;
        _maxBytes = maxBytes;
        _cancellationToken = cancellationToken;
    }

    private bool IsJmc1 => _format == JsonableFormat.Jmc1;

    public async ValueTask<T?> ReadAsync()
    {
        try
        {
            await FillAsync().ConfigureAwait(false);
            long end;
            while ((end = IncrementalFraming.RootStart(_buffer, true, IsJmc1)) == IncrementalFraming.NeedMore && await MoreAsync().ConfigureAwait(false))
            {
            }

            if (end < 0)
            {
                // Not an object (null, another value, or malformed): the whole body at once, as the synchronous reader reads it.
                await ReadToEndAsync().ConfigureAwait(false);
                return ReadWhole();
            }

            await StepAsync(StepKind.ObjectStart, end, end, 0).ConfigureAwait(false);
            _target = _type.Create();
            while (await ReadMemberAsync().ConfigureAwait(false))
            {
            }

            await ReadToEndAsync().ConfigureAwait(false);
            await StepAsync(StepKind.EndOfDocument, _buffer.Length, _buffer.Length, 0).ConfigureAwait(false);
            return _target;
        }
        finally
        {
            if (_holding)
            {
                _input.AdvanceTo(_buffer.End);
            }

            ReturnScratch(_scratch, _scratchPooled);
        }
    }

    /// <summary>One member: false after the object's closing brace.</summary>
    private async ValueTask<bool> ReadMemberAsync()
    {
        long nameEnd;
        bool closed;
        while ((nameEnd = IncrementalFraming.Name(_buffer, _first, IsJmc1, out closed)) == IncrementalFraming.NeedMore && await MoreAsync(skeleton: true).ConfigureAwait(false))
        {
        }

        if (nameEnd < 0)
        {
            // Read the rest of the body as one piece (the reader may still find a member there, and go on).
            await ReadToEndAsync().ConfigureAwait(false);
            int answer = await StepAsync(StepKind.Member, _buffer.Length, -1, 0, valueInWindow: true).ConfigureAwait(false);
            return answer != JsonableIncrementalReader<T>.ObjectEnded;
        }

        if (closed)
        {
            await StepAsync(StepKind.Member, nameEnd, nameEnd, 0, valueInWindow: false).ConfigureAwait(false);
            return false;
        }

        int id = await StepAsync(StepKind.Member, nameEnd, nameEnd, 0, valueInWindow: false, commit: false).ConfigureAwait(false);
        byte kind = id >= 0 ? _type.CollectionKinds[id] : (byte)0;
        if (kind != 0)
        {
            byte open = kind == JsonableIncrementalReader<T>.ArrayMember ? (byte)'[' : (byte)'{';
            long start;
            while ((start = IncrementalFraming.ContainerStart(_buffer.Slice(nameEnd), open, IsJmc1)) == IncrementalFraming.NeedMore && await MoreAsync(skeleton: true).ConfigureAwait(false))
            {
            }

            if (start >= 0)
            {
                await StepAsync(StepKind.Member, nameEnd, nameEnd, 0, valueInWindow: false).ConfigureAwait(false);
                await ReadCollectionAsync(id, kind).ConfigureAwait(false);
                return true;
            }
        }

        // A value read whole, with its name.
        (long valueStart, long valueEnd) = await FrameValueAsync(nameEnd).ConfigureAwait(false);
        await StepAsync(StepKind.Member, valueEnd, valueStart, 0, valueInWindow: true).ConfigureAwait(false);
        return true;
    }

    /// <summary>A collection member: its start, each element (or entry), its end; the generated reader sets the member at the end.</summary>
    private async ValueTask ReadCollectionAsync(int id, byte kind)
    {
        var state = new JsonableIncrementalState();
        bool dictionary = kind == JsonableIncrementalReader<T>.DictionaryMember;
        byte open = dictionary ? (byte)'{' : (byte)'[';
        long end;
        while ((end = IncrementalFraming.ContainerStart(_buffer, open, IsJmc1)) == IncrementalFraming.NeedMore && await MoreAsync(skeleton: true).ConfigureAwait(false))
        {
        }

        bool more = await StepAsync(StepKind.Element, end < 0 ? _buffer.Length : end, end < 0 ? -1 : end, id, state: state).ConfigureAwait(false) != 0;
        while (more)
        {
            long valueStart;
            bool closed;
            while ((end = dictionary
                ? IncrementalFraming.Name(_buffer, state.Count == 0, IsJmc1, out closed)
                : IncrementalFraming.BeforeElement(_buffer, state.Count == 0, (byte)']', out closed)) == IncrementalFraming.NeedMore
                && await MoreAsync(skeleton: true).ConfigureAwait(false))
            {
            }

            if (!closed && state.Hint >= 0 && state.Count >= state.Hint)
            {
                // More than the count: the reader counts what follows to say by how much it lied, so it needs the rest.
                end = IncrementalFraming.Unexpected;
            }

            if (end < 0)
            {
                await ReadToEndAsync().ConfigureAwait(false);
                more = await StepAsync(StepKind.Element, _buffer.Length, -1, id, state: state).ConfigureAwait(false) != 0;
                continue;
            }

            if (closed)
            {
                more = await StepAsync(StepKind.Element, end, end, id, state: state).ConfigureAwait(false) != 0;
                continue;
            }

            if (!dictionary && TryReadElementUnframed(end, id, state, out more))
            {
                continue;
            }

            (valueStart, long valueEnd) = await FrameValueAsync(end).ConfigureAwait(false);
            more = await StepAsync(StepKind.Element, valueEnd, valueStart, id, state: state).ConfigureAwait(false) != 0;
        }
    }

    /// <summary>
    /// Reads the array element that starts at <paramref name="elementStart"/> (after its comma) without framing it first,
    /// when it is an object, array or string (which ends at its own closing byte, whatever follows) and enough bytes
    /// follow it to hold it: the generated reader reads it over the buffered bytes and stops at its end, so the bytes are
    /// scanned once, not by the framing and then by the reader. False, with nothing read, when it cannot be (any error
    /// included): the element is then framed and read as a piece of its own, which gives the synchronous reader's error.
    /// </summary>
    private bool TryReadElementUnframed(long elementStart, int id, JsonableIncrementalState state, out bool more)
    {
        more = false;
        long lookahead = Math.Max(MinLookahead, 2L * _largestElement);
        if (IsJmc1 || _largestElement > MaxUnframedElement)
        {
            return false;
        }

        long end = Math.Min(_buffer.Length, elementStart + lookahead);
        if (end < elementStart + lookahead && !_completed)
        {
            return false; // too few bytes yet to be sure the element is among them
        }

        ReadOnlySpan<byte> span = Contiguous(end);
        int valueStart = (int)elementStart;
        while (valueStart < span.Length && span[valueStart] is (byte)' ' or (byte)'\t' or (byte)'\r' or (byte)'\n')
        {
            valueStart++;
        }

        if (valueStart >= span.Length || span[valueStart] is not ((byte)'{' or (byte)'[' or (byte)'"'))
        {
            return false; // a number or literal could go on past the bytes buffered
        }

        (int count, int hint, object? collection) = (state.Count, state.Hint, state.Collection);
        _window.Tail = _completed && end == _buffer.Length ? 0 : Math.Max(0, (_length ?? _maxBytes) - _window.Base - end);
        var reader = new JsonableReader(span, _format, _options, _state, _window);
        try
        {
            more = _type.ReadElement(ref reader, ref _target, id, state);
        }
        catch (Exception exception) when (exception is not OutOfMemoryException && !EnumNamesRefusal.Is(exception))
        {
            // Too few bytes after all, or a malformed element: read again as a framed piece.
            (state.Count, state.Hint, state.Collection) = (count, hint, collection);
            more = false;
            return false;
        }

        _largestElement = Math.Max(_largestElement, reader.BytesConsumed - valueStart);
        Commit(ref reader, span, valueStart);
        return true;
    }

    /// <summary>The value that starts at or after <paramref name="from"/> (whitespace first): where it starts and ends, or the rest of the body.</summary>
    private async ValueTask<(long Start, long End)> FrameValueAsync(long from)
    {
        ItemFramer framer = ItemFramer.ForValue(IsJmc1);
        while (true)
        {
            ItemFrame frame;
            try
            {
                frame = framer.Next(_buffer.Slice(from), isFinalBlock: false);
            }
            catch (JsonableException)
            {
                break; // bytes the framer does not expect: the reader judges them, from the rest of the body
            }

            if (frame.Kind == FrameKind.Item)
            {
                return (from + frame.Start, from + frame.End);
            }

            if (!await MoreAsync().ConfigureAwait(false))
            {
                break;
            }
        }

        await ReadToEndAsync().ConfigureAwait(false);
        return (-1, _buffer.Length);
    }

    private enum StepKind
    {
        ObjectStart,
        Member,
        Element,
        EndOfDocument,
    }

    /// <summary>
    /// Reads the first <paramref name="end"/> bytes as one piece; on success the bytes the reader consumed are done with,
    /// and the path context moves over those before <paramref name="valueStart"/> (a whole value leaves it as it was;
    /// -1: over all it consumed). Errors get the document's offset.
    /// </summary>
    private async ValueTask<int> StepAsync(StepKind kind, long end, long valueStart, int id, bool valueInWindow = false, JsonableIncrementalState? state = null, bool commit = true)
    {
        if (!_completed || end != _buffer.Length)
        {
            (int count, int hint, object? collection) = state is null ? default : (state.Count, state.Hint, state.Collection);
            try
            {
                return StepCore(kind, end, valueStart, id, valueInWindow, state, commit);
            }
            catch (JsonableException)
            {
                // The piece ended where the body goes on, and the error may depend on what follows (a JMC1 comment the
                // framing took for a value's end, a count or length claim checked against the bytes left): it is the
                // reader's error over the rest of the body that counts. Read the piece again with all of it.
                if (state is not null)
                {
                    (state.Count, state.Hint, state.Collection) = (count, hint, collection);
                }
            }

            await ReadToEndAsync().ConfigureAwait(false);
            end = _buffer.Length;
            valueStart = -1;
        }

        return StepCore(kind, end, valueStart, id, valueInWindow, state, commit);
    }

    private int StepCore(StepKind kind, long end, long valueStart, int id, bool valueInWindow, JsonableIncrementalState? state, bool commit)
    {
        ReadOnlySpan<byte> span = Contiguous(end);
        _window.Tail = _completed && end == _buffer.Length ? 0 : Math.Max(0, (_length ?? _maxBytes) - _window.Base - end);
        var reader = new JsonableReader(span, _format, _options, _state, _window);
        int answer = 0;
        try
        {
            switch (kind)
            {
                case StepKind.ObjectStart:
                    reader.TryReadObjectStart();
                    break;
                case StepKind.Member:
                    bool first = _first;
                    answer = _type.ReadMember(ref reader, ref _target, ref first, valueInWindow);
                    if (commit)
                    {
                        _first = first;
                    }

                    break;
                case StepKind.Element:
                    answer = _type.ReadElement(ref reader, ref _target, id, state!) ? 1 : 0;
                    break;
                default:
                    reader.ReadEndOfDocument();
                    break;
            }
        }
        catch (JsonableException exception)
        {
            reader.AttachPath(exception);
            throw InDocument(exception);
        }
        catch (Exception exception) when (exception is not OutOfMemoryException && !EnumNamesRefusal.Is(exception))
        {
            throw InDocument(reader.Wrap(exception));
        }

        if (commit)
        {
            Commit(ref reader, span, valueStart);
        }

        return answer;
    }

    /// <summary>
    /// Whether a number or literal the reader has just read is, as System.Text.Json tokenizes it, not over yet: glued to
    /// what follows (<c>1"name"</c>, <c>01</c>: one malformed token) or, for a number, cut off by the end of the body.
    /// </summary>
    private bool StillInValue(ReadOnlySpan<byte> span, int consumed)
    {
        byte last = span[consumed - 1];
        if (last is (byte)'"' or (byte)'}' or (byte)']')
        {
            return false;
        }

        if (consumed < _buffer.Length)
        {
            // The byte after the value, which the window may not hold (it ends where the framing ended the value).
            byte next = consumed < span.Length ? span[consumed] : _buffer.Slice(consumed, 1).FirstSpan[0];
            return next is not ((byte)',' or (byte)'}' or (byte)']' or (byte)' ' or (byte)'\t' or (byte)'\r' or (byte)'\n' or (byte)'/');
        }

        // Framing ends a value at the end of what arrived only once the body has ended.
        return last is >= (byte)'0' and <= (byte)'9';
    }

    /// <summary>
    /// The bytes the reader consumed are done with: the path context moves over those before <paramref name="valueStart"/>
    /// (-1: over all of them), and the buffer (and its contiguous copy) starts after them.
    /// </summary>
    private void Commit(ref JsonableReader reader, ReadOnlySpan<byte> span, long valueStart)
    {
        int consumed = reader.BytesConsumed;
        JsonPathLocator.Advance(span, _window.Base == 0 && span.StartsWith("\uFEFF"u8) ? 3 : 0, valueStart < 0 ? consumed : (int)valueStart, IsJmc1, _window.Frames, atDocumentEnd: _completed && consumed == _buffer.Length);
        if (valueStart >= 0 && consumed > valueStart && _window.Frames.Count > 0 && !StillInValue(span, consumed))
        {
            // The value from valueStart was read whole: an error after it lies past it, as the scan puts one after a value.
            _window.Frames[^1] = JsonPathLocator.PastValue(_window.Frames[^1]);
        }

        _state = reader.State;
        _buffer = _buffer.Slice(consumed);
        _window.Base += consumed;
        if (_copied >= consumed)
        {
            _scratchStart += consumed;
            _copied -= consumed;
        }
        else
        {
            _scratchStart = 0;
            _copied = 0;
        }
    }

    private JsonableException InDocument(JsonableException exception) =>
        new(exception.Reason, _window.Base + Math.Max(exception.BytePosition, 0), exception.Path, exception) { IsSizeLimit = exception.IsSizeLimit };

    private T? ReadWhole()
    {
        ReadOnlySpan<byte> span = Contiguous(_buffer.Length);
        T? value = JsonableMetadataServices.ReadDocument(span, _format, reuseInstance: false, _options, _readWhole);
        _buffer = _buffer.Slice(_buffer.End);
        return value;
    }

    /// <summary>The buffer's first <paramref name="end"/> bytes in one span: where they lie when they are in its first segment.</summary>
    private ReadOnlySpan<byte> Contiguous(long end)
    {
        ReadOnlySpan<byte> first = _buffer.FirstSpan;
        if (first.Length >= end)
        {
            return first[..(int)end];
        }

        // Across segments: copied into a buffer that keeps them for the next pieces, so each byte is copied once
        // however many pieces (or attempts) read it.
        int length = checked((int)end);
        if (_copied < length)
        {
            if (_scratch is null || _scratch.Length - _scratchStart < length)
            {
                byte[]? old = _scratch;
                if (old is not null && old.Length >= length && _copied <= old.Length / 2)
                {
                    old.AsSpan(_scratchStart, _copied).CopyTo(old);
                }
                else
                {
                    int size = Math.Max(length < MaxUnframedElement ? length * 2 : length, 64 * 1024);
                    bool oldPooled = _scratchPooled;

                    // A piece of a megabyte or more (a huge member value, the rest of a malformed body) gets an array of
                    // its own: the shared pool would keep it after the request.
                    _scratchPooled = size < MaxPooledScratch;
                    _scratch = _scratchPooled ? ArrayPool<byte>.Shared.Rent(size) : GC.AllocateUninitializedArray<byte>(size);
                    old?.AsSpan(_scratchStart, _copied).CopyTo(_scratch);
                    ReturnScratch(old, oldPooled);
                }

                _scratchStart = 0;
            }

            _buffer.Slice(_copied, length - _copied).CopyTo(_scratch.AsSpan(_scratchStart + _copied));
            _copied = length;
        }

        return _scratch.AsSpan(_scratchStart, length);
    }

    private static void ReturnScratch(byte[]? scratch, bool pooled)
    {
        if (scratch is not null && pooled)
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    private async ValueTask FillAsync()
    {
        ReadResult result = await _input.ReadAsync(_cancellationToken).ConfigureAwait(false);
        Take(result);
    }

    /// <summary>Reads more; false when the body has ended (or a skeleton piece is too long to re-scan: then it is read with the rest).</summary>
    private async ValueTask<bool> MoreAsync(bool skeleton = false)
    {
        if (_completed || (skeleton && _buffer.Length > MaxSkeletonBytes))
        {
            return false;
        }

        _input.AdvanceTo(_buffer.Start, _buffer.End);
        _holding = false;
        ReadResult result = await _input.ReadAsync(_cancellationToken).ConfigureAwait(false);
        Take(result);
        return true;
    }

    private async ValueTask ReadToEndAsync()
    {
        while (await MoreAsync().ConfigureAwait(false))
        {
        }
    }

    private void Take(in ReadResult result)
    {
        _buffer = result.Buffer;
        _holding = true;
        _completed = result.IsCompleted || result.IsCanceled;
        if (_window.Base + _buffer.Length > _maxBytes)
        {
            throw new JsonableException($"The body is larger than the limit of {_maxBytes} bytes.", _maxBytes, "$") { IsSizeLimit = true };
        }
    }
}
