using System.Buffers;
using System.IO.Pipelines;
using System.Text;
using Jsonable.AspNetCore.Tests.Formatters;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.AspNetCore.Tests.Responses;

/// <summary>
/// What one small response costs the heap beyond the request's own objects: the work done for every request (the
/// negotiation, the logger, the content type) must not allocate per request, so a small GET stays close to what
/// writing bytes that already exist costs. Counted in bytes on this thread (never time); the response body goes into
/// a reused buffer, so what is counted is Jsonable's.
/// </summary>
public sealed class SmallResponseAllocationTests
{
    private static readonly IServiceProvider s_services = new ServiceCollection().AddLogging(l => l.SetMinimumLevel(LogLevel.Warning)).AddJsonable().BuildServiceProvider();

    // Beyond writing the same bytes by hand: 520-608 bytes when every response created its logger, its content type
    // string, its response writer and flush delegate and parsed Accept again; 152 now (the request's Jsonable feature,
    // and the test context's feature dictionary growing to hold it).
    private const long MostBytesPerSmallResponse = 200;

    [Theory]
    [InlineData("application/json", "application/json; charset=utf-8")]
    [InlineData("application/jsonc+jmc1", "application/jsonc+jmc1")]
    [InlineData("text/json", "text/json; charset=utf-8")]
    public async Task SmallResult_AllocatesOnlyWhatTheRequestNeeds(string accept, string contentType)
    {
        Order order = Orders.Sample();
        var body = new ReusedBody();
        for (int i = 0; i < 20; i++)
        {
            await JsonableResults.Ok(order).ExecuteAsync(Context(body, accept)); // JIT, statics, the first choice per Accept
        }

        IResult result = JsonableResults.Ok(order);
        HttpContext context = Context(body, accept);
        long before = GC.GetAllocatedBytesForCurrentThread();
        Task written = result.ExecuteAsync(context);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        // The same response written by hand, bytes that already exist: what the harness itself allocates (the header
        // dictionary, the Content-Length string).
        byte[] bytes = body.Written.ToArray();
        HttpContext reference = Context(body, accept);
        long referenceBefore = GC.GetAllocatedBytesForCurrentThread();
        WriteByHand(reference, bytes, contentType);
        long referenceAllocated = GC.GetAllocatedBytesForCurrentThread() - referenceBefore;
        Console.WriteLine($"{accept}: Jsonable {allocated} bytes, by hand {referenceAllocated} bytes");

        Assert.True(written.IsCompletedSuccessfully, "A small response is written without waiting.");
        Assert.Equal(contentType, context.Response.ContentType);
        Assert.Equal("Accept", context.Response.Headers.Vary.ToString());
        Assert.Equal(accept.Contains("jmc1") ? order.ToJsonable().ToArray() : Encoding.UTF8.GetBytes(order.ToJson()), body.Written.ToArray());
        Assert.InRange(allocated - referenceAllocated, 0, MostBytesPerSmallResponse);
    }

    private static void WriteByHand(HttpContext context, byte[] bytes, string contentType)
    {
        HttpResponse response = context.Response;
        response.Headers.Vary = "Accept";
        response.StatusCode = StatusCodes.Status200OK;
        response.ContentType = contentType;
        response.ContentLength = bytes.Length;
        response.BodyWriter.Write(bytes);
    }

    private static DefaultHttpContext Context(ReusedBody body, string accept)
    {
        body.Reset();
        var context = new DefaultHttpContext { RequestServices = s_services };
        context.Request.Method = HttpMethods.Get;
        context.Request.Headers.Accept = accept;
        context.Features.Set<IHttpResponseBodyFeature>(body);
        return context;
    }

    /// <summary>A response body writing into one buffer that every request reuses: the pipe allocates nothing.</summary>
    private sealed class ReusedBody : PipeWriter, IHttpResponseBodyFeature
    {
        private readonly byte[] _buffer = new byte[64 * 1024];
        private int _length;

        public ReadOnlyMemory<byte> Written => _buffer.AsMemory(0, _length);

        public Stream Stream => throw new NotSupportedException("Jsonable writes into the PipeWriter.");

        public PipeWriter Writer => this;

        public void Reset() => _length = 0;

        public void DisableBuffering()
        {
        }

        public Task StartAsync(CancellationToken cancellationToken = default) => Task.CompletedTask;

        public Task SendFileAsync(string path, long offset, long? count, CancellationToken cancellationToken = default) => throw new NotSupportedException();

        public Task CompleteAsync() => Task.CompletedTask;

        public override void Advance(int bytes) => _length += bytes;

        public override Memory<byte> GetMemory(int sizeHint = 0) => _buffer.AsMemory(_length);

        public override Span<byte> GetSpan(int sizeHint = 0) => _buffer.AsSpan(_length);

        public override void CancelPendingFlush()
        {
        }

        public override void Complete(Exception? exception = null)
        {
        }

        public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default) => new(new FlushResult(isCanceled: false, isCompleted: false));
    }
}
