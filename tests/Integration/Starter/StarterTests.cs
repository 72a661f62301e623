extern alias Starter;

using System.Net;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Mvc.Testing;

namespace Jsonable.Integration.Tests.Starter;

/// <summary>
/// The starter users copy (<c>samples/Starter</c>), in memory as it is written: minimal APIs with <c>TypedResults</c>,
/// a plain <c>Todo</c> body, a merge-patch PATCH and a controller answer in JSON and JMC1, a bad body is a 400 problem
/// keyed by its JSON path, and its OpenAPI document lists both media types for the bodies it reads.
/// </summary>
public sealed class StarterTests(StarterTests.StarterFactory factory) : IClassFixture<StarterTests.StarterFactory>
{
    private const string Json = "application/json";
    private const string Jmc1 = "application/jsonc+jmc1";
    private const string MergePatch = "application/merge-patch+json";

    /// <summary>The starter's host, in its Development environment (as <c>dotnet run</c> starts it: OpenAPI mapped).</summary>
    public sealed class StarterFactory : WebApplicationFactory<Starter::Jsonable.Samples.Starter.Todo>;

    [Fact]
    public async Task Post_Json_IsCreated_AndGetAnswersItInJsonAndJmc1()
    {
        HttpClient client = factory.CreateClient();

        int id = await CreateAsync(client, """{"title":"Buy milk","dueBy":"2026-12-24","tags":["home"]}""");
        (HttpResponseMessage json, byte[] jsonBody) = await client.GetAsync($"/todos/{id}", Json);
        (HttpResponseMessage jmc1, byte[] jmc1Body) = await client.GetAsync($"/todos/{id}?format=jmc1", null);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, json);
        HttpAssert.IsPlainJson(json, jsonBody);
        JsonData.AssertEqual(Utf8($$"""{"id":{{id}},"title":"Buy milk","dueBy":"2026-12-24","isComplete":false,"tags":["home"]}"""), jsonBody);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, jmc1);
        HttpAssert.IsJmc1(jmc1, jmc1Body);
        Jmc1Assert.EqualsJson(jsonBody, jmc1Body);
    }

    [Fact]
    public async Task Post_Jmc1_IsReadByTheGeneratedReader()
    {
        HttpClient client = factory.CreateClient();
        byte[] body = Jmc1Oracle.FromJson("""{"title":"Sent as JMC1","isComplete":true}"""u8);

        (HttpResponseMessage created, byte[] createdBody) = await client.SendAsync(HttpMethod.Post, "/todos", Jmc1, Requests.Body(body, Jmc1));

        await HttpAssert.StatusAsync(HttpStatusCode.Created, created);
        HttpAssert.IsJmc1(created, createdBody);
        int id = IdOf(Jmc1Oracle.StripComments(createdBody));
        Assert.Equal($"/todos/{id}", created.Headers.Location?.ToString());
        (_, byte[] stored) = await client.GetAsync($"/todos/{id}", Json);
        JsonData.AssertEqual(Utf8($$"""{"id":{{id}},"title":"Sent as JMC1","dueBy":null,"isComplete":true,"tags":null}"""), stored);
    }

    [Fact]
    public async Task Get_Missing_Is404()
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().GetAsync("/todos/999999", Json);

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    [Theory]
    [InlineData(MergePatch)]
    [InlineData(Jmc1)]
    public async Task Patch_ChangesOnlyTheNamedMembers(string contentType)
    {
        HttpClient client = factory.CreateClient();
        int id = await CreateAsync(client, """{"title":"Patch me","tags":["a","b"]}""");
        byte[] patch = contentType == Jmc1 ? Jmc1Oracle.FromJson("""{"isComplete":true,"tags":null}"""u8) : Utf8("""{"isComplete":true,"tags":null}""");

        (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Patch, $"/todos/{id}", Json, Requests.Body(patch, contentType));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        JsonData.AssertEqual(Utf8($$"""{"id":{{id}},"title":"Patch me","dueBy":null,"isComplete":true,"tags":null}"""), body);
    }

    [Fact]
    public async Task Patch_OfTheId_Is400KeyedByItsPath_AndChangesNothing()
    {
        HttpClient client = factory.CreateClient();
        int id = await CreateAsync(client, """{"title":"Keep my id"}""");

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Patch, $"/todos/{id}", Json, Requests.Body(Utf8("""{"id":7,"title":"moved"}"""), MergePatch));

        await HttpAssert.ValidationErrorAsync("$.id", response);
        (_, byte[] stored) = await client.GetAsync($"/todos/{id}", Json);
        JsonData.AssertEqual(Utf8($$"""{"id":{{id}},"title":"Keep my id","dueBy":null,"isComplete":false,"tags":null}"""), stored);
    }

    [Theory]
    [InlineData("POST", "/todos")]
    [InlineData("PUT", "/api/todos/1")]
    public async Task A_body_of_the_wrong_kind_is_a_400_problem_keyed_by_its_path(string method, string url)
    {
        HttpClient client = factory.CreateClient();
        await CreateAsync(client, """{"title":"So that /api/todos/1 exists"}""");

        (HttpResponseMessage response, _) = await client.SendAsync(new HttpMethod(method), url, Json, Requests.Body(Utf8("""{"title":5}"""), Json));

        string[] messages = await HttpAssert.ValidationErrorAsync("$.title", response);
        Assert.Contains(messages, m => m.Contains("$.title", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Controller_PutsAndGets_InJsonAndJmc1()
    {
        HttpClient client = factory.CreateClient();
        int id = await CreateAsync(client, """{"title":"Through MVC"}""");
        byte[] replacement = Jmc1Oracle.FromJson("""{"title":"Replaced","tags":["mvc"]}"""u8);

        (HttpResponseMessage put, _) = await client.SendAsync(HttpMethod.Put, $"/api/todos/{id}", Json, Requests.Body(replacement, Jmc1));
        (HttpResponseMessage get, byte[] body) = await client.GetAsync($"/api/todos/{id}", Jmc1);

        await HttpAssert.StatusAsync(HttpStatusCode.NoContent, put);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, get);
        HttpAssert.IsJmc1(get, body);
        JsonData.AssertEqual(Utf8($$"""{"id":{{id}},"title":"Replaced","dueBy":null,"isComplete":false,"tags":["mvc"]}"""), Jmc1Oracle.StripComments(body));
    }

    [Fact]
    public async Task OpenApi_ListsJsonAndJmc1_AndTheMergePatch()
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync("/openapi/v1.json", Json);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        using JsonDocument document = JsonDocument.Parse(body);
        JsonElement paths = document.RootElement.GetProperty("paths");
        Assert.Equal([Json, Jmc1], MediaTypes(paths.GetProperty("/todos").GetProperty("post").GetProperty("requestBody")));
        Assert.Equal([MergePatch, Json, Jmc1], MediaTypes(paths.GetProperty("/todos/{id}").GetProperty("patch").GetProperty("requestBody")));
        Assert.Equal([Json, Jmc1], MediaTypes(paths.GetProperty("/api/todos/{id}").GetProperty("get").GetProperty("responses").GetProperty("200")));
        JsonElement put = paths.GetProperty("/api/todos/{id}").GetProperty("put");
        Assert.Equal([Json, Jmc1], MediaTypes(put.GetProperty("requestBody")));
        Assert.True(put.GetProperty("responses").TryGetProperty("204", out _), "PUT documents its 204: " + put.GetRawText());
        Assert.Equal(["application/problem+json"], MediaTypes(put.GetProperty("responses").GetProperty("400")));
    }

    private static string[] MediaTypes(JsonElement bodyOrResponse)
        => bodyOrResponse.GetProperty("content").EnumerateObject().Select(p => p.Name).ToArray();

    private static async Task<int> CreateAsync(HttpClient client, string json)
    {
        (HttpResponseMessage created, byte[] body) = await client.SendAsync(HttpMethod.Post, "/todos", Json, Requests.Body(Utf8(json), Json));
        await HttpAssert.StatusAsync(HttpStatusCode.Created, created);
        HttpAssert.IsPlainJson(created, body);
        return IdOf(body);
    }

    private static int IdOf(byte[] json)
    {
        using JsonDocument document = JsonDocument.Parse(json);
        return document.RootElement.GetProperty("id").GetInt32();
    }

    private static byte[] Utf8(string text) => System.Text.Encoding.UTF8.GetBytes(text);
}
