using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore.Internal;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.RequestBodies;

/// <summary>
/// A large body of a type with collection members (the twitter search, its statuses three times) is read piece by piece
/// as it arrives, over HTTP, on both stacks, in both formats, chunked or with a Content-Length: what comes back is the
/// data sent, no body-sized array is rented from either pool, and a bad body is still a 400 naming the JSON path.
/// </summary>
[Collection(nameof(RequestBodyPoolCollection))]
public sealed class PieceByPieceRequestBodyTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [MemberData(nameof(LargeRequestBodyTests.BasesFormatsAndFraming), MemberType = typeof(LargeRequestBodyTests))]
    public async Task EchoTwitter_LargeBody_ComesBackAsSentWithoutABodySizedArray(string basePath, string format, bool chunked)
    {
        TwitterRoot sent = LargeRequestBodyTests.Repeated(factory.Store.TwitterSearch, 3);
        byte[] body = LargeRequestBodyTests.Encode(sent, format);
        Assert.True(body.Length > RequestBodyReader.LargeBody, "The body must be a large one.");
        using var small = new TrackingBufferPool();
        using var large = new TrackingBufferPool(largeBodies: true);

        HttpContent content = chunked ? new ChunkedContent(body, LargeRequestBodyTests.ContentType(format), chunkSize: 4000) : Requests.Body(body, LargeRequestBodyTests.ContentType(format));
        (HttpResponseMessage response, byte[] echoed) = await factory.CreateStreamingClient().SendAsync(HttpMethod.Post, $"{basePath}/twitter/echo", "application/json", content);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        JsonData.AssertEqual(JsonSerializer.SerializeToUtf8Bytes(sent, RealDataJsonContext.Default.TwitterRoot), echoed);
        Assert.Equal(0, large.Rented);
        Assert.Equal(0, small.Rented);
    }

    [Theory]
    [MemberData(nameof(LargeRequestBodyTests.BasesFormatsAndFraming), MemberType = typeof(LargeRequestBodyTests))]
    public async Task EchoTwitter_LargeBodyWithABadStatus_Answers400NamingTheStatus(string basePath, string format, bool chunked)
    {
        // Status 250's id_str becomes a number, in the middle of the body: the path names the element and the member.
        TwitterRoot sent = LargeRequestBodyTests.Repeated(factory.Store.TwitterSearch, 3);
        string marker = "MARKER-250";
        sent.statuses![250] = new Status { id = 250, id_str = marker, text = "a status of its own (the repeated ones are shared)" };
        byte[] body = LargeRequestBodyTests.Encode(sent, format);
        string text = Encoding.Latin1.GetString(body);
        int at = text.IndexOf("\"" + marker + "\"", StringComparison.Ordinal);
        int start = format == "jmc1" ? at - 6 : at; // JMC1: the string's length comment goes too
        Assert.True(start > RequestBodyReader.LargeBody / 2, "The error must be well inside the body.");
        byte[] malformed = [.. body[..start], .. "12345"u8, .. body[(at + marker.Length + 2)..]];
        using var large = new TrackingBufferPool(largeBodies: true);

        HttpContent content = chunked ? new ChunkedContent(malformed, LargeRequestBodyTests.ContentType(format), chunkSize: 4000) : Requests.Body(malformed, LargeRequestBodyTests.ContentType(format));
        (HttpResponseMessage response, _) = await factory.CreateStreamingClient().SendAsync(HttpMethod.Post, $"{basePath}/twitter/echo", "application/json", content);

        await HttpAssert.ValidationErrorAsync("$.statuses[250].id_str", response);
        Assert.Equal(0, large.Rented);
    }
}
