using System.Text.Json;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Models;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;

namespace Jsonable.Samples.WebApi.Endpoints;

/// <summary>
/// Streamed uploads: statuses read one at a time as they arrive, by Jsonable (<c>/minimal/statuses/stream</c>; MVC's is
/// <c>/api/statuses/stream</c>) and by System.Text.Json (<c>/stj/statuses/stream</c>), the baseline of the load test.
/// </summary>
public static class StreamIngestEndpoints
{
    /// <summary>Maps <c>POST /minimal/statuses/stream</c> and <c>POST /stj/statuses/stream</c>.</summary>
    public static IEndpointRouteBuilder MapStreamIngest(this IEndpointRouteBuilder app)
    {
        // A stream is as long as the client makes it: these routes lift the server's request body limit (30 MB by
        // default) with [DisableRequestSizeLimit]; memory stays bounded by the largest item (JsonableOptions.MaxStreamItemBytes).
        app.MapPost("/minimal/statuses/stream", async (JsonableStream<Status> statuses, ISampleStore store, bool? save, CancellationToken cancellationToken) =>
        {
            var summary = new IngestSummary();
            await foreach (Status status in statuses.WithCancellation(cancellationToken))
            {
                summary.Count++;
                summary.LastId = status.id;
                if (save == true)
                {
                    store.UpsertStatus(status);
                    summary.Stored++;
                }
            }

            return JsonableResults.Ok(summary);
        }).WithMetadata(new DisableRequestSizeLimitAttribute())
            .WithTags("Minimal API (Jsonable results and body binding)")
            .WithSummary("Reads statuses one at a time as they arrive (a JSON array, a JMC1 array or JSON Lines); save=true stores each.")
            .WithName("MinimalIngestStatusStream");

        app.MapPost("/stj/statuses/stream", async Task<Results<JsonHttpResult<IngestSummary>, ValidationProblem, StatusCodeHttpResult>> (HttpRequest request, CancellationToken cancellationToken) =>
        {
            // JSON Lines through STJ's top-level values (whitespace-separated documents), a JSON array otherwise.
            bool lines = request.ContentType is { } type && (type.StartsWith("application/jsonl", StringComparison.OrdinalIgnoreCase) || type.StartsWith("application/x-ndjson", StringComparison.OrdinalIgnoreCase));
            if (!lines && !request.HasJsonContentType())
            {
                return TypedResults.StatusCode(StatusCodes.Status415UnsupportedMediaType);
            }

            var summary = new IngestSummary();
            try
            {
                await foreach (Status? status in JsonSerializer.DeserializeAsyncEnumerable(request.Body, RealDataJsonContext.Default.Status, topLevelValues: lines, cancellationToken))
                {
                    summary.Count++;
                    summary.LastId = status?.id ?? 0;
                }
            }
            catch (JsonException e)
            {
                return TypedResults.ValidationProblem(new Dictionary<string, string[]> { [e.Path ?? "$"] = [e.Message] });
            }

            return TypedResults.Json(summary, IngestSummaryJson.Options);
        }).WithMetadata(new DisableRequestSizeLimitAttribute())
            .WithTags("Baseline: System.Text.Json only (no Jsonable)")
            .Accepts<List<Status>>("application/json", "application/jsonl", "application/x-ndjson")
            .Produces<IngestSummary>(StatusCodes.Status200OK, "application/json")
            .ProducesValidationProblem().ProducesProblem(StatusCodes.Status415UnsupportedMediaType)
            .WithSummary("Reads statuses one at a time with System.Text.Json's DeserializeAsyncEnumerable: the baseline.")
            .WithName("StjIngestStatusStream");
        return app;
    }

    /// <summary>The summary written by System.Text.Json (reflection; it is three numbers, not what the baseline measures).</summary>
    private static class IngestSummaryJson
    {
        public static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web);
    }
}
