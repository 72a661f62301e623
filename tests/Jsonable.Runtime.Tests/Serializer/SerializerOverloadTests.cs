using System;
using System.IO;
using System.IO.Pipelines;
using System.Text;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Runtime.Tests.Serializer;

/// <summary>
/// The string, <see cref="Stream"/> and <see cref="PipeReader"/> overloads of <see cref="JsonableSerializer"/> and the
/// generated <c>CreateFromJson(string)</c>/<c>FromJson(string)</c>: twitter.json read through each gives what System.Text.Json
/// reads, written through each gives the bytes the span overloads give, however the input arrives.
/// </summary>
public sealed class SerializerOverloadTests
{
    private static readonly byte[] s_twitter = File.ReadAllBytes(JsonData.DataPath("twitter.json"));
    private static readonly string s_twitterText = Encoding.UTF8.GetString(s_twitter);
    private static readonly byte[] s_stjTwitter = JsonSerializer.SerializeToUtf8Bytes(
        JsonSerializer.Deserialize(s_twitter, RealDataJsonContext.Default.TwitterRoot)!, RealDataJsonContext.Default.TwitterRoot);

    // A member of the wrong type deep inside: every overload must report it with its path.
    private static readonly byte[] s_badDocument = "{\"statuses\":[{\"id\":1},{\"id\":true}]}"u8.ToArray();

    [Fact]
    public void String_overloads_read_twitter_as_Stj_does()
    {
        AssertSameAsStj(JsonableSerializer.Deserialize<TwitterRoot>(s_twitterText));
        AssertSameAsStj(TwitterRoot.CreateFromJson(s_twitterText));

        var existing = new TwitterRoot();
        existing.FromJson(s_twitterText);
        AssertSameAsStj(existing);
    }

    [Fact]
    public void String_serialize_writes_the_bytes_of_the_span_overload()
    {
        TwitterRoot model = TwitterRoot.CreateFromJson(s_twitter);

        string text = JsonableSerializer.Serialize(model);

        Assert.Equal(JsonableSerializer.SerializeToUtf8Bytes(model), Encoding.UTF8.GetBytes(text));
        JsonData.AssertEqual(s_stjTwitter, Encoding.UTF8.GetBytes(text));
    }

