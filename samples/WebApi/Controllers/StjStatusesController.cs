using System.Text.Json;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Mvc;

namespace Jsonable.Samples.WebApi.Controllers;

/// <summary>
/// The MVC baseline the load tests compare <see cref="StatusesController"/> with: the same actions answered by
/// System.Text.Json's source-generated context (<see cref="JsonResult"/>, the body read by hand), not by Jsonable's
/// formatters, so the MVC pipeline's own cost is on both sides.
/// </summary>
[ApiController]
[Route("stj/api/statuses")]
[Tags("Baseline: System.Text.Json only (no Jsonable)")]
public sealed class StjStatusesController(ISampleStore store) : ControllerBase
{
    private static readonly JsonSerializerOptions s_options = RealDataJsonContext.Default.Options;

    /// <summary>One status, written by System.Text.Json.</summary>
    [HttpGet("{id:long}", Name = "StjMvcGetStatus")]
    [ProducesResponseType<Status>(StatusCodes.Status200OK, "application/json")]
    [ProducesResponseType<ProblemDetails>(StatusCodes.Status404NotFound)]
    public IActionResult Get(long id) => store.GetStatus(id) is { } status ? new JsonResult(status, s_options) : NotFound();

    /// <summary>Creates (or replaces) a status read by System.Text.Json (201 with Location).</summary>
    [HttpPost(Name = "StjMvcCreateStatus")]
    [Consumes("application/json")]
    [ProducesResponseType<Status>(StatusCodes.Status201Created, "application/json")]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public async Task<IActionResult> Create()
    {
        Status? status;
        try
        {
            status = await Request.ReadFromJsonAsync(RealDataJsonContext.Default.Status, HttpContext.RequestAborted);
        }
        catch (JsonException exception)
        {
            return ValidationProblem(new ValidationProblemDetails(new Dictionary<string, string[]> { [exception.Path ?? "$"] = [exception.Message] }));
        }

        if (status is null)
        {
            return ValidationProblem(new ValidationProblemDetails(new Dictionary<string, string[]> { ["$"] = ["The body is null."] }));
        }

        store.UpsertStatus(status);
        Response.Headers.Location = $"/stj/api/statuses/{status.id}";
        return new JsonResult(status, s_options) { StatusCode = StatusCodes.Status201Created };
    }
}
