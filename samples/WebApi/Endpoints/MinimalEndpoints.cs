using System.Globalization;
using System.Runtime.CompilerServices;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Http.HttpResults;

namespace Jsonable.Samples.WebApi.Endpoints;

/// <summary>The same data as the MVC controllers, through minimal APIs with Jsonable results and body binding.</summary>
public static class MinimalEndpoints
{
    /// <summary>Maps <c>/minimal/...</c>.</summary>
    public static RouteGroupBuilder MapJsonableMinimalApi(this IEndpointRouteBuilder app)
    {
        RouteGroupBuilder group = app.MapGroup("/minimal").WithTags("Minimal API (Jsonable results and body binding)");

        group.MapGet("/statuses", (ISampleStore store, int? limit) =>
            JsonableResults.Ok(store.ListStatuses(Math.Clamp(limit ?? 100, 1, 1000)).ToList()))
            .WithSummary("The first limit statuses (1 to 1000, default 100).")
            .WithName("MinimalListStatuses");

        group.MapGet("/statuses/{id:long}", Results<JsonableResult<Status>, NotFound> (long id, ISampleStore store) =>
            store.GetStatus(id) is { } status ? JsonableResults.Ok(status) : TypedResults.NotFound())
            .WithSummary("One status.").ProducesProblem(StatusCodes.Status404NotFound)
            .WithName("MinimalGetStatus").WithJsonableETag();

        group.MapPost("/statuses", (JsonableBody<Status> body, ISampleStore store) =>
        {
            store.UpsertStatus(body.Value);
            return JsonableResults.Created($"/minimal/statuses/{body.Value.id}", body.Value);
        }).WithSummary("Creates (or replaces) a status.")
            .WithName("MinimalCreateStatus");

        group.MapPut("/statuses/{id:long}", Results<JsonableResult<Status>, JsonableCreatedResult<Status>, ValidationProblem> (long id, JsonableBody<Status> body, ISampleStore store) =>
        {
            if (body.Value.id != id)
            {
                return TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["$.id"] = [$"The body's id {body.Value.id} does not match the route's {id}."] });
            }

            return store.UpsertStatus(body.Value)
                ? JsonableResults.Created($"/minimal/statuses/{id}", body.Value)
                : JsonableResults.Ok(body.Value);
        }).WithSummary("Replaces a status; the body's id must match the route's.")
            .WithName("MinimalReplaceStatus");

        group.MapGet("/events", (ISampleStore store, int? limit) =>
            JsonableResults.Ok(store.ListEvents(Math.Clamp(limit ?? 100, 1, 1000)).ToList()))
            .WithSummary("The first limit events (1 to 1000, default 100).")
            .WithName("MinimalListEvents");

        group.MapGet("/events/{id:long}", Results<JsonableResult<CitmEvent>, NotFound> (long id, ISampleStore store) =>
            store.GetEvent(id) is { } e ? JsonableResults.Ok(e) : TypedResults.NotFound())
            .WithSummary("One event.").ProducesProblem(StatusCodes.Status404NotFound)
            .WithName("MinimalGetEvent").WithJsonableETag();

        group.MapPost("/events", (JsonableBody<CitmEvent> body, ISampleStore store) =>
        {
            store.UpsertEvent(body.Value);
            return JsonableResults.Created($"/minimal/events/{body.Value.id}", body.Value);
        }).WithSummary("Creates (or replaces) an event.")
            .WithName("MinimalCreateEvent");

        group.MapPut("/events/{id:long}", Results<JsonableResult<CitmEvent>, JsonableCreatedResult<CitmEvent>, ValidationProblem> (long id, JsonableBody<CitmEvent> body, ISampleStore store) =>
        {
            if (body.Value.id != id)
            {
                return TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["$.id"] = [$"The body's id {body.Value.id} does not match the route's {id}."] });
            }

            return store.UpsertEvent(body.Value)
                ? JsonableResults.Created($"/minimal/events/{id}", body.Value)
                : JsonableResults.Ok(body.Value);
        }).WithSummary("Replaces an event; the body's id must match the route's.")
            .WithName("MinimalReplaceEvent");

        // Shapes APIs return besides objects and lists: a root dictionary, and a closed generic named by [JsonableType].
        group.MapGet("/statuses/by-id", (ISampleStore store, int? limit) =>
            JsonableResults.Ok(store.ListStatuses(Math.Clamp(limit ?? 10, 1, 1000)).ToDictionary(s => s.id.ToString(CultureInfo.InvariantCulture))))
            .WithSummary("The first limit statuses (1 to 1000, default 10) keyed by id: a root dictionary.")
            .WithName("MinimalListStatusesById");
        group.MapPost("/statuses/by-id", (JsonableBody<Dictionary<string, Status>> body, ISampleStore store) =>
        {
            foreach (Status status in body.Value.Values)
            {
                store.UpsertStatus(status);
            }

            return JsonableResults.Ok(body.Value);
        }).WithSummary("Creates (or replaces) the statuses of a dictionary keyed by id, and returns it.")
            .WithName("MinimalPostStatusesById");
        group.MapGet("/statuses/page", (ISampleStore store, int? offset, int? limit) =>
            JsonableResults.Ok(Models.Pages.Of(store.ListStatuses(1000).ToList(), offset ?? 0, limit ?? 10)))
            .WithSummary("One page of statuses (limit 1 to 100, default 10): a closed generic, Page<Status>.")
            .WithName("MinimalGetStatusPage");

        group.MapGet("/statuses/stream", (ISampleStore store, int? count, bool? holdOpen, CancellationToken cancellationToken) =>
            JsonableResults.Ok(StreamStatuses(store, Math.Clamp(count ?? 10, 1, 1000), holdOpen ?? false, cancellationToken)))
            .WithSummary("Streams statuses one by one; holdOpen keeps the response open after the first.")
            .WithName("MinimalStreamStatuses");

        group.MapGet("/twitter", (ISampleStore store, int? repeat) =>
            JsonableResults.Ok(Controllers.TwitterController.Repeat(store.TwitterSearch, Math.Clamp(repeat ?? 1, 1, 20))))
            .WithSummary("The twitter search result, its statuses repeated (1 to 20 times).")
            .WithName("MinimalGetTwitter");
        group.MapPost("/twitter/echo", (JsonableBody<TwitterRoot> body) => JsonableResults.Ok(body.Value))
            .WithSummary("Returns the search result it is sent: a round trip through both formats.")
            .WithName("MinimalEchoTwitter");
        group.MapGet("/citm", (ISampleStore store) => JsonableResults.Ok(store.Catalog))
            .WithSummary("The whole citm catalog.")
            .WithName("MinimalGetCatalog");
        return group;
    }

    /// <summary>Statuses one by one; <paramref name="holdOpen"/> waits after the first until the request is aborted.</summary>
    private static async IAsyncEnumerable<Status> StreamStatuses(ISampleStore store, int count, bool holdOpen, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        int sent = 0;
        foreach (Status status in store.ListStatuses(count))
        {
            yield return status;
            if (++sent == 1 && holdOpen)
            {
                await Task.Delay(Timeout.Infinite, cancellationToken);
            }

            await Task.Yield();
        }
    }
}
