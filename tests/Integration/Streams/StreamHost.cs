using System.Net.ServerSentEvents;
using System.Runtime.CompilerServices;
using System.Threading.Channels;
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

/// <summary>
/// A Kestrel host on a loopback port (real sockets: what a client receives is what was flushed) whose stream endpoints
/// write what each test feeds into a channel, and record when the server stopped enumerating (the client went away).
/// </summary>
public sealed class StreamHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private StreamHost(WebApplication app, Uri address)
    {
        _app = app;
        Client = new HttpClient { BaseAddress = address };
    }

    /// <summary>Items the next <c>/lines</c> or <c>/events</c> request writes; completing it ends the response.</summary>
    public Channel<Transform> Items { get; } = Channel.CreateUnbounded<Transform>();

    /// <summary>Events the next <c>/sse-items</c> request writes.</summary>
    public Channel<SseItem<Transform>> Events { get; } = Channel.CreateUnbounded<SseItem<Transform>>();

    /// <summary>Completed with whether the enumeration was cancelled, when the server stops enumerating a stream.</summary>
    public TaskCompletionSource<bool> SourceEnded { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>A client of the host.</summary>
    public HttpClient Client { get; }

    public static async Task<StreamHost> StartAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.AddJsonable();
        WebApplication app = builder.Build();
        app.UseJsonable();
        StreamHost? host = null;
        app.MapGet("/lines", (CancellationToken ct) => JsonableResults.Ok(host!.Watch(host.Items.Reader.ReadAllAsync(ct), ct)));
        app.MapGet("/list", () => JsonableResults.Ok(new List<Transform> { new() { Id = 1, Name = "a" }, new() { Id = 2, Name = "b\nc" } }));
        app.MapGet("/one", () => JsonableResults.Ok(new Transform { Id = 1 }));
        app.MapGet("/events", (CancellationToken ct) => JsonableResults.ServerSentEvents(host!.Watch(host.Items.Reader.ReadAllAsync(ct), ct), "moved"));
        app.MapGet("/sse-items", (CancellationToken ct) => JsonableResults.ServerSentEvents(host!.Watch(host.Events.Reader.ReadAllAsync(ct), ct)));
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        host = new StreamHost(app, new Uri(address));
        return host;
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.DisposeAsync();
    }

    private async IAsyncEnumerable<T> Watch<T>(IAsyncEnumerable<T> source, CancellationToken requestAborted, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        try
        {
            await foreach (T item in source.WithCancellation(cancellationToken))
            {
                yield return item;
            }
        }
        finally
        {
            SourceEnded.TrySetResult(requestAborted.IsCancellationRequested);
        }
    }
}
