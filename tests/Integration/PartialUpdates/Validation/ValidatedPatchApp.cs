using System.Collections.Concurrent;
using System.ComponentModel.DataAnnotations;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.PartialUpdates.Validation;

/// <summary>
/// An app that PATCHes validated orders on both stacks (<c>/mvc/patch-orders</c>, <c>/min/patch-orders</c>), with or
/// without .NET 10's <c>AddValidation()</c>; PUT and POST take the whole order as a plain body, so a PATCH's errors can
/// be compared with the errors the same invalid order gets as a body.
/// </summary>
internal static class ValidatedPatchApp
{
    public static async Task<WebApplication> StartAsync(bool addValidation)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton<PatchOrderStore>();
        builder.Services.AddJsonable();
        builder.Services.AddControllers().AddApplicationPart(typeof(PatchOrdersController).Assembly).AddJsonable();
        if (addValidation)
        {
            builder.Services.AddMinimalValidation();
        }

        WebApplication app = builder.Build();
        app.UseJsonable();
        app.MapControllers();
        RouteGroupBuilder orders = app.MapGroup("/min/patch-orders");
        orders.MapGet("/{id:int}", (int id, PatchOrderStore store) => JsonableResults.Ok(store.Get(id)));
        orders.MapPatch("/{id:int}", (int id, JsonablePatch<PatchOrder> patch, PatchOrderStore store) =>
            JsonableResults.Ok(store.Update(id, order => patch.ApplyTo(order))));

        // A plain body of the same type: what AddValidation() says about a whole invalid order (and how its generator learns the type).
        orders.MapPost("/", (PatchOrder order) => TypedResults.Ok(order));
        await app.StartAsync();
        return app;
    }
}

/// <summary>The MVC half: the same PATCH, and a POST of a whole order for comparison.</summary>
[ApiController]
[Route("mvc/patch-orders")]
public sealed class PatchOrdersController(PatchOrderStore store) : ControllerBase
{
    [HttpGet("{id:int}")]
    public PatchOrder Get(int id) => store.Get(id);

    [HttpPatch("{id:int}")]
    public PatchOrder Patch(int id, JsonablePatch<PatchOrder> patch) => store.Update(id, order => patch.ApplyTo(order));

    [HttpPost]
    public PatchOrder Post(PatchOrder order) => order;
}

/// <summary>Orders by id, each created valid on first use; an update runs under the order's lock.</summary>
public sealed class PatchOrderStore
{
    private readonly ConcurrentDictionary<int, PatchOrder> _orders = new();

    public PatchOrder Get(int id) => _orders.GetOrAdd(id, Seed);

    public PatchOrder Update(int id, Action<PatchOrder> change)
    {
        PatchOrder order = Get(id);
        lock (order)
        {
            change(order);
        }

        return order;
    }

    private static PatchOrder Seed(int id) => new()
    {
        Id = id,
        Customer = "Ada",
        Quantity = 2,
        ShipTo = new PatchAddress { City = "Oslo", Street = "Karl Johans gate 1" },
        Lines = [new PatchLine { Sku = "A-1", Quantity = 1 }],
    };
}

/// <summary>An order with nullable annotations and DataAnnotations on every level.</summary>
[ToJson, FromJson]
public partial class PatchOrder : IValidatableObject
{
    public int Id { get; set; }

    [Required]
    public string Customer { get; set; } = "";

    [Range(1, 100)]
    public int Quantity { get; set; }

    public string? Note { get; set; }

    public PatchAddress? ShipTo { get; set; }

    public List<PatchLine>? Lines { get; set; }

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        if (Note == "forbidden")
        {
            yield return new ValidationResult("This note is not allowed.", [nameof(Note)]);
        }
    }
}

/// <summary>A nested object: merged member by member.</summary>
[ToJson, FromJson]
public partial class PatchAddress
{
    [Required]
    public string City { get; set; } = "";

    public string? Street { get; set; }
}

/// <summary>A list element: a list is replaced whole.</summary>
[ToJson, FromJson]
public partial class PatchLine
{
    [Required]
    public string Sku { get; set; } = "";

    [Range(1, 1000)]
    public int Quantity { get; set; }
}
