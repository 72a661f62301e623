using System.Net;
using Jsonable.Integration.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.PartialUpdates;

/// <summary>
/// <c>OPTIONS</c> at a path with a <c>JsonablePatch&lt;T&gt;</c> PATCH endpoint answers <c>Accept-Patch</c> (RFC 5789
/// §3.1) and <c>Allow</c> on both stacks, before any PATCH is sent; other paths and CORS preflights are not touched.
/// </summary>
public sealed class PatchOptionsTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private const string AcceptPatch = "application/merge-patch+json, application/json, application/jsonc+jmc1";

    [Theory]
    [InlineData("/api/transforms/1")]
    [InlineData("/minimal/transforms/1")]
    [InlineData("/api/statuses/505874924095815681")]
    [InlineData("/minimal/statuses/505874924095815681")]
    public async Task Options_AtAPatchRoute_Is204WithAcceptPatchAndAllow(string url)
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Options, url, null, null);

        Assert.Equal(HttpStatusCode.NoContent, response.StatusCode);
        Assert.Empty(body);
        Assert.Equal(AcceptPatch, string.Join(", ", response.Headers.GetValues("Accept-Patch")));
        string[] allow = [.. response.Content.Headers.Allow];
        Assert.Contains("PATCH", allow);
        Assert.Contains("GET", allow);
        Assert.Contains("PUT", allow);
        Assert.Contains("OPTIONS", allow);
    }

    [Theory]
    [InlineData("/api/events/1")]
    [InlineData("/minimal/events/1")]
    public async Task Options_AtARouteWithoutPatch_IsLeftToRouting(string url)
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Options, url, null, null);

        Assert.Equal(HttpStatusCode.MethodNotAllowed, response.StatusCode);
        Assert.False(response.Headers.Contains("Accept-Patch"));
    }

    [Fact]
    public async Task Options_CorsPreflight_IsNotAnsweredAsAPatchRoute()
    {
        HttpClient client = factory.CreateClient();
        using HttpRequestMessage request = Requests.Create(HttpMethod.Options, "/api/transforms/1");
        request.Headers.Add("Origin", "https://example.com");
        request.Headers.Add("Access-Control-Request-Method", "PATCH");

        using HttpResponseMessage response = await client.SendAsync(request);

        Assert.False(response.Headers.Contains("Accept-Patch"));
    }
}
