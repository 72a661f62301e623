using System;
using System.IO;
using System.IO.Pipelines;
using System.Text.Json;
using System.Threading.Tasks;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Runtime.Tests.Incremental;

/// <summary>
/// <see cref="JsonableSerializer.DeserializeAsync{T}(PipeReader, JsonableFormat, JsonableReaderOptions?, System.Threading.CancellationToken)"/>
/// reading twitter.json and citm_catalog.json piece by piece (one member, one element or entry at a time), in JSON and
/// JMC1, however the bytes arrive: the same values as the synchronous reader, holding the largest piece rather than the body.
/// </summary>
public sealed class IncrementalRealDataTests
{
    private static readonly byte[] s_twitter = File.ReadAllBytes(JsonData.DataPath("twitter.json"));
    private static readonly byte[] s_citm = File.ReadAllBytes(JsonData.DataPath("citm_catalog.json"));

    public static TheoryData<JsonableFormat, int> FormatsAndPieces()
    {
        var data = new TheoryData<JsonableFormat, int>();
        foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
        {
            foreach (int piece in new[] { 1, 7, 4093, -1, -2, int.MaxValue })
            {
                data.Add(format, piece); // negative: random pieces (seed = -piece)
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(FormatsAndPieces))]
    public async Task Twitter_read_piece_by_piece_equals_the_synchronous_read(JsonableFormat format, int piece)
    {
        TwitterRoot expected = TwitterRoot.CreateFromJson(s_twitter);
        byte[] body = format == JsonableFormat.Json ? s_twitter : JsonableSerializer.SerializeToUtf8Bytes(expected, JsonableFormat.Jmc1);
        TricklePipeReader pipe = Pipe(body, piece);

        TwitterRoot? actual = await JsonableSerializer.DeserializeAsync<TwitterRoot>(pipe, format);

        JsonData.AssertEqual(
            JsonSerializer.SerializeToUtf8Bytes(expected, RealDataJsonContext.Default.TwitterRoot),
            JsonSerializer.SerializeToUtf8Bytes(actual!, RealDataJsonContext.Default.TwitterRoot));
        Assert.True(pipe.AllConsumed);
        if (piece is > 0 and < 4096)
        {
            // The body is never held: at most the largest status (and a read's worth more).
            Assert.True(pipe.MostHeld < body.Length / 10, $"held {pipe.MostHeld} of {body.Length} bytes");
        }
    }

    [Theory]
    [MemberData(nameof(FormatsAndPieces))]
    public async Task Citm_read_piece_by_piece_equals_the_synchronous_read(JsonableFormat format, int piece)
    {
        CitmCatalog expected = JsonableSerializer.Deserialize<CitmCatalog>(s_citm)!;
        byte[] body = format == JsonableFormat.Json ? s_citm : JsonableSerializer.SerializeToUtf8Bytes(expected, JsonableFormat.Jmc1);
        TricklePipeReader pipe = Pipe(body, piece);

        CitmCatalog? actual = await JsonableSerializer.DeserializeAsync<CitmCatalog>(pipe, format);

        JsonData.AssertEqual(
            JsonSerializer.SerializeToUtf8Bytes(expected, RealDataJsonContext.Default.CitmCatalog),
            JsonSerializer.SerializeToUtf8Bytes(actual!, RealDataJsonContext.Default.CitmCatalog));
        Assert.True(pipe.AllConsumed);
        if (piece is > 0 and < 4096)
        {
            Assert.True(pipe.MostHeld < body.Length / 10, $"held {pipe.MostHeld} of {body.Length} bytes");
        }
    }

    [Fact]
    public async Task Twitter_read_piece_by_piece_allocates_about_what_the_span_read_allocates()
    {
        // Garbage interleaved with the objects that survive leaves holes in the heap the GC may not compact, so a
        // piece's reader must not allocate per piece (docs/performance.md, "Large bodies"). The pipe hands over 4 KB
        // at a time, each read completing at once, so everything runs on this thread.
        await JsonableSerializer.DeserializeAsync<TwitterRoot>(TricklePipeReader.Chunked(s_twitter, 4096));
        TwitterRoot.CreateFromJson(s_twitter);
        TricklePipeReader pipe = TricklePipeReader.Chunked(s_twitter, 4096);

        long before = GC.GetAllocatedBytesForCurrentThread();
        TwitterRoot.CreateFromJson(s_twitter);
        long span = GC.GetAllocatedBytesForCurrentThread() - before;
        before = GC.GetAllocatedBytesForCurrentThread();
        await JsonableSerializer.DeserializeAsync<TwitterRoot>(pipe);
        long pieces = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(pieces < span * 1.05, $"piece by piece allocated {pieces} bytes, the span read {span}");
    }

    internal static TricklePipeReader Pipe(byte[] body, int piece) =>
        piece < 0 ? TricklePipeReader.Random(body, -piece, 600) : TricklePipeReader.Chunked(body, Math.Min(piece, Math.Max(body.Length, 1)));
}
