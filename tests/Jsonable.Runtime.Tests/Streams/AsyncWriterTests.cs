using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Runtime.Tests.Polymorphism;
using Jsonable.Samples.RealData;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.Streams;

/// <summary>
/// The generated asynchronous writer behind <see cref="JsonableTypeInfo.WriteDocumentAsync"/> for root objects that hold
/// collections: the same bytes as the synchronous writer in JSON and JMC1 at any flush threshold, flushes that come
/// between elements (so what waits for a flush is bounded by the threshold and the largest element, not the document),
/// and cancellation between them.
/// </summary>
public sealed class AsyncWriterTests
{
    /// <summary>The server's default flush threshold (JsonableOptions.ResponseBufferSize).</summary>
    private const int DefaultThreshold = 32 * 1024;

    private const int AsyncWriteContextLarge = JsonableAsyncWriteContext.LargeCollection;

    private static readonly byte[] s_twitter = File.ReadAllBytes(JsonData.DataPath("twitter.json"));
    private static readonly byte[] s_citm = File.ReadAllBytes(JsonData.DataPath("citm_catalog.json"));

    public static TheoryData<string, JsonableFormat, int> Cases()
    {
        var data = new TheoryData<string, JsonableFormat, int>();
        foreach (string document in new[] { "twitter", "citm", "shapes", "sparse", "empty", "status" })
        {
            foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
            {
                foreach (int threshold in new[] { 1, 64, DefaultThreshold })
                {
                    data.Add(document, format, threshold);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Async_writer_writes_the_synchronous_writers_bytes(string document, JsonableFormat format, int threshold)
    {
        (byte[] expected, byte[] actual, List<long> flushes) = document switch
        {
            "twitter" => await BothWays(TwitterRoot.CreateFromJson(s_twitter), format, threshold),
            "citm" => await BothWays(CitmCatalog.CreateFromJson(s_citm), format, threshold),
            "shapes" => await BothWays(CreateShapes(), format, threshold),
            "sparse" => await BothWays(new AsyncSparse { Values = [.. Enumerable.Range(0, AsyncWriteContextLarge)] }, format, threshold),
            "status" => await BothWays(TwitterRoot.CreateFromJson(s_twitter).statuses![0], format, threshold),
            _ => await BothWays(new AsyncShapes(), format, threshold),
        };

        Assert.Equal(Text(expected), Text(actual));
        if (document is "empty" or "status")
        {
            // No collection of LargeCollection elements: one synchronous call, never a flush.
            Assert.Equal([expected.Length], flushes);
        }
        else if (threshold < expected.Length)
        {
            // The document left in pieces: the asynchronous writer ran, not the synchronous one behind an await.
            Assert.True(flushes.Count > 1, $"{flushes.Count} flushes for {expected.Length} bytes at a threshold of {threshold}");
        }
    }

    [Fact]
    public async Task Bytes_waiting_for_a_flush_are_bounded_by_the_largest_element_not_the_document()
    {
        // 2,000 statuses (about 10 MB of JSON) under a root object, as the sample's large responses are.
        TwitterRoot source = TwitterRoot.CreateFromJson(s_twitter);
        var search = new TwitterRoot
        {
            search_metadata = source.search_metadata,
            statuses = Enumerable.Repeat(source.statuses!, 20).SelectMany(s => s).ToList(),
        };
        long largestStatus = search.statuses.Max(s => (long)s.ToJsonable().Length);

        (byte[] expected, byte[] actual, List<long> flushes) = await BothWays(search, JsonableFormat.Json, DefaultThreshold);

        Assert.Equal(expected.Length, actual.Length);
        long largestChunk = flushes.Max();
        Assert.True(largestChunk <= DefaultThreshold + largestStatus, $"{largestChunk} bytes waited for one flush; the threshold is {DefaultThreshold}, the largest status {largestStatus}");
        Assert.True(largestChunk * 100 < expected.Length, $"{largestChunk} bytes waited for one flush of a {expected.Length}-byte document");
    }

    [Fact]
    public async Task Cancellation_stops_the_document_at_the_next_flush()
    {
        TwitterRoot search = TwitterRoot.CreateFromJson(s_twitter);
        JsonableTypeInfo info = JsonableRegistry.GetTypeInfo<TwitterRoot>()!;
        var output = new ArrayBufferWriter<byte>();
        using var cancel = new CancellationTokenSource();
        int flushes = 0;

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await info.WriteDocumentAsync(
            output,
            search,
            JsonableFormat.Json,
            null,
            async token =>
            {
                await Task.Yield();
                if (++flushes == 3)
                {
                    await cancel.CancelAsync();
                }
            },
            4096,
            cancel.Token));

        Assert.Equal(3, flushes);
        int whole = search.ToJson().Length;
        Assert.True(output.WrittenCount < whole / 10, $"{output.WrittenCount} of about {whole} bytes were written after cancellation");
    }

    [Fact]
    public async Task A_flush_that_fails_because_the_client_stopped_reading_ends_the_write()
    {
        // What the server's response writer does when the pipe's flush reports the client gone.
        TwitterRoot search = TwitterRoot.CreateFromJson(s_twitter);
        JsonableTypeInfo info = JsonableRegistry.GetTypeInfo<TwitterRoot>()!;
        var output = new ArrayBufferWriter<byte>();
        int flushes = 0;

        OperationCanceledException stopped = await Assert.ThrowsAsync<OperationCanceledException>(async () => await info.WriteDocumentAsync(
            output,
            search,
            JsonableFormat.Jmc1,
            null,
            async token =>
            {
                await Task.Yield();
                flushes++;
                throw new OperationCanceledException("The client stopped reading the response.");
            },
            4096,
            CancellationToken.None));

        Assert.Equal("The client stopped reading the response.", stopped.Message);
        Assert.Equal(1, flushes);
        Assert.InRange(output.WrittenCount, 4096, 4096 + s_twitter.Length / 10);
    }

    private static async Task<(byte[] Expected, byte[] Actual, List<long> Flushes)> BothWays<T>(T value, JsonableFormat format, int threshold)
    {
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>()!;
        var sync = new ArrayBufferWriter<byte>();
        JsonableMetadataServices.WriteDocument(sync, value, format, null, info.Write, isObject: true);

        var output = new ArrayBufferWriter<byte>();
        var flushes = new List<long>();
        int flushedAt = 0;
        await info.WriteDocumentAsync(
            output,
            value,
            format,
            null,
            async token =>
            {
                // A real suspension each time: the writer's state must survive it.
                await Task.Yield();
                flushes.Add(output.WrittenCount - flushedAt);
                flushedAt = output.WrittenCount;
            },
            threshold,
            CancellationToken.None);
        flushes.Add(output.WrittenCount - flushedAt);
        return (sync.WrittenSpan.ToArray(), output.WrittenSpan.ToArray(), flushes);
    }

    private static string Text(byte[] bytes) => System.Text.Encoding.UTF8.GetString(bytes);

    private static AsyncShapes CreateShapes()
    {
        AsyncLeaf[] leaves = Enumerable.Range(0, 40).Select(i => new AsyncLeaf { Text = "leaf \"" + i + "\" é", Weight = i / 3.0 }).ToArray();
        var branch = new AsyncBranch { Label = "root", Leaves = [.. leaves], Next = new AsyncBranch { Label = "next", Leaves = [], Next = new AsyncBranch() } };
        return new AsyncShapes
        {
            MaybeFirst = null,
            Id = 42,
            Name = "Shapes \u2603",
            Rank = null,
            Score = 0,
            Color = AsyncColor.Blue,
            NamedColor = AsyncColor.Green,
            At = new DateTimeOffset(2026, 11, 26, 16, 0, 0, TimeSpan.FromHours(1)),
            Key = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
            Blob = [1, 2, 3, 250],
            Numbers = Enumerable.Range(0, 100).ToArray(),
            Words = ["a", null, "c\n"],
            Grid = [[1, 2], [], [3]],
            Tags = ["x", "y"],
            Lazy = leaves.Where(l => l.Weight > 5),
            ReadOnlyLeaves = leaves,
            ByName = leaves.ToDictionary(l => l.Text),
            ByNumber = new() { [1] = "one", [-2] = "minus two" },
            ByColor = new() { [AsyncColor.Red] = 1, [AsyncColor.Blue] = 3 },
            ByKey = new Dictionary<Guid, int[]> { [Guid.Empty] = [1, 2], [Guid.Parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8")] = [] },
            MaybeMap = new() { ["k"] = "v" },
            Branch = branch,
            Inline = new AsyncBranchStruct { Size = 2, Leaves = [.. leaves.Take(2)] },
            Leaf = leaves[0],
            Polymorphic = new Circle { Color = "red", Radius = 2 },
            Shapes = [new Square { Side = 1 }, new Group { Children = [new Triangle()] }],
            Group = new Group { Color = "g", Children = [new Circle()] },
            MaybeBranch = null,
            Extra = new() { ["unknown"] = JsonDocument.Parse("{\"a\":[1,2]}").RootElement.Clone() },
        };
    }
}
