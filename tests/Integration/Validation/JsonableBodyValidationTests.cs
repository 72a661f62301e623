using System.ComponentModel.DataAnnotations;
using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Validation;

/// <summary>
/// Minimal-API validation (<c>builder.Services.AddValidation()</c>, .NET 10) of a <see cref="JsonableBody{T}"/>: the
/// same invalid body gets the same error keys as a plain <c>T</c> body bound by System.Text.Json — the members'
/// names, not <c>Value.Name</c> (the wrapper's property) — and a valid body passes.
/// </summary>
public sealed class JsonableBodyValidationTests : IAsyncLifetime
{
    private WebApplication? _app;
    private HttpClient _client = null!;

    public async Task InitializeAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddJsonable();
        builder.Services.AddMinimalValidation();
        _app = builder.Build();
        _app.UseJsonable();
        _app.MapPost("/jsonable", (JsonableBody<ValidatedOrder> body) => Results.Ok(body.Value.Name));
        _app.MapPost("/stj", (ValidatedOrder order) => Results.Ok(order.Name));
        _app.MapPost("/jsonable/list", (JsonableBody<List<ValidatedOrder>> orders) => Results.Ok(orders.Value.Count));
        _app.MapPost("/stj/list", (List<ValidatedOrder> orders) => Results.Ok(orders.Count));
        await _app.StartAsync();
        _client = _app.GetTestClient();
    }

    public async Task DisposeAsync()
    {
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    public static TheoryData<string> InvalidBodies => new()
    {
        """{"name":"","quantity":5}""",
        """{"name":"ok","quantity":500}""",
        """{"name":"","quantity":0}""",
        """{"name":"ok","quantity":5,"shipTo":{"city":""}}""",
    };

    [Theory]
    [MemberData(nameof(InvalidBodies))]
    public async Task InvalidBody_JsonableBody_HasTheErrorKeysOfThePlainStjBody(string json)
    {
        (HttpStatusCode stjStatus, string[] stjKeys, string stjText) = await PostAsync("/stj", json);
        (HttpStatusCode status, string[] keys, string text) = await PostAsync("/jsonable", json);

        Assert.True(stjStatus == HttpStatusCode.BadRequest, $"STJ: {stjStatus} {stjText}");
        Assert.True(stjKeys.Length > 0, stjText);
        Assert.True(status == HttpStatusCode.BadRequest, $"Jsonable: {status} {text}");
        Assert.Equal(stjKeys, keys);
        Assert.DoesNotContain(keys, key => key.StartsWith("Value", StringComparison.OrdinalIgnoreCase));
    }

    [Fact]
    public async Task InvalidList_JsonableBodyOfList_HasTheErrorKeysOfThePlainStjListParameter()
    {
        const string json = """[{"name":"ok","quantity":5},{"name":"","quantity":0,"shipTo":{"city":""}}]""";
        (HttpStatusCode stjStatus, string[] stjKeys, string stjText) = await PostAsync("/stj/list", json);
        (HttpStatusCode status, string[] keys, string text) = await PostAsync("/jsonable/list", json);

        Assert.True(stjStatus == HttpStatusCode.BadRequest, $"STJ: {stjStatus} {stjText}");
        Assert.True(stjKeys.Length > 0, stjText);
        Assert.True(status == HttpStatusCode.BadRequest, $"Jsonable: {status} {text}");
        Assert.Equal(stjKeys, keys);
    }

    [Fact]
    public async Task ValidBody_JsonableBody_ReachesTheHandler()
    {
        (HttpStatusCode status, _, string text) = await PostAsync("/jsonable", """{"name":"ok","quantity":5,"shipTo":{"city":"Oslo"}}""");

        Assert.True(status == HttpStatusCode.OK, text);
        Assert.Equal("\"ok\"", text);
    }

    private async Task<(HttpStatusCode Status, string[] Keys, string Text)> PostAsync(string url, string json)
    {
        using var content = new StringContent(json, Encoding.UTF8, "application/json");
        using HttpResponseMessage response = await _client.PostAsync(url, content);
        string text = await response.Content.ReadAsStringAsync();
        string[] keys = [];
        if (response.StatusCode == HttpStatusCode.BadRequest)
        {
            using JsonDocument problem = JsonDocument.Parse(text);
            if (problem.RootElement.TryGetProperty("errors", out JsonElement errors))
            {
                keys = [.. errors.EnumerateObject().Select(e => e.Name).Order(StringComparer.Ordinal)];
            }
        }

        return (response.StatusCode, keys, text);
    }
}

/// <summary>An order with DataAnnotations, read by Jsonable (generated) and by System.Text.Json (the reference).</summary>
[ToJson, FromJson]
public partial class ValidatedOrder
{
    /// <summary>Required, not empty.</summary>
    [Required]
    public string? Name { get; set; }

    /// <summary>1 to 100.</summary>
    [Range(1, 100)]
    public int Quantity { get; set; }

    /// <summary>Validated member by member when present.</summary>
    public ValidatedAddress? ShipTo { get; set; }
}

/// <summary>A nested object with its own rules.</summary>
[ToJson, FromJson]
public partial class ValidatedAddress
{
    /// <summary>Required, not empty.</summary>
    [Required]
    public string? City { get; set; }
}
