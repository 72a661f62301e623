using System.Net;
using System.Text.Json.Nodes;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Conditional;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Integration.Tests.Shapes;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Swagger;

/// <summary>
/// <c>JsonableOptions.ETags</c> tags every Jsonable 2xx without per-endpoint metadata: both documents then give every
/// Jsonable GET <c>If-None-Match</c> and its 304, and the server answers that 304.
/// </summary>
public sealed class OpenApiETagOptionTests : IAsyncLifetime
{
    private WebApplication? _app;

    public static TheoryData<string> Documents => Shapes.OpenApiDocuments.All;

    public async Task InitializeAsync()
    {
        _app = OpenApiDocuments.CreateApp(options => options.ETags = true);
        _app.MapGet("/statuses/{id}", (long id) => JsonableResults.Ok(new Status { id = id, text = "tagged" }));
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
    public async Task EveryJsonableGet_DocumentsIfNoneMatch_AndTheServerAnswers304(string documentPath)
    {
        JsonNode get = (await Shapes.OpenApiDocuments.PathsAsync(_app!, documentPath))["/statuses/{id}"]!["get"]!;
        Assert.Contains(get["parameters"]!.AsArray(), p => p!["name"]!.GetValue<string>() == "If-None-Match");
        Assert.NotNull(get["responses"]!["304"]);
        Assert.NotNull(get["responses"]!["200"]!["headers"]!["ETag"]);

        HttpClient client = _app!.GetTestClient();
        (HttpResponseMessage first, _) = await client.GetAsync("/statuses/5", "application/json");
        string tag = first.Headers.ETag?.ToString() ?? throw new Xunit.Sdk.XunitException("no ETag");
        (HttpResponseMessage second, _) = await ConditionalGetTests.SendConditionalAsync(client, HttpMethod.Get, "/statuses/5", "application/json", "If-None-Match", tag);
        Assert.Equal(HttpStatusCode.NotModified, second.StatusCode);
    }
}
