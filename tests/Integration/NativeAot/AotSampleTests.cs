extern alias AotApi;

using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Integration.Tests.PartialUpdates;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;

namespace Jsonable.Integration.Tests.NativeAot;

/// <summary>
/// The Native AOT sample (<c>samples/AotApi</c>: <c>CreateSlimBuilder</c>, no JSON options, no <c>AddProblemDetails</c>)
/// in memory, on the JIT but with the same generated request delegates: every error Jsonable answers is problem
/// details written by Jsonable's own context, with nothing from the app's System.Text.Json options. <c>.ci/run</c>
/// publishes the same app with Native AOT and sends it the same requests.
/// </summary>
public sealed class AotSampleTests(AotSampleTests.AotApiFactory factory) : IClassFixture<AotSampleTests.AotApiFactory>
{
    private const string Json = "application/json";
    private const string Jmc1 = "application/jsonc+jmc1";

    /// <summary>The AOT sample's host (its entry point is found through any of its types).</summary>
    public sealed class AotApiFactory : WebApplicationFactory<AotApi::Jsonable.Samples.AotApi.Todo>
    {
        /// <inheritdoc />
        protected override void ConfigureWebHost(IWebHostBuilder builder) => builder.UseEnvironment("Testing");
    }

    [Fact]
    public async Task Get_JsonAndJmc1_AnswerTheTodo()
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage json, byte[] jsonBody) = await client.GetAsync("/todos/1", Json);
        (HttpResponseMessage jmc1, byte[] jmc1Body) = await client.GetAsync("/todos/1", Jmc1);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, json);
        HttpAssert.IsPlainJson(json, jsonBody);
        JsonData.AssertEqual("""{"id":1,"title":"Walk the dog","dueBy":"2025-01-02","isComplete":false,"tags":["home"]}"""u8.ToArray(), jsonBody);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, jmc1);
        HttpAssert.IsJmc1(jmc1, jmc1Body);
        Jmc1Assert.EqualsJson(jsonBody, jmc1Body);
    }

    [Fact]
    public async Task Post_ValidBody_IsCreatedAndStored()
    {
        HttpClient client = factory.CreateClient();
        byte[] todo = """{"id":101,"title":"from a test","tags":["a","b"]}"""u8.ToArray();

        (HttpResponseMessage created, _) = await client.SendAsync(HttpMethod.Post, "/todos", Json, Requests.Body(todo, Json));
        (HttpResponseMessage stored, byte[] storedBody) = await client.GetAsync("/todos/101", Json);

        await HttpAssert.StatusAsync(HttpStatusCode.Created, created);
        Assert.Equal("/todos/101", created.Headers.Location?.ToString());
        await HttpAssert.StatusAsync(HttpStatusCode.OK, stored);
        JsonData.AssertEqual("""{"id":101,"title":"from a test","dueBy":null,"isComplete":false,"tags":["a","b"]}"""u8.ToArray(), storedBody);
    }

    [Theory]
    [InlineData(Json)]
    [InlineData(Jmc1)]
    public async Task Post_MalformedBody_Answers400ProblemKeyedByPath(string accept)
    {
        byte[] body = """{"id":102,"title":5}"""u8.ToArray();

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, "/todos", accept, Requests.Body(body, Json));

        string[] messages = await HttpAssert.ValidationErrorAsync("$.title", response);
        Assert.Contains(messages, m => m.Contains("$.title", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Get_UnsatisfiableAccept_Answers406ProblemWithVaryAccept()
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().GetAsync("/todos/1", "application/xml");

        JsonElement problem = await HttpAssert.ProblemAsync(HttpStatusCode.NotAcceptable, response);
        HttpAssert.VaryAccept(response);
        Assert.Equal("Not Acceptable", problem.GetProperty("title").GetString());
        Assert.True(problem.TryGetProperty("traceId", out _), problem.GetRawText());
    }

    [Fact]
    public async Task Post_UnsatisfiableAccept_Answers406AndStoresNothing()
    {
        HttpClient client = factory.CreateClient();
        byte[] todo = """{"id":103,"title":"never stored"}"""u8.ToArray();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, "/todos", "application/xml", Requests.Body(todo, Json));
        (HttpResponseMessage lookup, _) = await client.GetAsync("/todos/103", Json);

        await HttpAssert.ProblemAsync(HttpStatusCode.NotAcceptable, response);
        await HttpAssert.StatusAsync(HttpStatusCode.NotFound, lookup);
    }

    [Theory]
    [InlineData("application/xml")]
    [InlineData("text/plain")]
    [InlineData("application/json; charset=bogus")]
    public async Task Post_UnsupportedContentType_Answers415Problem(string contentType)
    {
        byte[] body = Encoding.UTF8.GetBytes("""{"id":104}""");

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, "/todos", Json, Requests.Body(body, contentType));

        JsonElement problem = await HttpAssert.ProblemAsync(HttpStatusCode.UnsupportedMediaType, response);
        Assert.Equal("Unsupported Media Type", problem.GetProperty("title").GetString());
    }

    [Theory]
    [InlineData("json")]
    [InlineData("jmc1")]
    public async Task Patch_CurrentIfMatch_Answers200WithTheUpdatedTodoAndANewETag(string format)
    {
        HttpClient client = factory.CreateClient();
        int id = format == "json" ? 110 : 111;
        string etag = await CreateAsync(client, id);

        HttpResponseMessage response = await PatchAsync(client, id, """{"title":"patched","tags":null}""", format, etag);
        byte[] body = await response.Content.ReadAsByteArrayAsync();
        (HttpResponseMessage get, byte[] stored) = await client.GetAsync($"/todos/{id}", Json);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        string expected = $$"""{"id":{{id}},"title":"patched","dueBy":"2025-03-04","isComplete":false,"tags":null}""";
        if (format == "jmc1")
        {
            HttpAssert.IsJmc1(response, body);
            JsonData.AssertEqual(Encoding.UTF8.GetBytes(expected), Jmc1Oracle.StripComments(body));
        }
        else
        {
            HttpAssert.IsPlainJson(response, body);
            JsonData.AssertEqual(Encoding.UTF8.GetBytes(expected), body);
        }

        string? newTag = response.Headers.ETag?.Tag;
        Assert.NotNull(newTag);
        Assert.NotEqual(etag, newTag);
        Assert.Equal(newTag, get.Headers.ETag?.Tag);
        JsonData.AssertEqual(Encoding.UTF8.GetBytes(expected), stored);
    }

    [Fact]
    public async Task Patch_StaleIfMatch_Answers412ProblemAndChangesNothing()
    {
        HttpClient client = factory.CreateClient();
        string staleTag = await CreateAsync(client, 112);
        HttpResponseMessage first = await PatchAsync(client, 112, """{"title":"first"}""", "json", staleTag);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, first);
        (HttpResponseMessage before, byte[] beforeBody) = await client.GetAsync("/todos/112", Json);

        HttpResponseMessage stale = await PatchAsync(client, 112, """{"title":"second"}""", "json", staleTag);

        JsonElement problem = await HttpAssert.ProblemAsync(HttpStatusCode.PreconditionFailed, stale);
        Assert.Contains(staleTag, problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        await AssertUnchangedAsync(client, 112, before, beforeBody);
    }

    [Fact]
    public async Task Patch_WithoutIfMatch_Answers428ProblemAndChangesNothing()
    {
        HttpClient client = factory.CreateClient();
        await CreateAsync(client, 113);
        (HttpResponseMessage before, byte[] beforeBody) = await client.GetAsync("/todos/113", Json);

        HttpResponseMessage response = await PatchAsync(client, 113, """{"title":"unconditional"}""", "json", ifMatch: null);

        JsonElement problem = await HttpAssert.ProblemAsync((HttpStatusCode)428, response);
        Assert.Contains("If-Match", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        await AssertUnchangedAsync(client, 113, before, beforeBody);
    }

    [Theory]
    [InlineData("json")]
    [InlineData("jmc1")]
    public async Task Patch_UnknownMember_Answers400ProblemKeyedByItsPathAndChangesNothing(string format)
    {
        HttpClient client = factory.CreateClient();
        int id = format == "json" ? 114 : 115;
        string etag = await CreateAsync(client, id);
        (HttpResponseMessage before, byte[] beforeBody) = await client.GetAsync($"/todos/{id}", Json);

        HttpResponseMessage response = await PatchAsync(client, id, """{"title":"never","colour":"red"}""", format, etag);

        string[] messages = await HttpAssert.ValidationErrorAsync("$.colour", response);
        Assert.Contains(messages, m => m.Contains("colour", StringComparison.Ordinal));
        await AssertUnchangedAsync(client, id, before, beforeBody);
    }

    [Fact]
    public async Task Patch_ChangingTheId_Answers400ProblemAndChangesNothing()
    {
        HttpClient client = factory.CreateClient();
        string etag = await CreateAsync(client, 116);
        (HttpResponseMessage before, byte[] beforeBody) = await client.GetAsync("/todos/116", Json);

        HttpResponseMessage response = await PatchAsync(client, 116, """{"id":117,"title":"moved"}""", "json", etag);
        (HttpResponseMessage moved, _) = await client.GetAsync("/todos/117", Json);

        await HttpAssert.ValidationErrorAsync("$.id", response);
        await HttpAssert.StatusAsync(HttpStatusCode.NotFound, moved);
        await AssertUnchangedAsync(client, 116, before, beforeBody);
    }

    /// <summary>POSTs a todo with <paramref name="id"/> and returns the ETag it was stored with.</summary>
    private static async Task<string> CreateAsync(HttpClient client, int id)
    {
        byte[] todo = Encoding.UTF8.GetBytes($$"""{"id":{{id}},"title":"to patch","dueBy":"2025-03-04","tags":["x"]}""");
        (HttpResponseMessage created, _) = await client.SendAsync(HttpMethod.Post, "/todos", Json, Requests.Body(todo, Json));
        await HttpAssert.StatusAsync(HttpStatusCode.Created, created);
        (HttpResponseMessage get, _) = await client.GetAsync($"/todos/{id}", Json);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, get);
        string? etag = get.Headers.ETag?.Tag;
        Assert.NotNull(etag);
        Assert.Equal(etag, created.Headers.ETag?.Tag);
        return etag;
    }

    /// <summary>A PATCH answered in the format of its body: merge-patch JSON, or JMC1 carrying the same data.</summary>
    private static Task<HttpResponseMessage> PatchAsync(HttpClient client, int id, string json, string format, string? ifMatch)
    {
        HttpRequestMessage request = Requests.Create(HttpMethod.Patch, $"/todos/{id}", PatchBodies.Accept(format), Requests.Body(PatchBodies.Encode(json, format), PatchBodies.ContentType(format)));
        if (ifMatch is not null)
        {
            Assert.True(request.Headers.TryAddWithoutValidation("If-Match", ifMatch));
        }

        return client.SendAsync(request);
    }

    private static async Task AssertUnchangedAsync(HttpClient client, int id, HttpResponseMessage before, byte[] beforeBody)
    {
        (HttpResponseMessage after, byte[] afterBody) = await client.GetAsync($"/todos/{id}", Json);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, after);
        Assert.Equal(Encoding.UTF8.GetString(beforeBody), Encoding.UTF8.GetString(afterBody));
        Assert.Equal(before.Headers.ETag?.Tag, after.Headers.ETag?.Tag);
    }
}
