using System.Net;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using static Jsonable.Integration.Tests.PartialUpdates.PatchBodies;

namespace Jsonable.Integration.Tests.PartialUpdates;

/// <summary>
/// A PATCH may not change a resource's identity (<c>JsonablePatch&lt;T&gt;.RejectChangesTo</c> in the sample's
/// handlers): 400 keyed by the member's JSON path, the stored resource unchanged, on both stacks and in both formats,
/// and two statuses can no longer be given one id (which made the by-id dictionary routes answer 500).
/// </summary>
public sealed class IdentityPatchTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task Patch_ThatChangesATransformsId_Is400KeyedByItsPath_AndChangesNothing(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await PartialUpdateTests.CreateAsync(client, basePath);
        byte[] before = await PartialUpdateTests.GetBytesAsync(client, basePath, id);

        HttpResponseMessage response = await PatchAsync(client, $"{basePath}/transforms/{id}", $$"""{"name":"moved","id":{{id + 1000}}}""", format);

        string[] errors = await HttpAssert.ValidationErrorAsync("$.id", response);
        Assert.Contains(errors, e => e.Contains("'id'", StringComparison.Ordinal));
        Assert.Equal(before, await PartialUpdateTests.GetBytesAsync(client, basePath, id));
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task Patch_ThatSendsTheCurrentId_IsRefusedToo(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await PartialUpdateTests.CreateAsync(client, basePath);
        byte[] before = await PartialUpdateTests.GetBytesAsync(client, basePath, id);

        HttpResponseMessage response = await PatchAsync(client, $"{basePath}/transforms/{id}", $$"""{"id":{{id}},"name":"same id"}""", format);

        await HttpAssert.ValidationErrorAsync("$.id", response);
        Assert.Equal(before, await PartialUpdateTests.GetBytesAsync(client, basePath, id));
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task Patch_OfAStatusesIdOrIdStr_Is400KeyedByEach_AndChangesNothing(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        IReadOnlyList<Status> statuses = factory.Store.ListStatuses(2);
        long id = statuses[0].id;
        byte[] before = factory.Store.GetStatusJson(id)!;

        HttpResponseMessage response = await PatchAsync(client, $"{basePath}/statuses/{id}", $$"""{"favorite_count":77,"id":{{statuses[1].id}},"id_str":"{{statuses[1].id}}"}""", format);

        await HttpAssert.ValidationErrorAsync("$.id", response);
        await HttpAssert.ValidationErrorAsync("$.id_str", response);
        Assert.Equal(before, factory.Store.GetStatusJson(id));
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task TwoStatusesPatchedToOneId_AreRefused_AndTheByIdRoutesStillAnswer(string basePath)
    {
        HttpClient client = factory.CreateClient();
        IReadOnlyList<Status> statuses = factory.Store.ListStatuses(3);
        long target = statuses[2].id;

        foreach (Status status in statuses.Take(2))
        {
            HttpResponseMessage response = await PatchAsync(client, $"{basePath}/statuses/{status.id}", $$"""{"id":{{target}}}""", "json");
            await HttpAssert.ValidationErrorAsync("$.id", response);
        }

        foreach (string byId in new[] { "/api/statuses/by-id", "/minimal/statuses/by-id" })
        {
            (HttpResponseMessage response, byte[] body) = await client.GetAsync(byId + "?limit=1000", JsonType);
            await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
            JsonObject byIdJson = JsonNode.Parse(body)!.AsObject();
            Assert.All(statuses, s => Assert.Equal(s.id, (long)byIdJson[s.id.ToString(System.Globalization.CultureInfo.InvariantCulture)]!["id"]!));
        }
    }

    private static async Task<HttpResponseMessage> PatchAsync(HttpClient client, string url, string json, string format) =>
        (await client.SendAsync(HttpMethod.Patch, url, Accept(format), Requests.Body(Encode(json, format), ContentType(format)))).Response;
}
