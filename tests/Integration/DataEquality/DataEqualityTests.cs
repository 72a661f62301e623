using System.Net;
using Jsonable.Integration.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.DataEquality;

/// <summary>
/// Turning Jsonable on changes no data: every sample endpoint, MVC (<c>/api</c>) and minimal (<c>/minimal</c>), answers
/// JSON equal as data to what plain System.Text.Json answers on <c>/stj</c>, and its JMC1 answer is that same JSON once
/// the comments are removed.
/// </summary>
public sealed class DataEqualityTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    public static TheoryData<string, string> Endpoints
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (string basePath in new[] { "/api", "/minimal" })
            {
                foreach (string path in new[] { "/statuses", "/statuses?limit=7", "/events", "/events?limit=3", "/twitter", "/citm" })
                {
                    data.Add(basePath, path);
                }
            }

            return data;
        }
    }

    public static TheoryData<string, string> ItemKinds => new()
    {
        { "/api", "statuses" },
        { "/api", "events" },
        { "/minimal", "statuses" },
        { "/minimal", "events" },
    };

    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Get_JsonableJson_EqualsSystemTextJsonAsData(string basePath, string path)
    {
        HttpClient client = factory.CreateClient();

        byte[] expected = await GetOkAsync(client, "/stj" + path, "application/json");
        byte[] actual = await GetOkAsync(client, basePath + path, "application/json");

        JsonData.AssertEqual(expected, actual);
    }

    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Get_Jmc1WithoutItsComments_IsExactlyTheJsonAnswer(string basePath, string path)
    {
        HttpClient client = factory.CreateClient();

        byte[] json = await GetOkAsync(client, basePath + path, "application/json");
        byte[] jmc1 = await GetOkAsync(client, basePath + path, "application/jsonc+jmc1");

        Assert.True(Jmc1Oracle.StartsWithHeader(jmc1));
        Assert.Equal(json, Jmc1Oracle.StripComments(jmc1));
    }

    [Theory]
    [MemberData(nameof(ItemKinds))]
    public async Task GetItem_EveryTenthItem_EqualsSystemTextJsonAsData(string basePath, string kind)
    {
        HttpClient client = factory.CreateClient();
        IEnumerable<long> ids = kind == "statuses"
            ? factory.Store.ListStatuses(1000).Select(s => s.id)
            : factory.Store.ListEvents(1000).Select(e => (long)e.id);

        foreach (long id in ids.Where((_, index) => index % 10 == 0))
        {
            byte[] expected = await GetOkAsync(client, $"/stj/{kind}/{id}", "application/json");
            byte[] actual = await GetOkAsync(client, $"{basePath}/{kind}/{id}", "application/json");
            byte[] jmc1 = await GetOkAsync(client, $"{basePath}/{kind}/{id}", "application/jsonc+jmc1");

            JsonData.AssertEqual(expected, actual);
            Jmc1Assert.EqualsJson(expected, jmc1);
        }
    }

    [Theory]
    [InlineData("/statuses")]
    [InlineData("/statuses?limit=5")]
    public async Task GetPreSerialized_StoredBytes_EqualSystemTextJsonAsData(string path)
    {
        HttpClient client = factory.CreateClient();

        byte[] expected = await GetOkAsync(client, "/stj" + path, "application/json");
        byte[] actual = await GetOkAsync(client, "/raw" + path, "application/json");

        JsonData.AssertEqual(expected, actual);
    }

    private static async Task<byte[]> GetOkAsync(HttpClient client, string url, string accept)
    {
        (HttpResponseMessage response, byte[] body) = await client.GetAsync(url, accept);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return body;
    }
}
