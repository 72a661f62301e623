using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;

namespace Jsonable.Integration.Tests.Concurrency;

/// <summary>
/// The sample store under concurrent writes: list GETs sort the stored items while POSTs add new ones. Sorting the
/// live dictionary used to size a buffer from its count and then copy into it, which throws when a key arrives in
/// between (an empty 500 a few times in a few thousand requests). The race is in the sort, not the size of the page,
/// so the GETs ask for small pages. Run on each store (PostgreSQL where it is present).
/// </summary>
public sealed class ConcurrentWriteTests
{
    private const int Posts = 1000;
    private const int ListGetsPerPost = 1;
    private const int InFlight = 64;

    [Theory]
    [InlineData(SampleStorage.Sqlite)]
    [PostgresData]
    public async Task ThousandConcurrentPostsOfNewIds_WithListGets_NeverAnswer5xx_AndStoreEveryPost(string store)
    {
        using SharedSampleDatabase database = SharedSampleDatabase.Create(store);
        SampleApiFactory factory = database.StartInstance();
        using HttpClient client = factory.CreateClient();
        Status template = factory.CopyOfFirstStatus();
        long firstNewId = 9_000_000_000_000 + Random.Shared.Next(1_000_000);
        var statuses = new List<HttpStatusCode>();
        var failures = new List<string>();
        using var gate = new SemaphoreSlim(InFlight);

        async Task Send(Func<HttpRequestMessage> request)
        {
            await gate.WaitAsync();
            try
            {
                using HttpRequestMessage message = request();
                using HttpResponseMessage response = await client.SendAsync(message);
                lock (statuses)
                {
                    statuses.Add(response.StatusCode);
                    if ((int)response.StatusCode >= 500)
                    {
                        failures.Add($"{message.Method} {message.RequestUri}: {(int)response.StatusCode}");
                    }
                }
            }
            finally
            {
                gate.Release();
            }
        }

        var tasks = new List<Task>();
        for (int i = 0; i < Posts; i++)
        {
            long id = firstNewId + i;
            template.id = id;
            template.id_str = id.ToString(System.Globalization.CultureInfo.InvariantCulture);
            byte[] body = Encoding.UTF8.GetBytes(template.ToJson());
            string postPath = i % 2 == 0 ? "/minimal/statuses" : "/api/statuses";
            tasks.Add(Send(() => new HttpRequestMessage(HttpMethod.Post, postPath)
            {
                Content = new ByteArrayContent(body) { Headers = { ContentType = new MediaTypeHeaderValue("application/json") } },
            }));
            for (int g = 0; g < ListGetsPerPost; g++)
            {
                string listPath = (i % 3) switch { 0 => "/minimal/statuses?limit=10", 1 => "/api/statuses?limit=10", _ => "/raw/statuses?limit=10" };
                tasks.Add(Send(() => new HttpRequestMessage(HttpMethod.Get, listPath)));
            }
        }

        await Task.WhenAll(tasks);

        Assert.Empty(failures);
        Assert.Equal(Posts * (1 + ListGetsPerPost), statuses.Count);
        Assert.Equal(Posts, statuses.Count(s => s == HttpStatusCode.Created));
        Assert.Equal(Posts * ListGetsPerPost, statuses.Count(s => s == HttpStatusCode.OK));
        for (int i = 0; i < Posts; i++)
        {
            Assert.NotNull(factory.Store.GetStatus(firstNewId + i));
        }
    }
}
