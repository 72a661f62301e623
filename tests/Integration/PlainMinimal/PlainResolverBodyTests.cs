using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.PlainMinimal;

/// <summary>
/// A plain <c>(TwitterRoot body)</c> of a type with no generated <c>BindAsync</c> (the sample's models library references
/// only Jsonable) is read by System.Text.Json from the request's <c>PipeReader</c> and handed to the generated reader by
/// the resolver's converter; over Kestrel the body lies in the pipe's 4 KB blocks. The value bound is System.Text.Json's,
/// and a bad member anywhere in it is the 400 problem keyed by its JSON path.
/// </summary>
public sealed class PlainResolverBodyTests : IAsyncLifetime
{
    private static readonly byte[] s_twitter = File.ReadAllBytes(JsonData.DataPath("twitter.json"));

    private WebApplication? _app;
    private WebApplication? _stj;
    private HttpClient? _appClient;
    private HttpClient? _stjClient;

    public async Task InitializeAsync()
    {
        (_app, _appClient) = await StartAsync(jsonable: true);
        (_stj, _stjClient) = await StartAsync(jsonable: false);
    }

    public async Task DisposeAsync()
    {
        _appClient!.Dispose();
        _stjClient!.Dispose();
        await _app!.DisposeAsync();
        await _stj!.DisposeAsync();
    }

    public static TheoryData<string> Bodies => ["twitter", "one-status", "statuses-array"];

    [Theory]
    [MemberData(nameof(Bodies))]
    public async Task The_value_bound_is_system_text_jsons(string name)
    {
        (string route, byte[] body) = Body(name);
        (HttpStatusCode stjStatus, byte[] expected) = await PostAsync(_stjClient!, route, body);
        (HttpStatusCode status, byte[] actual) = await PostAsync(_appClient!, route, body);

        Assert.Equal(HttpStatusCode.OK, stjStatus);
        Assert.Equal(HttpStatusCode.OK, status);
        JsonData.AssertEqual(expected, actual);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(99)]
    public async Task A_bad_member_is_a_400_keyed_by_its_path(int statusIndex)
    {
        // Near the start of the body (its first block) or near its end.
        var twitter = System.Text.Json.Nodes.JsonNode.Parse(s_twitter)!;
        twitter["statuses"]![statusIndex]!["favorite_count"] = "many";
        byte[] body = Encoding.UTF8.GetBytes(twitter.ToJsonString());
        (HttpStatusCode status, byte[] problem) = await PostAsync(_appClient!, "/twitter", body);

        Assert.Equal(HttpStatusCode.BadRequest, status);
        using JsonDocument document = JsonDocument.Parse(problem);
        Assert.True(document.RootElement.GetProperty("errors").TryGetProperty($"$.statuses[{statusIndex}].favorite_count", out _), Encoding.UTF8.GetString(problem));
    }

    private static (string Route, byte[] Body) Body(string name)
    {
        using JsonDocument twitter = JsonDocument.Parse(s_twitter);
        JsonElement statuses = twitter.RootElement.GetProperty("statuses");
        return name switch
        {
            "twitter" => ("/twitter", s_twitter),
            "one-status" => ("/status", Encoding.UTF8.GetBytes(statuses[3].GetRawText())),
            _ => ("/statuses", Encoding.UTF8.GetBytes("[" + statuses[0].GetRawText() + ", " + statuses[1].GetRawText() + "]")),
        };
    }

    private static async Task<(HttpStatusCode Status, byte[] Body)> PostAsync(HttpClient client, string route, byte[] body)
    {
        using HttpResponseMessage response = await client.PostAsync(route, Requests.Body(body, "application/json"));
        return (response.StatusCode, await response.Content.ReadAsByteArrayAsync());
    }

    private static async Task<(WebApplication App, HttpClient Client)> StartAsync(bool jsonable)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseKestrel().UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        if (jsonable)
        {
            builder.Services.AddJsonable();
        }

        WebApplication app = builder.Build();
        if (jsonable)
        {
            app.UseJsonable();
        }

        // The answers are written by System.Text.Json's own contracts (a JsonElement), so only the binding differs.
        app.MapPost("/twitter", (TwitterRoot body) => TypedResults.Ok(JsonSerializer.SerializeToElement(body, RealDataJsonContext.Default.TwitterRoot)));
        app.MapPost("/status", (Status body) => TypedResults.Ok(JsonSerializer.SerializeToElement(body, RealDataJsonContext.Default.Status)));
        app.MapPost("/statuses", (List<Status> body) => TypedResults.Ok(JsonSerializer.SerializeToElement(body, RealDataJsonContext.Default.ListStatus)));
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        return (app, new HttpClient { BaseAddress = new Uri(address) });
    }
}
