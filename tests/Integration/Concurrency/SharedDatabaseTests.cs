using System.Net;
using System.Text;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Integration.Tests.PartialUpdates;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;

namespace Jsonable.Integration.Tests.Concurrency;

/// <summary>
/// Several instances of the sample on one database, as behind a balancer (docs/scale-out.md): what a client sees must
/// not depend on which instance answers.
/// </summary>
public sealed class SharedDatabaseTests
{
    private const string CounterKey = "hits";

    /// <summary>
    /// Read-modify-write through If-Match from many clients over two instances: every increment lands once (the final
    /// count and version are those of a serial replay) and every 412 was a lost race that the client retried.
    /// </summary>
    [Theory]
    [InlineData(SampleStorage.Sqlite)]
    [PostgresData]
    public async Task IfMatchIncrementsThroughTwoInstances_EndAsASerialReplay_AndEvery412IsRetried(string store)
    {
        const int Clients = 8;
        const int IncrementsPerClient = 10;
        using SharedSampleDatabase database = SharedSampleDatabase.Create(store);
        HttpClient[] instances = [database.StartInstance().CreateClient(), database.StartInstance().CreateClient()];
        (long id, string firstETag) = await PartialUpdateTests.CreateAsync(instances[0], "/api");
        int start = Hits(await PartialUpdateTests.GetJsonAsync(instances[0], "/minimal", id));

        await Task.WhenAll(Enumerable.Range(0, Clients).Select(async client =>
        {
            int failed = 0;
            for (int done = 0; done < IncrementsPerClient;)
            {
                HttpClient http = instances[(client + done + failed) % 2];
                string basePath = client % 2 == 0 ? "/api" : "/minimal";
                using HttpResponseMessage read = await http.GetAsync($"{basePath}/transforms/{id}");
                Assert.Equal(HttpStatusCode.OK, read.StatusCode);
                string etag = read.Headers.ETag!.Tag;
                int hits = Hits(JsonNode.Parse(await read.Content.ReadAsByteArrayAsync())!.AsObject());

                using HttpResponseMessage write = await PartialUpdateTests.SendPatchAsync(
                    instances[(client + done + failed + 1) % 2], $"{basePath}/transforms/{id}", $$$"""{"counters":{"{{{CounterKey}}}":{{{hits + 1}}}}}""", etag);
                if (write.StatusCode == HttpStatusCode.PreconditionFailed)
                {
                    failed++;
                    continue;
                }

                Assert.Equal(HttpStatusCode.OK, write.StatusCode);
                done++;
            }
        }));

        using HttpResponseMessage final = await instances[1].GetAsync($"/minimal/transforms/{id}");
        int total = Clients * IncrementsPerClient;
        Assert.Equal(start + total, Hits(JsonNode.Parse(await final.Content.ReadAsByteArrayAsync())!.AsObject()));

        // Versions count writes: one per applied increment, none for a 412 (the sample's ETag is the row version).
        Assert.Equal($"\"{long.Parse(firstETag.Trim('"'), System.Globalization.CultureInfo.InvariantCulture) + total}\"", final.Headers.ETag!.Tag);
    }

    /// <summary>A status written through one instance is served by the other: the PostgreSQL store's instances hear each other's writes.</summary>
    [Theory]
    [PostgresData]
    public async Task AStatusWrittenThroughOneInstance_IsServedByTheOther(string store)
    {
        using SharedSampleDatabase database = SharedSampleDatabase.Create(store);
        SampleApiFactory firstInstance = database.StartInstance();
        HttpClient first = firstInstance.CreateClient();
        HttpClient second = database.StartInstance().CreateClient();
        Status status = firstInstance.CopyOfFirstStatus();
        status.id = 8_000_000_000_000 + Random.Shared.Next(1_000_000);
        status.id_str = status.id.ToString(System.Globalization.CultureInfo.InvariantCulture);

        using HttpResponseMessage post = await first.PostAsync("/minimal/statuses", new ByteArrayContent(Encoding.UTF8.GetBytes(status.ToJson()))
        {
            Headers = { ContentType = new("application/json") },
        });
        Assert.Equal(HttpStatusCode.Created, post.StatusCode);
        JsonObject seen = await EventuallyAsync(second, $"/minimal/statuses/{status.id}", json => json is not null);
        Assert.Equal(status.text, (string?)seen["text"]);

        using HttpResponseMessage patch = await PartialUpdateTests.SendPatchAsync(second, $"/minimal/statuses/{status.id}", """{"text":"changed on the second"}""", ifMatch: null);
        Assert.Equal(HttpStatusCode.OK, patch.StatusCode);
        await EventuallyAsync(first, $"/api/statuses/{status.id}", json => (string?)json?["text"] == "changed on the second");
        await EventuallyAsync(first, "/stj/statuses?limit=1000", json => json is null, array => array.Any(s => (string?)s!["text"] == "changed on the second"));
    }

    /// <summary>
    /// Two instances PATCH different members of one status at once: the row lock keeps each from writing back the other's
    /// old value, so both members end at their last value on both instances.
    /// </summary>
    [Theory]
    [PostgresData]
    public async Task PatchesOfDifferentMembersOfOneStatusThroughTwoInstances_AllLand(string store)
    {
        const int Rounds = 40;
        using SharedSampleDatabase database = SharedSampleDatabase.Create(store);
        SampleApiFactory firstInstance = database.StartInstance();
        HttpClient first = firstInstance.CreateClient();
        HttpClient second = database.StartInstance().CreateClient();
        long id = firstInstance.FirstStatusId;

        async Task PatchRounds(HttpClient client, string member)
        {
            for (int i = 1; i <= Rounds; i++)
            {
                using HttpResponseMessage response = await PartialUpdateTests.SendPatchAsync(client, $"/minimal/statuses/{id}", $$"""{"{{member}}":{{i}}}""", ifMatch: null);
                Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            }
        }

        await Task.WhenAll(PatchRounds(first, "favorite_count"), PatchRounds(second, "retweet_count"));

        foreach (HttpClient client in new[] { first, second })
        {
            await EventuallyAsync(client, $"/minimal/statuses/{id}", json => (int?)json?["favorite_count"] == Rounds && (int?)json?["retweet_count"] == Rounds);
        }
    }

    /// <summary>Transforms POSTed without an id through two instances at once all get ids of their own.</summary>
    [Theory]
    [PostgresData]
    public async Task TransformsCreatedThroughTwoInstancesAtOnce_GetDistinctIds(string store)
    {
        using SharedSampleDatabase database = SharedSampleDatabase.Create(store);
        HttpClient[] instances = [database.StartInstance().CreateClient(), database.StartInstance().CreateClient()];

        (long Id, string ETag)[] created = await Task.WhenAll(Enumerable.Range(0, 40).Select(i => PartialUpdateTests.CreateAsync(instances[i % 2], i % 4 < 2 ? "/api" : "/minimal")));

        Assert.Equal(created.Length, created.Select(c => c.Id).Distinct().Count());
    }

    private static int Hits(JsonObject transform) => (int)transform["counters"]![CounterKey]!;

    /// <summary>
    /// Polls <paramref name="path"/> until its JSON satisfies <paramref name="done"/> (or, for an array,
    /// <paramref name="arrayDone"/>): another instance's write reaches this one a few milliseconds later.
    /// </summary>
    private static async Task<JsonObject> EventuallyAsync(HttpClient client, string path, Func<JsonObject?, bool> done, Func<JsonArray, bool>? arrayDone = null)
    {
        string last = "";
        for (int attempt = 0; attempt < 200; attempt++)
        {
            using HttpResponseMessage response = await client.GetAsync(path);
            last = $"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}";
            if (response.StatusCode == HttpStatusCode.OK)
            {
                JsonNode node = JsonNode.Parse(await response.Content.ReadAsByteArrayAsync())!;
                if (arrayDone is not null ? arrayDone(node.AsArray()) : done(node.AsObject()))
                {
                    return node as JsonObject ?? [];
                }
            }

            await Task.Delay(50);
        }

        Assert.Fail($"GET {path} never showed the other instance's write within 10 s; last answer: {last[..Math.Min(last.Length, 300)]}");
        return [];
    }
}
