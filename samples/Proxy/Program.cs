using System.Collections.Concurrent;
using Yarp.ReverseProxy;
using Yarp.ReverseProxy.Configuration;
using Yarp.ReverseProxy.Health;
using Yarp.ReverseProxy.LoadBalancing;
using Yarp.ReverseProxy.Model;

// A YARP reverse proxy that spreads requests round robin over several instances of samples/WebApi, with active
// health checks, and counts what each instance answered (GET /proxy/stats). samples/scale-out.sh starts it;
// docs/scale-out.md says how to run it by hand or on real hosts.
//
//   dotnet run -c Release --project samples/Proxy -- --urls http://127.0.0.1:5000 \
//       --backends http://127.0.0.1:5001,http://127.0.0.1:5002 [--health-path PATH] [--health-interval SECONDS]
WebApplicationBuilder builder = WebApplication.CreateBuilder(args);

string[] backends = (builder.Configuration["backends"] ?? "")
    .Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
if (backends.Length == 0)
{
    Console.Error.WriteLine("--backends URL[,URL...] is required: the sample instances to balance over.");
    return 2;
}

// Any cheap route that touches the database: an instance that cannot reach it is taken out of the rotation.
string healthPath = builder.Configuration["health-path"] ?? "/minimal/transforms/1/position";
TimeSpan healthInterval = TimeSpan.FromSeconds(double.Parse(builder.Configuration["health-interval"] ?? "2", System.Globalization.CultureInfo.InvariantCulture));

// SignalR hubs (/hubs/...) get a cluster of their own with cookie session affinity: a client that negotiates (POST
// .../negotiate) must open its WebSocket, or send its long polls, on the instance that answered the negotiation, which
// the cookie ensures. Clients that skip negotiation (WebSockets only) open one request and need no affinity. YARP
// forwards WebSocket upgrades as is. When the instance a cookie names is down, YARP picks a healthy one (the default
// failure policy, Redistribute) and the client's reconnect lands there. Everything else stays plain round robin.
RouteConfig[] routes =
[
    new RouteConfig { RouteId = "hubs", ClusterId = "hubs", Match = new RouteMatch { Path = "/hubs/{**path}" } },
    new RouteConfig { RouteId = "sample", ClusterId = "sample", Match = new RouteMatch { Path = "{**path}" } },
];
ClusterConfig[] clusters = [Cluster("sample", affinity: false), Cluster("hubs", affinity: true)];

builder.Services.AddReverseProxy().LoadFromMemory(routes, clusters);
builder.Services.AddSingleton<DestinationCounts>();

WebApplication app = builder.Build();

app.MapGet("/proxy/stats", (DestinationCounts counts, IProxyStateLookup state) => Results.Json(counts.Snapshot(state)));
app.MapPost("/proxy/stats/reset", (DestinationCounts counts) =>
{
    counts.Reset();
    return Results.NoContent();
});
app.MapReverseProxy(proxy =>
{
    proxy.Use(async (context, next) =>
    {
        await next();
        string destination = context.GetReverseProxyFeature().ProxiedDestination?.DestinationId ?? "(none)";
        context.RequestServices.GetRequiredService<DestinationCounts>().Record(destination, context.Response.StatusCode);
    });
    // A pipeline of one's own replaces YARP's default one: without these, neither the affinity cookie nor the
    // round robin applies (YARP then picks any healthy destination at random).
    proxy.UseSessionAffinity();
    proxy.UseLoadBalancing();
    // No passive health checks: YARP's only passive policy judges the failure rate over a window, so an instance that
    // was answering well before it was killed stays in until the probe below takes it out anyway (tried with a 5 s
    // window and a 50% limit: 8 of its 34 requests in the window failed, and the probe took it out 1.06 s after the kill).
});

app.Run();
return 0;

ClusterConfig Cluster(string id, bool affinity) => new()
{
    ClusterId = id,
    LoadBalancingPolicy = LoadBalancingPolicies.RoundRobin,
    SessionAffinity = affinity ? new SessionAffinityConfig { Enabled = true, Policy = "Cookie", AffinityKeyName = ".Jsonable.Proxy.Affinity" } : null,
    HealthCheck = new HealthCheckConfig
    {
        Active = new ActiveHealthCheckConfig
        {
            Enabled = true,
            Interval = healthInterval,
            Timeout = TimeSpan.FromSeconds(5),
            Policy = HealthCheckConstants.ActivePolicy.ConsecutiveFailures,
            Path = healthPath,
        },
    },
    Destinations = backends.Select((url, i) => (url, i)).ToDictionary(d => $"instance-{d.i + 1}", d => new DestinationConfig { Address = d.url }),
};

/// <summary>Responses per destination and status code since the start or the last reset.</summary>
internal sealed class DestinationCounts
{
    private ConcurrentDictionary<(string Destination, int Status), long> _counts = new();

    public void Record(string destination, int status) => _counts.AddOrUpdate((destination, status), 1, (_, n) => n + 1);

    public void Reset() => Interlocked.Exchange(ref _counts, new());

    public object Snapshot(IProxyStateLookup state)
    {
        var counts = _counts.ToArray();
        return new
        {
            destinations = state.GetClusters().Where(c => c.ClusterId == "sample").SelectMany(c => c.Destinations.Values).OrderBy(d => d.DestinationId, StringComparer.Ordinal).Select(d => new
            {
                id = d.DestinationId,
                address = d.Model.Config.Address,
                health = d.Health.Active.ToString(),
                requests = counts.Where(p => p.Key.Destination == d.DestinationId).Sum(p => p.Value),
                statuses = counts.Where(p => p.Key.Destination == d.DestinationId)
                    .OrderBy(p => p.Key.Status).ToDictionary(p => p.Key.Status.ToString(System.Globalization.CultureInfo.InvariantCulture), p => p.Value),
            }).ToList(),
            unrouted = counts.Where(p => p.Key.Destination == "(none)").Sum(p => p.Value),
        };
    }
}
