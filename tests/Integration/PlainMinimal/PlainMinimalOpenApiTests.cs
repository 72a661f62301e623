using System.Net;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Integration.Tests.Shapes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.TestHost;

namespace Jsonable.Integration.Tests.PlainMinimal;

/// <summary>
/// OpenAPI lists JMC1 wherever it is served: a plain minimal handler (<c>TypedResults.Ok(order)</c>, <c>return order;</c>,
/// <c>Results&lt;Ok&lt;T&gt;, NotFound&gt;</c>) negotiates JMC1 under <c>UseJsonable()</c>, so both documents list both
/// media types for its success; <c>TypedResults.Json(value, options)</c>, which writes with its own options and never
/// JMC1, stays JSON only.
/// </summary>
public sealed class PlainMinimalOpenApiTests
{
    private static readonly PlainOrder s_order = new() { Id = 7, Customer = new PlainCustomer { Name = "Ada" }, Lines = [] };

    public static TheoryData<string, string> NegotiatedRoutes()
    {
        var data = new TheoryData<string, string>();
        foreach (string document in OpenApiDocuments.All)
        {
            foreach (string route in new[] { "/typed/{id}", "/plain", "/task", "/union/{id}", "/created" })
            {
                data.Add(document, route);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(NegotiatedRoutes))]
    public async Task A_plain_handler_s_success_lists_json_and_jmc1_and_the_route_answers_jmc1(string documentPath, string route)
    {
        await using WebApplication app = await StartAsync();
        JsonNode operation = (await OpenApiDocuments.PathsAsync(app, documentPath))[route]!.AsObject().First().Value!;
        string status = route == "/created" ? "201" : "200";

        Assert.Equal(["application/json", "application/jsonc+jmc1"], OpenApiDocuments.MediaTypes(operation["responses"]![status]));

        // What the document promises is what the route does.
        string url = route.Replace("{id}", "7", StringComparison.Ordinal);
        using var request = new HttpRequestMessage(route == "/created" ? HttpMethod.Post : HttpMethod.Get, url);
        request.Headers.Accept.ParseAdd("application/jsonc+jmc1");
        using HttpResponseMessage response = await app.GetTestClient().SendAsync(request);
        Assert.Equal("application/jsonc+jmc1", response.Content.Headers.ContentType?.MediaType);
    }

    [Theory]
    [MemberData(nameof(OpenApiDocuments.All), MemberType = typeof(OpenApiDocuments))]
    public async Task A_json_result_with_its_own_options_stays_json_only(string documentPath)
    {
        await using WebApplication app = await StartAsync();
        JsonNode paths = await OpenApiDocuments.PathsAsync(app, documentPath);

        Assert.Equal(["application/json"], OpenApiDocuments.MediaTypes(paths["/own-options"]!["get"]!["responses"]!["200"]));
        using HttpResponseMessage response = await app.GetTestClient().SendAsync(new HttpRequestMessage(HttpMethod.Get, "/own-options") { Headers = { { "Accept", "application/jsonc+jmc1" } } });
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
    }

    private static async Task<WebApplication> StartAsync()
    {
        WebApplication app = OpenApiDocuments.CreateApp();
        app.MapGet("/typed/{id}", (int id) => TypedResults.Ok(s_order));
        app.MapGet("/plain", () => s_order);
        app.MapGet("/task", async () => { await Task.Yield(); return s_order; });
        app.MapGet("/union/{id}", Results<Ok<PlainOrder>, NotFound> (int id) => id == 7 ? TypedResults.Ok(s_order) : TypedResults.NotFound());
        app.MapPost("/created", () => TypedResults.Created("/orders/7", s_order));
        app.MapGet("/own-options", () => TypedResults.Json(s_order, new System.Text.Json.JsonSerializerOptions(System.Text.Json.JsonSerializerDefaults.Web))).Produces<PlainOrder>();
        await app.StartAsync();
        return app;
    }
}
