using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.Fallbacks;

/// <summary>
/// What Jsonable does not claim stays with System.Text.Json: a non-generated DTO is plain JSON, and every error is
/// <c>application/problem+json</c>, even when the client asked only for JMC1 (MVC and minimal APIs).
/// </summary>
public sealed class FallbackTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private const string Jmc1 = "application/jsonc+jmc1";

    public static TheoryData<string?> InfoAccepts => new()
    {
        null,
        "application/json",
        "*/*",
        Requests.BrowserAccept,
        "application/jsonc+jmc1, application/json;q=0.5",
    };

    /// <summary>Accept headers a client might send to a Jsonable endpoint; errors must be problem+json for each.</summary>
    public static TheoryData<string?> ErrorAccepts => new()
    {
        Jmc1,
        "application/jsonc+jmc1, application/json;q=0.5",
        "application/json",
        null,
    };

    public static TheoryData<string, string?> BasesAndErrorAccepts
    {
        get
        {
            var data = new TheoryData<string, string?>();
            foreach (string basePath in new[] { "/api", "/minimal" })
            {
                foreach (string? accept in ErrorAccepts)
                {
                    data.Add(basePath, accept);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(InfoAccepts))]
    public async Task GetInfo_NonGeneratedType_IsServedAsJsonBySystemTextJson(string? accept)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync("/api/info", accept);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsPlainJson(response, body);

        // STJ with ASP.NET Core's web defaults: camelCase names.
        int statuses = factory.Store.ListStatuses(int.MaxValue).Count;
        JsonData.AssertEqual(Encoding.UTF8.GetBytes($$"""{"name":"Jsonable sample","statuses":{{statuses}}}"""), body);
    }

    [Fact]
    public async Task GetInfo_AcceptOnlyJmc1_Answers406ProblemDetails()
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().GetAsync("/api/info", Jmc1);

        await HttpAssert.ProblemAsync(HttpStatusCode.NotAcceptable, response);
    }

    [Theory]
    [InlineData("/api/statuses?limit=0", "limit", null)]
    [InlineData("/api/statuses?limit=0", "limit", Jmc1)]
    [InlineData("/api/statuses?limit=0", "limit", "application/jsonc+jmc1, application/json;q=0.5")]
    [InlineData("/api/events?limit=5000", "limit", Jmc1)]
    [InlineData("/api/twitter?repeat=0", "repeat", Jmc1)]
    [InlineData("/api/statuses/stream?count=0", "count", Jmc1)]
    [InlineData("/api/statuses?limit=abc", "limit", Jmc1)]
    public async Task Get_InvalidQuery_Answers400ValidationProblemJson(string url, string key, string? accept)
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().GetAsync(url, accept);

        await HttpAssert.ValidationErrorAsync(key, response);
    }

    [Theory]
    [MemberData(nameof(BasesAndErrorAccepts))]
    public async Task Get_UnknownId_Answers404ProblemJson(string basePath, string? accept)
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().GetAsync($"{basePath}/statuses/1", accept);

        await HttpAssert.ProblemAsync(HttpStatusCode.NotFound, response);
    }

    [Theory]
    [MemberData(nameof(BasesAndErrorAccepts))]
    public async Task Post_MalformedBody_Answers400ProblemJsonKeyedByPath(string basePath, string? accept)
    {
        byte[] body = Encoding.UTF8.GetBytes("""{"id":1,"user":{"id":"not a number"}}""");

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", accept, Requests.Body(body, "application/json"));

        await HttpAssert.ValidationErrorAsync("$.user.id", response);
    }

    [Theory]
    [MemberData(nameof(BasesAndErrorAccepts))]
    public async Task Post_UnsupportedContentType_Answers415ProblemJson(string basePath, string? accept)
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", accept, Requests.Body("<status/>"u8.ToArray(), "application/xml"));

        await HttpAssert.ProblemAsync(HttpStatusCode.UnsupportedMediaType, response);
    }

    [Theory]
    [MemberData(nameof(BasesAndErrorAccepts))]
    public async Task Put_IdMismatch_Answers400ProblemJsonKeyedById(string basePath, string? accept)
    {
        long id = factory.FirstStatusId;
        byte[] body = Encoding.UTF8.GetBytes($$"""{"id":{{id + 1}}}""");

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Put, $"{basePath}/statuses/{id}", accept, Requests.Body(body, "application/json"));

        await HttpAssert.ValidationErrorAsync("$.id", response);
    }

    [Theory]
    [InlineData("/api/statuses/1")]
    [InlineData("/minimal/statuses/1")]
    public async Task Get_UnknownIdAcceptingOnlyJmc1_ProblemCarriesTheStandardMembers(string url)
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().GetAsync(url, Jmc1);

        JsonElement problem = await HttpAssert.ProblemAsync(HttpStatusCode.NotFound, response);
        Assert.Equal("Not Found", problem.GetProperty("title").GetString());
        Assert.True(problem.TryGetProperty("type", out _), "no 'type' in " + problem.GetRawText());
        Assert.True(problem.TryGetProperty("traceId", out _), "no 'traceId' in " + problem.GetRawText());
    }
}
