using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Http.HttpResults;

namespace Jsonable.Samples.WebApi.Endpoints;

/// <summary>
/// The baselines the load tests compare Jsonable with: the same data through plain System.Text.Json (its
/// source-generated context), and as pre-serialized bytes (the limit for any serializer).
/// </summary>
public static class BaselineEndpoints
{
    /// <summary>Maps <c>/stj/...</c>: System.Text.Json only, no Jsonable.</summary>
    public static RouteGroupBuilder MapStjBaseline(this IEndpointRouteBuilder app)
    {
        RouteGroupBuilder group = app.MapGroup("/stj").WithTags("Baseline: System.Text.Json only (no Jsonable)");
        RealDataJsonContext context = RealDataJsonContext.Default;

        group.MapGet("/statuses", (ISampleStore store, int? limit) =>
            TypedResults.Json(store.ListStatuses(Math.Clamp(limit ?? 100, 1, 1000)).ToList(), context.ListStatus))
            .Produces<List<Status>>(contentType: "application/json").WithSummary("The first limit statuses, written by System.Text.Json.");
        group.MapGet("/statuses/{id:long}", Results<JsonHttpResult<Status>, NotFound> (long id, ISampleStore store) =>
            store.GetStatus(id) is { } status ? TypedResults.Json(status, context.Status) : TypedResults.NotFound())
            .Produces<Status>(contentType: "application/json").ProducesProblem(StatusCodes.Status404NotFound).WithSummary("One status, written by System.Text.Json.");
        group.MapGet("/events", (ISampleStore store, int? limit) =>
            TypedResults.Json(store.ListEvents(Math.Clamp(limit ?? 100, 1, 1000)).ToList(), context.ListCitmEvent))
            .Produces<List<CitmEvent>>(contentType: "application/json").WithSummary("The first limit events, written by System.Text.Json.");
        group.MapGet("/events/{id:long}", Results<JsonHttpResult<CitmEvent>, NotFound> (long id, ISampleStore store) =>
            store.GetEvent(id) is { } e ? TypedResults.Json(e, context.CitmEvent) : TypedResults.NotFound())
            .Produces<CitmEvent>(contentType: "application/json").ProducesProblem(StatusCodes.Status404NotFound).WithSummary("One event, written by System.Text.Json.");
        group.MapGet("/twitter", (ISampleStore store) => TypedResults.Json(store.TwitterSearch, context.TwitterRoot))
            .Produces<TwitterRoot>(contentType: "application/json").WithSummary("The twitter search result, written by System.Text.Json.");
        group.MapGet("/citm", (ISampleStore store) => TypedResults.Json(store.Catalog, context.CitmCatalog))
            .Produces<CitmCatalog>(contentType: "application/json").WithSummary("The whole citm catalog, written by System.Text.Json.");
        return group;
    }

    /// <summary>Maps <c>/raw/...</c>: the stored JSON bytes, written as they are.</summary>
    public static RouteGroupBuilder MapPreSerializedBaseline(this IEndpointRouteBuilder app)
    {
        RouteGroupBuilder group = app.MapGroup("/raw").WithTags("Baseline: pre-serialized JSON bytes (no serializer)");
        group.MapGet("/statuses", (ISampleStore store, int? limit) =>
            TypedResults.Bytes(store.ListStatusesJson(Math.Clamp(limit ?? 100, 1, 1000)), "application/json"))
            .Produces<List<Status>>(contentType: "application/json").WithSummary("The first limit statuses as stored JSON bytes.");
        group.MapGet("/statuses/{id:long}", Results<FileContentHttpResult, NotFound> (long id, ISampleStore store) =>
            store.GetStatusJson(id) is { } json ? TypedResults.Bytes(json, "application/json") : TypedResults.NotFound())
            .Produces<Status>(contentType: "application/json").ProducesProblem(StatusCodes.Status404NotFound).WithSummary("One status as stored JSON bytes.");
        group.MapGet("/events/{id:long}", Results<FileContentHttpResult, NotFound> (long id, ISampleStore store) =>
            store.GetEventJson(id) is { } json ? TypedResults.Bytes(json, "application/json") : TypedResults.NotFound())
            .Produces<CitmEvent>(contentType: "application/json").ProducesProblem(StatusCodes.Status404NotFound).WithSummary("One event as stored JSON bytes.");
        return group;
    }
}
