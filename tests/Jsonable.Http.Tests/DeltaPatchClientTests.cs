using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Jsonable.Http.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Http.Tests;

/// <summary>
/// End to end: <c>PatchAsJsonableAsync(uri, previous, current[, etag])</c> sends the generated delta to the sample's
/// transform routes, MVC and minimal, JMC1 and merge-patch JSON: the stored resource becomes <c>current</c>, members the
/// delta does not name are left as stored, a stale ETag is a 412 that changes nothing.
/// </summary>
public sealed class DeltaPatchClientTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    public static TheoryData<string, JsonableFormat> BasesAndFormats => new()
    {
        { "/api", JsonableFormat.Jmc1 },
        { "/api", JsonableFormat.Json },
        { "/minimal", JsonableFormat.Jmc1 },
        { "/minimal", JsonableFormat.Json },
    };

    [Theory]
    [MemberData(nameof(BasesAndFormats))]
    public async Task PatchOfADelta_OneNestedMember_StoresTheCurrentValue(string basePath, JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };
        string url = await CreateAsync(client, basePath, format, options);
        (Transform previous, EntityTagHeaderValue etag) = await GetWithETagAsync(client, url, options);

        Transform current = Copy(previous);
        current.Payload!.Mass += 7;
        using HttpResponseMessage response = await client.PatchAsJsonableAsync(url, previous, current, etag, options);
        Transform? answered = await response.ReadFromJsonableAsync<Transform>(options);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(current.ToJson(), answered?.ToJson());
        Assert.Equal(current.ToJson(), (await client.GetFromJsonableAsync<Transform>(url, options))?.ToJson());
    }

    [Theory]
    [MemberData(nameof(BasesAndFormats))]
    public async Task PatchOfADelta_LeavesMembersItDoesNotNameAsStored(string basePath, JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };
        string url = await CreateAsync(client, basePath, format, options);
        Transform previous = (await client.GetFromJsonableAsync<Transform>(url, options))!;

        // Someone else renames it; our delta (a counter removed, a tag added) carries neither the old nor the new name.
        Transform renamed = Copy(previous);
        renamed.Name = "renamed elsewhere";
        using (HttpResponseMessage rename = await client.PatchAsJsonableAsync(url, previous, renamed, options))
        {
            Assert.Equal(HttpStatusCode.OK, rename.StatusCode);
        }

        Transform current = Copy(previous);
        current.Counters!.Remove("hits");
        current.Tags!.Add("moved");
        using HttpResponseMessage response = await client.PatchAsJsonableAsync(url, previous, current, options);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Transform expected = Copy(current);
        expected.Name = "renamed elsewhere";
        Assert.Equal(expected.ToJson(), (await client.GetFromJsonableAsync<Transform>(url, options))?.ToJson());
    }

    [Theory]
    [MemberData(nameof(BasesAndFormats))]
    public async Task PatchOfADelta_WithAStaleETag_Is412_AndChangesNothing(string basePath, JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };
        string url = await CreateAsync(client, basePath, format, options);
        (Transform previous, EntityTagHeaderValue etag) = await GetWithETagAsync(client, url, options);
        Transform first = Copy(previous);
        first.Name = "first";
        using (HttpResponseMessage firstResponse = await client.PatchAsJsonableAsync(url, previous, first, etag, options))
        {
            Assert.Equal(HttpStatusCode.OK, firstResponse.StatusCode);
        }

        Transform second = Copy(previous);
        second.Position = [9, 9, 9];
        using HttpResponseMessage response = await client.PatchAsJsonableAsync(url, previous, second, etag, options);

        Assert.Equal(HttpStatusCode.PreconditionFailed, response.StatusCode);
        Assert.Equal(first.ToJson(), (await client.GetFromJsonableAsync<Transform>(url, options))?.ToJson());
    }

    [Theory]
    [InlineData(JsonableFormat.Json, "application/merge-patch+json")]
    [InlineData(JsonableFormat.Jmc1, "application/jsonc+jmc1")]
    public async Task PatchOfADelta_SendsTheGeneratedDelta_AndEqualValuesSendAnEmptyObject(JsonableFormat format, string mediaType)
    {
        var recorder = new WireRecorder();
        HttpClient client = factory.CreateDefaultClient(recorder);
        var options = new JsonableHttpOptions { Format = format };
        string url = await CreateAsync(client, "/minimal", format, options);
        Transform previous = (await client.GetFromJsonableAsync<Transform>(url, options))!;
        Transform current = Copy(previous);
        current.Name = "one member";
        var expected = new System.Buffers.ArrayBufferWriter<byte>();
        Transform.WriteMergePatch(previous, current, expected, format == JsonableFormat.Jmc1);

        using (HttpResponseMessage changed = await client.PatchAsJsonableAsync(url, previous, current, options))
        {
            Assert.Equal(HttpStatusCode.OK, changed.StatusCode);
        }

        using HttpResponseMessage unchanged = await client.PatchAsJsonableAsync(url, current, Copy(current), options);

        Assert.Equal(HttpStatusCode.OK, unchanged.StatusCode);
        WireExchange[] patches = recorder.Exchanges.Where(e => e.Method == HttpMethod.Patch).ToArray();
        Assert.Equal(2, patches.Length);
        Assert.Equal(mediaType, patches[0].ContentType);
        Assert.Equal(expected.WrittenSpan.ToArray(), patches[0].RequestBody);
        Assert.Equal("""{"name":"one member"}""", JsonOf(patches[0].RequestBody!));
        Assert.Equal("{}", JsonOf(patches[1].RequestBody!));
        Assert.Equal(current.ToJson(), (await client.GetFromJsonableAsync<Transform>(url, options))?.ToJson());
    }

    /// <summary>The body as compact JSON (JMC1's comments dropped).</summary>
    private static string JsonOf(byte[] body) =>
        System.Text.Json.Nodes.JsonNode.Parse(body, documentOptions: new() { CommentHandling = System.Text.Json.JsonCommentHandling.Skip })!.ToJsonString();

    private static async Task<string> CreateAsync(HttpClient client, string basePath, JsonableFormat format, JsonableHttpOptions options)
    {
        var transform = new Transform
        {
            Id = 2000 + (Interlocked.Increment(ref s_next) * 10) + (int)format,
            Name = "delta",
            Position = [1, 2, 3],
            Payload = new TransformPayload { Kind = "crate", Mass = 5 },
            Tags = ["a"],
            Counters = new() { ["hits"] = 1, ["misses"] = 2 },
        };

        using HttpResponseMessage created = await client.PostAsJsonableAsync($"{basePath}/transforms", transform, options);
        Assert.Equal(HttpStatusCode.Created, created.StatusCode);
        return $"{basePath}/transforms/{transform.Id}";
    }

    private static int s_next;

    private static async Task<(Transform Value, EntityTagHeaderValue ETag)> GetWithETagAsync(HttpClient client, string url, JsonableHttpOptions options)
    {
        using HttpResponseMessage response = await client.GetJsonableAsync(url, options);
        Transform? value = await response.ReadFromJsonableAsync<Transform>(options);
        Assert.NotNull(value);
        Assert.NotNull(response.Headers.ETag);
        return (value, response.Headers.ETag);
    }

    private static Transform Copy(Transform transform) => Transform.CreateFromJson(Encoding.UTF8.GetBytes(transform.ToJson()));
}
