using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.RequestBodies;

/// <summary>
/// A body past the server's request body limit (<see cref="SmallBodyLimitFactory.Limit"/> bytes here) is a 413 with
/// problem details, whether the client declared its length or streamed it chunked; bodies within the limit still bind.
/// </summary>
public sealed class RequestBodyLimitTests(SmallBodyLimitFactory factory) : IClassFixture<SmallBodyLimitFactory>
{
    public static TheoryData<string, string> BasesAndContentTypes => new()
    {
        { "/api", "application/json" },
        { "/api", "application/jsonc+jmc1" },
        { "/minimal", "application/json" },
        { "/minimal", "application/jsonc+jmc1" },
    };

    public static TheoryData<string, string, string> BasesContentTypesAndAccepts
    {
        get
        {
            var data = new TheoryData<string, string, string>();
            foreach ((string basePath, string contentType) in new[] { ("/api", "application/json"), ("/api", "application/jsonc+jmc1"), ("/minimal", "application/json"), ("/minimal", "application/jsonc+jmc1") })
            {
                data.Add(basePath, contentType, "application/json");
                data.Add(basePath, contentType, "application/jsonc+jmc1");
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(BasesContentTypesAndAccepts))]
    public async Task PostStatus_DeclaredLengthOverLimit_Answers413ProblemDetails(string basePath, string contentType, string accept)
    {
        byte[] body = LargeBody(contentType);

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", accept, Requests.Body(body, contentType));

        await HttpAssert.ProblemAsync(HttpStatusCode.RequestEntityTooLarge, response);
    }

    [Theory]
    [MemberData(nameof(BasesContentTypesAndAccepts))]
    public async Task PostStatus_ChunkedBodyOverLimit_Answers413ProblemDetails(string basePath, string contentType, string accept)
    {
        byte[] body = LargeBody(contentType);

        (HttpResponseMessage response, _) = await factory.CreateStreamingClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", accept, new ChunkedContent(body, contentType, chunkSize: 256));

        await HttpAssert.ProblemAsync(HttpStatusCode.RequestEntityTooLarge, response);
    }

    [Theory]
    [MemberData(nameof(BasesAndContentTypes))]
    public async Task PostEvent_BodyWithinLimit_IsCreated(string basePath, string contentType)
    {
        CitmEvent citmEvent = new() { id = contentType.Length + basePath.Length, name = "small", topicIds = [1], subTopicIds = [2] };
        byte[] body = contentType == "application/jsonc+jmc1"
            ? citmEvent.ToJsonable().ToArray()
            : JsonSerializer.SerializeToUtf8Bytes(citmEvent, RealDataJsonContext.Default.CitmEvent);
        Assert.True(body.Length < SmallBodyLimitFactory.Limit);

        (HttpResponseMessage response, _) = await factory.CreateStreamingClient().SendAsync(HttpMethod.Post, $"{basePath}/events", "application/json", new ChunkedContent(body, contentType, chunkSize: 16));

        await HttpAssert.StatusAsync(HttpStatusCode.Created, response);
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task PostEvent_ChunkedUtf16BodyOverLimitButSmallerInUtf8_Answers413ProblemDetails(string basePath)
    {
        // The limit is on the bytes received, not on what they become after transcoding to UTF-8.
        CitmEvent citmEvent = new() { id = 1, name = new string('n', 600) };
        byte[] utf16 = Encoding.Unicode.GetBytes(JsonSerializer.Serialize(citmEvent, RealDataJsonContext.Default.CitmEvent));
        Assert.InRange(utf16.Length, SmallBodyLimitFactory.Limit + 1, 2 * SmallBodyLimitFactory.Limit);

        (HttpResponseMessage response, _) = await factory.CreateStreamingClient().SendAsync(HttpMethod.Post, $"{basePath}/events", "application/json", new ChunkedContent(utf16, "application/json; charset=utf-16", chunkSize: 128));

        await HttpAssert.ProblemAsync(HttpStatusCode.RequestEntityTooLarge, response);
    }

    private byte[] LargeBody(string contentType)
    {
        Status status = factory.CopyOfFirstStatus();
        byte[] body = contentType == "application/jsonc+jmc1"
            ? status.ToJsonable().ToArray()
            : JsonSerializer.SerializeToUtf8Bytes(status, RealDataJsonContext.Default.Status);
        Assert.True(body.Length > SmallBodyLimitFactory.Limit);
        return body;
    }
}
