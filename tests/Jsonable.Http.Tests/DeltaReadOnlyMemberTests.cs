using System.Net;
using System.Text;
using Jsonable.Http.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Http.Tests;

/// <summary>
/// Generated deltas and read-only members (<c>[Editable(false)]</c>: <c>Transform.Id</c>, <c>Status.id</c> and
/// <c>id_str</c>), against the sample's statuses and transforms, MVC and minimal: a change the server would refuse throws
/// before anything is sent and names the member's path, rather than being dropped from the patch; the same members of a
/// nested object the patch creates may be set; and the server refuses a read-only member of a nested object that exists.
/// </summary>
public sealed class DeltaReadOnlyMemberTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    public static TheoryData<string, JsonableFormat> BasesAndFormats => DeltaPatchClientTests.BasesAndFormats;

    [Theory]
    [MemberData(nameof(BasesAndFormats))]
    public async Task Delta_ChangingTheResourcesId_ThrowsNamingIt_AndSendsNothing(string basePath, JsonableFormat format)
    {
        (HttpClient client, WireRecorder wire) = factory.CreateRecordingClient();
        var options = new JsonableHttpOptions { Format = format };
        Status previous = StatusWith(retweet: false);
        Status current = Copy(previous);
        current.id += 1;
        current.text = "also changed";

        InvalidOperationException error = await Assert.ThrowsAsync<InvalidOperationException>(
            () => client.PatchAsJsonableAsync($"{basePath}/statuses/{previous.id}", previous, current, options));

        Assert.Contains("at $.id,", error.Message, StringComparison.Ordinal);
        Assert.Contains("cannot be changed by a PATCH", error.Message, StringComparison.Ordinal);
        Assert.Empty(wire.Exchanges);
        Assert.Equal(previous.text, factory.Store.GetStatus(previous.id)!.text);
    }

    [Theory]
    [MemberData(nameof(BasesAndFormats))]
    public async Task Delta_ChangingANestedObjectsId_ThrowsNamingItsPath(string basePath, JsonableFormat format)
    {
        (HttpClient client, WireRecorder wire) = factory.CreateRecordingClient();
        var options = new JsonableHttpOptions { Format = format };
        Status previous = StatusWith(retweet: true);
        Status current = Copy(previous);
        current.retweeted_status!.id_str = "5";

        InvalidOperationException error = await Assert.ThrowsAsync<InvalidOperationException>(
            () => client.PatchAsJsonableAsync($"{basePath}/statuses/{previous.id}", previous, current, options));

        Assert.Contains("at $.retweeted_status.id_str,", error.Message, StringComparison.Ordinal);
        Assert.Empty(wire.Exchanges);
    }

    [Theory]
    [MemberData(nameof(BasesAndFormats))]
    public async Task Delta_OfANestedObjectsOtherMembers_IsSentAndStored(string basePath, JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };
        Status previous = StatusWith(retweet: true);
        Status current = Copy(previous);
        current.retweeted_status!.text = $"nested change {basePath} {format}";

        using HttpResponseMessage response = await client.PatchAsJsonableAsync($"{basePath}/statuses/{previous.id}", previous, current, options);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(current.ToJson(), factory.Store.GetStatus(previous.id)!.ToJson());
    }

    [Theory]
    [MemberData(nameof(BasesAndFormats))]
    public async Task Delta_CreatingANestedObject_SetsItsReadOnlyMembers(string basePath, JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };
        Status previous = StatusWith(retweet: false);
        Status current = Copy(previous);
        current.retweeted_status = Copy(StatusWith(retweet: false));

        using HttpResponseMessage response = await client.PatchAsJsonableAsync($"{basePath}/statuses/{previous.id}", previous, current, options);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Status stored = factory.Store.GetStatus(previous.id)!;
        Assert.Equal(current.retweeted_status.id, stored.retweeted_status!.id);
        Assert.Equal(current.ToJson(), stored.ToJson());
    }

    [Theory]
    [InlineData("/api")]
    [InlineData("/minimal")]
    public async Task Patch_OfAnExistingNestedObjectsId_Is400KeyedByItsPath_AndChangesNothing(string basePath)
    {
        HttpClient client = factory.CreateClient();
        Status status = StatusWith(retweet: true);
        string before = factory.Store.GetStatus(status.id)!.ToJson();
        using var content = new ByteArrayContent("""{"text":"x","retweeted_status":{"id":5}}"""u8.ToArray());
        content.Headers.ContentType = new("application/merge-patch+json");

        using HttpResponseMessage response = await client.PatchAsync($"{basePath}/statuses/{status.id}", content);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.True(JsonableProblemDetails.TryParse(await response.Content.ReadAsByteArrayAsync(), out JsonableProblemDetails? problem));
        Assert.Equal(["$.retweeted_status.id"], problem!.Errors.Keys);
        Assert.Equal(before, factory.Store.GetStatus(status.id)!.ToJson());
    }

    /// <summary>A stored status with (or without) a retweeted status that no other test has taken, so none changes another's.</summary>
    private Status StatusWith(bool retweet) =>
        Copy(factory.Store.ListStatuses(200).Where(s => (s.retweeted_status is not null) == retweet).ElementAt(Interlocked.Increment(ref retweet ? ref s_retweets : ref s_plain)));

    private static int s_retweets;
    private static int s_plain;

    private static Status Copy(Status status) => Status.CreateFromJson(Encoding.UTF8.GetBytes(status.ToJson()));
}
