using System.Net;
using System.Net.Http.Headers;
using Jsonable.Http.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

namespace Jsonable.Http.Tests;

/// <summary>
/// How a response body is read: the reader is chosen by the response's Content-Type (not by what was asked for), JMC1
/// stays bytes, the size limit holds with and without Content-Length, and a type Jsonable cannot read fails before any request.
/// </summary>
public sealed class ResponseReadingTests
{
    [Theory]
    [InlineData("application/jsonc+jmc1", JsonableFormat.Jmc1)]
    [InlineData("application/json", JsonableFormat.Json)]
    [InlineData("application/json; charset=utf-8", JsonableFormat.Json)]
    [InlineData("text/json", JsonableFormat.Json)]
    [InlineData("application/vnd.example+json", JsonableFormat.Json)]
    public async Task ReaderFollowsTheResponsesContentType_NotTheAcceptSent(string contentType, JsonableFormat bodyFormat)
    {
        Transform transform = NewTransform();
        byte[] body = JsonableSerializer.SerializeToUtf8Bytes(transform, bodyFormat);
        await using TestApp server = await Serve(body, contentType);

        // Ask for the other format: a server may answer either way, and the body is read as what it says it is.
        var options = new JsonableHttpOptions { Format = bodyFormat == JsonableFormat.Jmc1 ? JsonableFormat.Json : JsonableFormat.Jmc1 };
        Transform? read = await server.Client.GetFromJsonableAsync<Transform>("/t", options);

        Assert.Equal(transform.ToJson(), read?.ToJson());
    }

    [Fact]
    public async Task Jmc1LengthCommentThatIsNotUtf8_IsReadAsBytes()
    {
        // A 207-byte string: its length comment is /*\xFF\x01*/, a byte that is never valid UTF-8. Decoding the body to
        // text (and back) would turn it into U+FFFD and break the document.
        Transform transform = NewTransform();
        transform.Name = new string('n', 207);
        byte[] jmc1 = transform.ToJsonable().ToArray();
        Assert.True(jmc1.AsSpan().IndexOf((ReadOnlySpan<byte>)[0x2F, 0x2A, 0xFF, 0x01, 0x2A, 0x2F]) >= 0, "precondition: the length comment holds 0xFF");
        await using TestApp server = await Serve(jmc1, JsonableMediaTypeNames.Jmc1);

        Transform? read = await server.Client.GetFromJsonableAsync<Transform>("/t");

        Assert.Equal(transform.Name, read?.Name);
        Assert.Equal(transform.ToJson(), read?.ToJson());
    }

