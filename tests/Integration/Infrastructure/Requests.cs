using System.Net.Http.Headers;

namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>Builds requests the way clients send them.</summary>
public static class Requests
{
    /// <summary>The Accept header a browser sends when navigating.</summary>
    public const string BrowserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

    /// <summary>A request with the given Accept header (none when null).</summary>
    public static HttpRequestMessage Create(HttpMethod method, string url, string? accept = null, HttpContent? content = null)
    {
        var request = new HttpRequestMessage(method, url) { Content = content };
        if (accept is not null)
        {
            Assert.True(request.Headers.TryAddWithoutValidation("Accept", accept));
        }

        return request;
    }

    /// <summary>A body with the given Content-Type (and Content-Length).</summary>
    public static ByteArrayContent Body(byte[] bytes, string contentType)
    {
        var content = new ByteArrayContent(bytes);
        content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        return content;
    }

    /// <summary>Sends a GET and returns the response with its whole body.</summary>
    public static async Task<(HttpResponseMessage Response, byte[] Body)> GetAsync(this HttpClient client, string url, string? accept)
    {
        HttpResponseMessage response = await client.SendAsync(Create(HttpMethod.Get, url, accept));
        return (response, await response.Content.ReadAsByteArrayAsync());
    }

    /// <summary>Sends a request and returns the response with its whole body.</summary>
    public static async Task<(HttpResponseMessage Response, byte[] Body)> SendAsync(this HttpClient client, HttpMethod method, string url, string? accept, HttpContent? content)
    {
        HttpResponseMessage response = await client.SendAsync(Create(method, url, accept, content));
        return (response, await response.Content.ReadAsByteArrayAsync());
    }
}
