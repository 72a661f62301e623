using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Integration.Tests.PartialUpdates;
using static Jsonable.Integration.Tests.PartialUpdates.PatchBodies;

namespace Jsonable.Integration.Tests.Conditional;

/// <summary>
/// Entity tags and conditional requests against the sample, through MVC (<c>/api</c>) and minimal APIs
/// (<c>/minimal</c>): transforms carry the store's version (JMC1 with <c>-jmc1</c>), statuses and events a hash of the
/// body. Each representation has its own tag; <c>If-None-Match</c> answers 304 with no body; a stale <c>If-Match</c> 412.
/// </summary>
public sealed class ConditionalGetTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    /// <summary>Each stack with each kind of tag: the app's version (transforms) and a hash of the body (statuses, events).</summary>
    public static TheoryData<string, string> StacksAndResources => new()
    {
        { "/api", "transforms" },
        { "/minimal", "transforms" },
        { "/api", "statuses" },
        { "/minimal", "statuses" },
        { "/api", "events" },
        { "/minimal", "events" },
    };

    [Theory]
    [MemberData(nameof(StacksAndResources))]
    public async Task ETag_DiffersBetweenJsonAndJmc1_AndIsStableAcrossRequests(string basePath, string resource)
    {
        HttpClient client = factory.CreateClient();
        string url = await UrlAsync(client, basePath, resource);

        EntityTagHeaderValue json = await GetTagAsync(client, url, JsonType);
        EntityTagHeaderValue jmc1 = await GetTagAsync(client, url, Jmc1Type);

        Assert.False(json.IsWeak);
        Assert.False(jmc1.IsWeak);
        Assert.NotEqual(json.Tag, jmc1.Tag);
        Assert.Equal(json.Tag, (await GetTagAsync(client, url, JsonType)).Tag);
        Assert.Equal(jmc1.Tag, (await GetTagAsync(client, url, Jmc1Type)).Tag);
    }

    [Fact]
    public async Task ETag_OfTheTwoStacks_IsTheSame_ForTheSameRepresentation()
    {
        HttpClient client = factory.CreateClient();
        long id = factory.FirstStatusId;
        foreach (string accept in new[] { JsonType, Jmc1Type })
        {
            Assert.Equal((await GetTagAsync(client, $"/api/statuses/{id}", accept)).Tag, (await GetTagAsync(client, $"/minimal/statuses/{id}", accept)).Tag);
        }
    }

    [Theory]
    [MemberData(nameof(StacksAndResources))]
    public async Task IfNoneMatch_TheCurrentTag_Is304_WithNoBody_ButTheETagAndVary(string basePath, string resource)
    {
        HttpClient client = factory.CreateClient();
        string url = await UrlAsync(client, basePath, resource);
        foreach (string accept in new[] { JsonType, Jmc1Type })
        {
            EntityTagHeaderValue tag = await GetTagAsync(client, url, accept);

            (HttpResponseMessage response, byte[] body) = await SendConditionalAsync(client, HttpMethod.Get, url, accept, "If-None-Match", tag.ToString());

            Assert.Equal(HttpStatusCode.NotModified, response.StatusCode);
            Assert.Empty(body);
            Assert.Equal(tag.Tag, response.Headers.ETag?.Tag);
            HttpAssert.VaryAccept(response);
            Assert.Null(response.Content.Headers.ContentType);
        }
    }

    [Theory]
    [MemberData(nameof(StacksAndResources))]
    public async Task IfNoneMatch_ComparesWeakly_AndAcceptsAListAndStar(string basePath, string resource)
    {
        HttpClient client = factory.CreateClient();
        string url = await UrlAsync(client, basePath, resource);
        EntityTagHeaderValue tag = await GetTagAsync(client, url, Jmc1Type);

        Assert.Equal(HttpStatusCode.NotModified, (await SendConditionalAsync(client, HttpMethod.Get, url, Jmc1Type, "If-None-Match", "W/" + tag.Tag)).Response.StatusCode);
        Assert.Equal(HttpStatusCode.NotModified, (await SendConditionalAsync(client, HttpMethod.Get, url, Jmc1Type, "If-None-Match", $"\"other\", {tag.Tag}")).Response.StatusCode);
        Assert.Equal(HttpStatusCode.NotModified, (await SendConditionalAsync(client, HttpMethod.Get, url, Jmc1Type, "If-None-Match", "*")).Response.StatusCode);
    }

    [Theory]
    [MemberData(nameof(StacksAndResources))]
    public async Task IfNoneMatch_TheOtherRepresentationsTag_Is200_WithTheBody(string basePath, string resource)
    {
        HttpClient client = factory.CreateClient();
        string url = await UrlAsync(client, basePath, resource);
        EntityTagHeaderValue jsonTag = await GetTagAsync(client, url, JsonType);

        (HttpResponseMessage response, byte[] body) = await SendConditionalAsync(client, HttpMethod.Get, url, Jmc1Type, "If-None-Match", jsonTag.ToString());

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsJmc1(response, body);
        Assert.NotEqual(jsonTag.Tag, response.Headers.ETag?.Tag);
    }

    [Theory]
    [MemberData(nameof(StacksAndResources))]
    public async Task IfNoneMatch_ATagFromBeforeAChange_Is200_WithTheNewTag(string basePath, string resource)
    {
        HttpClient client = factory.CreateClient();
        string url = await UrlAsync(client, basePath, resource);
        EntityTagHeaderValue before = await GetTagAsync(client, url, JsonType);

        await ChangeAsync(client, basePath, resource, url);

        (HttpResponseMessage response, byte[] body) = await SendConditionalAsync(client, HttpMethod.Get, url, JsonType, "If-None-Match", before.ToString());
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsPlainJson(response, body);
        Assert.NotEqual(before.Tag, response.Headers.ETag?.Tag);
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task IfMatch_AStaleTag_Is412_AndTheCurrentTagOfEitherRepresentationPasses(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await PartialUpdateTests.CreateAsync(client, basePath);
        string url = $"{basePath}/transforms/{id}";
        EntityTagHeaderValue stale = await GetTagAsync(client, url, Accept(format));
        await ChangeAsync(client, basePath, "transforms", url);

        (HttpResponseMessage refused, _) = await PatchWithIfMatchAsync(client, url, stale.ToString());
        await HttpAssert.ProblemAsync(HttpStatusCode.PreconditionFailed, refused);

        EntityTagHeaderValue current = await GetTagAsync(client, url, Accept(format));
        (HttpResponseMessage accepted, _) = await PatchWithIfMatchAsync(client, url, current.ToString());
        await HttpAssert.StatusAsync(HttpStatusCode.OK, accepted);

        // A weak tag never passes If-Match (strong comparison), even when it names the current version.
        EntityTagHeaderValue latest = await GetTagAsync(client, url, Accept(format));
        (HttpResponseMessage weak, _) = await PatchWithIfMatchAsync(client, url, "W/" + latest.Tag);
        await HttpAssert.ProblemAsync(HttpStatusCode.PreconditionFailed, weak);
    }

    [Fact]
    public async Task Transforms_SendTheStoresVersion_AndJmc1AddsASuffix()
    {
        HttpClient client = factory.CreateClient();
        (long id, string created) = await PartialUpdateTests.CreateAsync(client, "/minimal");

        Assert.Equal(created, (await GetTagAsync(client, $"/api/transforms/{id}", JsonType)).Tag);
        Assert.Equal(created.TrimEnd('"') + "-jmc1\"", (await GetTagAsync(client, $"/api/transforms/{id}", Jmc1Type)).Tag);
    }

    private async Task<string> UrlAsync(HttpClient client, string basePath, string resource) => resource switch
    {
        "transforms" => $"{basePath}/transforms/{(await PartialUpdateTests.CreateAsync(client, basePath)).Id}",
        "statuses" => $"{basePath}/statuses/{factory.FirstStatusId}",
        _ => $"{basePath}/events/{factory.FirstEventId}",
    };

    private static async Task ChangeAsync(HttpClient client, string basePath, string resource, string url)
    {
        HttpResponseMessage response;
        if (resource == "events")
        {
            // Events have no PATCH: PUT the event back with another name.
            (_, byte[] json) = await client.GetAsync(url, JsonType);
            var changed = Jsonable.Samples.RealData.CitmEvent.CreateFromJson(json);
            changed.name = "renamed " + Guid.NewGuid().ToString("N");
            (response, _) = await client.SendAsync(HttpMethod.Put, url, JsonType, Requests.Body(Encoding.UTF8.GetBytes(changed.ToJson()), JsonType));
        }
        else
        {
            string patch = resource == "statuses" ? $$"""{"favorite_count":{{Random.Shared.Next(1000, 100000)}}}""" : $$"""{"name":"{{Guid.NewGuid():N}}"}""";
            (response, _) = await client.SendAsync(HttpMethod.Patch, url, JsonType, Requests.Body(Encoding.UTF8.GetBytes(patch), MergePatchType));
        }

        Assert.True(response.IsSuccessStatusCode, $"{basePath} {resource}: {response.StatusCode}");
    }

    private static async Task<EntityTagHeaderValue> GetTagAsync(HttpClient client, string url, string accept)
    {
        (HttpResponseMessage response, _) = await client.GetAsync(url, accept);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return response.Headers.ETag ?? throw new Xunit.Sdk.XunitException($"GET {url} ({accept}) sent no ETag.");
    }

    private static Task<(HttpResponseMessage Response, byte[] Body)> PatchWithIfMatchAsync(HttpClient client, string url, string ifMatch) =>
        SendConditionalAsync(client, HttpMethod.Patch, url, JsonType, "If-Match", ifMatch, Requests.Body("""{"scale":[2,2,2]}"""u8.ToArray(), MergePatchType));

    internal static async Task<(HttpResponseMessage Response, byte[] Body)> SendConditionalAsync(HttpClient client, HttpMethod method, string url, string accept, string header, string value, HttpContent? content = null)
    {
        using HttpRequestMessage request = Requests.Create(method, url, accept, content);
        Assert.True(request.Headers.TryAddWithoutValidation(header, value));
        HttpResponseMessage response = await client.SendAsync(request);
        return (response, await response.Content.ReadAsByteArrayAsync());
    }
}