    [Fact]
    public void String_with_a_lone_surrogate_is_a_JsonableException()
    {
        // Encoding it as UTF-8 would silently turn the surrogate into U+FFFD.
        JsonableException ex = Assert.Throws<JsonableException>(() => TwitterRoot.CreateFromJson("{\"statuses\":[{\"text\":\"\uD800\"}]}"));
        Assert.Contains("surrogate", ex.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public async Task Stream_overloads_read_a_stream_that_delivers_one_byte_at_a_time(JsonableFormat format)
    {
        byte[] document = Document(format);

        AssertSameAsStj(JsonableSerializer.Deserialize<TwitterRoot>(new OneByteStream(document), format));
        AssertSameAsStj(await JsonableSerializer.DeserializeAsync<TwitterRoot>(new OneByteStream(document), format));
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public async Task Stream_serialize_writes_the_bytes_of_the_span_overload(JsonableFormat format)
    {
        TwitterRoot model = TwitterRoot.CreateFromJson(s_twitter);
        byte[] expected = JsonableSerializer.SerializeToUtf8Bytes(model, format);

        using var sync = new MemoryStream();
        JsonableSerializer.Serialize(sync, model, format);
        using var async = new MemoryStream();
        await JsonableSerializer.SerializeAsync(async, model, format);

        Assert.Equal(expected, sync.ToArray());
        Assert.Equal(expected, async.ToArray());
    }

    [Theory]
    [InlineData(JsonableFormat.Json, 1)]
    [InlineData(JsonableFormat.Jmc1, 4093)]
    [InlineData(JsonableFormat.Json, 1 << 20)]
    public async Task PipeReader_overload_reads_the_document_however_it_is_segmented(JsonableFormat format, int chunk)
    {
        byte[] document = chunk == 1 ? "{\"statuses\":[{\"id\":12,\"text\":\"é\"}]}"u8.ToArray() : Document(format);
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0));
        Task writing = WriteInChunks(pipe.Writer, document, chunk);

        TwitterRoot? read = await JsonableSerializer.DeserializeAsync<TwitterRoot>(pipe.Reader, format);
        await writing;

        if (chunk == 1)
        {
            Assert.Equal(12, read!.statuses![0].id);
            Assert.Equal("é", read.statuses[0].text);
        }
        else
        {
            AssertSameAsStj(read);
        }

        // Everything was consumed: the next read sees the completed, empty pipe.
        Assert.True(pipe.Reader.TryRead(out ReadResult rest));
        Assert.True(rest.IsCompleted);
        Assert.True(rest.Buffer.IsEmpty);
    }

    [Fact]
    public async Task Async_reads_stop_when_canceled()
    {
        using var cancel = new CancellationTokenSource();
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync("{\"statuses\":["u8.ToArray());
        ValueTask<TwitterRoot?> fromPipe = JsonableSerializer.DeserializeAsync<TwitterRoot>(pipe.Reader, cancellationToken: cancel.Token);
        ValueTask<TwitterRoot?> fromStream = JsonableSerializer.DeserializeAsync<TwitterRoot>(new NeverEndingStream(), cancellationToken: cancel.Token);
        Assert.False(fromPipe.IsCompleted);
        Assert.False(fromStream.IsCompleted);

        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await fromPipe);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await fromStream);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => JsonableSerializer.SerializeAsync(new MemoryStream(), new TwitterRoot(), cancellationToken: cancel.Token));
    }

    [Fact]
    public async Task Errors_from_every_overload_are_JsonableExceptions_with_the_path()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(s_badDocument);
        await pipe.Writer.CompleteAsync();

        JsonableException[] errors =
        [
            Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<TwitterRoot>(Encoding.UTF8.GetString(s_badDocument))),
            Assert.Throws<JsonableException>(() => TwitterRoot.CreateFromJson(Encoding.UTF8.GetString(s_badDocument))),
            Assert.Throws<JsonableException>(() => new TwitterRoot().FromJson(Encoding.UTF8.GetString(s_badDocument))),
            Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<TwitterRoot>(new OneByteStream(s_badDocument))),
            await Assert.ThrowsAsync<JsonableException>(async () => await JsonableSerializer.DeserializeAsync<TwitterRoot>(new OneByteStream(s_badDocument))),
            await Assert.ThrowsAsync<JsonableException>(async () => await JsonableSerializer.DeserializeAsync<TwitterRoot>(pipe.Reader)),
        ];

        Assert.All(errors, e => Assert.Equal("$.statuses[1].id", e.Path));
    }

    private static byte[] Document(JsonableFormat format) =>
        format == JsonableFormat.Json ? s_twitter : TwitterRoot.CreateFromJson(s_twitter).ToJsonable().ToArray();

    private static void AssertSameAsStj(TwitterRoot? read) =>
        JsonData.AssertEqual(s_stjTwitter, JsonSerializer.SerializeToUtf8Bytes(read!, RealDataJsonContext.Default.TwitterRoot));

    private static async Task WriteInChunks(PipeWriter writer, byte[] document, int chunk)
    {
        for (int offset = 0; offset < document.Length; offset += chunk)
        {
            await writer.WriteAsync(document.AsMemory(offset, Math.Min(chunk, document.Length - offset)));
        }

        await writer.CompleteAsync();
    }

    /// <summary>A stream that hands out one byte per read, the worst a network stream may do.</summary>
    private sealed class OneByteStream(byte[] data) : MemoryStream(data, writable: false)
    {
        public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Math.Min(count, 1));

        public override int Read(Span<byte> buffer) => base.Read(buffer[..Math.Min(buffer.Length, 1)]);

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            base.ReadAsync(buffer[..Math.Min(buffer.Length, 1)], cancellationToken);
    }

    /// <summary>A stream whose reads wait until canceled.</summary>
    private sealed class NeverEndingStream : MemoryStream
    {
        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            await Task.Delay(Timeout.Infinite, cancellationToken);
            return 0;
        }
    }
}
