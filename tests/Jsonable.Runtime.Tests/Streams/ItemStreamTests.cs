using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Runtime.Tests.Streams;

/// <summary>
/// <see cref="JsonableSerializer.DeserializeAsyncEnumerable{T}(PipeReader, JsonableStreamFormat, JsonableStreamReaderOptions?, CancellationToken)"/>:
/// the statuses of twitter.json as a JSON array, a JMC1 array and JSON Lines, however the bytes arrive, read as System.Text.Json
/// reads them; errors name the item; the pipe never holds more than the unfinished item.
/// </summary>
public sealed class ItemStreamTests
{
    private static readonly byte[] s_twitter = File.ReadAllBytes(JsonData.DataPath("twitter.json"));
    private static readonly List<Status> s_statuses = TwitterRoot.CreateFromJson(s_twitter).statuses!;

    public static TheoryData<JsonableStreamFormat, int> FormatsAndChunks()
    {
        var data = new TheoryData<JsonableStreamFormat, int>();
        foreach (JsonableStreamFormat format in Enum.GetValues<JsonableStreamFormat>())
        {
            foreach (int chunk in new[] { 1, 7, 4093, int.MaxValue })
            {
                data.Add(format, chunk);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(FormatsAndChunks))]
    public async Task Twitter_statuses_read_item_by_item_equal_what_Stj_reads(JsonableStreamFormat format, int chunk)
    {
        byte[] body = Body(s_statuses, format);
        List<Status?> items = await ReadAll<Status>(body, format, chunk);

        Assert.Equal(100, items.Count);
        TwitterRoot stj = JsonSerializer.Deserialize(s_twitter, RealDataJsonContext.Default.TwitterRoot)!;
        for (int i = 0; i < items.Count; i++)
        {
            JsonData.AssertEqual(
                JsonSerializer.SerializeToUtf8Bytes(stj.statuses![i], RealDataJsonContext.Default.Status),
                JsonSerializer.SerializeToUtf8Bytes(items[i]!, RealDataJsonContext.Default.Status));
        }
    }

    [Theory]
    [InlineData(JsonableStreamFormat.JsonArray, "[]")]
    [InlineData(JsonableStreamFormat.JsonArray, "\uFEFF \r\n[ ]\n")]
    [InlineData(JsonableStreamFormat.Jmc1Array, "/*JMC1*/[]")]
    [InlineData(JsonableStreamFormat.JsonLines, "")]
    [InlineData(JsonableStreamFormat.JsonLines, "\n \r\n\t\n")]
    public async Task Empty_streams_have_no_items(JsonableStreamFormat format, string body)
    {
        Assert.Empty(await ReadAll<Status>(Encoding.UTF8.GetBytes(body), format, 1));
    }

    [Fact]
    public async Task Json_lines_skip_blank_lines_accept_crlf_and_a_last_line_without_newline()
    {
        byte[] body = "{\"id\":1}\r\n\n  \n{\"id\":2}\n\n{\"id\":3}"u8.ToArray();

        List<Status?> items = await ReadAll<Status>(body, JsonableStreamFormat.JsonLines, 1);

        Assert.Equal([1L, 2L, 3L], items.Select(s => s!.id));
    }

    [Theory]
    [InlineData(JsonableStreamFormat.JsonArray)]
    [InlineData(JsonableStreamFormat.Jmc1Array)]
    [InlineData(JsonableStreamFormat.JsonLines)]
    public async Task Brackets_quotes_and_backslashes_inside_strings_do_not_end_an_item(JsonableStreamFormat format)
    {
        string[] texts = ["]}", "\"],[{\"", "\\", "\\\"", "a\\\\\"]"];
        List<Status> statuses = [.. texts.Select((text, i) => new Status { id = i, text = text, user = new TwitterUser { name = text } })];
        byte[] body = Body(statuses, format);
        foreach (int chunk in new[] { 1, 2, 3 })
        {
            List<Status?> items = await ReadAll<Status>(body, format, chunk);
            Assert.Equal(texts, items.Select(s => s!.text));
            Assert.Equal(texts, items.Select(s => s!.user!.name));
        }
    }

    [Fact]
    public async Task Null_items_are_null()
    {
        List<Status?> items = await ReadAll<Status>("[null,{\"id\":2},null]"u8.ToArray(), JsonableStreamFormat.JsonArray, 1);

        Assert.Equal(3, items.Count);
        Assert.Null(items[0]);
        Assert.Equal(2, items[1]!.id);
        Assert.Null(items[2]);
    }

    [Theory]
    [InlineData(JsonableStreamFormat.JsonArray, "$[1234].user.name")]
    [InlineData(JsonableStreamFormat.Jmc1Array, "$[1234].user.name")]
    [InlineData(JsonableStreamFormat.JsonLines, "line 1237: $.user.name")]
    public async Task A_bad_item_names_its_index_or_line_and_its_offset_in_the_stream(JsonableStreamFormat format, string path)
    {
        byte[] body = ManyItemsWithBadOne(format, count: 2000, bad: 1234);
        var seen = new List<long>();

        JsonableException error = await Assert.ThrowsAsync<JsonableException>(async () =>
        {
            await foreach (Status? item in JsonableSerializer.DeserializeAsyncEnumerable<Status>(Segmented(body, 1000), format))
            {
                seen.Add(item!.id);
            }
        });

        Assert.Equal(path, error.Path);
        Assert.False(error.IsSizeLimit);
        Assert.Equal(1234, seen.Count); // the items before it were handed over
        Assert.Equal(IndexOf(body, "\"name\":5"u8) + 7, error.BytePosition); // the 5, where a string was due
    }

    [Theory]
    [InlineData(3, 4, "$[3]", 3)]
    [InlineData(5, 4, "$", 4)]
    [InlineData(0, 1, "$[0]", 0)]
    public async Task A_jmc1_count_that_disagrees_with_the_items_is_an_error(int claimed, int actual, string path, int handedOver)
    {
        byte[] body = WithCount(Body(s_statuses.Take(actual).ToList(), JsonableStreamFormat.Jmc1Array), claimed);
        var seen = new List<Status?>();

        JsonableException error = await Assert.ThrowsAsync<JsonableException>(async () =>
        {
            await foreach (Status? item in JsonableSerializer.DeserializeAsyncEnumerable<Status>(Segmented(body, 1), JsonableStreamFormat.Jmc1Array))
            {
                seen.Add(item);
            }
        });

        Assert.Contains($"says {claimed} items", error.Reason, StringComparison.Ordinal);
        Assert.Equal(path, error.Path);
        Assert.Equal(handedOver, seen.Count);
    }

    [Fact]
    public async Task A_true_jmc1_count_reads()
    {
        byte[] body = Body(s_statuses.Take(4).ToList(), JsonableStreamFormat.Jmc1Array);
        Assert.Equal(WithCount(body, 4), body); // the writer wrote the count the test rewrites elsewhere

        Assert.Equal(4, (await ReadAll<Status>(body, JsonableStreamFormat.Jmc1Array, 1)).Count);
    }

    [Theory]
    [InlineData(JsonableStreamFormat.JsonArray, "[{\"id\":1},{\"id\":2},{\"id\":", "$[2]", "ends inside item 2")]
    [InlineData(JsonableStreamFormat.JsonArray, "[{\"id\":1},{\"id\":\"a\\\"", "$[1]", "ends inside item 1")]
    [InlineData(JsonableStreamFormat.JsonArray, "[{\"id\":1}", "$", "before its array is closed")]
    [InlineData(JsonableStreamFormat.JsonArray, "[{\"id\":1},]", "$", "must be followed by another item")]
    [InlineData(JsonableStreamFormat.JsonArray, "[{\"id\":1}{\"id\":2}]", "$", "Expected ',' or ']' after item 0")]
    [InlineData(JsonableStreamFormat.JsonArray, "[{\"id\":1}] x", "$", "after the end of the stream")]
    [InlineData(JsonableStreamFormat.JsonArray, "{\"id\":1}", "$", "Expected an array")]
    [InlineData(JsonableStreamFormat.JsonArray, "", "$", "The stream is empty")]
    [InlineData(JsonableStreamFormat.JsonArray, "[1]", "$[0]", "")]
    [InlineData(JsonableStreamFormat.JsonArray, "[{\"id\":1 2}]", "$[0]", "")]
    [InlineData(JsonableStreamFormat.Jmc1Array, "/*JMC1*//*JMC1*/[]", "$", "Only one JMC1 header")]
    [InlineData(JsonableStreamFormat.Jmc1Array, "/*JMC1*/[/*JMC1*/{\"id\":1}]/*JMC1*/", "$", "after the end of the stream")]
    [InlineData(JsonableStreamFormat.Jmc1Array, "/*JMC1*/[/*JMC1*/{\"id\":/*JMC1*/1}]", "$[0].id", "")]
    [InlineData(JsonableStreamFormat.JsonLines, "{\"id\":1}\n{\"id\":1}{\"id\":2}\n", "line 2: $", "after the end of the document")]
    [InlineData(JsonableStreamFormat.JsonLines, "{\"id\":1}\n{\"id\":\n2}\n", "line 2: $", "")]
    public async Task A_malformed_stream_is_an_error_naming_where(JsonableStreamFormat format, string body, string path, string reason)
    {
        foreach (int chunk in new[] { 1, int.MaxValue })
        {
            JsonableException error = await Assert.ThrowsAsync<JsonableException>(() => ReadAll<Status>(Encoding.UTF8.GetBytes(body), format, chunk));
            Assert.StartsWith(path, error.Path, StringComparison.Ordinal);
            Assert.Contains(reason, error.Reason, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData(JsonableStreamFormat.JsonArray, "$[1]")]
    [InlineData(JsonableStreamFormat.JsonLines, "line 2")]
    public async Task An_item_over_the_item_limit_is_a_size_error(JsonableStreamFormat format, string path)
    {
        var items = new List<Status> { new() { id = 1 }, new() { id = 2, text = new string('x', 1500) }, new() { id = 3 } };
        var options = new JsonableStreamReaderOptions { MaxItemBytes = 1000 };
        foreach (int chunk in new[] { 1, 100, int.MaxValue })
        {
            var seen = new List<Status?>();
            JsonableException error = await Assert.ThrowsAsync<JsonableException>(async () =>
            {
                await foreach (Status? s in JsonableSerializer.DeserializeAsyncEnumerable<Status>(Segmented(Body(items, format), chunk), format, options))
                {
                    seen.Add(s);
                }
            });

            Assert.True(error.IsSizeLimit);
            Assert.Equal(path, error.Path);
            Assert.Contains("limit of 1000 bytes", error.Reason, StringComparison.Ordinal);
            Assert.Single(seen);
        }
    }

    [Fact]
    public async Task A_stream_over_the_total_limit_is_a_size_error()
    {
        byte[] body = Body(s_statuses, JsonableStreamFormat.JsonArray);
        var options = new JsonableStreamReaderOptions { MaxTotalBytes = body.Length - 1 };

        JsonableException error = await Assert.ThrowsAsync<JsonableException>(() => ReadAll<Status>(body, JsonableStreamFormat.JsonArray, 4096, options));

        Assert.True(error.IsSizeLimit);
        Assert.Equal(100, (await ReadAll<Status>(body, JsonableStreamFormat.JsonArray, 4096, options with { MaxTotalBytes = body.Length })).Count);
    }

    [Fact]
    public async Task Items_are_handed_over_as_soon_as_they_are_complete()
    {
        var pipe = new Pipe();
        await using IAsyncEnumerator<Status?> items = JsonableSerializer.DeserializeAsyncEnumerable<Status>(pipe.Reader, JsonableStreamFormat.JsonArray).GetAsyncEnumerator();

        await pipe.Writer.WriteAsync("[{\"id\":1},{\"id\":"u8.ToArray());
        Assert.True(await items.MoveNextAsync());
        Assert.Equal(1, items.Current!.id);

        ValueTask<bool> second = items.MoveNextAsync();
        Assert.False(second.IsCompleted); // item 1 is not complete yet
        await pipe.Writer.WriteAsync("2}"u8.ToArray());
        Assert.True(await second);
        Assert.Equal(2, items.Current!.id);

        ValueTask<bool> end = items.MoveNextAsync();
        await pipe.Writer.WriteAsync("]"u8.ToArray());
        Assert.False(end.IsCompleted); // ']' then whitespace: the stream is over only when the writer says so
        await pipe.Writer.CompleteAsync();
        Assert.False(await end);
    }

    [Fact]
    public async Task Cancellation_stops_a_read_waiting_for_data()
    {
        using var cancel = new CancellationTokenSource();
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync("[{\"id\":1},"u8.ToArray());
        await using IAsyncEnumerator<Status?> items = JsonableSerializer.DeserializeAsyncEnumerable<Status>(pipe.Reader, JsonableStreamFormat.JsonArray, cancellationToken: cancel.Token).GetAsyncEnumerator();
        Assert.True(await items.MoveNextAsync());

        ValueTask<bool> waiting = items.MoveNextAsync();
        Assert.False(waiting.IsCompleted);
        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await waiting);
    }

    [Theory]
    [InlineData(JsonableStreamFormat.JsonArray)]
    [InlineData(JsonableStreamFormat.Jmc1Array)]
    [InlineData(JsonableStreamFormat.JsonLines)]
    public async Task The_pipe_holds_no_more_than_the_unfinished_item(JsonableStreamFormat format)
    {
        // 40 copies of the statuses (~2.5 MB), written in 1,000-byte chunks into a pipe that stops the writer at 16 KB
        // unconsumed, as Kestrel's request pipe does: a reader that consumed nothing before the end would stall it.
        List<Status> many = [.. Enumerable.Repeat(s_statuses, 40).SelectMany(s => s)];
        byte[] body = Body(many, format);
        int largest = s_statuses.Max(s => JsonableSerializer.SerializeToUtf8Bytes(s, format == JsonableStreamFormat.Jmc1Array ? JsonableFormat.Jmc1 : JsonableFormat.Json).Length);
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 16 * 1024, resumeWriterThreshold: 8 * 1024));
        var watched = new WatchingReader(pipe.Reader);
        Task writing = WriteInChunks(pipe.Writer, body, 1000);

        async Task<int> Read()
        {
            int count = 0;
            await foreach (Status? item in JsonableSerializer.DeserializeAsyncEnumerable<Status>(watched, format))
            {
                count++;
                await Task.Yield(); // let the writer run ahead
            }

            return count;
        }

        Task<int> reading = Read();
        await Task.WhenAll(reading, writing).WaitAsync(TimeSpan.FromMinutes(1)); // a guard against a stall, not a time limit
        int count = await reading;
        Assert.Equal(4000, count);
        Assert.True(body.Length > 2_000_000);
        Assert.InRange(watched.LargestBuffer, 1, largest + (16 * 1024) + 1000);
    }

