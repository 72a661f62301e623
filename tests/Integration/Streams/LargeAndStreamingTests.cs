using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.Streams;

/// <summary>
/// Large payloads and streaming, MVC (<c>/api</c>) and minimal APIs (<c>/minimal</c>): the 10× twitter document
/// (about 5 MB) round-trips in both formats, an <c>IAsyncEnumerable</c> delivers its first item while the sequence is
/// still open, small responses carry <c>Content-Length</c> and large ones are streamed without it.
/// </summary>
public sealed class LargeAndStreamingTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private const string JsonType = "application/json";
    private const string Jmc1Type = "application/jsonc+jmc1";

    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(30);

    public static TheoryData<string, string> BasesAndMediaTypes => new()
    {
        { "/api", JsonType },
        { "/api", Jmc1Type },
        { "/minimal", JsonType },
        { "/minimal", Jmc1Type },
    };

    [Theory]
    [MemberData(nameof(BasesAndMediaTypes))]
    public async Task GetTwitterTimesTen_EitherFormat_EqualsTheRepeatedStjDocument(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        byte[] expected = await ExpectedTwitterTimesTenAsync(client);

        (HttpResponseMessage response, byte[] body) = await client.GetAsync($"{basePath}/twitter?repeat=10", format);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.True(body.Length > 4_000_000, $"only {body.Length} bytes");
        AssertSameData(expected, body, format);
    }

    [Theory]
    [MemberData(nameof(BasesAndMediaTypes))]
    public async Task PostTwitterTimesTenToEcho_EitherFormat_ComesBackUnchanged(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        byte[] expected = await ExpectedTwitterTimesTenAsync(client);
        (HttpResponseMessage source, byte[] request) = await client.GetAsync($"{basePath}/twitter?repeat=10", format);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, source);

        (HttpResponseMessage response, byte[] echoed) = await client.SendAsync(HttpMethod.Post, $"{basePath}/twitter/echo", format, Requests.Body(request, format));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.MediaType(format, response);
        AssertSameData(expected, echoed, format);
    }

    [Theory]
    [MemberData(nameof(BasesAndMediaTypes))]
    public async Task GetStream_SequenceStillOpen_DeliversTheFirstCompleteItem(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        long firstId = factory.FirstStatusId;
        byte[] expectedFirst = (await client.GetAsync($"/stj/statuses/{firstId}", JsonType)).Body;
        using var guard = new CancellationTokenSource(s_hangGuard);

        using HttpResponseMessage response = await client.SendAsync(
            Requests.Create(HttpMethod.Get, $"{basePath}/statuses/stream?count=5&holdOpen=true", format),
            HttpCompletionOption.ResponseHeadersRead,
            guard.Token);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.MediaType(format, response);
        Assert.Null(response.Content.Headers.ContentLength);

        byte[] first = await ReadFirstArrayElementAsync(await response.Content.ReadAsStreamAsync(guard.Token), format, guard);

        JsonData.AssertEqual(expectedFirst, first);
    }

    [Theory]
    [MemberData(nameof(BasesAndMediaTypes))]
    public async Task GetStream_SequenceEnds_IsTheWholeArray(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        byte[] expected = (await client.GetAsync("/stj/statuses?limit=5", JsonType)).Body;

        (HttpResponseMessage response, byte[] body) = await client.GetAsync($"{basePath}/statuses/stream?count=5", format);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        AssertSameData(expected, body, format);
    }

    [Theory]
    [MemberData(nameof(BasesAndMediaTypes))]
    public async Task GetSmallResponse_EitherFormat_CarriesContentLength(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();

        foreach (string url in new[] { $"{basePath}/statuses/{factory.FirstStatusId}", $"{basePath}/events/{factory.FirstEventId}", $"{basePath}/events?limit=2" })
        {
            // Headers only, and the raw header: a buffered response's ContentLength falls back to the buffered length.
            using HttpResponseMessage response = await client.SendAsync(Requests.Create(HttpMethod.Get, url, format), HttpCompletionOption.ResponseHeadersRead);
            await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
            Assert.True(
                response.Content.Headers.NonValidated.TryGetValues("Content-Length", out HeaderStringValues sent),
                $"{url}: no Content-Length header was sent.");
            byte[] body = await response.Content.ReadAsByteArrayAsync();

            Assert.Equal(body.Length.ToString(CultureInfo.InvariantCulture), sent.ToString());
        }
    }

    [Theory]
    [MemberData(nameof(BasesAndMediaTypes))]
    public async Task GetLargeResponse_EitherFormat_IsStreamedWithoutContentLength(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();

        foreach (string url in new[] { $"{basePath}/twitter?repeat=10", $"{basePath}/citm" })
        {
            using HttpResponseMessage response = await client.SendAsync(Requests.Create(HttpMethod.Get, url, format), HttpCompletionOption.ResponseHeadersRead);

            await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
            Assert.Null(response.Content.Headers.ContentLength);
        }
    }

    /// <summary>/stj/twitter with its statuses repeated ten times, built with System.Text.Json's DOM.</summary>
    private static async Task<byte[]> ExpectedTwitterTimesTenAsync(HttpClient client)
    {
        byte[] once = (await client.GetAsync("/stj/twitter", JsonType)).Body;
        JsonObject root = JsonNode.Parse(once)!.AsObject();
        JsonArray statuses = root["statuses"]!.AsArray();
        JsonNode[] originals = statuses.Select(s => s!.DeepClone()).ToArray();
        for (int i = 1; i < 10; i++)
        {
            foreach (JsonNode status in originals)
            {
                statuses.Add(status.DeepClone());
            }
        }

        return JsonSerializer.SerializeToUtf8Bytes(root);
    }

    private static void AssertSameData(byte[] expectedJson, byte[] actual, string format)
    {
        if (format == Jmc1Type)
        {
            Assert.True(Jmc1Oracle.StartsWithHeader(actual));
            Jmc1Assert.EqualsJson(expectedJson, actual);
        }
        else
        {
            JsonData.AssertEqual(expectedJson, actual);
        }
    }

    /// <summary>
    /// Reads the response until the root array's first element is complete and returns that element as JSON; the
    /// rest of the response is never awaited (the server keeps the sequence open).
    /// </summary>
    private static async Task<byte[]> ReadFirstArrayElementAsync(Stream body, string format, CancellationTokenSource guard)
    {
        var received = new MemoryStream();
        byte[] chunk = new byte[4096];
        while (true)
        {
            int read;
            try
            {
                read = await body.ReadAsync(chunk, guard.Token);
            }
            catch (OperationCanceledException) when (guard.IsCancellationRequested)
            {
                throw new Xunit.Sdk.XunitException($"The first item did not arrive within {s_hangGuard.TotalSeconds} s; received {received.Length} bytes.");
            }

            Assert.True(read > 0, "The response ended although the sequence was held open.");
            received.Write(chunk, 0, read);

            byte[] json = format == Jmc1Type ? Jmc1Oracle.StripCommentsOfPrefix(received.ToArray()) : received.ToArray();
            if (TryGetFirstElement(json, out byte[]? element))
            {
                return element;
            }
        }
    }

    private static bool TryGetFirstElement(byte[] jsonPrefix, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out byte[]? element)
    {
        element = null;
        var reader = new Utf8JsonReader(jsonPrefix, isFinalBlock: false, state: default);
        if (!reader.Read() || reader.TokenType != JsonTokenType.StartArray || !reader.Read())
        {
            return false;
        }

        Assert.Equal(JsonTokenType.StartObject, reader.TokenType);
        long start = reader.TokenStartIndex;
        if (!reader.TrySkip())
        {
            return false;
        }

        element = jsonPrefix[(int)start..(int)reader.BytesConsumed];
        return true;
    }
}
