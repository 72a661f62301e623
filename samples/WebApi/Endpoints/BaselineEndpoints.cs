using System.Buffers;
using System.IO.Pipelines;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
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
            .Produces<List<Status>>(contentType: "application/json").WithSummary("The first limit statuses, written by System.Text.Json.")
            .WithName("StjListStatuses");
        group.MapGet("/statuses/{id:long}", Results<JsonHttpResult<Status>, NotFound> (long id, ISampleStore store) =>
            store.GetStatus(id) is { } status ? TypedResults.Json(status, context.Status) : TypedResults.NotFound())
            .Produces<Status>(contentType: "application/json").ProducesProblem(StatusCodes.Status404NotFound).WithSummary("One status, written by System.Text.Json.")
            .WithName("StjGetStatus");
        group.MapGet("/events", (ISampleStore store, int? limit) =>
            TypedResults.Json(store.ListEvents(Math.Clamp(limit ?? 100, 1, 1000)).ToList(), context.ListCitmEvent))
            .Produces<List<CitmEvent>>(contentType: "application/json").WithSummary("The first limit events, written by System.Text.Json.")
            .WithName("StjListEvents");
        group.MapGet("/events/{id:long}", Results<JsonHttpResult<CitmEvent>, NotFound> (long id, ISampleStore store) =>
            store.GetEvent(id) is { } e ? TypedResults.Json(e, context.CitmEvent) : TypedResults.NotFound())
            .Produces<CitmEvent>(contentType: "application/json").ProducesProblem(StatusCodes.Status404NotFound).WithSummary("One event, written by System.Text.Json.")
            .WithName("StjGetEvent");
        group.MapGet("/twitter", (ISampleStore store) => TypedResults.Json(store.TwitterSearch, context.TwitterRoot))
            .Produces<TwitterRoot>(contentType: "application/json").WithSummary("The twitter search result, written by System.Text.Json.")
            .WithName("StjGetTwitter");
        group.MapGet("/citm", (ISampleStore store) => TypedResults.Json(store.Catalog, context.CitmCatalog))
            .Produces<CitmCatalog>(contentType: "application/json").WithSummary("The whole citm catalog, written by System.Text.Json.")
            .WithName("StjGetCatalog");

        // The request bodies are read with the same source-generated context (not the app's reflection-based
        // options), so the POST routes compare Jsonable with STJ at its fastest. Reading the request by hand, they
        // declare their body and answers (JSON only) for OpenAPI themselves.
        group.MapPost("/statuses", async Task<Results<JsonHttpResult<Status>, ValidationProblem, StatusCodeHttpResult>> (HttpRequest request, ISampleStore store) =>
        {
            if (!request.HasJsonContentType())
            {
                return TypedResults.StatusCode(StatusCodes.Status415UnsupportedMediaType);
            }

            (Status? status, ValidationProblem? problem) = await ReadJsonAsync(request, context.Status);
            if (status is null)
            {
                return problem!;
            }

            store.UpsertStatus(status);
            request.HttpContext.Response.Headers.Location = $"/stj/statuses/{status.id}";
            return TypedResults.Json(status, context.Status, statusCode: StatusCodes.Status201Created);
        }).WithSummary("Stores one status read by System.Text.Json (201 with Location).")
            .Accepts<Status>("application/json").Produces<Status>(StatusCodes.Status201Created, "application/json")
            .ProducesValidationProblem().ProducesProblem(StatusCodes.Status415UnsupportedMediaType)
            .WithName("StjCreateStatus");
        group.MapPost("/twitter/echo", async Task<Results<JsonHttpResult<TwitterRoot>, ValidationProblem, StatusCodeHttpResult>> (HttpRequest request) =>
        {
            if (!request.HasJsonContentType())
            {
                return TypedResults.StatusCode(StatusCodes.Status415UnsupportedMediaType);
            }

            (TwitterRoot? search, ValidationProblem? problem) = await ReadJsonAsync(request, context.TwitterRoot);
            return search is null ? problem! : TypedResults.Json(search, context.TwitterRoot);
        }).WithSummary("Reads a twitter search result with System.Text.Json and writes it back.")
            .Accepts<TwitterRoot>("application/json").Produces<TwitterRoot>(StatusCodes.Status200OK, "application/json")
            .ProducesValidationProblem().ProducesProblem(StatusCodes.Status415UnsupportedMediaType)
            .WithName("StjEchoTwitter");
        return group;
    }

    /// <summary>Maps <c>/raw/...</c>: JSON bytes that already exist, written as they are.</summary>
    public static RouteGroupBuilder MapPreSerializedBaseline(this IEndpointRouteBuilder app)
    {
        RouteGroupBuilder group = app.MapGroup("/raw").WithTags("Baseline: pre-serialized JSON bytes (no serializer)");
        group.MapGet("/statuses", (ISampleStore store, int? limit) =>
            TypedResults.Bytes(store.ListStatusesJson(Math.Clamp(limit ?? 100, 1, 1000)), "application/json"))
            .Produces<List<Status>>(contentType: "application/json").WithSummary("The first limit statuses as stored JSON bytes.")
            .WithName("RawListStatuses");
        group.MapGet("/statuses/{id:long}", Results<FileContentHttpResult, NotFound> (long id, ISampleStore store) =>
            store.GetStatusJson(id) is { } json ? TypedResults.Bytes(json, "application/json") : TypedResults.NotFound())
            .Produces<Status>(contentType: "application/json").ProducesProblem(StatusCodes.Status404NotFound).WithSummary("One status as stored JSON bytes.")
            .WithName("RawGetStatus");
        group.MapGet("/events/{id:long}", Results<FileContentHttpResult, NotFound> (long id, ISampleStore store) =>
            store.GetEventJson(id) is { } json ? TypedResults.Bytes(json, "application/json") : TypedResults.NotFound())
            .Produces<CitmEvent>(contentType: "application/json").ProducesProblem(StatusCodes.Status404NotFound).WithSummary("One event as stored JSON bytes.")
            .WithName("RawGetEvent");

        // The catalog never changes: serialize it once, on first use.
        Lazy<byte[]> catalogJson = new(() => System.Text.Encoding.UTF8.GetBytes(app.ServiceProvider.GetRequiredService<ISampleStore>().Catalog.ToJson()));
        group.MapGet("/citm", () => TypedResults.Bytes(catalogJson.Value, "application/json"))
            .Produces<CitmCatalog>(contentType: "application/json").WithSummary("The whole citm catalog as JSON bytes serialized once.")
            .WithName("RawGetCatalog");

        // A body that must be parsed has no pre-serialized answer: this is the floor under every POST instead, the
        // request's JSON read to its end and written back with no serializer at all.
        group.MapPost("/echo", async Task<Results<FileContentHttpResult, StatusCodeHttpResult>> (HttpRequest request) =>
            request.HasJsonContentType()
                ? TypedResults.Bytes(await ReadToEndAsync(request.BodyReader, request.HttpContext.RequestAborted), "application/json")
                : TypedResults.StatusCode(StatusCodes.Status415UnsupportedMediaType))
            .Accepts<JsonElement>("application/json")
            .WithSummary("Writes the request's JSON back byte for byte: the floor under every POST.")
            .WithName("RawEcho");
        return group;
    }

    /// <summary>The body read with <paramref name="typeInfo"/>, or a 400 naming the JSON path where it went wrong.</summary>
    private static async Task<(T? Value, ValidationProblem? Problem)> ReadJsonAsync<T>(HttpRequest request, JsonTypeInfo<T> typeInfo)
        where T : class
    {
        try
        {
            T? value = await request.ReadFromJsonAsync(typeInfo, request.HttpContext.RequestAborted);
            return value is null
                ? (null, TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["$"] = ["The body is null."] }))
                : (value, null);
        }
        catch (JsonException e)
        {
            return (null, TypedResults.ValidationProblem(new Dictionary<string, string[]> { [e.Path ?? "$"] = [e.Message] }));
        }
    }

    /// <summary>The whole request body, read from its pipe.</summary>
    internal static async Task<byte[]> ReadToEndAsync(PipeReader reader, CancellationToken cancellationToken)
    {
        while (true)
        {
            ReadResult result = await reader.ReadAsync(cancellationToken);
            if (result.IsCompleted)
            {
                byte[] body = result.Buffer.ToArray();
                reader.AdvanceTo(result.Buffer.End);
                return body;
            }

            // Consume nothing yet: the next read returns the whole body so far.
            reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
        }
    }
}
