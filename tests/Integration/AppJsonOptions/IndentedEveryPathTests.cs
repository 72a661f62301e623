using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.AppJsonOptions;

/// <summary>
/// <c>WriteIndented = true</c> on the paths beside whole documents: a member document (<c>JsonableResults.Members</c>,
/// the partial writers) and Jsonable's problem details are indented as System.Text.Json indents them; JSON Lines and
/// server-sent events stay one item per line, since a line break inside an item would end it.
/// </summary>
public sealed class IndentedEveryPathTests
{
    private static readonly Transform s_transform = new() { Id = 1, Name = "a", Position = [1, 2.5f, 3], Tags = ["x", "y"] };

    [Theory]
    [InlineData("position")]
    [InlineData("position,tags")]
    public async Task A_member_document_is_indented_as_system_text_json_indents_it(string fields)
    {
        await using WebApplication compact = await StartAsync(indented: false);
        await using WebApplication indented = await StartAsync(indented: true);
        string plain = await compact.GetTestClient().GetStringAsync($"/members?fields={fields}");
        string body = await indented.GetTestClient().GetStringAsync($"/members?fields={fields}");

        Assert.Contains("\n  \"position\"", body);
        Assert.Equal(Indent(plain), body);
    }

    [Fact]
    public async Task A_member_document_in_jmc1_stays_compact()
    {
        await using WebApplication indented = await StartAsync(indented: true);
        (HttpResponseMessage response, byte[] body) = await indented.GetTestClient().GetAsync("/members?fields=position", "application/jsonc+jmc1");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.DoesNotContain((byte)'\n', body);
    }

    [Fact]
    public async Task Problem_details_are_indented_as_system_text_json_indents_them()
    {
        await using WebApplication indented = await StartAsync(indented: true);
        using HttpResponseMessage response = await indented.GetTestClient().PostAsync("/body", Requests.Body("""{"id":"x"}"""u8.ToArray(), "application/json"));
        string body = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("\n  \"status\": 400", body);
        Assert.Equal(Indent(body, relaxed: false), body); // problem details keep the escaping they have when compact
    }

    [Fact]
    public async Task Json_lines_stay_one_item_per_line()
    {
        await using WebApplication indented = await StartAsync(indented: true);
        (_, byte[] body) = await indented.GetTestClient().GetAsync("/list", "application/jsonl");
        string expected = Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(s_transform, JsonableFormat.Json)) + "\n";

        Assert.Equal(expected + expected, Encoding.UTF8.GetString(body));
    }

    [Fact]
    public async Task Server_sent_events_stay_one_data_line_per_event()
    {
        await using WebApplication indented = await StartAsync(indented: true);
        string body = await indented.GetTestClient().GetStringAsync("/events");
        string json = Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(s_transform, JsonableFormat.Json));

        Assert.Equal(2, body.Split("data: " + json + "\n").Length - 1);
        Assert.Equal(2, body.Split("data:").Length - 1);
    }

    private static string Indent(string json, bool relaxed = true) =>
        JsonNode.Parse(json)!.ToJsonString(new JsonSerializerOptions { WriteIndented = true, Encoder = relaxed ? System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping : null });

    private static async Task<WebApplication> StartAsync(bool indented)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.WriteIndented = indented);
        builder.Services.AddJsonable();
        WebApplication app = builder.Build();
        app.UseJsonable();
        app.MapGet("/members", (string fields) => JsonableResults.Members(s_transform, fields.Split(',')));
        app.MapPost("/body", (JsonableBody<Transform> body) => JsonableResults.Ok(body.Value));
        app.MapGet("/list", () => JsonableResults.Ok(new List<Transform> { s_transform, s_transform }));
        app.MapGet("/events", () => JsonableResults.ServerSentEvents(Two()));
        await app.StartAsync();
        return app;
    }

    private static async IAsyncEnumerable<Transform> Two()
    {
        for (int i = 0; i < 2; i++)
        {
            await Task.Yield();
            yield return s_transform;
        }
    }
}
