using System.Globalization;
using System.IO.Pipelines;
using System.Text;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>
/// When a response outgrows the 32 KiB buffer it starts (headers first) before its body goes into the response pipe, so
/// a server never has to hold the body aside and copy it again behind the headers; a start that cannot finish at once
/// (an asynchronous OnStarting callback) gets nothing written before it has; a small response is still buffered whole
/// with Content-Length. Every byte arrives in every case.
/// </summary>
public sealed class ResponseStartTests
{
    private static readonly IServiceProvider s_services = new ServiceCollection().AddOptions().AddLogging().BuildServiceProvider();

    [Fact]
    public async Task LargeObject_StartsTheResponseBeforeItsBodyEntersThePipe()
    {
        Order order = Large();
        var body = new RecordingBody(startDelay: null);

        await JsonableResults.Ok(order).ExecuteAsync(Context(body, out HttpResponse response));

        Assert.Equal(1, body.Starts);
        Assert.Equal(0, body.BytesBeforeStart);
        Assert.Equal(Encoding.UTF8.GetString(Expected(order)), Encoding.UTF8.GetString(body.Written));
        Assert.False(response.Headers.ContainsKey("Content-Length"), "A spilled response is streamed, without Content-Length.");
    }

    [Fact]
    public async Task LargeObject_AsksThePipeOnlyForSpansThatFitAPooledBlockWithChunkFraming()
    {
        // Kestrel serves a span from its 4 KB pool blocks only if the request plus its chunk framing fits one; the
        // generated writer asks for 4 KB spans, which must not reach the pipe as they are (each would be a fresh array).
        var body = new RecordingBody(startDelay: null);

        await JsonableResults.Ok(Large()).ExecuteAsync(Context(body, out _));

        Assert.True(body.Written.Length > 100_000, "The body went through the pipe.");
        Assert.InRange(body.LargestSizeHint, 0, 4096 - 64);
    }

    [Fact]
    public async Task LargeObject_WhenTheStartFinishesLater_NothingIsWrittenBeforeItAndEveryByteArrives()
    {
        Order order = Large();
        var body = new RecordingBody(startDelay: TimeSpan.FromMilliseconds(50));

        await JsonableResults.Ok(order).ExecuteAsync(Context(body, out HttpResponse response));

        Assert.Equal(1, body.Starts);
        Assert.Equal(0, body.BytesBeforeStart);
        Assert.Equal(Encoding.UTF8.GetString(Expected(order)), Encoding.UTF8.GetString(body.Written));
        Assert.False(response.Headers.ContainsKey("Content-Length"), "Headers went out during the start: no Content-Length was promised.");
    }

    [Fact]
    public async Task LargeObject_WhenTheStartFails_TheErrorReachesTheCaller()
    {
        var body = new RecordingBody(startDelay: null, startError: new InvalidOperationException("OnStarting failed."));

        InvalidOperationException error = await Assert.ThrowsAsync<InvalidOperationException>(() => JsonableResults.Ok(Large()).ExecuteAsync(Context(body, out _)));

        Assert.Equal("OnStarting failed.", error.Message);
        Assert.Equal(0, body.BytesBeforeStart);
    }

    [Fact]
    public async Task SmallObject_IsBufferedWholeWithContentLengthAndNotStartedEarly()
    {
        Order order = Orders.Sample();
        var body = new RecordingBody(startDelay: null);

        await JsonableResults.Ok(order).ExecuteAsync(Context(body, out HttpResponse response));

        Assert.Equal(0, body.Starts);
        Assert.Equal(Expected(order), body.Written);
        Assert.Equal(Expected(order).Length.ToString(CultureInfo.InvariantCulture), response.Headers["Content-Length"].ToString());
    }

    private static Order Large() => new() { Name = new string('x', 100_000) + " Grüße", Count = 1, Lines = [new Line { Sku = "A-1", Quantity = 1 }] };

    private static byte[] Expected(Order order) => Encoding.UTF8.GetBytes(order.ToJson());

    private static DefaultHttpContext Context(RecordingBody body, out HttpResponse response)
    {
        var context = new DefaultHttpContext { RequestServices = s_services };
        context.Features.Set<IHttpResponseBodyFeature>(body);
        context.Features.Set<IHttpResponseFeature>(body.ResponseFeature);
        response = context.Response;
        return context;
    }

    /// <summary>A response body that records the bytes written and how many entered the pipe before the response started.</summary>
    private sealed class RecordingBody : IHttpResponseBodyFeature
    {
        private readonly MemoryStream _stream = new();
        private readonly TimeSpan? _startDelay;
        private readonly Exception? _startError;

        public RecordingBody(TimeSpan? startDelay, Exception? startError = null)
        {
            _startDelay = startDelay;
            _startError = startError;
            ResponseFeature = new StartedFeature(this);
            Writer = new CountingWriter(this, PipeWriter.Create(_stream));
        }

        public IHttpResponseFeature ResponseFeature { get; }

        public bool Started { get; private set; }

        public int Starts { get; private set; }

        public long BytesBeforeStart { get; private set; }

        public int LargestSizeHint { get; private set; }

        public byte[] Written => _stream.ToArray();

        public Stream Stream => throw new NotSupportedException("Jsonable writes into the PipeWriter.");

        public PipeWriter Writer { get; }

        public void DisableBuffering()
        {
        }

        public async Task StartAsync(CancellationToken cancellationToken = default)
        {
            Starts++;
            if (_startDelay is { } delay)
            {
                await Task.Delay(delay, cancellationToken);
            }

            if (_startError is not null)
            {
                throw _startError;
            }

            Started = true;
        }

        public Task SendFileAsync(string path, long offset, long? count, CancellationToken cancellationToken = default) => throw new NotSupportedException();

        public Task CompleteAsync() => Writer.CompleteAsync().AsTask();

        private sealed class StartedFeature(RecordingBody body) : HttpResponseFeature
        {
            public override bool HasStarted => body.Started;
        }

        private sealed class CountingWriter(RecordingBody body, PipeWriter inner) : PipeWriter
        {
            public override void Advance(int bytes)
            {
                if (!body.Started)
                {
                    body.BytesBeforeStart += bytes;
                }

                inner.Advance(bytes);
            }

            public override void CancelPendingFlush() => inner.CancelPendingFlush();

            public override void Complete(Exception? exception = null) => inner.Complete(exception);

            public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default) => inner.FlushAsync(cancellationToken);

            public override Memory<byte> GetMemory(int sizeHint = 0)
            {
                body.LargestSizeHint = Math.Max(body.LargestSizeHint, sizeHint);
                return inner.GetMemory(sizeHint);
            }

            public override Span<byte> GetSpan(int sizeHint = 0)
            {
                body.LargestSizeHint = Math.Max(body.LargestSizeHint, sizeHint);
                return inner.GetSpan(sizeHint);
            }
        }
    }
}
