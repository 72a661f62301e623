using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Models;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Mvc;

namespace Jsonable.Samples.WebApi.Controllers;

/// <summary>A streamed upload through MVC: an <see cref="IAsyncEnumerable{T}"/> body read one status at a time.</summary>
[ApiController]
[Route("api/statuses/stream")]
[Tags("MVC (Jsonable formatters): statuses")]
public sealed class StatusStreamController(ISampleStore store) : ControllerBase
{
    /// <summary>
    /// Reads statuses one at a time as they arrive (a JSON array, a JMC1 array or JSON Lines); <paramref name="save"/>
    /// stores each. The server's request body limit applies (the minimal route lifts it).
    /// </summary>
    [HttpPost(Name = "ApiIngestStatusStream")]
    [ProducesResponseType<IngestSummary>(StatusCodes.Status200OK)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public async Task<ActionResult<IngestSummary>> Ingest(IAsyncEnumerable<Status> statuses, [FromQuery] bool save = false, CancellationToken cancellationToken = default)
    {
        var summary = new IngestSummary();
        await foreach (Status status in statuses.WithCancellation(cancellationToken))
        {
            summary.Count++;
            summary.LastId = status.id;
            if (save)
            {
                store.UpsertStatus(status);
                summary.Stored++;
            }
        }

        return summary;
    }
}
