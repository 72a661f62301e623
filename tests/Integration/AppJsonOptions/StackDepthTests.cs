using System.Net;
using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using HttpJsonOptions = Microsoft.AspNetCore.Http.Json.JsonOptions;

namespace Jsonable.Integration.Tests.AppJsonOptions;

/// <summary>
/// Each stack's depth limit is its own System.Text.Json's: MVC's <c>JsonOptions</c> start at 32, minimal APIs' at 64,
/// and a body past it is refused keyed where System.Text.Json keys it. The reference is the same app's route without
/// Jsonable (<c>/stj/todos</c>): MVC's problem keys, or for minimal APIs (whose STJ binding answers an empty 400) the
/// path of the <see cref="JsonException"/> System.Text.Json throws under the app's options.
/// </summary>
public sealed class StackDepthTests
{
    [Theory]
    [InlineData(32, HttpStatusCode.OK)]
    [InlineData(33, HttpStatusCode.BadRequest)]
    [InlineData(1000, HttpStatusCode.BadRequest)]
    public async Task Mvc_DepthIsMvcJsonOptions32_KeyedAsStj(int depth, HttpStatusCode expected)
    {
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(AppStack.Mvc);

        (HttpStatusCode stjStatus, JsonElement stj) = await PostAsync(app, "/stj/todos", Nested(depth));
        (HttpStatusCode status, JsonElement jsonable) = await PostAsync(app, "/todos", Nested(depth));

        Assert.Equal(expected, stjStatus);
        Assert.Equal(expected, status);
        if (expected == HttpStatusCode.BadRequest)
        {
            Assert.Equal(ErrorKeys(stj), ErrorKeys(jsonable));
            Assert.Contains("$.zz", ErrorKeys(jsonable));
        }
    }

    [Theory]
    [InlineData(64, HttpStatusCode.OK)]
    [InlineData(65, HttpStatusCode.BadRequest)]
    [InlineData(1000, HttpStatusCode.BadRequest)]
    public async Task Minimal_DepthIsStjs64_KeyedAsStj(int depth, HttpStatusCode expected)
    {
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(AppStack.Minimal);
        string body = Nested(depth);

        (HttpStatusCode stjStatus, _) = await PostAsync(app, "/stj/todos", body);
        Assert.Equal(expected, stjStatus);
        foreach (string route in (string[])["/todos", "/plain/todos"])
        {
            (HttpStatusCode status, JsonElement jsonable) = await PostAsync(app, route, body);
            Assert.Equal(expected, status);
            if (expected == HttpStatusCode.BadRequest)
            {
                JsonSerializerOptions options = app.Services.GetRequiredService<IOptions<HttpJsonOptions>>().Value.SerializerOptions;
                JsonException stj = Assert.ThrowsAny<JsonException>(() => JsonSerializer.Deserialize<StjTodo>(body, options));
                Assert.Equal("$.zz", stj.Path);
                Assert.Equal([stj.Path!], ErrorKeys(jsonable));
            }
        }
    }

    [Theory]
    [InlineData(AppStack.Mvc)]
    [InlineData(AppStack.Minimal)]
    public async Task EachStack_KeepsItsOwnJsonOptionsDepth(AppStack stack)
    {
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(
            stack,
            configureMvc: mvc => mvc.JsonSerializerOptions.MaxDepth = 10,
            configureHttp: http => http.SerializerOptions.MaxDepth = 20);
        int limit = stack == AppStack.Mvc ? 10 : 20;

        foreach ((int depth, HttpStatusCode expected) in (ValueTuple<int, HttpStatusCode>[])[(limit, HttpStatusCode.OK), (limit + 1, HttpStatusCode.BadRequest)])
        {
            (HttpStatusCode stj, _) = await PostAsync(app, "/stj/todos", Nested(depth));
            (HttpStatusCode jsonable, _) = await PostAsync(app, "/todos", Nested(depth));
            Assert.Equal(expected, stj);
            Assert.Equal(expected, jsonable);
        }
    }

    [Theory]
    [InlineData(AppStack.Mvc)]
    [InlineData(AppStack.Minimal)]
    public async Task JsonableMaxDepth_SetTo64_AppliesToBothStacks(AppStack stack)
    {
        // 64 is the default value too: setting it is what counts, not whether it differs from the default.
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(stack, configureJsonable: o => o.MaxDepth = 64);

        (HttpStatusCode at64, _) = await PostAsync(app, "/todos", Nested(64));
        (HttpStatusCode at65, _) = await PostAsync(app, "/todos", Nested(65));

        Assert.Equal(HttpStatusCode.OK, at64);
        Assert.Equal(HttpStatusCode.BadRequest, at65);
    }

    /// <summary>A todo whose unknown member <c>zz</c> holds arrays nested so that the whole body is <paramref name="depth"/> deep.</summary>
    private static string Nested(int depth) => "{\"id\":1,\"zz\":" + new string('[', depth - 1) + new string(']', depth - 1) + "}";

    /// <summary>The JSON paths a problem's errors are keyed by (not MVC's parameter-name entry, which both routes add alike).</summary>
    private static string[] ErrorKeys(JsonElement problem) =>
        problem.ValueKind != JsonValueKind.Object || !problem.TryGetProperty("errors", out JsonElement errors)
            ? []
            : errors.EnumerateObject().Select(p => p.Name).Where(n => n.StartsWith('$')).Order(StringComparer.Ordinal).ToArray();

    private static async Task<(HttpStatusCode Status, JsonElement Body)> PostAsync(WebApplication app, string path, string json)
    {
        using HttpClient client = app.GetTestClient();
        using var content = new StringContent(json, Encoding.UTF8, "application/json");
        using HttpResponseMessage response = await client.PostAsync(path, content);
        byte[] bytes = await response.Content.ReadAsByteArrayAsync();
        return (response.StatusCode, bytes.Length == 0 ? default : JsonDocument.Parse(bytes).RootElement.Clone());
    }
}