    [Fact]
    public async Task The_stream_overload_reads_and_leaves_the_stream_open()
    {
        var stream = new MemoryStream(Body(s_statuses, JsonableStreamFormat.JsonLines));
        int count = 0;
        await foreach (Status? item in JsonableSerializer.DeserializeAsyncEnumerable<Status>(stream, JsonableStreamFormat.JsonLines))
        {
            Assert.Equal(s_statuses[count++].id, item!.id);
        }

        Assert.Equal(100, count);
        Assert.True(stream.CanRead);
    }

    internal static byte[] Body<T>(IReadOnlyList<T> items, JsonableStreamFormat format)
    {
        if (format == JsonableStreamFormat.JsonLines)
        {
            var lines = new MemoryStream();
            foreach (T item in items)
            {
                lines.Write(JsonableSerializer.SerializeToUtf8Bytes(item));
                lines.WriteByte((byte)'\n');
            }

            return lines.ToArray();
        }

        return JsonableSerializer.SerializeToUtf8Bytes(items.ToList(), format == JsonableStreamFormat.Jmc1Array ? JsonableFormat.Jmc1 : JsonableFormat.Json);
    }

    /// <summary>
    /// Statuses with ids 0, 1, ... and a user named "u"; item <paramref name="bad"/>'s user has the number 5 for a name (in
    /// JMC1 after the name's length comment). JSON Lines get two blank lines first, so item 1234 is on line 1237.
    /// </summary>
    internal static byte[] ManyItemsWithBadOne(JsonableStreamFormat format, int count, int bad)
    {
        var items = new List<Status>();
        for (int i = 0; i < count; i++)
        {
            items.Add(new Status { id = i, user = new TwitterUser { name = "u" } });
        }

        byte[] body = Body(items, format);
        int at = IndexOf(body, Encoding.UTF8.GetBytes($"\"id\":{bad},"));
        byte[] name = format == JsonableStreamFormat.Jmc1Array ? [.. "/*"u8, 0x34, 0x01, .. "*/\"name\":"u8] : "\"name\":"u8.ToArray();
        int nameAt = IndexOf(body.AsSpan(at), name) + at + name.Length;
        byte[] quoted = format == JsonableStreamFormat.Jmc1Array ? [.. "/*"u8, 0x31, 0x01, .. "*/\"u\""u8] : "\"u\""u8.ToArray();
        Assert.True(body.AsSpan(nameAt).StartsWith(quoted));
        byte[] result = [.. body.AsSpan(0, nameAt), (byte)'5', .. body.AsSpan(nameAt + quoted.Length)];
        if (format == JsonableStreamFormat.JsonLines)
        {
            result = [.. "\n \r\n"u8, .. result];
        }

        return result;
    }

