using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Jsonable.AspNetCore.OpenApi;
using Jsonable.AspNetCore.Swashbuckle;
using Jsonable.Integration.Tests.Shapes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.PlainMinimal;

/// <summary>
/// A plain <c>(PlainOrder order)</c> body parameter, written as for System.Text.Json alone, is bound by the generated
/// <c>BindAsync</c> with <c>AddJsonable()</c>: JMC1 bodies are read (not a 415), JSON bodies as System.Text.Json reads
/// them, other content types are a 415 problem naming what is accepted, missing bodies get the framework's own answer,
/// and OpenAPI documents the body in both media types.
/// </summary>
public sealed class PlainMinimalBodyTests : IAsyncLifetime
{
    private static readonly PlainOrder s_order = new()
    {
        Id = 7,
        Customer = new PlainCustomer { Name = "Zoë ‹Müller> 😀", Email = "ada@example.com" },
        Lines = [new PlainLine { Sku = "A-1", Quantity = 2, Price = 9.5m }],
        Status = PlainOrderStatus.Shipped,
        PlacedAt = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(2)),
    };

    private WebApplication? _app;
    private WebApplication? _stj;

    public async Task InitializeAsync()
    {
        _app = await StartAsync(jsonable: true);
        _stj = await StartAsync(jsonable: false);
    }

    public async Task DisposeAsync()
    {
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }

        if (_stj is not null)
        {
            await _stj.DisposeAsync();
        }
    }

    [Fact]
    public void The_generated_type_binds_itself()
    {
        // What minimal APIs look for before JSON body binding: the generated static BindAsync.
        Assert.NotNull(typeof(PlainOrder).GetMethod("BindAsync", [typeof(HttpContext), typeof(System.Reflection.ParameterInfo)]));
        Assert.Contains(typeof(Microsoft.AspNetCore.Http.Metadata.IEndpointParameterMetadataProvider), typeof(PlainOrder).GetInterfaces());
    }

    [Fact]
    public async Task A_jmc1_body_binds_a_plain_parameter_to_the_same_value_as_json()
    {
        (HttpStatusCode status, string? type, string body) = await PostAsync(_app!, "/orders", Content(s_order.ToJsonable().ToArray(), "application/jsonc+jmc1"));
        (HttpStatusCode stjStatus, string? stjType, string stjBody) = await PostAsync(_stj!, "/orders", Json(s_order));

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal((stjStatus, stjType, stjBody), (status, type, body));
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/json; charset=utf-8")]
    [InlineData("application/vnd.orders+json")]
    public async Task A_json_body_binds_as_with_system_text_json(string contentType)
    {
        byte[] json = JsonSerializer.SerializeToUtf8Bytes(s_order, JsonSerializerOptions.Web);
        (HttpStatusCode status, string? type, string body) = await PostAsync(_app!, "/orders", Content(json, contentType));
        (HttpStatusCode stjStatus, string? stjType, string stjBody) = await PostAsync(_stj!, "/orders", Content(json, contentType));

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal((stjStatus, stjType, stjBody), (status, type, body));
    }

    [Fact]
    public async Task Another_content_type_is_a_415_problem_naming_jmc1()
    {
        (HttpStatusCode status, string? type, string body) = await PostAsync(_app!, "/orders", Content("{}"u8.ToArray(), "text/plain"));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, status);
        Assert.Equal(HttpStatusCode.UnsupportedMediaType, (await PostAsync(_stj!, "/orders", Content("{}"u8.ToArray(), "text/plain"))).Status);
        Assert.Equal("application/problem+json", type);
        Assert.Contains("application/jsonc+jmc1", JsonNode.Parse(body)!["detail"]!.GetValue<string>(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_bad_jmc1_body_is_a_400_problem_keyed_by_json_path()
    {
        byte[] jmc1 = Encoding.UTF8.GetBytes(Encoding.UTF8.GetString(s_order.ToJsonable().ToArray()).Replace("\"quantity\":2", "\"quantity\":\"x\"", StringComparison.Ordinal));
        (HttpStatusCode status, string? type, string body) = await PostAsync(_app!, "/orders", Content(jmc1, "application/jsonc+jmc1"));

        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Equal("application/problem+json", type);
        Assert.NotNull(JsonNode.Parse(body)!["errors"]!["$.lines[0].quantity"]);
    }

    [Theory]
    [InlineData("/orders", null)]
    [InlineData("/orders", "application/json")]
    [InlineData("/optional", null)]
    [InlineData("/optional", "application/json")]
    public async Task A_missing_body_is_answered_as_system_text_json_answers_it(string route, string? contentType)
    {
        (HttpStatusCode status, _, string body) = await PostAsync(_app!, route, Content([], contentType));
        (HttpStatusCode stjStatus, _, string stjBody) = await PostAsync(_stj!, route, Content([], contentType));

        Assert.Equal(stjStatus, status);
        Assert.Equal(stjBody, body);
    }

    [Theory]
    [MemberData(nameof(OpenApiDocuments.All), MemberType = typeof(OpenApiDocuments))]
    public async Task OpenApi_documents_the_plain_body_in_json_and_jmc1(string documentPath)
    {
        JsonNode paths = await OpenApiDocuments.PathsAsync(_app!, documentPath);
        JsonNode? requestBody = paths["/orders"]!["post"]!["requestBody"];
        string[] mediaTypes = OpenApiDocuments.MediaTypes(requestBody);

        Assert.Contains("application/json", mediaTypes);
        Assert.Contains("application/jsonc+jmc1", mediaTypes);
        Assert.Contains("PlainOrder", requestBody!["content"]!["application/json"]!["schema"]!.ToJsonString(), StringComparison.Ordinal);
        Assert.True(requestBody["required"]?.GetValue<bool>() ?? false, requestBody.ToJsonString());
    }

    private static ByteArrayContent Json(PlainOrder order) => Content(JsonSerializer.SerializeToUtf8Bytes(order, JsonSerializerOptions.Web), "application/json");

    private static ByteArrayContent Content(byte[] bytes, string? contentType)
    {
        var content = new ByteArrayContent(bytes);
        if (contentType is not null)
        {
            content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        }

        return content;
    }

    private static async Task<(HttpStatusCode Status, string? Type, string Body)> PostAsync(WebApplication app, string route, HttpContent content)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, route) { Content = content };
        request.Headers.Accept.ParseAdd("application/json");
        using HttpResponseMessage response = await app.GetTestClient().SendAsync(request);
        return (response.StatusCode, response.Content.Headers.ContentType?.MediaType, await response.Content.ReadAsStringAsync());
    }

    private static async Task<WebApplication> StartAsync(bool jsonable)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        if (jsonable)
        {
            builder.Services.AddJsonable();
            builder.Services.AddEndpointsApiExplorer();
            builder.Services.AddOpenApi(options => options.AddJsonable());
            builder.Services.AddSwaggerGen(options => options.AddJsonable());
        }

        WebApplication app = builder.Build();
        if (jsonable)
        {
            app.UseJsonable();
            app.MapOpenApi();
            app.UseSwagger();
        }

        app.MapPost("/orders", (PlainOrder order) => TypedResults.Ok(order));
        app.MapPost("/optional", (PlainOrder? order) => TypedResults.Ok(order?.Id));
        await app.StartAsync();
        return app;
    }
}
