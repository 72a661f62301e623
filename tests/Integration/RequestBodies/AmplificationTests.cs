using System.Net;
using System.Text;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.RequestBodies;

/// <summary>
/// Bodies of empty objects (<c>{"entities":{"media":[{},{},…]}}</c>): read on both stacks however many there are (as
/// System.Text.Json reads them), and what is stored holds no eagerly created nested objects.
/// </summary>
public sealed class AmplificationTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task ManyEmptyObjects_300KB_AreStored_AsWithoutJsonable(string basePath)
    {
        // 100,000 empty objects: System.Text.Json reads them, so no limit may refuse them (allocation is bounded by the
        // bytes that back each instance; see DenseContainerTests).
        long id = basePath == "/api" ? 7_100_000_001 : 7_100_000_004;
        byte[] body = StatusWithEmptyMedia(id, count: 100_000);
        Assert.True(body.Length > 300_000);

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", "application/json", Requests.Body(body, "application/json"));

        await HttpAssert.StatusAsync(HttpStatusCode.Created, response);
        Assert.Equal(100_000, factory.Store.GetStatus(id)!.entities!.media!.Count);
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task EmptyObjectsWithinTheBudget_AreStoredWithoutNestedDefaults(string basePath)
    {
        long id = basePath == "/api" ? 7_100_000_002 : 7_100_000_003;
        byte[] body = StatusWithEmptyMedia(id, count: 200);

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", "application/json", Requests.Body(body, "application/json"));

        await HttpAssert.StatusAsync(HttpStatusCode.Created, response);
        string stored = Encoding.UTF8.GetString(factory.Store.GetStatusJson(id)!);
        Status status = factory.Store.GetStatus(id)!;
        Assert.Equal(200, status.entities!.media!.Count);
        Assert.All(status.entities.media, m => Assert.Null(m.sizes));
        Assert.Null(status.user);
        Assert.Contains("\"sizes\":null", stored, StringComparison.Ordinal);
        Assert.Contains("\"user\":null", stored, StringComparison.Ordinal);
        Assert.DoesNotContain("\"medium\":", stored, StringComparison.Ordinal);
    }

    private static byte[] StatusWithEmptyMedia(long id, int count) =>
        Encoding.UTF8.GetBytes($"{{\"id\":{id},\"entities\":{{\"media\":[" + string.Join(",", Enumerable.Repeat("{}", count)) + "]}}");
}
