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
        RouteGroupBuilder group = app.MapGroup("/minimal").WithTags("Minimal API (Jsonable)");

        group.MapGet("/statuses", (ISampleStore store, int? limit) =>
            JsonableResults.Ok(store.ListStatuses(Math.Clamp(limit ?? 100, 1, 1000)).ToList()));

        group.MapGet("/statuses/{id:long}", Results<JsonableResult<Status>, NotFound> (long id, ISampleStore store) =>
            store.GetStatus(id) is { } status ? JsonableResults.Ok(status) : TypedResults.NotFound());

        group.MapPost("/statuses", (JsonableBody<Status> body, ISampleStore store) =>
        {
            store.UpsertStatus(body.Value);
            return JsonableResults.Created($"/minimal/statuses/{body.Value.id}", body.Value);
        });

        group.MapPut("/statuses/{id:long}", Results<JsonableResult<Status>, JsonableCreatedResult<Status>, ValidationProblem> (long id, JsonableBody<Status> body, ISampleStore store) =>
        {
            if (body.Value.id != id)
            {
                return TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["$.id"] = [$"The body's id {body.Value.id} does not match the route's {id}."] });
            }

            return store.UpsertStatus(body.Value)
                ? JsonableResults.Created($"/minimal/statuses/{id}", body.Value)
                : JsonableResults.Ok(body.Value);
        });

        group.MapGet("/events", (ISampleStore store, int? limit) =>
            JsonableResults.Ok(store.ListEvents(Math.Clamp(limit ?? 100, 1, 1000)).ToList()));

        group.MapGet("/events/{id:long}", Results<JsonableResult<CitmEvent>, NotFound> (long id, ISampleStore store) =>
            store.GetEvent(id) is { } e ? JsonableResults.Ok(e) : TypedResults.NotFound());

        group.MapPost("/events", (JsonableBody<CitmEvent> body, ISampleStore store) =>
        {
            store.UpsertEvent(body.Value);
            return JsonableResults.Created($"/minimal/events/{body.Value.id}", body.Value);
        });

        group.MapPut("/events/{id:long}", Results<JsonableResult<CitmEvent>, JsonableCreatedResult<CitmEvent>, ValidationProblem> (long id, JsonableBody<CitmEvent> body, ISampleStore store) =>
        {
            if (body.Value.id != id)
            {
                return TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["$.id"] = [$"The body's id {body.Value.id} does not match the route's {id}."] });
            }

            return store.UpsertEvent(body.Value)
                ? JsonableResults.Created($"/minimal/events/{id}", body.Value)
                : JsonableResults.Ok(body.Value);
        });

        group.MapGet("/statuses/stream", (ISampleStore store, int? count, bool? holdOpen, CancellationToken cancellationToken) =>
            JsonableResults.Ok(StreamStatuses(store, Math.Clamp(count ?? 10, 1, 1000), holdOpen ?? false, cancellationToken)));

        group.MapGet("/twitter", (ISampleStore store, int? repeat) =>
            JsonableResults.Ok(Controllers.TwitterController.Repeat(store.TwitterSearch, Math.Clamp(repeat ?? 1, 1, 20))));
        group.MapPost("/twitter/echo", (JsonableBody<TwitterRoot> body) => JsonableResults.Ok(body.Value));
        group.MapGet("/citm", (ISampleStore store) => JsonableResults.Ok(store.Catalog));
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
