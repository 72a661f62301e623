using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace Jsonable.Runtime.Tests.Incremental;

/// <summary>
/// A pipe reader over a body that arrives piece by piece: each read reveals one more piece (as a network would), and
/// each piece is its own segment, so a value can start in one segment and end many later. It records the most it was
/// holding for the reader (unconsumed bytes), and checks that the reader keeps the pipe's protocol.
/// </summary>
internal sealed class TricklePipeReader : PipeReader
{
    private readonly Segment[] _segments; // one per piece
    private readonly long[] _starts;
    private readonly long _length;
    private int _revealed; // pieces revealed so far
    private long _consumed;
    private bool _reading;

    public TricklePipeReader(byte[] body, IReadOnlyList<int> cuts)
    {
        // cuts: the offsets where a piece ends (ascending, the last is the body's length)
        var segments = new List<Segment>();
        var starts = new List<long>();
        long start = 0;
        Segment? previous = null;
        foreach (int cut in cuts)
        {
            var segment = new Segment(body.AsMemory((int)start, cut - (int)start), start);
            previous?.SetNext(segment);
            previous = segment;
            segments.Add(segment);
            starts.Add(start);
            start = cut;
        }

        _segments = segments.ToArray();
        _starts = starts.ToArray();
        _length = body.Length;
    }

    /// <summary>Pieces of <paramref name="size"/> bytes (1: every byte its own segment).</summary>
    public static TricklePipeReader Chunked(byte[] body, int size)
    {
        var cuts = new List<int>();
        for (int i = size; i < body.Length; i += size)
        {
            cuts.Add(i);
        }

        cuts.Add(body.Length);
        return new TricklePipeReader(body, body.Length == 0 ? [0] : cuts);
    }

    /// <summary>Pieces of random sizes up to <paramref name="maxSize"/>.</summary>
    public static TricklePipeReader Random(byte[] body, int seed, int maxSize)
    {
        var random = new Random(seed);
        var cuts = new List<int>();
        int at = 0;
        while (at < body.Length)
        {
            at = Math.Min(body.Length, at + random.Next(1, maxSize + 1));
            cuts.Add(at);
        }

        return new TricklePipeReader(body, body.Length == 0 ? [0] : cuts);
    }

    /// <summary>The most unconsumed bytes a read handed over.</summary>
    public long MostHeld { get; private set; }

    /// <summary>Whether everything was consumed.</summary>
    public bool AllConsumed => _consumed == _length;

    public override ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default)
    {
        if (_reading)
        {
            throw new InvalidOperationException("ReadAsync before AdvanceTo.");
        }

        _reading = true;
        if (_revealed < _segments.Length)
        {
            _revealed++;
        }

        return ValueTask.FromResult(new ReadResult(Buffer(), false, _revealed == _segments.Length));
    }

    public override bool TryRead(out ReadResult result)
    {
        result = default;
        return false;
    }

    public override void AdvanceTo(SequencePosition consumed) => AdvanceTo(consumed, consumed);

    public override void AdvanceTo(SequencePosition consumed, SequencePosition examined)
    {
        if (!_reading)
        {
            throw new InvalidOperationException("AdvanceTo without a read.");
        }

        _reading = false;
        long at = consumed.GetObject() is Segment segment ? segment.RunningIndex + consumed.GetInteger() : _consumed;
        if (at < _consumed)
        {
            throw new InvalidOperationException("AdvanceTo moved back.");
        }

        _consumed = at;
    }

    public override void CancelPendingRead()
    {
    }

    public override void Complete(Exception? exception = null)
    {
    }

    private ReadOnlySequence<byte> Buffer()
    {
        if (_segments.Length == 0)
        {
            return ReadOnlySequence<byte>.Empty;
        }

        int first = Array.BinarySearch(_starts, 0, _revealed, _consumed);
        if (first < 0)
        {
            first = ~first - 1;
        }

        Segment last = _segments[_revealed - 1];
        Segment start = _segments[Math.Min(first, _revealed - 1)];
        var buffer = new ReadOnlySequence<byte>(start, (int)(_consumed - start.RunningIndex), last, last.Memory.Length);
        MostHeld = Math.Max(MostHeld, buffer.Length);
        return buffer;
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public void SetNext(Segment next) => Next = next;
    }
}
