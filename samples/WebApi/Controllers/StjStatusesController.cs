using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.ModelBinding;

namespace Jsonable.Samples.WebApi.Controllers;

/// <summary>
/// The MVC baseline the load tests compare <see cref="StatusesController"/> with: the same actions answered by
/// System.Text.Json's source-generated context (MVC's <see cref="SystemTextJsonOutputFormatter"/>, the body bound by <see cref="StjBodyModelBinder"/>), not by Jsonable's
/// formatters, so the MVC pipeline's own cost is on both sides.
/// </summary>
[ApiController]
[Route("stj/api/statuses")]
[Tags("Baseline: System.Text.Json only (no Jsonable)")]
public sealed class StjStatusesController(ISampleStore store) : ControllerBase
{
    // What an app without Jsonable answers with: MVC's own System.Text.Json output formatter, on the source-generated
    // context's options.
    private static readonly SystemTextJsonOutputFormatter s_formatter = new(RealDataJsonContext.Default.Options);

    /// <summary>One status, written by System.Text.Json.</summary>
    [HttpGet("{id:long}", Name = "StjMvcGetStatus")]
    [ProducesResponseType<Status>(StatusCodes.Status200OK, "application/json")]
    [ProducesResponseType<ProblemDetails>(StatusCodes.Status404NotFound)]
    public IActionResult Get(long id) => store.GetStatus(id) is { } status ? new OkObjectResult(status) { Formatters = { s_formatter } } : NotFound();

    /// <summary>Creates (or replaces) a status read by System.Text.Json (201 with Location).</summary>
    [HttpPost(Name = "StjMvcCreateStatus")]
    [Consumes("application/json")]
    [ProducesResponseType<Status>(StatusCodes.Status201Created, "application/json")]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public IActionResult Create([StjBody] Status status)
    {
        store.UpsertStatus(status);
        return new CreatedAtActionResult(nameof(Get), null, new { id = status.id }, status) { Formatters = { s_formatter } };
    }
}

/// <summary>The body, bound by <see cref="StjBodyModelBinder"/> (and described as a body, not as query parameters).</summary>
[AttributeUsage(AttributeTargets.Parameter)]
public sealed class StjBodyAttribute : ModelBinderAttribute
{
    /// <summary>Binds the parameter from the body with System.Text.Json.</summary>
    public StjBodyAttribute()
        : base(typeof(StjBodyModelBinder)) => BindingSource = BindingSource.Body;
}

/// <summary>
/// Binds a body with System.Text.Json's source-generated context, as MVC's own JSON input formatter would in an app
/// without Jsonable, so the baseline action pays for model binding and validation as the Jsonable action does.
/// </summary>
public sealed class StjBodyModelBinder : IModelBinder
{
    /// <inheritdoc />
    public async Task BindModelAsync(ModelBindingContext bindingContext)
    {
        HttpRequest request = bindingContext.HttpContext.Request;
        JsonTypeInfo typeInfo = RealDataJsonContext.Default.GetTypeInfo(bindingContext.ModelType)
            ?? throw new InvalidOperationException($"{bindingContext.ModelType} is not in RealDataJsonContext.");
        try
        {
            object? value = await JsonSerializer.DeserializeAsync(request.Body, typeInfo, request.HttpContext.RequestAborted);
            if (value is null)
            {
                bindingContext.ModelState.AddModelError("$", "The body is null.");
                return;
            }

            bindingContext.Result = ModelBindingResult.Success(value);
        }
        catch (JsonException exception)
        {
            bindingContext.ModelState.AddModelError(exception.Path ?? "$", exception.Message);
        }
    }
}
