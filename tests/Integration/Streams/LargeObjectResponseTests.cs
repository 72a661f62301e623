using System.Collections;
using System.Net;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.Streams;

/// <summary>A large list under a root object, written by the generated asynchronous writer.</summary>
[ToJson]
public partial class LargeFeed
{
    public string Name { get; set; } = "";

    public IReadOnlyList<Status>? Items { get; set; }
}

/// <summary>
/// A response that is one large object, over real HTTP: the server writes it element by element and flushes between
/// them, so a client that stops reading holds the server at a flush, and one that goes away ends the write there,
/// with the rest of the document never serialized.
/// </summary>
public sealed class LargeObjectResponseTests : IAsyncLifetime
{
    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(30);

    private const int Count = 20_000; // about 100 MB of JSON if it were all written

    private readonly CountingList _items = new(TwitterRoot.CreateFromJson(File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "data", "twitter.json"))).statuses![0], Count);
    private readonly TaskCompletionSource<Exception?> _ended = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private WebApplication? _app;
    private HttpClient? _client;

    public async Task InitializeAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        builder.Logging.ClearProviders();
        builder.Services.AddJsonable();
        _app = builder.Build();
        _app.Use(async (context, next) =>
        {
            try
            {
                await next(context);
                _ended.TrySetResult(null);
            }
            catch (Exception exception)
            {
                _ended.TrySetResult(exception);
                throw;
            }
        });
        _app.UseJsonable();
        _app.MapGet("/feed", () => JsonableResults.Ok(new LargeFeed { Name = "feed", Items = _items }));
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

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/jsonc+jmc1")]
    public async Task A_client_that_stops_reading_holds_the_writer_and_one_that_goes_away_ends_it(string accept)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        var request = new HttpRequestMessage(HttpMethod.Get, "/feed");
        request.Headers.Accept.ParseAdd(accept);
        HttpResponseMessage response = await _client!.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, guard.Token);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Null(response.Content.Headers.ContentLength); // started before it was whole
        Stream body = await response.Content.ReadAsStreamAsync(guard.Token);
        byte[] start = new byte[64 * 1024];
        await body.ReadAtLeastAsync(start, start.Length, cancellationToken: guard.Token);

        // The client reads no more: the server waits at a flush with a few pipes' worth written, not the document.
        await Task.Delay(TimeSpan.FromMilliseconds(300), guard.Token);
        int whileStalled = _items.Enumerated;
        Assert.True(whileStalled < Count / 10, $"{whileStalled} of {Count} items were serialized while the client read 64 KB");

        response.Dispose(); // closes the connection mid-document

        Exception? ended = await _ended.Task.WaitAsync(guard.Token);
        Assert.True(ended is null or OperationCanceledException or IOException, $"the request ended with {ended}");
        // Measured from the stall: what was written before the close (and what the socket's buffers took) is not the writer's doing.
        int afterClose = _items.Enumerated - whileStalled;
        Assert.True(afterClose < Count / 10, $"{afterClose} more of {Count} items were serialized for a client that went away ({whileStalled} before)");
    }

    /// <summary>The same status <see cref="Count"/> times, counting how many the writer has taken.</summary>
    private sealed class CountingList(Status item, int count) : IReadOnlyList<Status>
    {
        private int _enumerated;

        public int Enumerated => Volatile.Read(ref _enumerated);

        public int Count => count;

        public Status this[int index] => item;

        public IEnumerator<Status> GetEnumerator()
        {
            for (int i = 0; i < count; i++)
            {
                Interlocked.Increment(ref _enumerated);
                yield return item;
            }
        }

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
    }
}
