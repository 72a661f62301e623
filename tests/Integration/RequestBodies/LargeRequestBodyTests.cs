using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore.Internal;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.RequestBodies;

/// <summary>
/// A body of <see cref="RequestBodyReader.LargeBody"/> bytes or more (the twitter search with its statuses three times,
/// about 1.4 MB) is copied out of the request pipe as it arrives, into one array of the large-body pool: over HTTP,
/// on both stacks, in both formats and charsets, chunked or with a Content-Length, what comes back is the data sent,
/// a bad body is still a 400 naming the JSON path, and the array goes back exactly once (overwritten when it does, so
/// an echo built from it would come back as garbage), none from the pool of small bodies.
/// </summary>
[Collection(nameof(RequestBodyPoolCollection))]
public sealed class LargeRequestBodyTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>, IDisposable
{
    // The whole-body path: the twitter search is otherwise read piece by piece (PieceByPieceRequestBodyTests).
    private readonly bool _pieceByPiece = SwapPieceByPiece(false);

    public void Dispose() => SwapPieceByPiece(_pieceByPiece);

    internal static bool SwapPieceByPiece(bool value)
    {
        bool previous = RequestBodyReader.ReadPieceByPiece;
        RequestBodyReader.ReadPieceByPiece = value;
        return previous;
    }

