using System.Buffers;
using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using static Jsonable.Integration.Tests.PartialUpdates.PatchBodies;

namespace Jsonable.Integration.Tests.PartialUpdates;

/// <summary>
/// The partial-update convention against the sample, through MVC (<c>/api</c>) and minimal APIs (<c>/minimal</c>), with
/// JSON (merge-patch) and JMC1 bodies: each merge rule, atomicity, property endpoints, <c>fields</c>, ETag/If-Match.
/// Each test creates its own transform, so the tests do not depend on one another.
/// </summary>
public sealed class PartialUpdateTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task Patch_AppliesEachMergeRule_AndAnswersTheWholeResourceWithANewETag(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        (long id, string etag) = await CreateAsync(client, basePath);
        JsonObject before = await GetJsonAsync(client, basePath, id);

        (HttpResponseMessage response, byte[] body) = await PatchAsync(
            client,
            $"{basePath}/transforms/{id}",
            """{"name":null,"tags":["moved"],"payload":{"dimensions":{"width":9}},"counters":{"hits":null,"b":2}}""",
            format);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.NotEqual(etag, response.Headers.ETag?.Tag);
        JsonObject expected = before.DeepClone().AsObject();
        expected["name"] = null;                                   // null clears
        expected["tags"] = new JsonArray("moved");                 // arrays replaced whole
        expected["payload"]!["dimensions"]!["width"] = 9d;         // nested objects merged: height and depth stay
        expected["counters"] = new JsonObject { ["b"] = 2 };       // dictionaries merged; null removes a key
        JsonObject responseJson = AsJson(body, format, response);
        Assert.True(JsonNode.DeepEquals(expected, responseJson), responseJson.ToJsonString());
        Assert.True(JsonNode.DeepEquals(expected, await GetJsonAsync(client, basePath, id)));
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task Patch_NullForANonNullableMember_Is400NamingIt_AndChangesNothing(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await CreateAsync(client, basePath);
        byte[] before = await GetBytesAsync(client, basePath, id);

        (HttpResponseMessage response, _) = await PatchAsync(client, $"{basePath}/transforms/{id}", """{"name":"x","payload":{"mass":null}}""", format);

        string[] errors = await HttpAssert.ValidationErrorAsync("$.payload.mass", response);
        Assert.Contains(errors, e => e.Contains("'mass'", StringComparison.Ordinal) && e.Contains("non-nullable", StringComparison.Ordinal));
        Assert.Equal(before, await GetBytesAsync(client, basePath, id));
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task Patch_UnknownMember_Is400NamingIt(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await CreateAsync(client, basePath);
        byte[] before = await GetBytesAsync(client, basePath, id);

        (HttpResponseMessage response, _) = await PatchAsync(client, $"{basePath}/transforms/{id}", """{"nmae":"typo"}""", format);

        string[] errors = await HttpAssert.ValidationErrorAsync("$.nmae", response);
        Assert.Contains(errors, e => e.Contains("'nmae'", StringComparison.Ordinal));
        Assert.Equal(before, await GetBytesAsync(client, basePath, id));
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task Patch_BadInItsLastMember_LeavesTheStoredResourceByteIdentical(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await CreateAsync(client, basePath);
        byte[] before = await GetBytesAsync(client, basePath, id);

        (HttpResponseMessage response, _) = await PatchAsync(
            client,
            $"{basePath}/transforms/{id}",
            """{"name":"changed","position":[0,0,0],"tags":[],"counters":{"hits":null},"payload":{"kind":"barrel","mass":"heavy"}}""",
            format);

        await HttpAssert.ValidationErrorAsync("$.payload.mass", response);
        Assert.Equal(before, await GetBytesAsync(client, basePath, id));
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task Patch_Jmc1WrittenByToJsonUtf8Position_ChangesOnlyPosition(string basePath)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await CreateAsync(client, basePath);
        JsonObject before = await GetJsonAsync(client, basePath, id);
        var buffer = new ArrayBufferWriter<byte>();
        new Transform { Position = [7, 8, 9] }.ToJsonUtf8_Position(buffer);

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Patch, $"{basePath}/transforms/{id}", JsonType, Requests.Body(buffer.WrittenSpan.ToArray(), Jmc1Type));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        JsonObject expected = before.DeepClone().AsObject();
        expected["position"] = new JsonArray(7d, 8d, 9d);
        JsonObject after = await GetJsonAsync(client, basePath, id);
        Assert.True(JsonNode.DeepEquals(expected, after), after.ToJsonString());
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task Patch_OtherContentType_Is415(string basePath)
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Patch, $"{basePath}/transforms/1", JsonType, Requests.Body("name=x"u8.ToArray(), "application/x-www-form-urlencoded"));

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task Patch_OfAStatus_ChangesTheNamedMembersOnly(string basePath)
    {
        HttpClient client = factory.CreateClient();
        long id = factory.FirstStatusId;
        string userName = factory.CopyOfFirstStatus().user!.name;

        (HttpResponseMessage response, byte[] body) = await PatchAsync(client, $"{basePath}/statuses/{id}", $$$"""{"favorite_count":{{{id % 1000 + 5}}},"user":{"description":"patched {{{basePath}}}"}}""", "json");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Status patched = Status.CreateFromJson(body);
        Assert.Equal((int)(id % 1000 + 5), patched.favorite_count);
        Assert.Equal($"patched {basePath}", patched.user!.description);
        Assert.Equal(userName, patched.user.name);
        Assert.Equal($"patched {basePath}", factory.Store.GetStatus(id)!.user!.description);
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task GetMember_AnswersOnlyThatMember_WithThePartialWritersBytes(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await CreateAsync(client, basePath);
        Transform stored = Transform.CreateFromJson(await GetBytesAsync(client, basePath, id));
        var expected = new ArrayBufferWriter<byte>();
        stored.ToJsonUtf8_Position(expected, emitMetadataComments: format == "jmc1");

        (HttpResponseMessage response, byte[] body) = await client.GetAsync($"{basePath}/transforms/{id}/position", Accept(format));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.MediaType(Accept(format), response);
        HttpAssert.VaryAccept(response);
        Assert.NotNull(response.Headers.ETag);
        Assert.Equal(expected.WrittenSpan.ToArray(), body);
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task GetMember_WithoutAPartialWriter_Is404(string basePath)
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, _) = await client.GetAsync($"{basePath}/transforms/1/name", JsonType);

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task Fields_SelectsMembersWithPartialWriters(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await CreateAsync(client, basePath);
        JsonObject whole = await GetJsonAsync(client, basePath, id);

        (HttpResponseMessage response, byte[] body) = await client.GetAsync($"{basePath}/transforms/{id}?fields=position,Rotation", Accept(format));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.MediaType(Accept(format), response);
        var expected = new JsonObject { ["position"] = whole["position"]!.DeepClone(), ["rotation"] = whole["rotation"]!.DeepClone() };
        JsonObject actual = AsJson(body, format, response);
        Assert.True(JsonNode.DeepEquals(expected, actual), actual.ToJsonString());
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task Fields_Unknown_Is400ListingTheValidOnes(string basePath)
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, _) = await client.GetAsync($"{basePath}/transforms/1?fields=position,bogus", JsonType);

        string[] errors = await HttpAssert.ValidationErrorAsync("fields", response);
        Assert.Contains(errors, e => e.Contains("'bogus'", StringComparison.Ordinal) && e.Contains("position, rotation, scale, payload, tags", StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task IfMatch_CurrentTagApplies_StaleTagIs412AndChangesNothing(string basePath)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await CreateAsync(client, basePath);
        (HttpResponseMessage get, _) = await client.GetAsync($"{basePath}/transforms/{id}", JsonType);
        string etag = get.Headers.ETag!.Tag;

        HttpResponseMessage first = await SendPatchAsync(client, $"{basePath}/transforms/{id}", """{"scale":[2,2,2]}""", etag);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, first);
        byte[] afterFirst = await GetBytesAsync(client, basePath, id);
        HttpResponseMessage stale = await SendPatchAsync(client, $"{basePath}/transforms/{id}", """{"scale":[3,3,3]}""", etag);

        await HttpAssert.ProblemAsync(HttpStatusCode.PreconditionFailed, stale);
        Assert.NotEqual(etag, first.Headers.ETag!.Tag);
        Assert.Equal(afterFirst, await GetBytesAsync(client, basePath, id));
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task ConcurrentPatches_OfDifferentMembers_AreAllApplied(string basePath)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await CreateAsync(client, basePath);

        HttpResponseMessage[] responses = await Task.WhenAll(Enumerable.Range(0, 100).Select(i =>
            SendPatchAsync(client, $"{basePath}/transforms/{id}", $$$"""{"counters":{"k{{{i}}}":{{{i}}}}}""", ifMatch: null)));

        Assert.All(responses, r => Assert.Equal(HttpStatusCode.OK, r.StatusCode));
        JsonObject counters = (await GetJsonAsync(client, basePath, id))["counters"]!.AsObject();
        Assert.All(Enumerable.Range(0, 100), i => Assert.Equal(i, (int)counters[$"k{i}"]!));
    }

    internal static async Task<(long Id, string ETag)> CreateAsync(HttpClient client, string basePath)
    {
        var transform = new Transform
        {
            Name = "test",
            Position = [1, 2, 3],
            Rotation = [0, 0, 0, 1],
            Scale = [1, 1, 1],
            Payload = new TransformPayload { Kind = "crate", Mass = 5, Dimensions = new TransformDimensions { Width = 1, Height = 2, Depth = 3 } },
            Tags = ["a", "b"],
            Counters = new Dictionary<string, int> { ["hits"] = 1 },
        };
        (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Post, $"{basePath}/transforms", JsonType, Requests.Body(Encoding.UTF8.GetBytes(transform.ToJson()), JsonType));
        await HttpAssert.StatusAsync(HttpStatusCode.Created, response);
        Assert.NotNull(response.Headers.Location);
        return (Transform.CreateFromJson(body).Id, response.Headers.ETag!.Tag);
    }

    internal static async Task<byte[]> GetBytesAsync(HttpClient client, string basePath, long id)
    {
        (HttpResponseMessage response, byte[] body) = await client.GetAsync($"{basePath}/transforms/{id}", JsonType);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return body;
    }

    internal static async Task<JsonObject> GetJsonAsync(HttpClient client, string basePath, long id) =>
        JsonNode.Parse(await GetBytesAsync(client, basePath, id))!.AsObject();

    internal static async Task<HttpResponseMessage> SendPatchAsync(HttpClient client, string url, string json, string? ifMatch)
    {
        HttpRequestMessage request = Requests.Create(HttpMethod.Patch, url, JsonType, Requests.Body(Encoding.UTF8.GetBytes(json), MergePatchType));
        if (ifMatch is not null)
        {
            request.Headers.TryAddWithoutValidation("If-Match", ifMatch);
        }

        return await client.SendAsync(request);
    }

    private static Task<(HttpResponseMessage Response, byte[] Body)> PatchAsync(HttpClient client, string url, string json, string format) =>
        client.SendAsync(HttpMethod.Patch, url, Accept(format), Requests.Body(Encode(json, format), ContentType(format)));

    private static JsonObject AsJson(byte[] body, string format, HttpResponseMessage response)
    {
        if (format == "jmc1")
        {
            HttpAssert.IsJmc1(response, body);
            return JsonNode.Parse(Jmc1Oracle.StripComments(body))!.AsObject();
        }

        HttpAssert.IsPlainJson(response, body);
        return JsonNode.Parse(body)!.AsObject();
    }
}

/// <summary>
/// Swagger documents the PATCH routes with the merge-patch media type and the resource's patch schema (every member
/// optional, so a generated client sends only what it sets; see OpenApiClientContractTests).
/// </summary>
public sealed class PartialUpdateSwaggerTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [InlineData("/api/transforms/{id}", "TransformMergePatch")]
    [InlineData("/minimal/transforms/{id}", "TransformMergePatch")]
    [InlineData("/api/statuses/{id}", "StatusMergePatch")]
    [InlineData("/minimal/statuses/{id}", "StatusMergePatch")]
    public async Task PatchRoutes_AcceptMergePatchJsonAndJmc1_WithThePatchSchema(string path, string schema)
    {
        using JsonDocument swagger = JsonDocument.Parse(await factory.CreateClient().GetByteArrayAsync("/swagger/v1/swagger.json"));

        JsonElement content = swagger.RootElement.GetProperty("paths").GetProperty(path).GetProperty("patch").GetProperty("requestBody").GetProperty("content");

        foreach (string mediaType in new[] { MergePatchType, JsonType, Jmc1Type })
        {
            Assert.True(content.TryGetProperty(mediaType, out JsonElement body), $"{path} does not list {mediaType}: {content.GetRawText()}");
            Assert.Equal($"#/components/schemas/{schema}", body.GetProperty("schema").GetProperty("$ref").GetString());
        }
    }
}
