using System.Net;
using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.PlainMinimal;

/// <summary>
/// Plain minimal APIs, written as for System.Text.Json alone (<c>TypedResults.Ok(order)</c>, <c>return order;</c>, an
/// <c>(PlainOrder order)</c> body), served with <c>AddJsonable()</c>: the same JSON bytes as System.Text.Json, JMC1 when
/// the client asks, and a 400 keyed by the JSON path for a body the generated reader refuses.
/// </summary>
public sealed class PlainMinimalApiTests
{
    private static readonly PlainOrder s_order = new()
    {
        Id = 7,
        Customer = new PlainCustomer { Name = "Ada", Email = "ada@example.com" },
        Lines = [new PlainLine { Sku = "A-1", Quantity = 2, Price = 9.5m }, new PlainLine { Sku = "B-2", Quantity = 1, Price = 120m }],
        Status = PlainOrderStatus.Shipped,
        PlacedAt = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(2)),
        Note = null,
    };

    public static TheoryData<string> Routes => ["/typed", "/results", "/plain", "/task", "/created"];

    [Theory]
    [MemberData(nameof(Routes))]
    public async Task Json_bytes_equal_system_text_json(string route)
    {
        await using WebApplication app = await StartAsync(jsonable: true);
        await using WebApplication stj = await StartAsync(jsonable: false);
        (HttpStatusCode status, string? type, byte[] body) = await GetAsync(app, route);
        (HttpStatusCode stjStatus, string? stjType, byte[] stjBody) = await GetAsync(stj, route);

        Assert.Equal(stjStatus, status);
        Assert.Equal(stjType, type);
        Assert.Equal(Encoding.UTF8.GetString(stjBody), Encoding.UTF8.GetString(body));
    }

    [Fact]
    public async Task Async_sequence_bytes_equal_system_text_json()
    {
        await using WebApplication app = await StartAsync(jsonable: true);
        await using WebApplication stj = await StartAsync(jsonable: false);
        Assert.Equal(Encoding.UTF8.GetString((await GetAsync(stj, "/stream")).Body), Encoding.UTF8.GetString((await GetAsync(app, "/stream")).Body));
    }

    [Theory]
    [InlineData(false, false, false)]
    [InlineData(true, false, false)]
    [InlineData(false, true, false)]
    [InlineData(false, true, true)]
    [InlineData(true, true, true)]
    public async Task Options_that_change_only_bytes_are_honoured(bool indented, bool nonAsciiAndHtml, bool defaultEncoder)
    {
        PlainOrder order = Clone(s_order);
        if (nonAsciiAndHtml)
        {
            order.Customer!.Name = "Zoë <b>&'+\"\\\u0001 😀";
        }

        JavaScriptEncoder? encoder = defaultEncoder ? JavaScriptEncoder.Default : null;
        await using WebApplication app = await StartAsync(jsonable: true, indented, order, encoder);
        await using WebApplication stj = await StartAsync(jsonable: false, indented, order, encoder);
        Assert.Equal(Encoding.UTF8.GetString((await GetAsync(stj, "/typed")).Body), Encoding.UTF8.GetString((await GetAsync(app, "/typed")).Body));
        Assert.Equal(Encoding.UTF8.GetString((await GetAsync(stj, "/stream")).Body), Encoding.UTF8.GetString((await GetAsync(app, "/stream")).Body));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Escapes_alone_are_written_as_the_apps_encoder_writes_them(bool defaultEncoder)
    {
        // Only ASCII, with every kind of escape the generated writer makes: raw when the encoder escapes alike (the
        // relaxed default), replayed when it does not (JavaScriptEncoder.Default writes a quotation mark as \u0022).
        PlainOrder order = Clone(s_order);
        order.Customer!.Name = "say \"hi\" \\ \n\t\u0001";
        order.PlacedAt = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(-5)); // no '+', which the default encoder escapes
        JavaScriptEncoder? encoder = defaultEncoder ? JavaScriptEncoder.Default : null;
        await using WebApplication app = await StartAsync(jsonable: true, order: order, encoder: encoder);
        await using WebApplication stj = await StartAsync(jsonable: false, order: order, encoder: encoder);
        Assert.Equal(Encoding.UTF8.GetString((await GetAsync(stj, "/typed")).Body), Encoding.UTF8.GetString((await GetAsync(app, "/typed")).Body));
    }

    [Theory]
    [InlineData("😀", false)]
    [InlineData("日本語 😀 ä 😀😀 end", false)]
    [InlineData("\u0378 \u2028 \uFEFF \U0001F3F3\uFE0F x", false)]
    [InlineData("日本語 😀 ä", true)]
    public async Task Non_ascii_text_the_encoder_escapes_is_written_as_the_apps_encoder_writes_it(string name, bool defaultEncoder)
    {
        // Only non-ASCII characters differ (ASCII as the encoder keeps it): these runs are escaped by the encoder in
        // place, the rest of the generated bytes kept.
        PlainOrder order = Clone(s_order);
        order.Customer!.Name = name;
        order.PlacedAt = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(-5));
        JavaScriptEncoder? encoder = defaultEncoder ? JavaScriptEncoder.Default : null;
        await using WebApplication app = await StartAsync(jsonable: true, order: order, encoder: encoder);
        await using WebApplication stj = await StartAsync(jsonable: false, order: order, encoder: encoder);
        Assert.Equal(Encoding.UTF8.GetString((await GetAsync(stj, "/typed")).Body), Encoding.UTF8.GetString((await GetAsync(app, "/typed")).Body));
        Assert.Equal(Encoding.UTF8.GetString((await GetAsync(stj, "/stream")).Body), Encoding.UTF8.GetString((await GetAsync(app, "/stream")).Body));
    }

    [Fact]
    public async Task The_generated_code_serves_plain_results()
    {
        // A type registered by hand answers with what its own writer writes, a number where System.Text.Json would
        // write an object: the body proves the resolver handed the value to Jsonable. The echo proves the same for reads.
        JsonableRegistry.Register<PlainProbe>(
            static (ref JsonableWriter writer, PlainProbe value) => writer.WriteNumber(value.Value * 10),
            static (ref JsonableReader reader) => new PlainProbe { Value = reader.ReadInt32() + 1 });
        await using WebApplication app = await StartAsync(jsonable: true);
        HttpClient client = app.GetTestClient();

        Assert.Equal("30", await client.GetStringAsync("/probe"));
        using HttpResponseMessage echoed = await client.PostAsync("/probe", new StringContent("4", Encoding.UTF8, "application/json"));
        Assert.Equal("50", await echoed.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData("/typed", null, HttpStatusCode.OK)]
    [InlineData("/results", null, HttpStatusCode.OK)]
    [InlineData("/plain", null, HttpStatusCode.OK)]
    [InlineData("/created", null, HttpStatusCode.Created)]
    [InlineData("/typed?format=jmc1", "*/*", HttpStatusCode.OK)]
    public async Task Jmc1_is_negotiated_with_the_same_status(string route, string? accept, HttpStatusCode expected)
    {
        await using WebApplication app = await StartAsync(jsonable: true);
        using var request = new HttpRequestMessage(HttpMethod.Get, route);
        request.Headers.Accept.ParseAdd(accept ?? JsonableMediaTypeNames.Jmc1);
        using HttpResponseMessage response = await app.GetTestClient().SendAsync(request);

        Assert.Equal(expected, response.StatusCode);
        Assert.Equal(JsonableMediaTypeNames.Jmc1, response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("Accept", response.Headers.Vary);
        byte[] body = await response.Content.ReadAsByteArrayAsync();
        Assert.Equal(JsonableSerializer.SerializeToUtf8Bytes(s_order, JsonableFormat.Jmc1), body);
    }

    [Fact]
    public async Task Json_still_answers_json_when_not_asked_for_jmc1()
    {
        await using WebApplication app = await StartAsync(jsonable: true);
        using HttpResponseMessage response = await app.GetTestClient().GetAsync("/typed");
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task A_plain_body_round_trips_through_the_generated_reader()
    {
        await using WebApplication app = await StartAsync(jsonable: true);
        await using WebApplication stj = await StartAsync(jsonable: false);
        string json = JsonSerializer.Serialize(s_order, JsonSerializerOptions.Web);

        (HttpStatusCode status, byte[] body) = await PostAsync(app, json);
        (HttpStatusCode stjStatus, byte[] stjBody) = await PostAsync(stj, json);
        Assert.Equal(stjStatus, status);
        Assert.Equal(Encoding.UTF8.GetString(stjBody), Encoding.UTF8.GetString(body));
    }

    [Fact]
    public async Task A_bad_plain_body_is_a_400_problem_keyed_by_json_path()
    {
        await using WebApplication app = await StartAsync(jsonable: true);
        (HttpStatusCode status, byte[] body) = await PostAsync(app, """{"id":1,"lines":[{"sku":"A","quantity":"two"}]}""");

        Assert.Equal(HttpStatusCode.BadRequest, status);
        using JsonDocument problem = JsonDocument.Parse(body);
        Assert.Equal(400, problem.RootElement.GetProperty("status").GetInt32());
        Assert.True(problem.RootElement.GetProperty("errors").TryGetProperty("$.lines[0].quantity", out _), Encoding.UTF8.GetString(body));
    }

    private static async Task<(HttpStatusCode Status, string? Type, byte[] Body)> GetAsync(WebApplication app, string route)
    {
        using HttpResponseMessage response = await app.GetTestClient().GetAsync(route);
        return (response.StatusCode, response.Content.Headers.ContentType?.ToString(), await response.Content.ReadAsByteArrayAsync());
    }

    private static async Task<(HttpStatusCode Status, byte[] Body)> PostAsync(WebApplication app, string json)
    {
        using HttpResponseMessage response = await app.GetTestClient().PostAsync("/orders", new StringContent(json, Encoding.UTF8, "application/json"));
        return (response.StatusCode, await response.Content.ReadAsByteArrayAsync());
    }

    private static PlainOrder Clone(PlainOrder order) => JsonSerializer.Deserialize<PlainOrder>(JsonSerializer.Serialize(order))!;

    private static async Task<WebApplication> StartAsync(bool jsonable, bool indented = false, PlainOrder? order = null, JavaScriptEncoder? encoder = null)
    {
        order ??= s_order;
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        builder.Services.ConfigureHttpJsonOptions(options =>
        {
            options.SerializerOptions.WriteIndented = indented;
            if (encoder is not null)
            {
                options.SerializerOptions.Encoder = encoder;
            }
        });
        if (jsonable)
        {
            builder.Services.AddJsonable();
        }

        WebApplication app = builder.Build();
        if (jsonable)
        {
            app.UseJsonable();
        }

        app.MapGet("/typed", () => TypedResults.Ok(order));
        app.MapGet("/results", Results<Ok<PlainOrder>, NotFound> () => TypedResults.Ok(order));
        app.MapGet("/plain", () => order);
        app.MapGet("/task", async () => { await Task.Yield(); return order; });
        app.MapGet("/created", () => TypedResults.Created("/orders/7", order));
        app.MapGet("/stream", () => Stream(order));
        app.MapPost("/orders", (PlainOrder posted) => TypedResults.Ok(posted));
        app.MapGet("/probe", () => TypedResults.Ok(new PlainProbe { Value = 3 }));
        app.MapPost("/probe", (PlainProbe probe) => probe);
        await app.StartAsync();
        return app;
    }

    private static async IAsyncEnumerable<PlainOrder> Stream(PlainOrder order, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (int i = 0; i < 3; i++)
        {
            await Task.Yield();
            cancellationToken.ThrowIfCancellationRequested();
            yield return order;
        }
    }
}

[ToJson]
[FromJson]
public sealed partial class PlainOrder
{
    public int Id { get; set; }

    public PlainCustomer? Customer { get; set; }

    public List<PlainLine>? Lines { get; set; }

    public PlainOrderStatus Status { get; set; }

    public DateTimeOffset PlacedAt { get; set; }

    public string? Note { get; set; }
}

[ToJson]
[FromJson]
public sealed partial class PlainCustomer
{
    public string? Name { get; set; }

    public string? Email { get; set; }
}

[ToJson]
[FromJson]
public sealed partial class PlainLine
{
    public string? Sku { get; set; }

    public int Quantity { get; set; }

    public decimal Price { get; set; }
}

public enum PlainOrderStatus
{
    Placed,
    Shipped,
}

/// <summary>A type with a hand-registered writer and reader whose output System.Text.Json would never produce.</summary>
public sealed class PlainProbe
{
    public int Value { get; set; }
}
