using System;
using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Jsonable.Samples.RealData;

namespace Jsonable.Benchmarks;

/// <summary>
/// twitter.json (compact, as clients send it) read from a pipe whose bytes are all there, in 4 KB segments (what a
/// server's request pipe hands over): Jsonable piece by piece (<c>JsonableSerializer.DeserializeAsync</c> over the pipe),
/// Jsonable over one span, and System.Text.Json's <c>DeserializeAsync</c> from a stream. Compares the CPU cost of reading
/// a large body piece by piece (docs/performance.md, "Large bodies"); the bytes arriving over the network are not timed.
/// </summary>
[BenchmarkCategory("Read", "Twitter", "Pipe")]
public class TwitterPipeReadBenchmarks : IScenario
{
    private byte[] _json = null!;
    private ReadOnlySequence<byte> _segments;

    /// <inheritdoc/>
    [GlobalSetup]
    public void Setup()
    {
        _json = Payloads.Twitter.JsonableJson;
        _segments = Segments(_json, 4096);
        Payloads.Twitter.AssertSameData(nameof(Jsonable_PieceByPiece), Jsonable_PieceByPiece());
        Payloads.Twitter.AssertSameData(nameof(Jsonable_Span), Jsonable_Span());
        Payloads.Twitter.AssertSameData(nameof(Stj_DeserializeAsync), Stj_DeserializeAsync());
    }

    /// <summary>STJ source-gen, <c>DeserializeAsync</c> from a stream: the baseline.</summary>
    [Benchmark(Baseline = true)]
    public TwitterRoot Stj_DeserializeAsync() =>
        JsonSerializer.DeserializeAsync(new MemoryStream(_json, writable: false), RealDataJsonContext.Default.TwitterRoot).AsTask().GetAwaiter().GetResult()!;

    /// <summary>Jsonable piece by piece from a pipe of 4 KB segments.</summary>
    [Benchmark]
    public TwitterRoot Jsonable_PieceByPiece() =>
        JsonableSerializer.DeserializeAsync<TwitterRoot>(PipeReader.Create(_segments)).AsTask().GetAwaiter().GetResult()!;

    /// <summary>Jsonable over the whole body in one span (what the server does for a body it holds whole).</summary>
    [Benchmark]
    public TwitterRoot Jsonable_Span() => TwitterRoot.CreateFromJson(_json);

    private static ReadOnlySequence<byte> Segments(byte[] bytes, int size)
    {
        Segment? first = null;
        Segment? last = null;
        for (int i = 0; i < bytes.Length; i += size)
        {
            var segment = new Segment(bytes.AsMemory(i, Math.Min(size, bytes.Length - i)), i);
            if (last is null)
            {
                first = segment;
            }
            else
            {
                last.SetNext(segment);
            }

            last = segment;
        }

        return new ReadOnlySequence<byte>(first!, 0, last!, last!.Memory.Length);
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
