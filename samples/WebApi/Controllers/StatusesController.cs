using System.ComponentModel.DataAnnotations;
using System.Runtime.CompilerServices;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Models;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Mvc;

namespace Jsonable.Samples.WebApi.Controllers;

/// <summary>Twitter statuses through MVC: Jsonable's formatters answer JSON or JMC1 by Accept.</summary>
[ApiController]
[Route("api/statuses")]
[Tags("MVC (Jsonable formatters): statuses")]
public sealed class StatusesController(ISampleStore store) : ControllerBase
{
    /// <summary>The first <paramref name="limit"/> statuses.</summary>
    // No content types on these attributes: MVC's FormatFilter treats them as the only types the action produces and
    // would answer ?format=jmc1 with 404. Jsonable's OpenAPI rules document problem responses as application/problem+json.
    [HttpGet(Name = "ApiListStatuses")]
    [ProducesResponseType<List<Status>>(StatusCodes.Status200OK)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public ActionResult<List<Status>> List([FromQuery, Range(1, 1000)] int limit = 100) => store.ListStatuses(limit).ToList();

    /// <summary>The first <paramref name="limit"/> statuses keyed by id: a root dictionary.</summary>
    [HttpGet("by-id", Name = "ApiListStatusesById")]
    [ProducesResponseType<IReadOnlyDictionary<long, Status>>(StatusCodes.Status200OK)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public ActionResult<IReadOnlyDictionary<long, Status>> ById([FromQuery, Range(1, 1000)] int limit = 10) =>
        store.ListStatuses(limit).ToDictionary(s => s.id);

    /// <summary>One page of statuses: a closed generic, <c>Page&lt;Status&gt;</c>.</summary>
    [HttpGet("page", Name = "ApiGetStatusPage")]
    [ProducesResponseType<Page<Status>>(StatusCodes.Status200OK)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public ActionResult<Page<Status>> GetPage([FromQuery, Range(0, 1000)] int offset = 0, [FromQuery, Range(1, 100)] int limit = 10) =>
        Pages.Of(store.ListStatuses(1000).ToList(), offset, limit);

    /// <summary>Creates (or replaces) the statuses of a page, and returns it.</summary>
    [HttpPost("page", Name = "ApiPostStatusPage")]
    [ProducesResponseType<Page<Status>>(StatusCodes.Status200OK)]
    public ActionResult<Page<Status>> PostPage(Page<Status> page)
    {
        foreach (Status status in page.Items)
        {
            store.UpsertStatus(status);
        }

        return page;
    }

    /// <summary>One status.</summary>
    [HttpGet("{id:long}", Name = "ApiGetStatus")]
    [JsonableETag] // a hash of the body as written; If-None-Match → 304
    [ProducesResponseType<Status>(StatusCodes.Status200OK)]
    [ProducesResponseType<ProblemDetails>(StatusCodes.Status404NotFound)]
    public ActionResult<Status> Get(long id) => store.GetStatus(id) is { } status ? status : NotFound();

    /// <summary>Creates (or replaces) a status.</summary>
    [HttpPost(Name = "ApiCreateStatus")]
    [ProducesResponseType<Status>(StatusCodes.Status201Created)]
    public ActionResult<Status> Create(Status status)
    {
        store.UpsertStatus(status);
        return CreatedAtAction(nameof(Get), new { id = status.id }, status);
    }

    /// <summary>Replaces a status; the body's id must match the route's.</summary>
    [HttpPut("{id:long}", Name = "ApiReplaceStatus")]
    [ProducesResponseType<Status>(StatusCodes.Status200OK)]
    [ProducesResponseType<Status>(StatusCodes.Status201Created)]
    public ActionResult<Status> Replace(long id, Status status)
    {
        if (status.id != id)
        {
            ModelState.AddModelError("$.id", $"The body's id {status.id} does not match the route's {id}.");
            return ValidationProblem(ModelState);
        }

        return store.UpsertStatus(status) ? CreatedAtAction(nameof(Get), new { id }, status) : status;
    }

    /// <summary>Merges a partial document (RFC 7396) into a status, e.g. <c>{"favorite_count":5,"user":{"description":"..."}}</c>.</summary>
    [HttpPatch("{id:long}", Name = "ApiPatchStatus")]
    [Consumes(JsonableMediaTypes.MergePatchJson, JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1)]
    [ProducesResponseType<Status>(StatusCodes.Status200OK, JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1)]
    [ProducesResponseType<ProblemDetails>(StatusCodes.Status404NotFound)]
    public ActionResult<Status> Patch(long id, JsonablePatch<Status> patch)
    {
        // id is the route key and id_str its text twin: changing either would make two statuses share a key.
        patch.RejectChangesTo(nameof(Status.id), nameof(Status.id_str));
        return store.UpdateStatus(id, status => patch.ApplyTo(status)) is { } updated ? updated : NotFound();
    }

    /// <summary>Streams statuses one by one; <paramref name="holdOpen"/> keeps the response open after the first.</summary>
    [HttpGet("stream", Name = "ApiStreamStatuses")]
    [ProducesResponseType<IAsyncEnumerable<Status>>(StatusCodes.Status200OK)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public async IAsyncEnumerable<Status> Stream(
        [FromQuery, Range(1, 1000)] int count = 10,
        [FromQuery] bool holdOpen = false,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
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
