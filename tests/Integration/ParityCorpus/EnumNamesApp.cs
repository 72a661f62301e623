using System.Text.Json;
using Jsonable.AspNetCore;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// The enum-names variant of the parity app: tickets (<see cref="ParityTicket"/>) served by an MVC controller under
/// <c>/parity-enums/mvc/tickets</c> and a minimal-API group under <c>/parity-enums/min/tickets</c>, with the same JSON
/// options (a global <c>JsonStringEnumConverter</c> of some form) given to both stacks — or to one of them — started in
/// either flavour.
/// </summary>
internal static class EnumNamesApp
{
    public static async Task<WebApplication> StartAsync(ParityFlavour flavour, Action<JsonSerializerOptions> configureJson, bool mvcOptions = true, bool minimalOptions = true)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        IMvcBuilder mvc = builder.Services.AddControllers()
            .AddApplicationPart(typeof(ParityTicketsController).Assembly)
            .AddJsonOptions(options =>
            {
                if (mvcOptions)
                {
                    configureJson(options.JsonSerializerOptions);
                }
            });
        if (minimalOptions)
        {
            builder.Services.ConfigureHttpJsonOptions(options => configureJson(options.SerializerOptions));
        }
        WebApplication app = ParityHosting.Build(builder, mvc, flavour);

        app.MapControllers();
        RouteGroupBuilder tickets = app.MapGroup("/parity-enums/min/tickets");
        tickets.MapGet("/{id:int}", Results<Ok<ParityTicket>, NotFound> (int id) =>
            ParityTickets.Find(id) is { } ticket ? TypedResults.Ok(ticket) : TypedResults.NotFound());
        if (flavour == ParityFlavour.Jsonable)
        {
            tickets.MapPost("/", (ParityTicket ticket) => TypedResults.Ok(ticket));
        }
        else
        {
            // As in ParityApp: [FromBody] is what an implicit body parameter is in an app without Jsonable.
            tickets.MapPost("/", ([FromBody] ParityTicket ticket) => TypedResults.Ok(ticket));
        }

        return await ParityHosting.StartAsync(app);
    }
}

/// <summary>The MVC half of the enum-names app: the same two routes as the minimal group.</summary>
[ApiController]
[Route("parity-enums/mvc/tickets")]
public sealed class ParityTicketsController : ControllerBase
{
    [HttpGet("{id:int}")]
    public ActionResult<ParityTicket> Get(int id) => ParityTickets.Find(id) is { } ticket ? ticket : NotFound();

    [HttpPost]
    public ActionResult<ParityTicket> Post(ParityTicket ticket) => ticket;
}

/// <summary>The seeded tickets: 1 holds named values (flags combinations among them), 2 values without a name, 3 zeros.</summary>
internal static class ParityTickets
{
    public static ParityTicket? Find(int id) => id switch
    {
        1 => new()
        {
            Id = 1,
            State = TicketState.InProgress,
            Previous = TicketState.WaitingForCustomer,
            Access = TicketAccess.ReadWrite | TicketAccess.Delete,
            History = [TicketState.Open, TicketState.InProgress, TicketState.Closed],
            Counts = new() { [TicketState.Open] = 1, [TicketState.WaitingForCustomer] = 2 },
            Channel = TicketChannel.WalkIn,
            Size = TicketSize.Large,
            Offset = TicketOffset.Ahead,
            Pinned = TicketState.WaitingForCustomer,
            Kind = TicketKind.BugReport,
        },
        2 => new()
        {
            Id = 2,
            State = (TicketState)42,
            Previous = null,
            Access = TicketAccess.Read | TicketAccess.Admin | (TicketAccess)8,
            History = [(TicketState)(-1), TicketState.Closed],
            Counts = new() { [(TicketState)7] = 3 },
            Channel = (TicketChannel)9,
            Size = (TicketSize)3,
            Offset = (TicketOffset)(-5),
            Pinned = (TicketState)9,
            Kind = (TicketKind)4,
        },
        3 => new()
        {
            Id = 3,
            Access = TicketAccess.Read | TicketAccess.Admin,
            Offset = TicketOffset.Behind,
        },
        4 => new()
        {
            Id = 4,
            Access = TicketAccess.ReadWrite | TicketAccess.Delete | TicketAccess.Admin,
        },
        _ => null,
    };
}
