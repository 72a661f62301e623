using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Jsonable.Http.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Http.Tests;

/// <summary>
/// End to end: the client's PATCH of one member (<c>PatchAsJsonableAsync(uri, transform, nameof(Transform.Position))</c>)
/// against the sample's transform routes, MVC (<c>/api/transforms</c>) and minimal APIs (<c>/minimal/transforms</c>), in JMC1
/// and merge-patch JSON: only that member changes, the ETag moves on, a stale If-Match is a 412 that changes nothing, and
/// the property route answers one member.
/// </summary>
public sealed class TransformPatchClientTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [MemberData(nameof(SampleStacks.BasesAndFormats), MemberType = typeof(SampleStacks))]
    public async Task PatchPosition_ChangesOnlyThePosition_AndTheETag(string basePath, JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };
        string url = $"{basePath}/transforms/1";
        (Transform before, EntityTagHeaderValue etag) = await GetWithETagAsync(client, url, options);

        Transform moved = Copy(before);
        moved.Position = Moved(before.Position);
        moved.Name = "a change the PATCH must not carry";
        using HttpResponseMessage response = await client.PatchAsJsonableAsync(url, moved, nameof(Transform.Position), etag, options);
        Transform? updated = await response.ReadFromJsonableAsync<Transform>(options);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Transform expected = Copy(before);
        expected.Position = moved.Position;
        Assert.Equal(expected.ToJson(), updated?.ToJson());
        Assert.NotNull(response.Headers.ETag);
        Assert.NotEqual(etag, response.Headers.ETag);
        Assert.Equal(expected.ToJson(), (await client.GetFromJsonableAsync<Transform>(url, options))?.ToJson());
    }

    [Theory]
    [MemberData(nameof(SampleStacks.BasesAndFormats), MemberType = typeof(SampleStacks))]
    public async Task PatchWithStaleIfMatch_Is412Problem_AndChangesNothing(string basePath, JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };
        string url = $"{basePath}/transforms/3";
        (Transform before, EntityTagHeaderValue staleETag) = await GetWithETagAsync(client, url, options);

        Transform first = Copy(before);
        first.Scale = [2, 2, 2];
        using HttpResponseMessage firstResponse = await client.PatchAsJsonableAsync(url, first, nameof(Transform.Scale), staleETag, options);
        Transform? afterFirst = await firstResponse.ReadFromJsonableAsync<Transform>(options);

        Transform second = Copy(before);
        second.Position = Moved(before.Position);
        using HttpResponseMessage secondResponse = await client.PatchAsJsonableAsync(url, second, nameof(Transform.Position), staleETag, options);
        JsonableProblemException problem = await Assert.ThrowsAsync<JsonableProblemException>(() => secondResponse.ReadFromJsonableAsync<Transform>(options));

        Assert.Equal(HttpStatusCode.PreconditionFailed, problem.StatusCode);
        Assert.Equal(412, problem.Problem?.Status);
        Assert.Equal(afterFirst?.ToJson(), (await client.GetFromJsonableAsync<Transform>(url, options))?.ToJson());
    }

    [Theory]
    [MemberData(nameof(SampleStacks.BasesAndFormats), MemberType = typeof(SampleStacks))]
    public async Task PatchOfTags_ReplacesTheListWhole(string basePath, JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };
        string url = $"{basePath}/transforms/2";
        Transform before = (await client.GetFromJsonableAsync<Transform>(url, options))!;

        Transform tagged = Copy(before);
        tagged.Tags = [$"only-{format}"];
        using HttpResponseMessage response = await client.PatchAsJsonableAsync(url, tagged, nameof(Transform.Tags), options);

        Transform? updated = await response.ReadFromJsonableAsync<Transform>(options);
        Assert.Equal([$"only-{format}"], updated?.Tags);
        Assert.Equal(Json(before.Position), Json(updated?.Position));
    }

    [Theory]
    [MemberData(nameof(SampleStacks.BasesAndFormats), MemberType = typeof(SampleStacks))]
    public async Task PropertyRoute_AnswersOnlyThatMember(string basePath, JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };
        Transform stored = (await client.GetFromJsonableAsync<Transform>($"{basePath}/transforms/2", options))!;

        Transform? onlyPosition = await client.GetFromJsonableAsync<Transform>($"{basePath}/transforms/2/position", options);

        Assert.NotNull(onlyPosition);
        Assert.Equal(Json(stored.Position), Json(onlyPosition.Position));
        Assert.Equal(new Transform { Position = onlyPosition.Position }.ToJson(), onlyPosition.ToJson());
    }

    [Theory]
    [MemberData(nameof(SampleStacks.BasesAndFormats), MemberType = typeof(SampleStacks))]
    public async Task PostThenPut_AreStoredAsSent(string basePath, JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };
        var transform = new Transform
        {
            Id = 1000 + (basePath.Length * 10) + (int)format,
            Name = "posted",
            Position = [1, 2, 3],
            Payload = new TransformPayload { Kind = "crate", Mass = 5 },
            Tags = ["new"],
        };

        using HttpResponseMessage created = await client.PostAsJsonableAsync($"{basePath}/transforms", transform, options);
        Assert.Equal(HttpStatusCode.Created, created.StatusCode);
        Assert.Equal(transform.ToJson(), (await client.GetFromJsonableAsync<Transform>($"{basePath}/transforms/{transform.Id}", options))?.ToJson());

        transform.Name = "put";
        using HttpResponseMessage replaced = await client.PutAsJsonableAsync($"{basePath}/transforms/{transform.Id}", transform, options);
        Assert.True(replaced.IsSuccessStatusCode, replaced.StatusCode.ToString());
        Assert.Equal(transform.ToJson(), (await client.GetFromJsonableAsync<Transform>($"{basePath}/transforms/{transform.Id}", options))?.ToJson());
    }

    private static async Task<(Transform Value, EntityTagHeaderValue ETag)> GetWithETagAsync(HttpClient client, string url, JsonableHttpOptions options)
    {
        using HttpResponseMessage response = await client.GetJsonableAsync(url, options);
        Transform? value = await response.ReadFromJsonableAsync<Transform>(options);
        Assert.NotNull(value);
        Assert.NotNull(response.Headers.ETag);
        return (value, response.Headers.ETag);
    }

    private static Transform Copy(Transform transform) => Transform.CreateFromJson(Encoding.UTF8.GetBytes(transform.ToJson()));

    private static float[] Moved(float[]? position) => position is { Length: 3 } p ? [p[0] + 1, p[1] + 0.5f, p[2] - 2] : [1, 0.5f, -2];

    private static string Json(float[]? values) => values is null ? "null" : string.Join(",", values);
}