    public static TheoryData<string, string, bool> BasesFormatsAndFraming
    {
        get
        {
            var data = new TheoryData<string, string, bool>();
            foreach (string basePath in new[] { "/api", "/minimal" })
            {
                foreach (string format in new[] { "json", "jmc1" })
                {
                    data.Add(basePath, format, true);
                    data.Add(basePath, format, false);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(BasesFormatsAndFraming))]
    public async Task EchoTwitter_LargeBody_ComesBackAsSentFromOneLargeArrayReturnedOnce(string basePath, string format, bool chunked)
    {
        TwitterRoot sent = Repeated(factory.Store.TwitterSearch, 3);
        byte[] body = Encode(sent, format);
        Assert.True(body.Length > RequestBodyReader.LargeBody, "The body must be a large one.");
        using var small = new TrackingBufferPool();
        using var large = new TrackingBufferPool(largeBodies: true);

        HttpContent content = chunked ? new ChunkedContent(body, ContentType(format), chunkSize: 4000) : Requests.Body(body, ContentType(format));
        (HttpResponseMessage response, byte[] echoed) = await factory.CreateStreamingClient().SendAsync(HttpMethod.Post, $"{basePath}/twitter/echo", "application/json", content);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        JsonData.AssertEqual(JsonSerializer.SerializeToUtf8Bytes(sent, RealDataJsonContext.Default.TwitterRoot), echoed);
        Assert.True(large.Rented >= 1, "A large body is read into an array of the large-body pool.");
        if (!chunked)
        {
            Assert.Equal(1, large.Rented); // sized by its Content-Length: never grown
        }

        Assert.Equal(0, large.Outstanding);
        Assert.Equal(0, large.ReturnedTwice);
        Assert.Equal(0, small.Rented);
    }

    [Theory]
    [InlineData("/api")]
    [InlineData("/minimal")]
    public async Task EchoTwitter_DeclaredLength_SizesTheFirstArrayOnlyAsFarAsTheBytesThatArrived(string basePath)
    {
        // A client that declares a large Content-Length and sends a few KB must not make the server allocate what it
        // declared: the first array holds 4 MB at most, and later ones grow with the bytes, never past the declared length.
        TwitterRoot sent = Repeated(factory.Store.TwitterSearch, 13);
        byte[] body = Encode(sent, "json");
        Assert.True(body.Length > 5 * RequestBodyReader.LargeBody, "The body must be larger than the first array.");
        using var small = new TrackingBufferPool();
        using var large = new TrackingBufferPool(largeBodies: true);

        var content = new GatedContent(body, firstBytes: 8192, gate: large.FirstRent, "application/json");
        (HttpResponseMessage response, byte[] echoed) = await factory.CreateStreamingClient().SendAsync(HttpMethod.Post, $"{basePath}/twitter/echo", "application/json", content);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        JsonData.AssertEqual(JsonSerializer.SerializeToUtf8Bytes(sent, RealDataJsonContext.Default.TwitterRoot), echoed);
        int[] sizes = large.RentedSizes;
        Assert.True(sizes[0] <= 4 * RequestBodyReader.LargeBody, $"first array {sizes[0]} bytes for {body.Length} declared");
        Assert.Equal(body.Length, sizes[^1]);
        Assert.Equal(0, large.Outstanding);
    }

    /// <summary>A body with a Content-Length whose first bytes go out, and the rest only once <paramref name="gate"/> completes.</summary>
    private sealed class GatedContent : HttpContent
    {
        private readonly byte[] _body;
        private readonly int _firstBytes;
        private readonly Task _gate;

        public GatedContent(byte[] body, int firstBytes, Task gate, string contentType)
        {
            _body = body;
            _firstBytes = firstBytes;
            _gate = gate;
            Headers.ContentType = System.Net.Http.Headers.MediaTypeHeaderValue.Parse(contentType);
        }

        protected override async Task SerializeToStreamAsync(Stream stream, System.Net.TransportContext? context)
        {
            await stream.WriteAsync(_body.AsMemory(0, _firstBytes));
            await stream.FlushAsync();
            await _gate.WaitAsync(TimeSpan.FromSeconds(60)); // the server has rented its first array
            await stream.WriteAsync(_body.AsMemory(_firstBytes));
        }

        protected override bool TryComputeLength(out long length)
        {
            length = _body.Length;
            return true;
        }
    }

    [Theory]
    [MemberData(nameof(BasesFormatsAndFraming))]
    public async Task EchoTwitter_LargeBodyWithAnErrorAtTheEnd_Answers400ByPathAndReturnsItsArray(string basePath, string format, bool chunked)
    {
        // The search metadata's count, the last member, gets a string where the model has a number.
        byte[] body = Encode(Repeated(factory.Store.TwitterSearch, 3), format);
        string text = Encoding.Latin1.GetString(body);
        int number = text.LastIndexOf("\"count\":", StringComparison.Ordinal) + "\"count\":".Length;
        Assert.True(number > RequestBodyReader.LargeBody, "The error must be past the first megabyte.");
        int end = number;
        while (char.IsAsciiDigit(text[end]))
        {
            end++;
        }

        byte[] malformed = [.. body[..number], .. "\"x\""u8, .. body[end..]];
        using var large = new TrackingBufferPool(largeBodies: true);

        HttpContent content = chunked ? new ChunkedContent(malformed, ContentType(format), chunkSize: 4000) : Requests.Body(malformed, ContentType(format));
        (HttpResponseMessage response, _) = await factory.CreateStreamingClient().SendAsync(HttpMethod.Post, $"{basePath}/twitter/echo", "application/json", content);

        await HttpAssert.ValidationErrorAsync("$.search_metadata.count", response);
        Assert.True(large.Rented >= 1);
        Assert.Equal(0, large.Outstanding);
        Assert.Equal(0, large.ReturnedTwice);
    }

    [Theory]
    [InlineData("/api", "utf-16", true)]
    [InlineData("/api", "utf-16BE", false)]
    [InlineData("/minimal", "utf-16", false)]
    [InlineData("/minimal", "utf-16BE", true)]
    public async Task EchoTwitter_LargeUtf16Body_IsTranscodedAsItArrivesIntoOneLargeArray(string basePath, string charset, bool chunked)
    {
        TwitterRoot sent = Repeated(factory.Store.TwitterSearch, 3);
        byte[] expected = JsonSerializer.SerializeToUtf8Bytes(sent, RealDataJsonContext.Default.TwitterRoot);
        Encoding encoding = charset == "utf-16BE" ? Encoding.BigEndianUnicode : Encoding.Unicode;
        byte[] utf16 = [.. encoding.GetPreamble(), .. encoding.GetBytes(Encoding.UTF8.GetString(expected))];
        string contentType = "application/json; charset=" + charset;
        using var small = new TrackingBufferPool();
        using var large = new TrackingBufferPool(largeBodies: true);

        // 4001: every UTF-16 code unit after the first piece is split across two pieces.
        HttpContent content = chunked ? new ChunkedContent(utf16, contentType, chunkSize: 4001) : Requests.Body(utf16, contentType);
        (HttpResponseMessage response, byte[] echoed) = await factory.CreateStreamingClient().SendAsync(HttpMethod.Post, $"{basePath}/twitter/echo", "application/json", content);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        JsonData.AssertEqual(expected, echoed);
        Assert.True(large.Rented >= 1, "A large transcoded body is written into an array of the large-body pool.");
        Assert.Equal(0, large.Outstanding);
        Assert.Equal(0, large.ReturnedTwice);
        Assert.Equal(0, small.Rented);
    }

    /// <summary>The search result with its statuses <paramref name="times"/> times over.</summary>
    internal static TwitterRoot Repeated(TwitterRoot search, int times) => new()
    {
        search_metadata = search.search_metadata,
        statuses = Enumerable.Repeat(search.statuses ?? [], times).SelectMany(s => s).ToList(),
    };

    internal static byte[] Encode(TwitterRoot search, string format) => format == "jmc1"
        ? search.ToJsonable().ToArray()
        : Encoding.UTF8.GetBytes(search.ToJson());

    internal static string ContentType(string format) => format == "jmc1" ? "application/jsonc+jmc1" : "application/json";
}

/// <summary>
/// The server's request body limit on large bodies (2,000,000 bytes here): a body of exactly the limit binds, one byte
/// more is a 413 with problem details, whether declared or chunked.
/// </summary>
public sealed class LargeRequestBodyLimitTests(LargeRequestBodyLimitTests.Factory factory) : IClassFixture<LargeRequestBodyLimitTests.Factory>
{
    public static TheoryData<string, bool> BasesAndFraming => new()
    {
        { "/api", true },
        { "/api", false },
        { "/minimal", true },
        { "/minimal", false },
    };

    [Theory]
    [MemberData(nameof(BasesAndFraming))]
    public async Task EchoTwitter_BodyOfExactlyTheLimit_IsEchoed(string basePath, bool chunked)
    {
        TwitterRoot sent = LargeRequestBodyTests.Repeated(factory.Store.TwitterSearch, 3);
        byte[] body = Padded(sent, Factory.Max);

        (HttpResponseMessage response, byte[] echoed) = await SendAsync(basePath, body, chunked);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        JsonData.AssertEqual(JsonSerializer.SerializeToUtf8Bytes(sent, RealDataJsonContext.Default.TwitterRoot), echoed);
    }

    [Theory]
    [MemberData(nameof(BasesAndFraming))]
    public async Task EchoTwitter_BodyOneBytePastTheLimit_Answers413ProblemDetails(string basePath, bool chunked)
    {
        byte[] body = Padded(LargeRequestBodyTests.Repeated(factory.Store.TwitterSearch, 3), Factory.Max + 1);

        (HttpResponseMessage response, _) = await SendAsync(basePath, body, chunked);

        await HttpAssert.ProblemAsync(HttpStatusCode.RequestEntityTooLarge, response);
    }

    /// <summary>The JSON of <paramref name="search"/> followed by spaces up to <paramref name="length"/> bytes.</summary>
    private static byte[] Padded(TwitterRoot search, long length)
    {
        byte[] json = Encoding.UTF8.GetBytes(search.ToJson());
        Assert.InRange(json.Length, RequestBodyReader.LargeBody + 1, length);
        byte[] body = new byte[length];
        json.CopyTo(body, 0);
        body.AsSpan(json.Length).Fill((byte)' ');
        return body;
    }

    private Task<(HttpResponseMessage Response, byte[] Body)> SendAsync(string basePath, byte[] body, bool chunked) =>
        factory.CreateStreamingClient().SendAsync(
            HttpMethod.Post,
            $"{basePath}/twitter/echo",
            "application/json",
            chunked ? new ChunkedContent(body, "application/json", chunkSize: 8192) : Requests.Body(body, "application/json"));

    /// <summary>The sample with a request body limit of <see cref="Max"/> bytes.</summary>
    public sealed class Factory : SmallBodyLimitFactory
    {
        public const long Max = 2_000_000;

        /// <inheritdoc />
        public override long BodyLimit => Max;
    }
}

/// <summary>The large-body pool reuses arrays within a burst, never hands out one far larger than asked, and keeps none once idle.</summary>
public sealed class LargeBodyPoolTests
{
    [Fact]
    public void Rent_AfterAReturn_ReusesTheArrayAndAFreshOneWhileItIsOut()
    {
        var pool = new LargeBodyPool(maxArrays: 4, TimeSpan.FromHours(1));
        byte[] first = pool.Rent(3_000_000);
        byte[] second = pool.Rent(3_000_000);
        Assert.NotSame(first, second);
        pool.Return(first);

        Assert.Same(first, pool.Rent(2_000_000));
        Assert.Equal(0, pool.Count);
        pool.Return(first);
        pool.Return(second);
        pool.Trim();
        Assert.Equal(2, pool.Count); // not idle yet
    }

    [Fact]
    public void Rent_OnlyArraysMoreThanTwiceTheSizeKept_AllocatesAnArrayOfItsOwn()
    {
        var pool = new LargeBodyPool(maxArrays: 4, TimeSpan.FromHours(1));
        byte[] large = pool.Rent(8_000_000);
        pool.Return(large);

        byte[] small = pool.Rent(1_000_000);

        Assert.NotSame(large, small);
        Assert.Equal(1_000_000, small.Length);
        Assert.Equal(1, pool.Count);
    }

    [Fact]
    public void Return_PastTheMostArrays_DropsTheOldest()
    {
        var pool = new LargeBodyPool(maxArrays: 2, TimeSpan.FromHours(1));
        byte[][] arrays = [pool.Rent(1_000_000), pool.Rent(1_000_000), pool.Rent(1_000_000)];
        foreach (byte[] array in arrays)
        {
            pool.Return(array);
        }

        Assert.Equal(2, pool.Count);
        Assert.Same(arrays[1], pool.Rent(1_000_000));
        Assert.Same(arrays[2], pool.Rent(1_000_000));
        Assert.NotSame(arrays[0], pool.Rent(1_000_000));
    }

    [Fact]
    public void Trim_ArraysIdleForTheIdleTime_AreDropped()
    {
        var pool = new LargeBodyPool(maxArrays: 4, TimeSpan.Zero);
        pool.Return(pool.Rent(1_000_000));
        pool.Return(pool.Rent(2_000_000));

        pool.Trim();

        Assert.Equal(0, pool.Count);
    }
}
