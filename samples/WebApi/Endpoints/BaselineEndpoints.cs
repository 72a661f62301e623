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
        RouteGroupBuilder group = app.MapGroup("/stj").WithTags("Baseline: System.Text.Json");
        RealDataJsonContext context = RealDataJsonContext.Default;

        group.MapGet("/statuses", (ISampleStore store, int? limit) =>
            TypedResults.Json(store.ListStatuses(Math.Clamp(limit ?? 100, 1, 1000)).ToList(), context.ListStatus));
        group.MapGet("/statuses/{id:long}", Results<JsonHttpResult<Status>, NotFound> (long id, ISampleStore store) =>
            store.GetStatus(id) is { } status ? TypedResults.Json(status, context.Status) : TypedResults.NotFound());
        group.MapGet("/events", (ISampleStore store, int? limit) =>
            TypedResults.Json(store.ListEvents(Math.Clamp(limit ?? 100, 1, 1000)).ToList(), context.ListCitmEvent));
        group.MapGet("/events/{id:long}", Results<JsonHttpResult<CitmEvent>, NotFound> (long id, ISampleStore store) =>
            store.GetEvent(id) is { } e ? TypedResults.Json(e, context.CitmEvent) : TypedResults.NotFound());
        group.MapGet("/twitter", (ISampleStore store) => TypedResults.Json(store.TwitterSearch, context.TwitterRoot));
        group.MapGet("/citm", (ISampleStore store) => TypedResults.Json(store.Catalog, context.CitmCatalog));
        return group;
    }

    /// <summary>Maps <c>/raw/...</c>: the stored JSON bytes, written as they are.</summary>
    public static RouteGroupBuilder MapPreSerializedBaseline(this IEndpointRouteBuilder app)
    {
        RouteGroupBuilder group = app.MapGroup("/raw").WithTags("Baseline: pre-serialized bytes");
        group.MapGet("/statuses", (ISampleStore store, int? limit) =>
            TypedResults.Bytes(store.ListStatusesJson(Math.Clamp(limit ?? 100, 1, 1000)), "application/json"));
        group.MapGet("/statuses/{id:long}", Results<FileContentHttpResult, NotFound> (long id, ISampleStore store) =>
            store.GetStatusJson(id) is { } json ? TypedResults.Bytes(json, "application/json") : TypedResults.NotFound());
        group.MapGet("/events/{id:long}", Results<FileContentHttpResult, NotFound> (long id, ISampleStore store) =>
            store.GetEventJson(id) is { } json ? TypedResults.Bytes(json, "application/json") : TypedResults.NotFound());
        return group;
    }
}