    [Theory]
    [InlineData("text/plain")]
    [InlineData("application/xml")]
    [InlineData("application/json; charset=utf-16")]
    public async Task ContentTypeJsonableDoesNotRead_IsNotSupported(string contentType)
    {
        await using TestApp server = await Serve(JsonableSerializer.SerializeToUtf8Bytes(NewTransform()), contentType);

        NotSupportedException error = await Assert.ThrowsAsync<NotSupportedException>(() => server.Client.GetFromJsonableAsync<Transform>("/t"));

        Assert.Contains(contentType.Split(';')[0], error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task MalformedSuccessBody_IsAJsonableExceptionWithThePath()
    {
        await using TestApp server = await Serve("""{"position":[1,"x",3]}"""u8.ToArray(), "application/json");

        JsonableException error = await Assert.ThrowsAsync<JsonableException>(() => server.Client.GetFromJsonableAsync<Transform>("/t"));

        Assert.Equal("$.position[1]", error.Path);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task BodyOverMaxResponseBytes_FailsWithConfigurationLimitExceeded(bool sendContentLength)
    {
        byte[] body = JsonableSerializer.SerializeToUtf8Bytes(NewTransform());
        await using TestApp server = await Serve(body, "application/json", sendContentLength);
        var options = new JsonableHttpOptions { MaxResponseBytes = body.Length - 1 };

        HttpRequestException error = await Assert.ThrowsAsync<HttpRequestException>(() => server.Client.GetFromJsonableAsync<Transform>("/t", options));

        Assert.Equal(HttpRequestError.ConfigurationLimitExceeded, error.HttpRequestError);
        Assert.Contains("MaxResponseBytes", error.Message, StringComparison.Ordinal);
        Assert.Equal(sendContentLength, error.Message.Contains("Content-Length", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task BodyOfExactlyMaxResponseBytes_IsRead(bool sendContentLength)
    {
        Transform transform = NewTransform();
        byte[] body = JsonableSerializer.SerializeToUtf8Bytes(transform, JsonableFormat.Jmc1);
        await using TestApp server = await Serve(body, JsonableMediaTypeNames.Jmc1, sendContentLength);

        Transform? read = await server.Client.GetFromJsonableAsync<Transform>("/t", new JsonableHttpOptions { MaxResponseBytes = body.Length });

        Assert.Equal(transform.ToJson(), read?.ToJson());
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task LargeBodyInManySmallWrites_IsReadWhole(bool sendContentLength)
    {
        // 2,000 transforms (~400 KB): grows the pooled buffer many times when no Content-Length says how big it is.
        List<Transform> transforms = Enumerable.Range(0, 2000).Select(i => { Transform t = NewTransform(); t.Id = i; return t; }).ToList();
        byte[] body = JsonableSerializer.SerializeToUtf8Bytes(transforms, JsonableFormat.Jmc1);
        await using TestApp server = await Serve(body, JsonableMediaTypeNames.Jmc1, sendContentLength, writeSize: 1000);

        List<Transform>? read = await server.Client.GetFromJsonableAsync<List<Transform>>("/t");

        Assert.Equal(transforms.Select(t => t.ToJson()), read!.Select(t => t.ToJson()));
    }

    [Theory]
    [InlineData(JsonableFormat.Jmc1, "application/jsonc+jmc1, application/json; q=0.9")]
    [InlineData(JsonableFormat.Json, "application/json")]
    public async Task GetJsonable_SendsTheAccept_AndKeepsTheResponseHeaders(JsonableFormat format, string expectedAccept)
    {
        Transform transform = NewTransform();
        string? accept = null;
        await using TestApp server = await TestApp.StartAsync(app => app.MapGet("/t", (HttpContext context) =>
        {
            accept = string.Join(", ", context.Request.Headers.Accept.SelectMany(v => v!.Split(',')).Select(v => v.Trim()));
            context.Response.Headers.ETag = "\"42\"";
            return Results.Bytes(JsonableSerializer.SerializeToUtf8Bytes(transform, format), format == JsonableFormat.Jmc1 ? JsonableMediaTypeNames.Jmc1 : JsonableMediaTypeNames.Json);
        }));

        using HttpResponseMessage response = await server.Client.GetJsonableAsync("/t", new JsonableHttpOptions { Format = format });
        Transform? read = await response.ReadFromJsonableAsync<Transform>();

        Assert.Equal(expectedAccept, accept);
        Assert.Equal(new EntityTagHeaderValue("\"42\""), response.Headers.ETag);
        Assert.Equal(transform.ToJson(), read?.ToJson());
    }

    [Fact]
    public async Task HttpContentReadFromJsonable_ReadsByContentType()
    {
        Transform transform = NewTransform();
        var content = new ByteArrayContent(transform.ToJsonable().ToArray());
        content.Headers.ContentType = new MediaTypeHeaderValue(JsonableMediaTypeNames.Jmc1);

        Transform? read = await content.ReadFromJsonableAsync<Transform>();

        Assert.Equal(transform.ToJson(), read?.ToJson());
    }

    [Fact]
    public async Task TypeJsonableCannotRead_FailsBeforeSending()
    {
        int requests = 0;
        await using TestApp server = await TestApp.StartAsync(app => app.MapGet("/t", () => { requests++; return "\"x\""; }));

        await Assert.ThrowsAsync<NotSupportedException>(() => server.Client.GetFromJsonableAsync<Uri>("/t"));

        Assert.Equal(0, requests);
    }

    [Fact]
    public async Task JsonableContent_HasContentLengthAndTheWrittenBytes()
    {
        Transform transform = NewTransform();
        using JsonableContent jmc1 = JsonableContent.Create(transform);
        using JsonableContent json = JsonableContent.Create(transform, JsonableFormat.Json);

        Assert.Equal(transform.ToJsonable().ToArray(), await jmc1.ReadAsByteArrayAsync());
        Assert.Equal(System.Text.Encoding.UTF8.GetBytes(transform.ToJson()), await json.ReadAsByteArrayAsync());
        Assert.Equal("application/jsonc+jmc1", jmc1.Headers.ContentType?.ToString());
        Assert.Equal("application/json; charset=utf-8", json.Headers.ContentType?.ToString());
        Assert.Equal(typeof(Transform), jmc1.ObjectType);
        Assert.Same(transform, jmc1.Value);
    }

    [Fact]
    public void JsonableContent_ValueThatCannotBeWritten_FailsAtCreation()
    {
        Transform transform = NewTransform();
        transform.Position = [float.NaN, 0, 0];

        JsonableException error = Assert.Throws<JsonableException>(() => JsonableContent.Create(transform));

        Assert.Contains("NaN", error.Message, StringComparison.Ordinal);
    }

    private static Transform NewTransform() => new()
    {
        Id = 1,
        Name = "crate",
        Position = [1.5f, -2f, 3.25f],
        Scale = [1f, 1f, 1f],
        Payload = new TransformPayload { Kind = "box", Mass = 12, Dimensions = new TransformDimensions { Width = 1, Height = 2, Depth = 3 } },
        Tags = ["a", "b"],
    };

    /// <summary>A server answering <c>GET /t</c> with <paramref name="body"/>, with or without Content-Length, in writes of <paramref name="writeSize"/> bytes.</summary>
    private static Task<TestApp> Serve(byte[] body, string contentType, bool sendContentLength = true, int writeSize = int.MaxValue) =>
        TestApp.StartAsync(app => app.MapGet("/t", async (HttpContext context) =>
        {
            context.Response.ContentType = contentType;
            if (sendContentLength)
            {
                context.Response.ContentLength = body.Length;
            }

            for (int offset = 0; offset < body.Length; offset += writeSize)
            {
                await context.Response.Body.WriteAsync(body.AsMemory(offset, Math.Min(writeSize, body.Length - offset)));
                await context.Response.Body.FlushAsync();
            }
        }));
}
