using Jsonable.Samples.WebApi.Endpoints;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Mvc;

namespace Jsonable.Samples.WebApi.Controllers;

/// <summary>
/// The MVC pre-serialized baseline the load tests compare <see cref="StatusesController"/> with: a status's stored JSON
/// bytes, and a body written back byte for byte, through the same MVC pipeline (routing to an action, filters, an
/// action result) but no serializer, so "vs pre-serialized" for an MVC route leaves MVC's own cost on both sides.
/// Left out of the OpenAPI documents: it is a measuring stick, like the minimal <c>/raw</c> routes' twin, not an API.
/// </summary>
[ApiController]
[Route("raw/api/statuses")]
[ApiExplorerSettings(IgnoreApi = true)]
public sealed class PreSerializedStatusesController(ISampleStore store) : ControllerBase
{
    /// <summary>One status as stored JSON bytes.</summary>
    [HttpGet("{id:long}")]
    public IActionResult Get(long id) => store.GetStatusJson(id) is { } json ? File(json, "application/json") : NotFound();

    /// <summary>Writes the request's JSON back byte for byte: the floor under an MVC POST.</summary>
    [HttpPost("/raw/api/echo")]
    [Consumes("application/json")]
    public async Task<IActionResult> Echo() => File(await BaselineEndpoints.ReadToEndAsync(Request.BodyReader, HttpContext.RequestAborted), "application/json");
}
