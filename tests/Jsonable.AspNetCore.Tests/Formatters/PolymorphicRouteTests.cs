using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>
/// An app with routes that return and accept the polymorphic base <see cref="Pet"/>, MVC and minimal APIs, over
/// TestServer: the derived type round-trips with its discriminator in both formats, and a bad discriminator or an
/// abstract base without one is a 400 whose problem details name the JSON path.
/// </summary>
public sealed class PolymorphicRouteTests : IAsyncLifetime
{
    private WebApplication? _app;
    private HttpClient? _client;

    public static TheoryData<string, string> RoutesAndFormats => new()
    {
        { "/mvc/pets", "application/json" },
        { "/mvc/pets", "application/jsonc+jmc1" },
        { "/minimal/pets", "application/json" },
        { "/minimal/pets", "application/jsonc+jmc1" },
    };

    public async Task InitializeAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddControllers().AddApplicationPart(typeof(PetsController).Assembly).AddJsonable();
        builder.Services.AddProblemDetails();
        _app = builder.Build();
        _app.UseJsonable();
        _app.MapControllers();
        _app.MapPost("/minimal/pets", (JsonableBody<List<Pet>> body) => JsonableResults.Ok(body.Value));
        await _app.StartAsync();
        _client = _app.GetTestClient();
    }

    public async Task DisposeAsync()
    {
        _client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    [Theory]
    [MemberData(nameof(RoutesAndFormats))]
    public async Task DerivedTypes_RoundTripThroughABaseTypedRoute(string route, string mediaType)
    {
        const string json = """[{"$type":"dog","good":true,"name":"rex"},{"$type":"cat","lives":9,"name":"tom"}]""";

        using HttpResponseMessage response = await PostAsync(route, mediaType, json);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(mediaType, response.Content.Headers.ContentType?.MediaType);
        byte[] body = await response.Content.ReadAsByteArrayAsync();
        var options = new JsonSerializerOptions(JsonSerializerOptions.Web) { ReadCommentHandling = JsonCommentHandling.Skip };
        List<Pet> pets = JsonSerializer.Deserialize<List<Pet>>(body, options)!;
        Assert.True(Assert.IsType<PetDog>(pets[0]).Good);
        Assert.Equal(9, Assert.IsType<PetCat>(pets[1]).Lives);
        if (mediaType == "application/json")
        {
            Assert.Equal(json, Encoding.UTF8.GetString(body));
        }
    }

    [Theory]
    [MemberData(nameof(RoutesAndFormats))]
    public async Task UnknownDiscriminator_Is400NamingThePath(string route, string mediaType)
    {
        using HttpResponseMessage response = await PostAsync(route, mediaType, """[{"$type":"dog"},{"$type":"cow"}]""");

        await AssertProblemAsync(response, "$[1].$type");
    }

    [Theory]
    [MemberData(nameof(RoutesAndFormats))]
    public async Task AbstractBaseWithoutDiscriminator_Is400NotA500(string route, string mediaType)
    {
        using HttpResponseMessage response = await PostAsync(route, mediaType, """[{"name":"no discriminator"}]""");

        await AssertProblemAsync(response, "$[0]");
    }

    private async Task<HttpResponseMessage> PostAsync(string route, string mediaType, string json)
    {
        string body = mediaType == "application/json" ? json : "/*JMC1*/" + json.Replace("{", "/*JMC1*/{", StringComparison.Ordinal);
        using var request = new HttpRequestMessage(HttpMethod.Post, route)
        {
            Content = new ByteArrayContent(Encoding.UTF8.GetBytes(body)),
        };
        request.Content.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(mediaType);
        request.Headers.Accept.ParseAdd(mediaType);
        return await _client!.SendAsync(request);
    }

    private static async Task AssertProblemAsync(HttpResponseMessage response, string path)
    {
        string text = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{(int)response.StatusCode}: {text}");
        using JsonDocument problem = JsonDocument.Parse(text);
        Assert.True(problem.RootElement.GetProperty("errors").TryGetProperty(path, out _), text);
    }
}

/// <summary>An MVC controller whose action accepts and returns the polymorphic base.</summary>
[ApiController]
[Route("mvc/pets")]
public sealed class PetsController : ControllerBase
{
    /// <summary>Echoes the pets.</summary>
    [HttpPost]
    public ActionResult<List<Pet>> Post(List<Pet> pets) => pets;
}
