using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// The drop-in probe app: the routes ASP.NET Core's own formatter tests and a new user's API exercise beyond the order
/// API — a derived value behind a declared base or <c>object</c>, a polymorphic base, optional bodies, an async
/// sequence — under <c>/mvc/probe</c> and <c>/min/probe</c>, hosted with and without Jsonable (<see cref="ParityHosting"/>).
/// </summary>
internal static class ProbeApp
{
    public static async Task<WebApplication> StartAsync(ParityFlavour flavour)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        IMvcBuilder mvc = builder.Services.AddControllers()
            .ConfigureApplicationPartManager(parts => parts.FeatureProviders.Add(new OnlyController<ProbeController>()));
        WebApplication app = ParityHosting.Build(builder, mvc, flavour);
        app.MapControllers();
        MapMinimal(app.MapGroup("/min/probe"), flavour);
        return await ParityHosting.StartAsync(app);
    }

    private static void MapMinimal(RouteGroupBuilder probe, ParityFlavour flavour)
    {
        probe.MapGet("/derived", Results<Ok<ProbeModel>, NotFound> () => TypedResults.Ok(ProbeValues.Derived()));
        probe.MapGet("/derived-plain", ProbeModel () => ProbeValues.Derived());
        probe.MapGet("/as-object", object () => ProbeValues.Derived());
        probe.MapGet("/pet", Ok<ProbePet> () => TypedResults.Ok(ProbeValues.Dog()));
        probe.MapGet("/stream", () => ProbeValues.Stream());
        probe.MapPost("/allow", ([FromBody(EmptyBodyBehavior = EmptyBodyBehavior.Allow)] ProbeModel? m) => Bound(m));
        if (flavour == ParityFlavour.Jsonable)
        {
            // What a user writes: a plain parameter, bound by the generated BindAsync.
            probe.MapPost("/nullable", (ProbeModel? m) => Bound(m));
            probe.MapPost("/defaulted", Defaulted);
            probe.MapPost("/required", (ProbeModel m) => Bound(m));
        }
        else
        {
            // Without Jsonable the same parameters bind through System.Text.Json ([FromBody]: the generated BindAsync is
            // inert there), the answers the Jsonable host must give.
            probe.MapPost("/nullable", ([FromBody] ProbeModel? m) => Bound(m));
            probe.MapPost("/defaulted", DefaultedFromBody);
            probe.MapPost("/required", ([FromBody] ProbeModel m) => Bound(m));
        }
    }

    private static IResult Defaulted(ProbeModel? m = null) => Bound(m);

    private static IResult DefaultedFromBody([FromBody] ProbeModel? m = null) => Bound(m);

    /// <summary>What was bound: the model, or 204 for null.</summary>
    internal static IResult Bound(ProbeModel? m) => m is null ? TypedResults.NoContent() : TypedResults.Ok(m);
}

/// <summary>The MVC half of the probe app.</summary>
[ApiController]
[Route("mvc/probe")]
public sealed class ProbeController : ControllerBase
{
    [HttpGet("derived")]
    public ActionResult<ProbeModel> Derived() => ProbeValues.Derived();

    [HttpGet("derived-plain")]
    public ProbeModel DerivedPlain() => ProbeValues.Derived();

    [HttpGet("as-object")]
    public object AsObject() => ProbeValues.Derived();

    [HttpGet("pet")]
    public ActionResult<ProbePet> Pet() => ProbeValues.Dog();

    [HttpGet("stream")]
    public IAsyncEnumerable<ProbeModel> Stream() => ProbeValues.Stream();

    [HttpPost("allow")]
    public IActionResult Allow([FromBody(EmptyBodyBehavior = EmptyBodyBehavior.Allow)] ProbeModel? m) => Bound(m);

    [HttpPost("nullable")]
    public IActionResult Nullable(ProbeModel? m) => Bound(m);

#nullable disable
    [HttpPost("defaulted")]
    public IActionResult Defaulted(ProbeModel m = null) => Bound(m);
#nullable restore

    [HttpPost("required")]
    public IActionResult Required(ProbeModel m) => Bound(m);

    private IActionResult Bound(ProbeModel? m) => m is null ? NoContent() : Ok(m);
}
