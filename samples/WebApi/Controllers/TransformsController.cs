using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Mvc;

namespace Jsonable.Samples.WebApi.Controllers;

/// <summary>
/// Transforms through MVC, the partial-update convention end to end: ETags on reads, one member or a <c>fields</c>
/// selection through the generated partial writers, and merge-patch PATCH guarded by <c>If-Match</c>.
/// </summary>
[ApiController]
[Route("api/transforms")]
[JsonableETag] // one ETag per representation (the stored version, "-jmc1" for JMC1); If-None-Match → 304 on GET
public sealed class TransformsController(ITransformStore store) : ControllerBase
{
    /// <summary>All transforms.</summary>
    [HttpGet(Name = "ApiListTransforms")]
    [ProducesResponseType<List<Transform>>(StatusCodes.Status200OK, JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1)]
    public ActionResult<List<Transform>> List() => store.List().Select(t => t.Value).ToList();

    /// <summary>One transform, with its ETag; <paramref name="fields"/> (e.g. <c>position,rotation</c>) selects members that have partial writers.</summary>
    [HttpGet("{id:long}", Name = "ApiGetTransform")]
    [ProducesResponseType<Transform>(StatusCodes.Status200OK, JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1)]
    [ProducesResponseType(StatusCodes.Status400BadRequest)]
    [ProducesResponseType(StatusCodes.Status404NotFound)]
    public IActionResult Get(long id, [FromQuery] string? fields = null)
    {
        if (store.Get(id) is not { } stored)
        {
            return NotFound();
        }

        if (fields is not null)
        {
            return JsonableResults.Members(stored.Value, fields.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries), stored.ETag);
        }

        Response.Headers.ETag = stored.ETag;
        return Ok(stored.Value);
    }

    /// <summary>Only one member of a transform (<c>position</c>, <c>rotation</c>, <c>scale</c>, <c>payload</c>, <c>tags</c>), through its generated partial writer.</summary>
    [HttpGet("{id:long}/{member}", Name = "ApiGetTransformMember")]
    [ProducesResponseType<Transform>(StatusCodes.Status200OK, JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1)]
    [ProducesResponseType(StatusCodes.Status404NotFound)]
    public IActionResult GetMember(long id, string member)
    {
        if (store.Get(id) is not { } stored || !JsonableRegistry.GetTypeInfo<Transform>()!.TryGetPartialWriter(member, out _))
        {
            return NotFound();
        }

        return JsonableResults.Members(stored.Value, [member], stored.ETag);
    }

    /// <summary>Creates a transform (a new id when the body has none).</summary>
    [HttpPost(Name = "ApiCreateTransform")]
    [ProducesResponseType<Transform>(StatusCodes.Status201Created, JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1)]
    [ProducesResponseType(StatusCodes.Status409Conflict)]
    public ActionResult<Transform> Create(Transform transform)
    {
        if (store.Create(transform) is not { } stored)
        {
            return Conflict();
        }

        Response.Headers.ETag = stored.ETag;
        return CreatedAtAction(nameof(Get), new { id = stored.Value.Id }, stored.Value);
    }

    /// <summary>Replaces a transform; the body's id must match the route's.</summary>
    [HttpPut("{id:long}", Name = "ApiReplaceTransform")]
    [ProducesResponseType<Transform>(StatusCodes.Status200OK, JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1)]
    [ProducesResponseType<Transform>(StatusCodes.Status201Created, JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public ActionResult<Transform> Replace(long id, Transform transform)
    {
        if (transform.Id != id)
        {
            ModelState.AddModelError("$.id", $"The body's id {transform.Id} does not match the route's {id}.");
            return ValidationProblem(ModelState);
        }

        (StoredTransform stored, bool created) = store.Replace(transform);
        Response.Headers.ETag = stored.ETag;
        return created ? CreatedAtAction(nameof(Get), new { id }, stored.Value) : stored.Value;
    }

    /// <summary>
    /// Merges a partial document (RFC 7396) into a transform: absent members stay, <c>null</c> clears, arrays are
    /// replaced, <c>payload</c> and <c>counters</c> are merged. <c>If-Match</c> with a stale ETag is 412 and changes nothing.
    /// </summary>
    [HttpPatch("{id:long}", Name = "ApiPatchTransform")]
    [Consumes(JsonableMediaTypes.MergePatchJson, JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1)]
    [ProducesResponseType<Transform>(StatusCodes.Status200OK, JsonableMediaTypes.Json, JsonableMediaTypes.Jmc1)]
    [ProducesResponseType(StatusCodes.Status400BadRequest)]
    [ProducesResponseType(StatusCodes.Status404NotFound)]
    [ProducesResponseType(StatusCodes.Status412PreconditionFailed)]
    [ProducesResponseType(StatusCodes.Status428PreconditionRequired)]
    public ActionResult<Transform> Patch(long id, JsonablePatch<Transform> patch)
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
            return NotFound();
        }

        Response.Headers.ETag = updated.ETag;
        return updated.Value;
    }
}
