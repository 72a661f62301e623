using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore.Internal;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.RequestBodies;

/// <summary>
/// A body larger than one segment of the request pipe (the twitter search, about 0.5 MB) is parsed from one pooled
/// copy: over HTTP, on both stacks and in both formats, what comes back is the data sent, a bad body is still a 400
/// naming the JSON path, and the pooled buffer goes back exactly once either way (it is overwritten when it does, so
/// an echo built from it would come back as garbage).
/// </summary>
[Collection(nameof(RequestBodyPoolCollection))]
public sealed class PooledRequestBodyTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task EchoTwitter_LargeChunkedBody_ComesBackAsSentAndItsBufferIsReturned(string basePath, string format)
    {
        byte[] expected = StjTwitter();
        using var pool = new TrackingBufferPool();

        (HttpResponseMessage response, byte[] body) = await factory.CreateStreamingClient().SendAsync(
            HttpMethod.Post, $"{basePath}/twitter/echo", "application/json", new ChunkedContent(Encode(format), ContentType(format), chunkSize: 4000));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        JsonData.AssertEqual(expected, body);
        Assert.True(pool.Rented >= 1, "A body of many segments is copied into a pooled buffer.");
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.ReturnedTwice);
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task EchoTwitter_LargeBodyWithAnErrorAtTheEnd_Answers400ByPathAndReturnsItsBuffer(string basePath, string format)
    {
        // The last status's last member gets a string where the model has a number, far past the first segment.
        byte[] body = Encode(format);
        string text = Encoding.Latin1.GetString(body);
        int at = text.LastIndexOf("\"count\":", StringComparison.Ordinal);
        Assert.True(at > 100_000, "The error must be deep in the body.");
        int number = at + "\"count\":".Length;
        int end = number;
        while (char.IsAsciiDigit(text[end]))
        {
            end++;
        }

        byte[] malformed = [.. body[..number], .. "\"x\""u8, .. body[end..]];
        using var pool = new TrackingBufferPool();

        (HttpResponseMessage response, _) = await factory.CreateStreamingClient().SendAsync(
            HttpMethod.Post, $"{basePath}/twitter/echo", "application/json", new ChunkedContent(malformed, ContentType(format), chunkSize: 4000));

        await HttpAssert.ValidationErrorAsync("$.search_metadata.count", response);
        Assert.True(pool.Rented >= 1, "A body of many segments is copied into a pooled buffer.");
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.ReturnedTwice);
    }

    [Theory]
    [InlineData("/api", "utf-16")]
    [InlineData("/api", "utf-16BE")]
    [InlineData("/minimal", "utf-16")]
    [InlineData("/minimal", "utf-16BE")]
    public async Task EchoTwitter_Utf16BodyOfManySegments_IsTranscodedIntoOnePooledBufferAndReturned(string basePath, string charset)
    {
        // Half the statuses: the whole search in UTF-16 is a large body, read as it arrives (LargeRequestBodyTests).
        TwitterRoot half = new() { search_metadata = factory.Store.TwitterSearch.search_metadata, statuses = factory.Store.TwitterSearch.statuses!.GetRange(0, 50) };
        byte[] expected = JsonSerializer.SerializeToUtf8Bytes(half, RealDataJsonContext.Default.TwitterRoot);
        Encoding encoding = charset == "utf-16BE" ? Encoding.BigEndianUnicode : Encoding.Unicode;
        byte[] utf16 = [.. encoding.GetPreamble(), .. encoding.GetBytes(Encoding.UTF8.GetString(expected))];
        using var pool = new TrackingBufferPool();

        (HttpResponseMessage response, byte[] body) = await factory.CreateStreamingClient().SendAsync(
            HttpMethod.Post, $"{basePath}/twitter/echo", "application/json", new ChunkedContent(utf16, "application/json; charset=" + charset, chunkSize: 4001));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        JsonData.AssertEqual(expected, body);
        Assert.InRange(utf16.Length, 100_000, RequestBodyReader.LargeBody - 1);
        Assert.True(pool.Rented >= 1, "A transcoded body is written into a pooled buffer.");
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.ReturnedTwice);
    }

    private byte[] StjTwitter() => JsonSerializer.SerializeToUtf8Bytes(factory.Store.TwitterSearch, RealDataJsonContext.Default.TwitterRoot);

    private byte[] Encode(string format) => format == "jmc1"
        ? factory.Store.TwitterSearch.ToJsonable().ToArray()
        : Encoding.UTF8.GetBytes(factory.Store.TwitterSearch.ToJson());

    private static string ContentType(string format) => format == "jmc1" ? "application/jsonc+jmc1" : "application/json";
}
