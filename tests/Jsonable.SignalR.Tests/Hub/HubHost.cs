using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.SignalR.Tests;

/// <summary>A real Kestrel server on loopback (port 0) with <see cref="GameHub"/> at /game.</summary>
public sealed class HubHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private HubHost(WebApplication app, string url)
    {
        _app = app;
        Url = url;
    }

    public string Url { get; }

    public string HubUrl => Url + "/game";

    public static async Task<HubHost> StartAsync(Action<ISignalRServerBuilder> protocols, long? maximumReceiveMessageSize = 32 * 1024)
    {
        Probe.Register();
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        ISignalRServerBuilder signalR = builder.Services.AddSignalR(options =>
        {
            // AskClient waits for a client result inside a hub method: a second invocation slot answers it.
            options.MaximumParallelInvocationsPerClient = 2;
            options.MaximumReceiveMessageSize = maximumReceiveMessageSize;
            options.EnableDetailedErrors = false;
        });
        protocols(signalR);
        WebApplication app = builder.Build();
        app.MapHub<GameHub>("/game", options => options.AllowStatefulReconnects = true);
        await app.StartAsync();
        string url = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        return new HubHost(app, url);
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