    private static byte[] WithCount(byte[] jmc1Array, int count)
    {
        // "/*JMC1*/" then the count comment "/*" lo hi "*/".
        Assert.True(jmc1Array.AsSpan().StartsWith("/*JMC1*//*"u8));
        byte[] copy = (byte[])jmc1Array.Clone();
        int encoded = count + 0x130;
        copy[10] = (byte)encoded;
        copy[11] = (byte)(encoded >> 8);
        return copy;
    }

    private static int IndexOf(ReadOnlySpan<byte> haystack, ReadOnlySpan<byte> needle) => haystack.IndexOf(needle);

    internal static async Task<List<T?>> ReadAll<T>(byte[] body, JsonableStreamFormat format, int chunk, JsonableStreamReaderOptions? options = null)
    {
        var items = new List<T?>();
        await foreach (T? item in JsonableSerializer.DeserializeAsyncEnumerable<T>(Segmented(body, chunk), format, options))
        {
            items.Add(item);
        }

        return items;
    }

    /// <summary>A completed pipe whose reads return <paramref name="chunk"/> bytes more each time (1: one byte per segment).</summary>
    internal static PipeReader Segmented(byte[] body, int chunk)
    {
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, minimumSegmentSize: Math.Min(Math.Max(chunk, 1), 4096)));
        for (int i = 0; i < body.Length; i += chunk)
        {
            int length = Math.Min(chunk, body.Length - i);
            body.AsSpan(i, length).CopyTo(pipe.Writer.GetSpan(length));
            pipe.Writer.Advance(length);
            if (chunk < 4096)
            {
                pipe.Writer.FlushAsync().AsTask().GetAwaiter().GetResult(); // a new segment per chunk
            }
        }

        pipe.Writer.Complete();
        return pipe.Reader;
    }

    private static async Task WriteInChunks(PipeWriter writer, byte[] body, int chunk)
    {
        for (int i = 0; i < body.Length; i += chunk)
        {
            await writer.WriteAsync(body.AsMemory(i, Math.Min(chunk, body.Length - i)));
            await Task.Yield();
        }

        await writer.CompleteAsync();
    }

    /// <summary>Records the largest buffer a read returned: what the pipe was holding for the reader.</summary>
    private sealed class WatchingReader(PipeReader inner) : PipeReader
    {
        public long LargestBuffer { get; private set; }

        public override void AdvanceTo(SequencePosition consumed) => inner.AdvanceTo(consumed);

        public override void AdvanceTo(SequencePosition consumed, SequencePosition examined) => inner.AdvanceTo(consumed, examined);

        public override void CancelPendingRead() => inner.CancelPendingRead();

        public override void Complete(Exception? exception = null) => inner.Complete(exception);

        public override async ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default)
        {
            ReadResult result = await inner.ReadAsync(cancellationToken);
            LargestBuffer = Math.Max(LargestBuffer, result.Buffer.Length);
            return result;
        }

        public override bool TryRead(out ReadResult result)
        {
            bool read = inner.TryRead(out result);
            LargestBuffer = Math.Max(LargestBuffer, result.Buffer.Length);
            return read;
        }
    }
}
