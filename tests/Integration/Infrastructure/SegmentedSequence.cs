using System;
using System.Buffers;

namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// Builds a <see cref="ReadOnlySequence{T}"/> of several segments: what a request pipe hands over for a body that
/// arrived in several reads. Shared by the request-body tests and the request-body benchmark.
/// </summary>
internal static class SegmentedSequence
{
    /// <summary><paramref name="bytes"/> cut into segments of <paramref name="size"/> bytes (the last one shorter).</summary>
    public static ReadOnlySequence<byte> Of(byte[] bytes, int size)
    {
        var first = new Segment(bytes.AsMemory(0, Math.Min(size, bytes.Length)), 0);
        Segment last = first;
        for (int at = size; at < bytes.Length; at += size)
        {
            last = last.Append(bytes.AsMemory(at, Math.Min(size, bytes.Length - at)));
        }

        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }

    /// <summary>The same <paramref name="block"/> <paramref name="count"/> times over, without allocating the whole.</summary>
    public static ReadOnlySequence<byte> Repeat(ReadOnlyMemory<byte> block, int count)
    {
        var first = new Segment(block, 0);
        Segment last = first;
        for (int i = 1; i < count; i++)
        {
            last = last.Append(block);
        }

        return new ReadOnlySequence<byte>(first, 0, last, block.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}
