using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Jsonable.Http.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

namespace Jsonable.Http.Tests;

/// <summary>
/// An error status reaches the caller as a <see cref="JsonableProblemException"/> carrying the status code and the
/// server's problem details — errors keyed by JSON path for a bad body — or the raw body when it was not problem+json.
/// </summary>
public sealed class ProblemDetailsTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [MemberData(nameof(SampleStacks.BasesAndFormats), MemberType = typeof(SampleStacks))]
    public async Task PutAsJsonable_IdNotTheRoutes_ThrowsProblemWithErrorKeyedByPath(string basePath, JsonableFormat format)
    {
        Status status = factory.CopyOfFirstStatus();
        long routeId = status.id + 1;

        using HttpResponseMessage response = await factory.CreateClient().PutAsJsonableAsync($"{basePath}/statuses/{routeId}", status, new JsonableHttpOptions { Format = format });
        JsonableProblemException problem = await Assert.ThrowsAsync<JsonableProblemException>(() => response.ReadFromJsonableAsync<Status>());

        Assert.Equal(HttpStatusCode.BadRequest, problem.StatusCode);
        Assert.NotNull(problem.Problem);
        Assert.Equal(400, problem.Problem.Status);
        Assert.False(string.IsNullOrEmpty(problem.Problem.Title));
        Assert.True(problem.Problem.Errors.TryGetValue("$.id", out IReadOnlyList<string>? messages), "errors: " + string.Join(", ", problem.Problem.Errors.Keys));
        Assert.Contains(messages, m => m.Contains("does not match", StringComparison.Ordinal));
        Assert.Contains("$.id", problem.Message, StringComparison.Ordinal);
        Assert.Equal("application/problem+json", MediaTypeHeaderValue.Parse(problem.ResponseContentType!).MediaType);
    }

    [Theory]
    [MemberData(nameof(SampleStacks.BasesAndFormats), MemberType = typeof(SampleStacks))]
    public async Task MalformedBody_Is400_ErrorsKeyedByTheBadValuesJsonPath(string basePath, JsonableFormat format)
    {
        // A body no generated writer would produce: the client's typed exception still carries the server's answer.
        Status status = factory.CopyOfFirstStatus();
        byte[] body = JsonableSerializer.SerializeToUtf8Bytes(status, format);
        byte[] malformed = ReplaceValueAfter(body, "\"followers_count\":", "\"many\"");
        var content = new ByteArrayContent(malformed);
        content.Headers.ContentType = new MediaTypeHeaderValue(format == JsonableFormat.Jmc1 ? JsonableMediaTypeNames.Jmc1 : JsonableMediaTypeNames.Json);

        using HttpResponseMessage response = await factory.CreateClient().PostAsync($"{basePath}/statuses", content);
        JsonableProblemException problem = await Assert.ThrowsAsync<JsonableProblemException>(() => response.EnsureJsonableSuccessAsync());

        Assert.Equal(HttpStatusCode.BadRequest, problem.StatusCode);
        Assert.NotNull(problem.Problem);
        Assert.Contains("$.user.followers_count", problem.Problem.Errors.Keys);
        Assert.NotEmpty(problem.Problem.Errors["$.user.followers_count"]);
    }

    [Theory]
    [MemberData(nameof(SampleStacks.Bases), MemberType = typeof(SampleStacks))]
    public async Task AcceptNothingProducible_Is406Problem(string basePath)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, $"{basePath}/statuses/{factory.CopyOfFirstStatus().id}");
        request.Headers.Accept.ParseAdd("application/xml");

        using HttpResponseMessage response = await factory.CreateClient().SendAsync(request);
        JsonableProblemException problem = await Assert.ThrowsAsync<JsonableProblemException>(() => response.EnsureJsonableSuccessAsync());

        Assert.Equal(HttpStatusCode.NotAcceptable, problem.StatusCode);
        Assert.Equal(406, problem.Problem?.Status);
    }

    [Theory]
    [MemberData(nameof(SampleStacks.Bases), MemberType = typeof(SampleStacks))]
    public async Task ContentTypeTheServerDoesNotRead_Is415Problem(string basePath)
    {
        JsonableContent content = JsonableContent.Create(factory.CopyOfFirstStatus(), JsonableFormat.Json);
        content.Headers.ContentType = new MediaTypeHeaderValue("text/plain");

        using HttpResponseMessage response = await factory.CreateClient().PostAsync($"{basePath}/statuses", content);
        JsonableProblemException problem = await Assert.ThrowsAsync<JsonableProblemException>(() => response.ReadFromJsonableAsync<Status>());

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, problem.StatusCode);
        Assert.Equal(415, problem.Problem?.Status);
    }

    [Theory]
    [MemberData(nameof(SampleStacks.Bases), MemberType = typeof(SampleStacks))]
    public async Task GetFromJsonable_MissingResource_Throws404Problem(string basePath)
    {
        JsonableProblemException problem = await Assert.ThrowsAsync<JsonableProblemException>(
            () => factory.CreateClient().GetFromJsonableAsync<Status>($"{basePath}/statuses/1"));

        Assert.Equal(HttpStatusCode.NotFound, problem.StatusCode);
        Assert.Equal(404, problem.Problem?.Status);
        Assert.False(string.IsNullOrEmpty(problem.Problem!.TraceId));
        Assert.DoesNotContain("traceId", problem.Problem.Extensions.Keys);
    }

    [Fact]
    public async Task ProblemDetails_EveryMemberIsKept()
    {
        const string Body = """
            {"type":"https://example.com/probs/out-of-credit","title":"You do not have enough credit.","status":403,
             "detail":"Your current balance is 30, but that costs 50.","instance":"/account/12345/msgs/abc",
             "traceId":"00-abc-def-01","balance":30,"accounts":["/account/12345","/account/67890"],
             "errors":{"$.amount":["Too much.","Really."],"$.currency":"Unknown."}}
            """;
        await using TestApp server = await TestApp.StartAsync(app => app.MapGet("/account", () => Results.Text(Body, "application/problem+json", Encoding.UTF8, 403)));

        JsonableProblemException exception = await Assert.ThrowsAsync<JsonableProblemException>(() => server.Client.GetFromJsonableAsync<Transform>("/account"));

        JsonableProblemDetails problem = Assert.IsType<JsonableProblemDetails>(exception.Problem);
        Assert.Equal(HttpStatusCode.Forbidden, exception.StatusCode);
        Assert.Equal("https://example.com/probs/out-of-credit", problem.Type);
        Assert.Equal("You do not have enough credit.", problem.Title);
        Assert.Equal(403, problem.Status);
        Assert.Equal("Your current balance is 30, but that costs 50.", problem.Detail);
        Assert.Equal("/account/12345/msgs/abc", problem.Instance);
        Assert.Equal("00-abc-def-01", problem.TraceId);
        Assert.Equal(["Too much.", "Really."], problem.Errors["$.amount"]);
        Assert.Equal(["Unknown."], problem.Errors["$.currency"]);
        Assert.Equal(2, problem.Extensions.Count);
        Assert.Equal(30, problem.Extensions["balance"].GetInt32());
        Assert.Equal(2, problem.Extensions["accounts"].GetArrayLength());
        Assert.Equal(Encoding.UTF8.GetBytes(Body), exception.ResponseBody.ToArray());
        Assert.Contains("You do not have enough credit.", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task NotProblemJson_KeepsTheRawBody()
    {
        await using TestApp server = await TestApp.StartAsync(app => app.MapGet("/down", () => Results.Text("down for maintenance", "text/plain", Encoding.UTF8, 503)));

        JsonableProblemException exception = await Assert.ThrowsAsync<JsonableProblemException>(() => server.Client.GetFromJsonableAsync<Transform>("/down"));

        Assert.Equal(HttpStatusCode.ServiceUnavailable, exception.StatusCode);
        Assert.Null(exception.Problem);
        Assert.Equal("down for maintenance"u8.ToArray(), exception.ResponseBody.ToArray());
        Assert.False(exception.ResponseBodyTruncated);
        Assert.StartsWith("text/plain", exception.ResponseContentType, StringComparison.Ordinal);
        Assert.Contains("503", exception.Message, StringComparison.Ordinal);
        Assert.Contains("down for maintenance", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ProblemJsonThatIsNotJson_KeepsTheRawBody()
    {
        await using TestApp server = await TestApp.StartAsync(app => app.MapGet("/broken", () => Results.Text("{\"title\":", "application/problem+json", Encoding.UTF8, 500)));

        JsonableProblemException exception = await Assert.ThrowsAsync<JsonableProblemException>(() => server.Client.GetFromJsonableAsync<Transform>("/broken"));

        Assert.Equal(HttpStatusCode.InternalServerError, exception.StatusCode);
        Assert.Null(exception.Problem);
        Assert.Equal("{\"title\":"u8.ToArray(), exception.ResponseBody.ToArray());
    }

    [Fact]
    public async Task HugeErrorBody_KeepsOnlyItsFirstPart()
    {
        byte[] huge = new byte[3 * 1024 * 1024];
        huge.AsSpan().Fill((byte)'x');
        await using TestApp server = await TestApp.StartAsync(app => app.MapGet("/huge", async (HttpContext context) =>
        {
            context.Response.StatusCode = 500;
            context.Response.ContentType = "text/plain";
            await context.Response.Body.WriteAsync(huge);
        }));

        JsonableProblemException exception = await Assert.ThrowsAsync<JsonableProblemException>(() => server.Client.GetFromJsonableAsync<Transform>("/huge"));

        Assert.True(exception.ResponseBodyTruncated);
        Assert.Equal(1024 * 1024, exception.ResponseBody.Length);
    }

    /// <summary>Replaces the number after <paramref name="marker"/> (a member name and colon) with <paramref name="replacement"/>.</summary>
    private static byte[] ReplaceValueAfter(byte[] document, string marker, string replacement)
    {
        int start = document.AsSpan().IndexOf(Encoding.UTF8.GetBytes(marker));
        Assert.True(start >= 0, $"'{marker}' is not in the document");
        start += marker.Length;
        int end = start;
        while (end < document.Length && (char.IsAsciiDigit((char)document[end]) || document[end] == (byte)'-'))
        {
            end++;
        }

        Assert.True(end > start, "no number after " + marker);
        return [.. document[..start], .. Encoding.UTF8.GetBytes(replacement), .. document[end..]];
    }
}
