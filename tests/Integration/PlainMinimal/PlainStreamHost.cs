using System.Runtime.CompilerServices;
using System.Threading.Channels;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.PlainMinimal;

/// <summary>
/// A Kestrel host on a loopback port whose endpoints return <c>IAsyncEnumerable&lt;PlainOrder&gt;</c> written as for
/// System.Text.Json alone (a minimal handler returning it, <c>TypedResults.Ok</c> of it, an MVC action returning it),
/// next to the <c>JsonableResults.Ok</c> form they must answer alike; hosted with or without <c>AddJsonable()</c>.
/// </summary>
public sealed class PlainStreamHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private PlainStreamHost(WebApplication app, Uri address)
    {
        _app = app;
        Client = new HttpClient { BaseAddress = address };
    }

    /// <summary>The plain routes, each answering the three orders of <see cref="Orders"/>.</summary>
    public static TheoryData<string> PlainRoutes => ["/m/plain", "/m/task", "/m/typed", "/m/results", "/mvc/plain"];

    /// <summary>The orders every fixed route streams.</summary>
    public static IReadOnlyList<PlainOrder> Orders { get; } =
    [
        new() { Id = 1, Customer = new PlainCustomer { Name = "Ada", Email = "ada@example.com" }, Lines = [new PlainLine { Sku = "A-1", Quantity = 2, Price = 9.5m }], PlacedAt = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(2)) },
        new() { Id = 2, Customer = new PlainCustomer { Name = "Zoë \"q\" \n 😀" }, Status = PlainOrderStatus.Shipped, Note = "b\nc" },
        new() { Id = 3 },
    ];

    /// <summary>Orders the next <c>/m/live</c> or <c>/mvc/live</c> request writes; completing it ends the response.</summary>
    public Channel<PlainOrder> Items { get; } = Channel.CreateUnbounded<PlainOrder>();

    /// <summary>Completed with whether the request was aborted, when the server stops enumerating a live stream.</summary>
    public TaskCompletionSource<bool> SourceEnded { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public HttpClient Client { get; }

    /// <summary>The app's services.</summary>
    public IServiceProvider Services => _app.Services;

    public static async Task<PlainStreamHost> StartAsync(bool jsonable, bool indented = false)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.WriteIndented = indented);
        // The controller is internal, so other apps built from this assembly do not discover it; this one adds it.
        IMvcBuilder mvc = builder.Services.AddControllers()
            .ConfigureApplicationPartManager(parts => parts.FeatureProviders.Add(new OnlyController<PlainStreamController>()))
            .AddJsonOptions(o => o.JsonSerializerOptions.WriteIndented = indented);
        if (jsonable)
        {
            mvc.AddJsonable();
        }

        var holder = new HostHolder();
        builder.Services.AddSingleton(holder);
        WebApplication app = builder.Build();
        if (jsonable)
        {
            app.UseJsonable();
        }

        PlainStreamHost? host = null;
        app.MapGet("/m/plain", (CancellationToken ct) => Fixed(ct));
        app.MapGet("/m/task", async Task<IAsyncEnumerable<PlainOrder>> () => { await Task.Yield(); return Fixed(); });
        app.MapGet("/m/typed", () => TypedResults.Ok(Fixed()));
        app.MapGet("/m/results", Results<Ok<IAsyncEnumerable<PlainOrder>>, NotFound> () => TypedResults.Ok(Fixed()));
        app.MapGet("/m/jsonable", () => JsonableResults.Ok(Fixed()));
        app.MapGet("/m/live", (HttpContext context) => host!.Live(context.RequestAborted));
        app.MapControllers();
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        host = new PlainStreamHost(app, new Uri(address));
        holder.Host = host;
        return host;
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.DisposeAsync();
    }

    internal sealed class HostHolder
    {
        public PlainStreamHost? Host { get; set; }
    }

    internal static async IAsyncEnumerable<PlainOrder> Fixed([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        foreach (PlainOrder order in Orders)
        {
            await Task.Yield();
            cancellationToken.ThrowIfCancellationRequested();
            yield return order;
        }
    }

    internal async IAsyncEnumerable<PlainOrder> Live(CancellationToken requestAborted, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        try
        {
            using var both = CancellationTokenSource.CreateLinkedTokenSource(requestAborted, cancellationToken);
            await foreach (PlainOrder order in Items.Reader.ReadAllAsync(both.Token))
            {
                yield return order;
            }
        }
        finally
        {
            SourceEnded.TrySetResult(requestAborted.IsCancellationRequested);
        }
    }
}

/// <summary>An MVC action returning <c>IAsyncEnumerable&lt;PlainOrder&gt;</c>, written as for System.Text.Json alone.</summary>
[ApiController]
[Route("mvc")]
internal sealed class PlainStreamController : ControllerBase
{
    [HttpGet("plain")]
    public IAsyncEnumerable<PlainOrder> Plain(CancellationToken cancellationToken) => PlainStreamHost.Fixed(cancellationToken);

    [HttpGet("live")]
    public IAsyncEnumerable<PlainOrder> Live() => HttpContext.RequestServices.GetRequiredService<PlainStreamHost.HostHolder>().Host!.Live(HttpContext.RequestAborted);
}
