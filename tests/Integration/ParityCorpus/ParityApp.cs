using System.Collections.Concurrent;
using Jsonable.AspNetCore;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>Which serializer the parity app runs on.</summary>
public enum ParityFlavour
{
    /// <summary>Plain ASP.NET Core: System.Text.Json with the web defaults.</summary>
    SystemTextJson,

    /// <summary>The same app plus <c>AddJsonable()</c> and <c>UseJsonable()</c>, as the README's drop-in says.</summary>
    Jsonable,
}

/// <summary>
/// The parity app, written once the way a user writes an order API (an MVC controller under <c>/mvc/orders</c>, a
/// minimal-API group under <c>/min/orders</c>, validation on), started in-process in either flavour. The flavours
/// differ only in the three Jsonable lines; everything a client sees beyond the listed differences must be the same.
/// </summary>
internal static class ParityApp
{
    public static async Task<WebApplication> StartAsync(ParityFlavour flavour)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton<ParityOrderStore>();
        builder.Services.AddMinimalValidation();
        IMvcBuilder mvc = builder.Services.AddControllers()
            .AddApplicationPart(typeof(ParityOrdersController).Assembly)
            .ConfigureApplicationPartManager(parts => parts.FeatureProviders.Add(new ParityPatchRoutes.FlavourPatchController(flavour)));
        WebApplication app = ParityHosting.Build(builder, mvc, flavour);

        app.MapControllers();
        MapMinimalOrders(app.MapGroup("/min/orders"), flavour);
        ParityPatchRoutes.MapMinimal(app.MapGroup("/min/orders"), flavour);
        return await ParityHosting.StartAsync(app);
    }

    private static void MapMinimalOrders(RouteGroupBuilder orders, ParityFlavour flavour)
    {
        orders.MapGet("/{id:int}", Results<Ok<ParityOrder>, NotFound> (int id, ParityOrderStore store) =>
            store.TryGet(id, out ParityOrder? order) ? TypedResults.Ok(order) : TypedResults.NotFound());
        orders.MapGet("/", (ParityOrderStore store) => store.Seeded);
        if (flavour == ParityFlavour.Jsonable)
        {
            orders.MapPost("/", (ParityOrder order, ParityOrderStore store) => Post(order, store));
            orders.MapPut("/{id:int}", (int id, ParityOrder order, ParityOrderStore store) => Put(id, order, store));
        }
        else
        {
            // The parity types are Jsonable types, which bind themselves (a generated BindAsync); [FromBody] gives the
            // plain app what an implicit body parameter is in an app without Jsonable: System.Text.Json's JSON binding.
            orders.MapPost("/", ([FromBody] ParityOrder order, ParityOrderStore store) => Post(order, store));
            orders.MapPut("/{id:int}", (int id, [FromBody] ParityOrder order, ParityOrderStore store) => Put(id, order, store));
        }

        orders.MapGet("/stats", (ParityOrderStore store) => store.Stats());
    }

    private static Created<ParityOrder> Post(ParityOrder order, ParityOrderStore store)
    {
        store.Put(order);
        return TypedResults.Created($"/min/orders/{order.Id}", order);
    }

    private static Ok<ParityOrder> Put(int id, ParityOrder order, ParityOrderStore store)
    {
        order.Id = id;
        store.Put(order);
        return TypedResults.Ok(order);
    }
}

/// <summary>The MVC half of the parity app: the same five routes as the minimal group.</summary>
[ApiController]
[Route("mvc/orders")]
public sealed class ParityOrdersController(ParityOrderStore store) : ControllerBase
{
    [HttpGet("{id:int}")]
    public ActionResult<ParityOrder> Get(int id) => store.TryGet(id, out ParityOrder? order) ? order : NotFound();

    [HttpGet]
    public List<ParityOrder> List() => store.Seeded;

    [HttpPost]
    public ActionResult<ParityOrder> Post(ParityOrder order)
    {
        store.Put(order);
        return CreatedAtAction(nameof(Get), new { id = order.Id }, order);
    }

    [HttpPut("{id:int}")]
    public ActionResult<ParityOrder> Put(int id, ParityOrder order)
    {
        order.Id = id;
        store.Put(order);
        return order;
    }

    [HttpGet("stats")]
    public ParityStoreStats Stats() => store.Stats();
}

/// <summary>
/// The orders each host serves. GETs read only the seeded orders, so a request one host accepted and the other refused
/// cannot make later answers differ.
/// </summary>
public sealed partial class ParityOrderStore
{
    private readonly ConcurrentDictionary<int, ParityOrder> _written = new();

    public List<ParityOrder> Seeded { get; } = [SeedOrders.First(), SeedOrders.Second()];

    public bool TryGet(int id, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ParityOrder? order)
    {
        order = id >= FirstPatchableId ? Patchable(id).Order : Seeded.Find(o => o.Id == id);
        return order is not null;
    }

    public void Put(ParityOrder order) => _written[order.Id] = order;

    public ParityStoreStats Stats() => new()
    {
        OrderCount = Seeded.Count,
        Since = new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.FromHours(2)),
        TotalsByCurrency = new() { ["EUR"] = 1234.50m, ["USD"] = 0.1m },
    };

    /// <summary>Seeded values chosen to exercise the writers: offsets, 7-digit fractions, extreme numbers, escapes.</summary>
    private static class SeedOrders
    {
        public static ParityOrder First() => new()
        {
            Id = 1,
            Reference = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
            Number = "A-0001",
            Status = ParityOrderStatus.Shipped,
            Customer = new() { Id = 7, Name = "Zoë ‹Müller> & Co's \"best\" +1 😀", Email = "zoe@example.com" },
            Lines =
            [
                new() { Sku = "SKU-1", Quantity = 2, UnitPrice = 9.99m, Discount = 0.1 },
                new() { Sku = "SKU-\u0001\t\u2028", Quantity = 1000, UnitPrice = 79228162514264337593543950335m, Discount = null },
            ],
            PlacedAt = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromMinutes(330)).AddTicks(1234567),
            ShippedAt = new DateTime(2024, 1, 3, 10, 0, 0, DateTimeKind.Utc),
            DeliveryDate = new DateOnly(2024, 2, 29),
            DeliveryWindowStart = new TimeOnly(9, 30, 0, 123),
            HandlingTime = new TimeSpan(1, 2, 3, 4, 567),
            Total = 1.10m,
            Weight = 0.1,
            TrackingNumber = long.MaxValue,
            Notes = "line1\nline2 </script>",
        };

        public static ParityOrder Second() => new()
        {
            Id = 2,
            Reference = Guid.Empty,
            Number = "",
            Status = ParityOrderStatus.Pending,
            Customer = new() { Id = int.MinValue, Name = "", Email = null },
            Lines = [],
            PlacedAt = DateTimeOffset.MinValue,
            ShippedAt = new DateTime(2024, 6, 30, 23, 59, 59, DateTimeKind.Unspecified).AddTicks(9999999),
            DeliveryDate = DateOnly.MaxValue,
            DeliveryWindowStart = TimeOnly.MaxValue,
            HandlingTime = TimeSpan.MinValue,
            Total = -0.0000000000000000000000000001m,
            Weight = double.MaxValue,
            TrackingNumber = null,
            Notes = null,
        };
    }
}
