using System.Net;
using System.Text;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.AspNetCore.Internal;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.OutputCaching;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using static Jsonable.Integration.Tests.Conditional.ConditionalGetTests;

namespace Jsonable.Integration.Tests.Conditional;

/// <summary>
/// Conditional requests and output caching in small hosts of their own: HEAD, endpoints that did not opt in, the
/// app-wide option, bodies too large to tag, and an output cache that must keep the JSON and JMC1 bodies apart.
/// </summary>
public sealed class ConditionalHostTests : IAsyncLifetime
{
    private const string JsonType = "application/json";
    private const string Jmc1Type = "application/jsonc+jmc1";

    private static readonly Transform Sample = new() { Id = 7, Name = "crate", Position = [1, 2, 3], Tags = ["a"] };

    private WebApplication? _app;
    private WebApplication? _appWideApp;
    private int _cachedCalls;
    private int _defaultCachedCalls;

    public async Task InitializeAsync()
    {
        _app = Build(etagsEverywhere: false);
        _app.UseOutputCache();
        _app.MapMethods("/tagged", [HttpMethods.Get, HttpMethods.Head], () => JsonableResults.Ok(Sample)).WithJsonableETag();
        _app.MapGet("/untagged", () => JsonableResults.Ok(Sample));
        _app.MapGet("/large", () => JsonableResults.Ok(Enumerable.Range(0, 2000).Select(i => new Transform { Id = i, Name = "transform " + i }).ToList())).WithJsonableETag();
        _app.MapGet("/cached", () =>
        {
            Interlocked.Increment(ref _cachedCalls);
            return JsonableResults.Ok(Sample);
        }).CacheOutput(p => p.VaryByJsonableFormat());
        _app.MapGet("/cached-by-default-key", () =>
        {
            Interlocked.Increment(ref _defaultCachedCalls);
            return JsonableResults.Ok(Sample);
        }).CacheOutput();
        await _app.StartAsync();

        _appWideApp = Build(etagsEverywhere: true);
        _appWideApp.MapGet("/anything", () => JsonableResults.Ok(Sample));
        await _appWideApp.StartAsync();
    }

    public async Task DisposeAsync()
    {
        foreach (WebApplication? app in new[] { _app, _appWideApp })
        {
            if (app is not null)
            {
                await app.DisposeAsync();
            }
        }
    }

    [Fact]
    public async Task Head_GetsTheSameETagAsGet_And304OnMatch()
    {
        HttpClient client = _app!.GetTestClient();
        (HttpResponseMessage get, _) = await client.GetAsync("/tagged", Jmc1Type);
        (HttpResponseMessage head, _) = await client.SendAsync(HttpMethod.Head, "/tagged", Jmc1Type, null);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, head);
        Assert.Equal(get.Content.Headers.ContentType, head.Content.Headers.ContentType);
        Assert.NotNull(get.Headers.ETag);
        Assert.Equal(get.Headers.ETag, head.Headers.ETag);

