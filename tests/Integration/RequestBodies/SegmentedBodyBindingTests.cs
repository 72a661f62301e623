using System.Buffers;
using System.IO.Pipelines;
using System.Reflection;
using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.RequestBodies;

/// <summary>
/// Body binding over a request pipe cut into segments of a few bytes (so a UTF-8 sequence, a UTF-16 code unit, a
/// surrogate pair and a byte order mark are split across segments): what binds is the value sent, in either format
/// and charset; a body in one segment is parsed where it lies, with no copy; and every pooled copy goes back once,
/// on errors too.
/// </summary>
[Collection(nameof(RequestBodyPoolCollection))]
public sealed class SegmentedBodyBindingTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private const string Text = "Split across segments: ünïcødé, 日本語, and a pair 🎉 \"quoted\" \\ end";

    private static readonly ParameterInfo s_parameter = typeof(SegmentedBodyBindingTests).GetMethod(nameof(Handler), BindingFlags.NonPublic | BindingFlags.Static)!.GetParameters()[0];

    private readonly IServiceProvider _services = new ServiceCollection().BuildServiceProvider();

    [Theory]
    [InlineData("json", 1)]
    [InlineData("json", 3)]
    [InlineData("json", 7)]
    [InlineData("jmc1", 1)]
    [InlineData("jmc1", 3)]
    [InlineData("jmc1", 7)]
    public async Task Bind_BodyInTinySegments_BindsTheValueSentFromOnePooledCopy(string format, int segmentSize)
    {
        Status sent = NewStatus();
        byte[] body = format == "jmc1" ? sent.ToJsonable().ToArray() : Encoding.UTF8.GetBytes(sent.ToJson());
        using var pool = new TrackingBufferPool();

        Status bound = await BindAsync(Segmented(body, segmentSize), format == "jmc1" ? "application/jsonc+jmc1" : "application/json");

        AssertSame(sent, bound);
        Assert.Equal(1, pool.Rented);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.ReturnedTwice);
    }

    [Theory]
    [InlineData("utf-16", false, 1)]
    [InlineData("utf-16", true, 1)]
    [InlineData("utf-16", true, 3)]
    [InlineData("utf-16BE", false, 3)]
    [InlineData("utf-16BE", true, 1)]
    [InlineData("utf-16BE", true, 5)]
    public async Task Bind_Utf16InOddSegments_IsTranscodedWithSplitCharsAndPairsIntact(string charset, bool byteOrderMark, int segmentSize)
    {
        Status sent = NewStatus();
        Encoding encoding = charset == "utf-16BE" ? Encoding.BigEndianUnicode : Encoding.Unicode;
        byte[] body = [.. byteOrderMark ? encoding.GetPreamble() : [], .. encoding.GetBytes(sent.ToJson())];
        using var pool = new TrackingBufferPool();

        Status bound = await BindAsync(Segmented(body, segmentSize), "application/json; charset=" + charset);

        AssertSame(sent, bound);
        Assert.True(pool.Rented >= 1, "The UTF-8 text is written into a pooled buffer.");
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.ReturnedTwice);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(4096)]
    public async Task Bind_Utf16WithALoneSurrogate_BindsReplacementCharacterAsADecoderWould(int segmentSize)
    {
        // What Encoding.Unicode.GetString makes of it (the transcoding before pooled buffers did exactly that).
        string json = """{"id":1,"text":"a""" + '\uD83C' + """b"}""";
        byte[] body = Encoding.Unicode.GetBytes(json);
        string expected = JsonDocument.Parse(Encoding.UTF8.GetBytes(Encoding.Unicode.GetString(body))).RootElement.GetProperty("text").GetString()!;
        Assert.Equal("a\uFFFDb", expected);
        using var pool = new TrackingBufferPool();

        Status bound = await BindAsync(Segmented(body, segmentSize), "application/json; charset=utf-16");

        Assert.Equal(expected, bound.text);
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task Bind_BodyInOneSegment_IsParsedInPlaceAndThePipeIsConsumed()
    {
        Status sent = NewStatus();
        byte[] body = Encoding.UTF8.GetBytes(sent.ToJson());
        var reader = new RecordingPipeReader(PipeReader.Create(new ReadOnlySequence<byte>(body)));
        using var pool = new TrackingBufferPool();

        Status bound = await BindAsync(reader, "application/json");

        AssertSame(sent, bound);
        Assert.Equal(0, pool.Rented);
        Assert.True(reader.LastRead.IsCompleted, "The pipe has been read to its end.");
        Assert.Equal(body.Length, reader.LastRead.Buffer.Length);
        Assert.Equal(reader.LastRead.Buffer.End, reader.LastConsumed);
    }

    [Theory]
    [InlineData("application/json", 1)]
    [InlineData("application/json", 4096)]
    [InlineData("application/jsonc+jmc1", 2)]
    [InlineData("application/json; charset=utf-16", 3)]
    public async Task Bind_MalformedBody_Answers400ByPathAndReturnsEveryPooledBuffer(string contentType, int segmentSize)
    {
        Status sent = NewStatus();
        byte[] body = contentType.Contains("jmc1", StringComparison.Ordinal) ? sent.ToJsonable().ToArray() : Encoding.UTF8.GetBytes(sent.ToJson());
        string text = Encoding.Latin1.GetString(body);
        int at = text.IndexOf("\"followers_count\":", StringComparison.Ordinal) + "\"followers_count\":".Length;
        byte[] malformed = [.. body[..at], .. "\"many\""u8, .. body[(at + 1)..]];
        if (contentType.EndsWith("utf-16", StringComparison.Ordinal))
        {
            malformed = Encoding.Unicode.GetBytes(Encoding.UTF8.GetString(malformed));
        }

        using var pool = new TrackingBufferPool();

        JsonableRequestException error = await Assert.ThrowsAsync<JsonableRequestException>(() => BindAsync(Segmented(malformed, segmentSize), contentType));

        Assert.Equal(StatusCodes.Status400BadRequest, error.StatusCode);
        Assert.Contains("$.user.followers_count", error.Errors.Keys);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.ReturnedTwice);
    }

    [Fact]
    public async Task Bind_BodyLargerThanAnArrayWithNoServerLimit_Answers413()
    {
        // 36 segments over the same 64 MB: 2.4 GB received, more than one span can hold, with no server limit set.
        byte[] block = new byte[64 * 1024 * 1024];
        var reader = PipeReader.Create(SegmentedSequence.Repeat(block, 36));
        using var pool = new TrackingBufferPool();

        BadHttpRequestException error = await Assert.ThrowsAnyAsync<BadHttpRequestException>(() => BindAsync(reader, "application/json"));

        Assert.Equal(StatusCodes.Status413PayloadTooLarge, error.StatusCode);
        Assert.Equal(0, pool.Rented);
    }

    private static void Handler(JsonableBody<Status> body) => GC.KeepAlive(body);

    private Status NewStatus()
    {
        Status status = factory.CopyOfFirstStatus();
        status.text = Text;
        status.user!.description = new string('x', 5000) + Text; // longer than a 4 KB window of chars
        return status;
    }

    private static void AssertSame(Status expected, Status actual) => JsonData.AssertEqual(
        JsonSerializer.SerializeToUtf8Bytes(expected, RealDataJsonContext.Default.Status),
        JsonSerializer.SerializeToUtf8Bytes(actual, RealDataJsonContext.Default.Status));

    private static PipeReader Segmented(byte[] bytes, int size) => PipeReader.Create(SegmentedSequence.Of(bytes, size));

    private async Task<Status> BindAsync(PipeReader body, string contentType)
    {
        var context = new DefaultHttpContext { RequestServices = _services };
        context.Request.Method = "POST";
        context.Request.ContentType = contentType;
        context.Features.Set<IRequestBodyPipeFeature>(new BodyPipe(body));
        JsonableBody<Status>? bound = await JsonableBody<Status>.BindAsync(context, s_parameter);
        return Assert.IsType<JsonableBody<Status>>(bound).Value;
    }

    /// <summary>Remembers the last buffer read and the last position consumed.</summary>
    private sealed class RecordingPipeReader(PipeReader inner) : PipeReader
    {
        public ReadResult LastRead { get; private set; }

        public SequencePosition? LastConsumed { get; private set; }

        public override void AdvanceTo(SequencePosition consumed) => AdvanceTo(consumed, consumed);

        public override void AdvanceTo(SequencePosition consumed, SequencePosition examined)
        {
            LastConsumed = consumed;
            inner.AdvanceTo(consumed, examined);
        }

        public override void CancelPendingRead() => inner.CancelPendingRead();

        public override void Complete(Exception? exception = null) => inner.Complete(exception);

        public override async ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default) => LastRead = await inner.ReadAsync(cancellationToken);

        public override bool TryRead(out ReadResult result)
        {
            bool read = inner.TryRead(out result);
            LastRead = result;
            return read;
        }
    }

    private sealed class BodyPipe(PipeReader reader) : IRequestBodyPipeFeature
    {
        public PipeReader Reader { get; } = reader;
    }
}
