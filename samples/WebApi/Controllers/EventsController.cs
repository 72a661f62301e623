using System.ComponentModel.DataAnnotations;
using Jsonable.AspNetCore;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Mvc;

namespace Jsonable.Samples.WebApi.Controllers;

/// <summary>citm catalog events through MVC.</summary>
[ApiController]
[Route("api/events")]
[Tags("MVC (Jsonable formatters): events")]
public sealed class EventsController(ISampleStore store) : ControllerBase
{
    /// <summary>The first <paramref name="limit"/> events.</summary>
    [HttpGet(Name = "ApiListEvents")]
    [ProducesResponseType<List<CitmEvent>>(StatusCodes.Status200OK)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public ActionResult<List<CitmEvent>> List([FromQuery, Range(1, 1000)] int limit = 100) => store.ListEvents(limit).ToList();

    /// <summary>One event.</summary>
    [HttpGet("{id:long}", Name = "ApiGetEvent")]
    [JsonableETag] // a hash of the body as written; If-None-Match → 304
    [ProducesResponseType<CitmEvent>(StatusCodes.Status200OK)]
    [ProducesResponseType<ProblemDetails>(StatusCodes.Status404NotFound)]
    public ActionResult<CitmEvent> Get(long id) => store.GetEvent(id) is { } e ? e : NotFound();

    /// <summary>Creates (or replaces) an event.</summary>
    [HttpPost(Name = "ApiCreateEvent")]
    [ProducesResponseType<CitmEvent>(StatusCodes.Status201Created)]
    public ActionResult<CitmEvent> Create(CitmEvent citmEvent)
    {
        store.UpsertEvent(citmEvent);
        return CreatedAtAction(nameof(Get), new { id = citmEvent.id }, citmEvent);
    }

    /// <summary>Replaces an event; the body's id must match the route's.</summary>
    [HttpPut("{id:long}", Name = "ApiReplaceEvent")]
    [ProducesResponseType<CitmEvent>(StatusCodes.Status200OK)]
    [ProducesResponseType<CitmEvent>(StatusCodes.Status201Created)]
    public ActionResult<CitmEvent> Replace(long id, CitmEvent citmEvent)
    {
        if (citmEvent.id != id)
        {
            ModelState.AddModelError("$.id", $"The body's id {citmEvent.id} does not match the route's {id}.");
            return ValidationProblem(ModelState);
        }

        return store.UpsertEvent(citmEvent) ? CreatedAtAction(nameof(Get), new { id }, citmEvent) : citmEvent;
    }
}
