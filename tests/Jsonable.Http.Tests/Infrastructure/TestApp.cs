using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.Logging;

namespace Jsonable.Http.Tests.Infrastructure;

/// <summary>A tiny in-memory server (TestServer) whose routes a test writes, to see exactly what a client sends and to answer what a real server rarely does.</summary>
public sealed class TestApp : IAsyncDisposable
{
    private readonly WebApplication _app;

    private TestApp(WebApplication app)
    {
        _app = app;
        Client = app.GetTestClient();
    }

    /// <summary>A client of this server.</summary>
    public HttpClient Client { get; }

    /// <summary>Starts a server with the routes <paramref name="map"/> adds.</summary>
    public static async Task<TestApp> StartAsync(Action<WebApplication> map)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        WebApplication app = builder.Build();
        map(app);
        await app.StartAsync();
        return new TestApp(app);
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.DisposeAsync();
    }
}
