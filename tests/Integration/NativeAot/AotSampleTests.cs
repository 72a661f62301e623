extern alias AotApi;

using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;
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
}
