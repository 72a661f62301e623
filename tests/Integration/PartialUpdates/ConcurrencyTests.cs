using System.Net;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Hosting;

namespace Jsonable.Integration.Tests.PartialUpdates;

/// <summary>
/// Optimistic concurrency across server instances, on each store: two sample hosts on one database (a SQLite file, or
/// PostgreSQL where it is present) apply 100 concurrent PATCHes of different members of one transform without losing
/// any, and an ETag from one instance guards a PATCH through the other.
/// </summary>
public sealed class ConcurrencyTests
{
    [Theory]
    [InlineData(SampleStorage.Sqlite)]
    [PostgresData]
    public async Task TwoInstancesOnOneDatabase_ApplyEveryConcurrentPatchOfDifferentMembers(string store)
    {
        using SharedSampleDatabase database = SharedSampleDatabase.Create(store);
        HttpClient first = database.StartInstance().CreateClient();
        HttpClient second = database.StartInstance().CreateClient();
        (long id, _) = await PartialUpdateTests.CreateAsync(first, "/api");

        HttpResponseMessage[] responses = await Task.WhenAll(Enumerable.Range(0, 100).Select(i =>
            PartialUpdateTests.SendPatchAsync(i % 2 == 0 ? first : second, $"{(i % 4 < 2 ? "/api" : "/minimal")}/transforms/{id}", $$$"""{"counters":{"k{{{i}}}":{{{i}}}}}""", ifMatch: null)));

        Assert.All(responses, r => Assert.Equal(HttpStatusCode.OK, r.StatusCode));
        foreach (HttpClient client in new[] { first, second })
        {
            JsonObject counters = (await PartialUpdateTests.GetJsonAsync(client, "/minimal", id))["counters"]!.AsObject();
            Assert.All(Enumerable.Range(0, 100), i => Assert.Equal(i, (int)counters[$"k{i}"]!));
        }
    }

    [Theory]
    [InlineData(SampleStorage.Sqlite)]
    [PostgresData]
    public async Task AnETagReadFromOneInstance_IsStaleOnTheOtherAfterAChangeThere(string store)
    {
        using SharedSampleDatabase database = SharedSampleDatabase.Create(store);
        HttpClient first = database.StartInstance().CreateClient();
        HttpClient second = database.StartInstance().CreateClient();
        (long id, string etag) = await PartialUpdateTests.CreateAsync(first, "/api");

        HttpResponseMessage change = await PartialUpdateTests.SendPatchAsync(second, $"/api/transforms/{id}", """{"name":"second"}""", etag);
        byte[] afterChange = await PartialUpdateTests.GetBytesAsync(first, "/api", id);
        HttpResponseMessage stale = await PartialUpdateTests.SendPatchAsync(first, $"/minimal/transforms/{id}", """{"name":"first"}""", etag);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, change);
        await HttpAssert.ProblemAsync(HttpStatusCode.PreconditionFailed, stale);
        Assert.Equal(afterChange, await PartialUpdateTests.GetBytesAsync(second, "/api", id));
    }
}

/// <summary>An app that requires If-Match on every PATCH (<c>JsonableOptions.RequireIfMatchForPatch</c>).</summary>
public sealed class RequireIfMatchFactory : SampleApiFactory
{
    /// <inheritdoc />
    protected override void ConfigureWebHost(IWebHostBuilder builder)
    {
        base.ConfigureWebHost(builder);
        builder.UseSetting("Jsonable:RequireIfMatchForPatch", "true");
    }
}

/// <summary>428 Precondition Required when the app requires If-Match and a PATCH has none.</summary>
public sealed class RequireIfMatchTests(RequireIfMatchFactory factory) : IClassFixture<RequireIfMatchFactory>
{
    [Theory]
    [InlineData("/api")]
    [InlineData("/minimal")]
    public async Task PatchWithoutIfMatch_Is428AndChangesNothing_WithIfMatchApplies(string basePath)
    {
        HttpClient client = factory.CreateClient();
        (long id, string etag) = await PartialUpdateTests.CreateAsync(client, basePath);
        byte[] before = await PartialUpdateTests.GetBytesAsync(client, basePath, id);

        HttpResponseMessage missing = await PartialUpdateTests.SendPatchAsync(client, $"{basePath}/transforms/{id}", """{"name":"x"}""", ifMatch: null);
        byte[] afterMissing = await PartialUpdateTests.GetBytesAsync(client, basePath, id);
        HttpResponseMessage guarded = await PartialUpdateTests.SendPatchAsync(client, $"{basePath}/transforms/{id}", """{"name":"x"}""", etag);

        await HttpAssert.ProblemAsync((HttpStatusCode)428, missing);
        Assert.Equal(before, afterMissing);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, guarded);
    }
}
