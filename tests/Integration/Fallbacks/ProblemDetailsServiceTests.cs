using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Fallbacks;

/// <summary>
/// An app that registered <c>AddProblemDetails()</c> with a customization: Jsonable's errors go through its
/// <see cref="IProblemDetailsService"/> (ASP.NET Core's writer for a JSON-accepting client, Jsonable's for a client that
/// accepts only JMC1), and the customization — an extension member of the app's own type included — shows either way.
/// </summary>
public sealed class ProblemDetailsServiceTests : IAsyncLifetime
{
    private WebApplication? _app;

    /// <summary>An extension value of a type Jsonable's problem-details context does not know.</summary>
    public sealed record Tenant(string Name, int Shard);

    public async Task InitializeAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddJsonable(options => options.ReturnHttpNotAcceptable = true); // the 406 below is opted into
        builder.Services.AddProblemDetails(options => options.CustomizeProblemDetails = context =>
        {
            context.ProblemDetails.Extensions["tenant"] = new Tenant("blue", 3);
            context.ProblemDetails.Extensions["customizedBy"] = "the app";
        });
        _app = builder.Build();
        _app.UseJsonable();
        _app.MapPost("/events", (JsonableBody<CitmEvent> body) => JsonableResults.Created($"/events/{body.Value.id}", body.Value));
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
    [InlineData("application/json")]
    [InlineData("application/jsonc+jmc1")]
    public async Task Post_MalformedBody_ProblemCarriesTheAppsCustomization(string accept)
    {
        HttpClient client = _app!.GetTestClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, "/events", accept, Requests.Body(Encoding.UTF8.GetBytes("""{"id":"x"}"""), "application/json"));

        await HttpAssert.ValidationErrorAsync("$.id", response);
        JsonElement problem = JsonDocument.Parse(await response.Content.ReadAsByteArrayAsync()).RootElement;
        Assert.Equal("the app", problem.GetProperty("customizedBy").GetString());
        Assert.Equal("blue", problem.GetProperty("tenant").GetProperty("name").GetString());
        Assert.Equal(3, problem.GetProperty("tenant").GetProperty("shard").GetInt32());
    }

    [Theory]
    [InlineData("application/xml")]
    [InlineData("application/jsonc+jmc1;q=0, application/json;q=0")]
    public async Task Post_UnsatisfiableAccept_406ProblemCarriesTheAppsCustomization(string accept)
    {
        HttpClient client = _app!.GetTestClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, "/events", accept, Requests.Body(Encoding.UTF8.GetBytes("""{"id":1}"""), "application/json"));

        JsonElement problem = await HttpAssert.ProblemAsync(HttpStatusCode.NotAcceptable, response);
        HttpAssert.VaryAccept(response);
        Assert.Equal("the app", problem.GetProperty("customizedBy").GetString());
        Assert.Equal("blue", problem.GetProperty("tenant").GetProperty("name").GetString());
    }
}
