using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.StackParity;

/// <summary>
/// A 415 tells the client what to send instead: its problem details' <c>detail</c> names every media type Jsonable
/// reads (for a PATCH, the PATCH media types), on MVC and minimal routes alike, whether the content type (or only its
/// charset) was refused, by Jsonable's own binding or by routing (a content type no endpoint accepts).
/// </summary>
public sealed class UnsupportedMediaTypeDetailTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private static readonly string[] s_accepted = ["application/json", "text/json", "application/*+json", "application/jsonc+jmc1"];

    // A JsonablePatch reads merge patch, JSON and JMC1 only: its 415 names those, not the other JSON types plain bodies take.
    private const string PatchAccepted = "Accepted: application/merge-patch+json, application/json, application/jsonc+jmc1.";

    public static TheoryData<string, string, string> Requests415 => new()
    {
        { "POST", "/api/statuses", "application/xml" },
        { "POST", "/minimal/statuses", "application/xml" },
        { "POST", "/api/statuses", "application/json; charset=bogus" },
        { "POST", "/minimal/statuses", "application/json; charset=bogus" },
        { "POST", "/api/events", "text/plain" },
        { "POST", "/minimal/events", "text/plain" },
        { "PATCH", "/api/transforms/1", "application/xml" },
        { "PATCH", "/minimal/transforms/1", "application/xml" },
    };

    [Theory]
    [MemberData(nameof(Requests415))]
    public async Task UnsupportedContentType_ProblemDetail_NamesTheAcceptedMediaTypes(string method, string url, string contentType)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().SendAsync(
            new HttpMethod(method), url, "application/json", Infrastructure.Requests.Body(Encoding.UTF8.GetBytes("""{"id":1}"""), contentType));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        using JsonDocument problem = JsonDocument.Parse(body);
        Assert.True(problem.RootElement.TryGetProperty("detail", out JsonElement detail), Encoding.UTF8.GetString(body));
        string text = detail.GetString()!;
        Assert.Contains($"'{contentType}'", text, StringComparison.Ordinal);
        if (method == "PATCH")
        {
            Assert.EndsWith(PatchAccepted, text, StringComparison.Ordinal);
            Assert.Equal("application/merge-patch+json, application/json, application/jsonc+jmc1", string.Join(", ", response.Headers.GetValues("Accept-Patch")));
            return;
        }

        foreach (string mediaType in s_accepted)
        {
            Assert.Contains(mediaType, text, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData("application/xml")]
    [InlineData("application/jsonc+jmc1")]
    public async Task UnsupportedContentType_Jmc1TurnedOff_DetailDoesNotOfferJmc1(string contentType)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddJsonable(o => o.EnableJmc1 = false);
        await using WebApplication app = builder.Build();
        app.UseJsonable();
        app.MapPost("/events", (JsonableBody<CitmEvent> body) => Results.Ok());
        await app.StartAsync();

        (HttpResponseMessage response, byte[] body) = await app.GetTestClient().SendAsync(
            HttpMethod.Post, "/events", "application/json", Infrastructure.Requests.Body(Encoding.UTF8.GetBytes("""{"id":1}"""), contentType));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        using JsonDocument problem = JsonDocument.Parse(body);
        string detail = problem.RootElement.GetProperty("detail").GetString()!;
        Assert.Contains("application/json, text/json, application/*+json", detail, StringComparison.Ordinal);
        Assert.DoesNotContain("jmc1 (", detail, StringComparison.Ordinal);
        Assert.DoesNotContain("Accepted: application/json, text/json, application/*+json, application/jsonc+jmc1", detail, StringComparison.Ordinal);
    }

    // Routing's 415 names what the endpoints at the path declare: a plain T body reads application/json only (the
    // framework binds it), so JMC1 and text/json, which Jsonable's own parameters read, are not offered.
    [Fact]
    public async Task UnsupportedContentType_PlainBodyParameter_DetailNamesOnlyWhatTheRouteReads()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddJsonable();
        await using WebApplication app = builder.Build();
        app.UseJsonable();
        app.MapPost("/plain", (PlainOrder order) => Results.Ok());
        app.MapPost("/jsonable", (JsonableBody<CitmEvent> body) => Results.Ok());
        await app.StartAsync();

        string plain = await DetailAsync(app, "/plain");
        string jsonable = await DetailAsync(app, "/jsonable");

        Assert.Equal("The content type 'text/plain' is not supported. Accepted: application/json.", plain);
        Assert.Contains("Accepted: application/json, text/json, application/*+json, application/jsonc+jmc1", jsonable, StringComparison.Ordinal);
    }

    private static async Task<string> DetailAsync(WebApplication app, string url)
    {
        (HttpResponseMessage response, byte[] body) = await app.GetTestClient().SendAsync(
            HttpMethod.Post, url, "application/json", Infrastructure.Requests.Body(Encoding.UTF8.GetBytes("""{"id":1}"""), "text/plain"));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        using JsonDocument problem = JsonDocument.Parse(body);
        return problem.RootElement.GetProperty("detail").GetString()!;
    }

    /// <summary>A body type Jsonable has no generated code for.</summary>
    public sealed record PlainOrder(int Id);
}
