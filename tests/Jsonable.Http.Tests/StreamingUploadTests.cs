using System.Buffers;
using System.IO.Pipelines;
using System.Net;
using System.Runtime.CompilerServices;
using System.Text;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Http.Tests;

/// <summary>
/// Streaming uploads over real HTTP (Kestrel on loopback): an <see cref="IAsyncEnumerable{T}"/> goes out item by item
/// as a JMC1 array, a JSON array or JSON Lines, chunked (no <c>Content-Length</c>), and the server can read the first
/// item before the client's source has produced the second.
/// </summary>
public sealed class StreamingUploadTests : IAsyncLifetime
{
    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(30);

    private static readonly Transform[] s_items =
    [
        new() { Id = 1, Name = "first \"one\"\nline", Position = [1, 2, 3] },
        new() { Id = 2, Tags = ["a", "b"], Counters = new() { ["x"] = 1 } },
        new() { Id = 3, Payload = new TransformPayload { Kind = "crate", Mass = 4 } },
    ];

    private readonly TaskCompletionSource _serverSawFirstItem = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private WebApplication? _app;
    private HttpClient? _client;

    public async Task InitializeAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        _app = builder.Build();
        _app.MapPost("/echo", async (HttpContext context) =>
        {
            // Answers what arrived, and how: the body bytes, after a line with the framing headers.
            byte[] body = await ReadAllAsync(context.Request.BodyReader, firstLine: null);
            return Results.Text($"{context.Request.ContentType}|{context.Request.ContentLength?.ToString() ?? "none"}|{context.Request.Headers.TransferEncoding}\n{Encoding.UTF8.GetString(body)}");
        });
        _app.MapPost("/first-line", async (HttpContext context) =>
        {
            byte[] body = await ReadAllAsync(context.Request.BodyReader, firstLine: _serverSawFirstItem);
            return Results.Text(Encoding.UTF8.GetString(body));
        });
        await _app.StartAsync();
        string address = _app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        _client = new HttpClient { BaseAddress = new Uri(address) };
    }

    public async Task DisposeAsync()
    {
        _client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    [Fact]
    public async Task JsonLines_IsOneGeneratedJsonDocumentPerLine_SentChunked()
    {
        using HttpResponseMessage response = await _client!.PostAsJsonableAsync("/echo", Items(), JsonableStreamFormat.JsonLines);

        (string framing, string body) = await SplitAsync(response);
        Assert.Equal("application/jsonl; charset=utf-8|none|chunked", framing);
        Assert.Equal(string.Concat(s_items.Select(t => Json(t) + "\n")), body);
    }

    [Fact]
    public async Task JsonArray_IsWhatTheSerializerWritesForTheWholeList()
    {
        using HttpResponseMessage response = await _client!.PostAsJsonableAsync("/echo", Items(), JsonableStreamFormat.JsonArray);

        (string framing, string body) = await SplitAsync(response);
        Assert.Equal("application/json; charset=utf-8|none|chunked", framing);
        Assert.Equal(Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(s_items.ToList(), JsonableFormat.Json)), body);
    }

    [Fact]
    public async Task Jmc1Array_ByDefault_ReadsBackAsTheItems()
    {
        using HttpResponseMessage response = await _client!.PostAsJsonableAsync("/echo", Items());

        (string framing, string body) = await SplitAsync(response);
        Assert.Equal("application/jsonc+jmc1|none|chunked", framing);
        Assert.StartsWith("/*JMC1*/[", body); // no count: a stream does not know it
        List<Transform> read = JsonableSerializer.Deserialize<List<Transform>>(Encoding.UTF8.GetBytes(body), JsonableFormat.Jmc1)!;
        Assert.Equal(s_items.Select(Json), read.Select(Json));
    }

    [Theory]
    [InlineData(JsonableStreamFormat.JsonLines)]
    [InlineData(JsonableStreamFormat.JsonArray)]
    [InlineData(JsonableStreamFormat.Jmc1Array)]
    public async Task FirstItem_ReachesTheServerBeforeTheSourceMakesTheSecond(JsonableStreamFormat format)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);

        // The source waits for the server to have read the first item: a client that buffered the body would never send it.
        using HttpResponseMessage response = await _client!.PostAsJsonableAsync("/first-line", Gated(format), format, options: null, guard.Token);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.True(_serverSawFirstItem.Task.IsCompletedSuccessfully);
    }

    [Fact]
    public void TypeWithoutGeneratedCode_FailsAtTheCallSite()
    {
        NotSupportedException error = Assert.Throws<NotSupportedException>(() => JsonableContent.FromAsyncEnumerable(AsyncOf(new Uri("http://x"))));
        Assert.Contains("Uri", error.Message);
    }

    [Fact]
    public async Task Content_SentTwice_IsRefusedRatherThanSendingAnEmptyOrPartialBody()
    {
        JsonableStreamContent content = JsonableContent.FromAsyncEnumerable(Items(), JsonableStreamFormat.JsonLines);
        using var first = new MemoryStream();
        await content.CopyToAsync(first); // unbuffered, as HttpClient sends it
        Assert.NotEqual(0, first.Length);

        await Assert.ThrowsAsync<InvalidOperationException>(() => content.CopyToAsync(Stream.Null));
    }

    private static async IAsyncEnumerable<Transform> Items([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        foreach (Transform item in s_items)
        {
            await Task.Yield();
            cancellationToken.ThrowIfCancellationRequested();
            yield return item;
        }
    }

    private async IAsyncEnumerable<Transform> Gated(JsonableStreamFormat format, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        yield return s_items[0];
        await _serverSawFirstItem.Task.WaitAsync(cancellationToken);
        yield return s_items[1];
    }

    private static async IAsyncEnumerable<T> AsyncOf<T>(T item)
    {
        await Task.Yield();
        yield return item;
    }

    /// <summary>Reads the body; when <paramref name="firstLine"/> is given, completes it once the first item is in (its closing brace).</summary>
    private static async Task<byte[]> ReadAllAsync(PipeReader reader, TaskCompletionSource? firstLine)
    {
        while (true)
        {
            ReadResult read = await reader.ReadAsync();
            if (firstLine is not null && read.Buffer.PositionOf((byte)'}') is not null)
            {
                firstLine.TrySetResult();
            }

            if (read.IsCompleted)
            {
                byte[] body = read.Buffer.ToArray();
                reader.AdvanceTo(read.Buffer.End);
                return body;
            }

            reader.AdvanceTo(read.Buffer.Start, read.Buffer.End);
        }
    }

    private static async Task<(string Framing, string Body)> SplitAsync(HttpResponseMessage response)
    {
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        string text = await response.Content.ReadAsStringAsync();
        int newline = text.IndexOf('\n', StringComparison.Ordinal);
        return (text[..newline], text[(newline + 1)..]);
    }

    private static string Json(Transform transform) => Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(transform, JsonableFormat.Json));
}
