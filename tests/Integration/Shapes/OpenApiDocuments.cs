using System.Net;
using System.Text.Json.Nodes;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.OpenApi;
using Jsonable.AspNetCore.Swashbuckle;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Shapes;

/// <summary>Both OpenAPI documents of a test app (Microsoft.AspNetCore.OpenApi and Swashbuckle), read as their <c>paths</c>.</summary>
internal static class OpenApiDocuments
{
    /// <summary>The two documents' paths, for <c>[MemberData]</c>.</summary>
    public static TheoryData<string> All => new() { "/openapi/v1.json", "/swagger/v1/swagger.json" };

    /// <summary>
    /// A test-server app with Jsonable and both OpenAPI documents mapped (Microsoft.AspNetCore.OpenApi's and
    /// Swashbuckle's, each with Jsonable's additions); the caller maps its endpoints and starts it.
    /// </summary>
    /// <param name="jsonable">Jsonable's options, if the test sets any.</param>
    /// <param name="configure">More services or logging, added after Jsonable's.</param>
    public static WebApplication CreateApp(Action<JsonableOptions>? jsonable = null, Action<WebApplicationBuilder>? configure = null)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddJsonable(jsonable ?? (_ => { }));
        configure?.Invoke(builder);
        builder.Services.AddEndpointsApiExplorer();
        builder.Services.AddOpenApi(options => options.AddJsonable());
        builder.Services.AddSwaggerGen(options => options.AddJsonable());
        WebApplication app = builder.Build();
        app.UseJsonable();
        app.MapOpenApi();
        app.UseSwagger();
        return app;
    }

    /// <summary>Requests the document at <paramref name="documentPath"/>, asserts a 200, and returns its <c>paths</c> object.</summary>
    public static async Task<JsonNode> PathsAsync(WebApplication app, string documentPath)
    {
        HttpClient client = app.GetTestClient();
        (HttpResponseMessage response, byte[] body) = await client.GetAsync(documentPath, "application/json");
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return JsonNode.Parse(body)!["paths"]!;
    }

    /// <summary>The media types a request body or response lists, in order.</summary>
    public static string[] MediaTypes(JsonNode? bodyOrResponse) =>
        bodyOrResponse?["content"]?.AsObject().Select(p => p.Key).Order(StringComparer.Ordinal).ToArray() ?? [];
}
