using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Http.HttpResults;

namespace Jsonable.Samples.WebApi.Endpoints;

/// <summary>The transform routes of <c>TransformsController</c>, and PATCH of a status, through minimal APIs.</summary>
public static class TransformEndpoints
{
    /// <summary>Maps <c>/minimal/transforms...</c> and <c>PATCH /minimal/statuses/{id}</c>.</summary>
    public static RouteGroupBuilder MapTransformEndpoints(this IEndpointRouteBuilder app)
    {
        RouteGroupBuilder group = app.MapGroup("/minimal").WithTags("Minimal API (Jsonable)")
            .WithJsonableETag(); // one ETag per representation (the stored version, "-jmc1" for JMC1); If-None-Match → 304 on GET

        group.MapGet("/transforms", (ITransformStore store) => JsonableResults.Ok(store.List().Select(t => t.Value).ToList()))
            .WithName("MinimalListTransforms");

        group.MapGet("/transforms/{id:long}", Results<JsonableResult<Transform>, JsonableMembersResult<Transform>, NotFound> (long id, string? fields, ITransformStore store, HttpContext context) =>
        {
            if (store.Get(id) is not { } stored)
            {
                return TypedResults.NotFound();
            }

            if (fields is not null)
            {
                return JsonableResults.Members(stored.Value, fields.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries), stored.ETag);
            }

            context.Response.Headers.ETag = stored.ETag;
            return JsonableResults.Ok(stored.Value);
        }).WithName("MinimalGetTransform");

        group.MapGet("/transforms/{id:long}/{member}", Results<JsonableMembersResult<Transform>, NotFound> (long id, string member, ITransformStore store) =>
            store.Get(id) is { } stored && JsonableRegistry.GetTypeInfo<Transform>()!.TryGetPartialWriter(member, out _)
                ? JsonableResults.Members(stored.Value, [member], stored.ETag)
                : TypedResults.NotFound())
            .WithName("MinimalGetTransformMember");

        group.MapPost("/transforms", Results<JsonableCreatedResult<Transform>, Conflict> (JsonableBody<Transform> body, ITransformStore store, HttpContext context) =>
        {
            if (store.Create(body.Value) is not { } stored)
            {
                return TypedResults.Conflict();
            }

            context.Response.Headers.ETag = stored.ETag;
            return JsonableResults.Created($"/minimal/transforms/{stored.Value.Id}", stored.Value);
        }).WithName("MinimalCreateTransform");

        group.MapPut("/transforms/{id:long}", Results<JsonableResult<Transform>, JsonableCreatedResult<Transform>, ValidationProblem> (long id, JsonableBody<Transform> body, ITransformStore store, HttpContext context) =>
        {
            if (body.Value.Id != id)
            {
                return TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["$.id"] = [$"The body's id {body.Value.Id} does not match the route's {id}."] });
            }

            (StoredTransform stored, bool created) = store.Replace(body.Value);
            context.Response.Headers.ETag = stored.ETag;
            return created ? JsonableResults.Created($"/minimal/transforms/{id}", stored.Value) : JsonableResults.Ok(stored.Value);
        }).WithName("MinimalReplaceTransform");

        group.MapPatch("/transforms/{id:long}", Results<JsonableResult<Transform>, NotFound> (long id, JsonablePatch<Transform> patch, ITransformStore store, HttpContext context) =>
        {
            // The id is the route key: a patch that moved it would orphan the route and could collide with another row.
            patch.RejectChangesTo(nameof(Transform.Id));
            StoredTransform? updated = store.Update(id, current =>
            {
                patch.CheckIfMatch(current.ETag);
                patch.ApplyTo(current.Value);
            });
            if (updated is null)
            {
                return TypedResults.NotFound();
            }

            context.Response.Headers.ETag = updated.ETag;
            return JsonableResults.Ok(updated.Value);
        }).WithName("MinimalPatchTransform");

        group.MapPatch("/statuses/{id:long}", Results<JsonableResult<Status>, NotFound> (long id, JsonablePatch<Status> patch, ISampleStore store) =>
        {
            // id is the route key and id_str its text twin: changing either would make two statuses share a key.
            patch.RejectChangesTo(nameof(Status.id), nameof(Status.id_str));
            return store.UpdateStatus(id, status => patch.ApplyTo(status)) is { } updated ? JsonableResults.Ok(updated) : TypedResults.NotFound();
        })
            .WithName("MinimalPatchStatus");

        return group;
    }
}