        (HttpResponseMessage conditional, byte[] body) = await SendConditionalAsync(client, HttpMethod.Head, "/tagged", Jmc1Type, "If-None-Match", get.Headers.ETag!.ToString());
        Assert.Equal(HttpStatusCode.NotModified, conditional.StatusCode);
        Assert.Empty(body);
        Assert.Equal(get.Headers.ETag, conditional.Headers.ETag);
    }

    [Fact]
    public async Task AnEndpointThatDidNotOptIn_SendsNoETag_AndIgnoresIfNoneMatch()
    {
        HttpClient client = _app!.GetTestClient();

        (HttpResponseMessage response, byte[] body) = await SendConditionalAsync(client, HttpMethod.Get, "/untagged", JsonType, "If-None-Match", "*");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Null(response.Headers.ETag);
        Assert.Equal(Sample.ToJson(), Encoding.UTF8.GetString(body));
    }

    [Fact]
    public async Task TheAppWideOption_TagsEveryJsonableResponse()
    {
        HttpClient client = _appWideApp!.GetTestClient();
        (HttpResponseMessage json, _) = await client.GetAsync("/anything", JsonType);
        (HttpResponseMessage jmc1, _) = await client.GetAsync("/anything", Jmc1Type);

        Assert.NotNull(json.Headers.ETag);
        Assert.NotNull(jmc1.Headers.ETag);
        Assert.NotEqual(json.Headers.ETag, jmc1.Headers.ETag);
        Assert.Equal(HttpStatusCode.NotModified, (await SendConditionalAsync(client, HttpMethod.Get, "/anything", JsonType, "If-None-Match", json.Headers.ETag!.ToString())).Response.StatusCode);
    }

    [Fact]
    public async Task ABodyLargerThanTheResponseBuffer_IsSentWhole_WithoutAComputedETag()
    {
        HttpClient client = _app!.GetTestClient();

        (HttpResponseMessage response, byte[] body) = await SendConditionalAsync(client, HttpMethod.Get, "/large", JsonType, "If-None-Match", "*");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.True(body.Length > new JsonableOptions().ResponseBufferSize);
        Assert.Null(response.Headers.ETag);
    }

    [Fact]
    public async Task OutputCache_VaryByJsonableFormat_NeverServesOneFormatsBodyToTheOther()
    {
        HttpClient client = _app!.GetTestClient();

        (HttpResponseMessage json1, byte[] jsonBody1) = await client.GetAsync("/cached", JsonType);
        (HttpResponseMessage jmc1, byte[] jmc1Body) = await client.GetAsync("/cached", Jmc1Type);
        (HttpResponseMessage json2, byte[] jsonBody2) = await client.GetAsync("/cached", JsonType);
        (HttpResponseMessage jmc2, byte[] jmc1Body2) = await client.GetAsync("/cached", Jmc1Type);

        HttpAssert.IsPlainJson(json1, jsonBody1);
        HttpAssert.IsJmc1(jmc1, jmc1Body);
        HttpAssert.IsPlainJson(json2, jsonBody2);
        HttpAssert.IsJmc1(jmc2, jmc1Body2);
        Assert.Equal(jsonBody1, jsonBody2);
        Assert.Equal(jmc1Body, jmc1Body2);
        Assert.Equal(2, _cachedCalls); // one JSON and one JMC1 body were made; the other two requests were cache hits
    }

    [Fact]
    public async Task OutputCache_WithTheDefaultKey_ServesTheCachedJsonToAJmc1Request()
    {
        // Why VaryByJsonableFormat exists: ASP.NET Core's default key ignores Accept.
        HttpClient client = _app!.GetTestClient();

        (HttpResponseMessage json, byte[] jsonBody) = await client.GetAsync("/cached-by-default-key", JsonType);
        (HttpResponseMessage asked, byte[] askedBody) = await client.GetAsync("/cached-by-default-key", Jmc1Type);

        HttpAssert.IsPlainJson(json, jsonBody);
        HttpAssert.IsPlainJson(asked, askedBody);
        Assert.Equal(1, _defaultCachedCalls);
    }

    [Theory]
    [InlineData("", 0xEF46DB3751D8E999UL)]
    [InlineData("a", 0xD24EC4F1A98C6E5BUL)]
    [InlineData("abc", 0x44BC2CF5AD770999UL)]
    public void XxHash64_MatchesTheReferenceVectors(string input, ulong expected) =>
        Assert.Equal(expected, XxHash64.Hash(Encoding.ASCII.GetBytes(input)));

    [Fact]
    public void XxHash64_AgreesWithSystemIOHashing_OnEveryLengthAndOnRealData()
    {
        byte[] data = File.ReadAllBytes(JsonData.DataPath("twitter.json"));
        for (int length = 0; length <= 300; length++)
        {
            Assert.Equal(System.IO.Hashing.XxHash64.HashToUInt64(data.AsSpan(0, length)), XxHash64.Hash(data.AsSpan(0, length)));
            Assert.Equal(System.IO.Hashing.XxHash64.HashToUInt64(data.AsSpan(0, length), seed: 1), XxHash64.Hash(data.AsSpan(0, length), seed: 1));
        }

        Assert.Equal(System.IO.Hashing.XxHash64.HashToUInt64(data), XxHash64.Hash(data));
    }

    private static WebApplication Build(bool etagsEverywhere)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddJsonable(o => o.ETags = etagsEverywhere);
        builder.Services.AddOutputCache();
        WebApplication app = builder.Build();
        app.UseJsonable();
        return app;
    }
}
