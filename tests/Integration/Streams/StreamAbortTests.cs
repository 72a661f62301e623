using System.Net;
using System.Threading.Channels;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.Streams;

/// <summary>
/// What a streamed body does when the conversation goes wrong, on a small app of its own over real HTTP: items reach the
/// handler before the body ends; a bad item after the response started aborts the connection (no status can be sent
/// any more); a client that stops mid-item or cancels ends the handler's loop with an exception instead of a hang.
/// </summary>
public sealed class StreamAbortTests : IAsyncLifetime
{
    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(30);

    private readonly Channel<long> _received = Channel.CreateUnbounded<long>();
    private readonly TaskCompletionSource<Exception?> _handlerEnded = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private WebApplication? _app;
    private HttpClient? _client;

    public async Task InitializeAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        builder.Logging.ClearProviders();
        builder.Services.AddJsonable();
        _app = builder.Build();
        _app.UseJsonable();
        _app.MapPost("/ingest", async (JsonableStream<Status> statuses) =>
        {
            await Watch(async () =>
            {
                await foreach (Status status in statuses)
                {
                    _received.Writer.TryWrite(status.id);
                }
            });
            return Results.Ok();
        });
        _app.MapPost("/started", async (JsonableStream<Status> statuses, HttpContext context) =>
        {
            // The response starts before the body is read: each item is acknowledged as it arrives.
            context.Response.ContentType = "text/plain";
            await context.Response.WriteAsync("started\n");
            await Watch(async () =>
            {
                await foreach (Status status in statuses)
                {
                    await context.Response.WriteAsync($"{status.id}\n");
                    await context.Response.Body.FlushAsync();
                    _received.Writer.TryWrite(status.id);
                }
            });
        });
        await _app.StartAsync();
        string address = _app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
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
    public async Task Items_reach_the_handler_before_the_body_ends()
    {
        // The client sends the rest only after the server has seen item 0: a server that waited for the whole body
        // would wait forever.
        var content = new ScriptedContent(async stream =>
        {
            await stream.WriteAsync("[{\"id\":7},{\"id\":"u8.ToArray());
            await stream.FlushAsync();
            Assert.Equal(7, await _received.Reader.ReadAsync().AsTask().WaitAsync(s_hangGuard));
            await stream.WriteAsync("8}]"u8.ToArray());
        });

        HttpResponseMessage response = await _client!.PostAsync("/ingest", content).WaitAsync(s_hangGuard);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(8, await _received.Reader.ReadAsync());
        Assert.Null(await _handlerEnded.Task.WaitAsync(s_hangGuard));
    }

    [Fact]
    public async Task A_bad_item_after_the_response_started_aborts_the_connection()
    {
        var content = new ScriptedContent(async stream =>
        {
            await stream.WriteAsync("[{\"id\":1},{\"id\":2},"u8.ToArray());
            await stream.FlushAsync();
            Assert.Equal(1, await _received.Reader.ReadAsync().AsTask().WaitAsync(s_hangGuard));
            Assert.Equal(2, await _received.Reader.ReadAsync().AsTask().WaitAsync(s_hangGuard)); // acknowledged: the response is under way
            await stream.WriteAsync("{\"id\":\"three\"},{\"id\":4}]"u8.ToArray());
        });

        HttpResponseMessage response = await _client!.SendAsync(new HttpRequestMessage(HttpMethod.Post, "/started") { Content = content }, HttpCompletionOption.ResponseHeadersRead).WaitAsync(s_hangGuard);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode); // sent before the bad item was read

        // The body breaks off instead of ending: the client cannot mistake it for a complete answer.
        await Assert.ThrowsAnyAsync<Exception>(() => response.Content.ReadAsStringAsync().WaitAsync(s_hangGuard));
        Exception? ended = await _handlerEnded.Task.WaitAsync(s_hangGuard);
        OperationCanceledException canceled = Assert.IsType<OperationCanceledException>(ended);
        JsonableException cause = Assert.IsType<JsonableException>(canceled.InnerException);
        Assert.Equal("$[2].id", cause.Path);
    }

    [Fact]
    public async Task A_client_that_stops_mid_item_ends_the_handler_with_an_exception()
    {
        var content = new ScriptedContent(async stream =>
        {
            await stream.WriteAsync("[{\"id\":1},{\"id\":"u8.ToArray());
            await stream.FlushAsync();
            await _received.Reader.ReadAsync().AsTask().WaitAsync(s_hangGuard);
            throw new IOException("The client gives up mid-item.");
        });

        await Assert.ThrowsAnyAsync<Exception>(() => _client!.PostAsync("/ingest", content).WaitAsync(s_hangGuard));

        Exception? ended = await _handlerEnded.Task.WaitAsync(s_hangGuard);
        Assert.NotNull(ended);
        Assert.IsNotType<JsonableException>(ended); // not a complaint about the JSON: the body was cut off
    }

    [Fact]
    public async Task A_client_that_cancels_ends_the_handler_with_cancellation()
    {
        using var cancel = new CancellationTokenSource();
        var content = new ScriptedContent(async stream =>
        {
            await stream.WriteAsync("[{\"id\":1},"u8.ToArray());
            await stream.FlushAsync();
            await _received.Reader.ReadAsync().AsTask().WaitAsync(s_hangGuard);
            await cancel.CancelAsync();
            await Task.Delay(Timeout.Infinite, cancel.Token);
        });

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => _client!.PostAsync("/ingest", content, cancel.Token).WaitAsync(s_hangGuard));

        Exception? ended = await _handlerEnded.Task.WaitAsync(s_hangGuard);
        Assert.NotNull(ended);
    }

    private async Task Watch(Func<Task> read)
    {
        try
        {
            await read();
            _handlerEnded.TrySetResult(null);
        }
        catch (Exception exception)
        {
            _handlerEnded.TrySetResult(exception);
            throw;
        }
    }

    /// <summary>A chunked JSON body written by a script, so a test can pause, wait for the server, or break off.</summary>
    private sealed class ScriptedContent : HttpContent
    {
        private readonly Func<Stream, Task> _write;

        public ScriptedContent(Func<Stream, Task> write)
        {
            _write = write;
            Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue("application/json");
        }

        protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) => _write(stream);

        protected override bool TryComputeLength(out long length)
        {
            length = -1;
            return false;
        }
    }
}
