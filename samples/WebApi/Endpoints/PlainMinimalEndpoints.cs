using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Http.HttpResults;

namespace Jsonable.Samples.WebApi.Endpoints;

/// <summary>
/// Minimal APIs written as for System.Text.Json alone: <c>TypedResults.Ok</c> and a plain <c>(Status status)</c> body,
/// no Jsonable type in sight. <c>AddJsonable()</c> answers them with the generated code through the app's JSON options.
/// </summary>
public static class PlainMinimalEndpoints
{
    /// <summary>Maps <c>/plain/...</c>.</summary>
    public static RouteGroupBuilder MapPlainMinimalApi(this IEndpointRouteBuilder app)
    {
        RouteGroupBuilder group = app.MapGroup("/plain").WithTags("Minimal API written for System.Text.Json (TypedResults, plain bodies)");

        group.MapGet("/statuses/{id:long}", Results<Ok<Status>, NotFound> (long id, ISampleStore store) =>
            store.GetStatus(id) is { } status ? TypedResults.Ok(status) : TypedResults.NotFound())
            .WithSummary("One status, as TypedResults.Ok writes it.").ProducesProblem(StatusCodes.Status404NotFound)
            .WithName("PlainGetStatus");

        group.MapPost("/statuses", (Status status, ISampleStore store) =>
        {
            store.UpsertStatus(status);
            return TypedResults.Created($"/plain/statuses/{status.id}", status);
        }).WithSummary("Creates (or replaces) a status read as a plain body parameter.")
            .WithName("PlainCreateStatus");

        return group;
    }
}
