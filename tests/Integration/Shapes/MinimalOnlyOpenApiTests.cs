using System.Net;
using System.Text.Json.Nodes;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Shapes;

/// <summary>
/// A minimal-API app that never calls <c>AddControllers()</c> still serves both OpenAPI documents with Jsonable on:
/// Jsonable's ApiExplorer provider for PATCH bodies must not require MVC's model metadata, which only MVC registers.
/// </summary>
public sealed class MinimalOnlyOpenApiTests : IAsyncLifetime
{
    private WebApplication? _app;

    public static TheoryData<string> Documents => OpenApiDocuments.All;

    public async Task InitializeAsync()
    {
        _app = OpenApiDocuments.CreateApp();
        _app.MapGet("/statuses/{id}", (long id) => JsonableResults.Ok(new Status { id = id }));
        _app.MapPost("/statuses", (JsonableBody<Status> body) => JsonableResults.Ok(body.Value));
        _app.MapPatch("/statuses/{id}", (long id, JsonablePatch<Status> patch) => TypedResults.NoContent());
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
    public async Task Document_IsServed_WithoutMvc(string documentPath)
    {
        JsonNode paths = await OpenApiDocuments.PathsAsync(_app!, documentPath);
        Assert.Contains("application/jsonc+jmc1", OpenApiDocuments.MediaTypes(paths["/statuses/{id}"]!["get"]!["responses"]!["200"]));
        Assert.Contains("application/jsonc+jmc1", OpenApiDocuments.MediaTypes(paths["/statuses"]!["post"]!["requestBody"]));
        Assert.NotNull(paths["/statuses/{id}"]!["patch"]);
    }
}
