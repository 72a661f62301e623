using System.Net;
using System.Text.Json.Nodes;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Models;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.Shapes;

/// <summary>
/// Both OpenAPI generators list <c>application/jsonc+jmc1</c> exactly where Jsonable answers it: on a root dictionary
/// and a closed generic the sample names in <c>[JsonableType]</c>, and not on a closed generic nobody named or a
/// dictionary whose key a root dictionary does not take, even though their <c>JsonableResult</c> metadata offers it.
/// Those routes fail with the advice to follow, never "mark it [ToJson]".
/// </summary>
public sealed class OpenApiTruthTests : IAsyncLifetime
{
    private const string Jmc1 = "application/jsonc+jmc1";

    private readonly CollectingLoggerProvider _warnings = new();
    private WebApplication? _app;

    public static TheoryData<string> Documents => OpenApiDocuments.All;

    public async Task InitializeAsync()
    {
        _app = OpenApiDocuments.CreateApp(configure: builder =>
        {
            builder.Logging.AddProvider(_warnings);
            builder.Services.AddControllers() // for the MVC action below
                .AddApplicationPart(typeof(UnlistedPageController).Assembly);
        });
        _app.MapGet("/listed", () => JsonableResults.Ok(new Page<Status>()));
        _app.MapGet("/dictionary", () => JsonableResults.Ok(new Dictionary<string, Status>()));
#pragma warning disable JSONABLE040, JSONABLE041 // the routes that must fail at run time: what the analyzer warns about at compile time
        _app.MapGet("/unlisted", () => JsonableResults.Ok(new Page<CitmEvent>()));
        _app.MapGet("/enum-keyed", () => JsonableResults.Ok(new Dictionary<DayOfWeek, Status>()));
        _app.MapPost("/unlisted", (JsonableBody<Page<CitmEvent>> body) => TypedResults.NoContent());
#pragma warning restore JSONABLE040, JSONABLE041
        _app.MapControllers();
        await _app.StartAsync();
    }

    public async Task DisposeAsync()
    {
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task Document_ListsJmc1OnlyWhereJsonableAnswersIt(string documentPath)
    {
        JsonNode paths = await OpenApiDocuments.PathsAsync(_app!, documentPath);

        Assert.Equal(["application/json", Jmc1], MediaTypes(paths["/listed"]!["get"]!["responses"]!["200"]));
        Assert.Equal(["application/json", Jmc1], MediaTypes(paths["/dictionary"]!["get"]!["responses"]!["200"]));
        Assert.DoesNotContain(Jmc1, MediaTypes(paths["/unlisted"]!["get"]!["responses"]!["200"]));
        Assert.DoesNotContain(Jmc1, MediaTypes(paths["/enum-keyed"]!["get"]!["responses"]!["200"]));
        Assert.DoesNotContain(Jmc1, MediaTypes(paths["/unlisted"]!["post"]!["requestBody"]));
    }

    [Fact]
    public async Task UnlistedClosedGeneric_Requested_FailsWithTheAttributeToAdd()
    {
        HttpClient client = _app!.GetTestClient();

        // The test server hands the app's exception to the caller (a real server answers 500 and logs it).
        InvalidOperationException error = await Assert.ThrowsAsync<InvalidOperationException>(() => client.GetAsync("/unlisted"));

        Assert.Contains("add [assembly: JsonableType(typeof(Page<CitmEvent>))]", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("mark it [ToJson]", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task UnlistedClosedGeneric_FromMvc_IsLeftToStjWithOneWarningSayingWhatToAdd()
    {
        HttpClient client = _app!.GetTestClient();

        (HttpResponseMessage json, byte[] body) = await client.GetAsync("/mvc/unlisted", "application/json");
        (HttpResponseMessage jmc1, _) = await client.GetAsync("/mvc/unlisted", Jmc1);

        // System.Text.Json writes it as JSON; JMC1 cannot be produced (MVC, without ReturnHttpNotAcceptable, answers JSON
        // instead); the log says why and what to add, once.
        await HttpAssert.StatusAsync(HttpStatusCode.OK, json);
        Assert.Equal("""{"items":[],"offset":0,"total":0}""", System.Text.Encoding.UTF8.GetString(body));
        HttpAssert.MediaType("application/json", jmc1);
        string warning = Assert.Single(_warnings.Messages, m => m.Contains("Page", StringComparison.Ordinal));
        Assert.Contains("is written by System.Text.Json (JSON only; JMC1 cannot be produced for it)", warning, StringComparison.Ordinal);
        Assert.Contains("add [assembly: JsonableType(typeof(Page<CitmEvent>))]", warning, StringComparison.Ordinal);
    }

    private static string[] MediaTypes(JsonNode? bodyOrResponse) => OpenApiDocuments.MediaTypes(bodyOrResponse);
}

/// <summary>An MVC action returning a closed generic that no <c>[JsonableType]</c> names (for <see cref="OpenApiTruthTests"/>).</summary>
[ApiController]
[Route("mvc/unlisted")]
public sealed class UnlistedPageController : ControllerBase
{
    /// <summary>An empty page of events.</summary>
    [HttpGet]
    public ActionResult<Page<CitmEvent>> Get() => new Page<CitmEvent>();
}
