using System.ComponentModel.DataAnnotations;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Mvc;

namespace Jsonable.Samples.WebApi.Controllers;

/// <summary>The whole twitter search result and citm catalog (large payloads), and an echo for round trips.</summary>
[ApiController]
[Route("api")]
[Tags("MVC (Jsonable formatters): twitter, citm, info")]
public sealed class TwitterController(ISampleStore store) : ControllerBase
{
    /// <summary>The twitter search result, its statuses repeated <paramref name="repeat"/> times (10 → about 5 MB).</summary>
    [HttpGet("twitter", Name = "ApiGetTwitter")]
    [ProducesResponseType<TwitterRoot>(StatusCodes.Status200OK)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public ActionResult<TwitterRoot> Search([FromQuery, Range(1, 20)] int repeat = 1) => Repeat(store.TwitterSearch, repeat);

    /// <summary>Returns the search result it is sent: a round trip through both formatters.</summary>
    [HttpPost("twitter/echo", Name = "ApiEchoTwitter")]
    public ActionResult<TwitterRoot> Echo(TwitterRoot search) => search;

    /// <summary>The whole citm catalog.</summary>
    [HttpGet("citm", Name = "ApiGetCatalog")]
    public ActionResult<CitmCatalog> Catalog() => store.Catalog;

    /// <summary>Something that is not a Jsonable type: STJ answers it.</summary>
    [HttpGet("info", Name = "ApiGetInfo")]
    [ProducesResponseType<SampleInfo>(StatusCodes.Status200OK)]
    [ProducesResponseType<ProblemDetails>(StatusCodes.Status406NotAcceptable)]
    public ActionResult<SampleInfo> Info() => new SampleInfo("Jsonable sample", store.ListStatuses(int.MaxValue).Count);

    internal static TwitterRoot Repeat(TwitterRoot search, int repeat) => repeat == 1
        ? search
        : new TwitterRoot
        {
            search_metadata = search.search_metadata,
            statuses = Enumerable.Repeat(search.statuses ?? [], repeat).SelectMany(s => s).ToList(),
        };
}

/// <summary>A plain DTO (no [ToJson]): always served by System.Text.Json.</summary>
/// <param name="Name">The sample's name.</param>
/// <param name="Statuses">How many statuses are stored.</param>
public sealed record SampleInfo(string Name, int Statuses);
