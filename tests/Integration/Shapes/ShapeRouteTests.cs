using System.Net;
using System.Text;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Runtime.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.Shapes;

/// <summary>
/// The shapes APIs return besides objects and lists, through both stacks: a root dictionary
/// (<c>/minimal/statuses/by-id</c> is <c>Dictionary&lt;string, Status&gt;</c>, <c>/api/statuses/by-id</c> is
/// <c>IReadOnlyDictionary&lt;long, Status&gt;</c>) and a closed generic named by <c>[JsonableType]</c>
/// (<c>Page&lt;Status&gt;</c>). JSON is what System.Text.Json writes for the same data (the <c>/stj</c> list re-shaped),
/// JMC1 is that JSON with its comments, and both read back.
/// </summary>
public sealed class ShapeRouteTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private const string Json = "application/json";
    private const string Jmc1 = "application/jsonc+jmc1";

    public static TheoryData<string, string> BasesAndFormats => new()
    {
        { "/api", Json },
        { "/api", Jmc1 },
        { "/minimal", Json },
        { "/minimal", Jmc1 },
    };

    [Theory]
    [MemberData(nameof(BasesAndFormats))]
    public async Task GetById_RootDictionary_IsTheStjStatusesKeyedById(string basePath, string accept)
    {
        HttpClient client = factory.CreateClient();
        JsonArray stj = await StjStatusesAsync(client, 7);
        var expected = new JsonObject();
        foreach (JsonNode? status in stj)
        {
            expected[status!["id"]!.GetValue<long>().ToString(System.Globalization.CultureInfo.InvariantCulture)] = status.DeepClone();
        }

        (HttpResponseMessage response, byte[] body) = await client.GetAsync($"{basePath}/statuses/by-id?limit=7", accept);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        AssertBody(expected, accept, response, body);
        if (accept == Jmc1)
        {
            // A dictionary root: the document header, then the entry count, then the object (docs/jmc1.md).
            Assert.Equal(Jmc1Oracle.Build("/*JMC1*/", 7, "{"), body.Take(15));
        }
    }

    [Theory]
    [MemberData(nameof(BasesAndFormats))]
    public async Task GetPage_ClosedGeneric_IsTheStjStatusesOfThatPage(string basePath, string accept)
    {
        HttpClient client = factory.CreateClient();
        JsonArray all = await StjStatusesAsync(client, 1000);
        var expected = new JsonObject
        {
            ["items"] = new JsonArray(all.Skip(3).Take(4).Select(s => s!.DeepClone()).ToArray()),
            ["offset"] = 3,
            ["total"] = all.Count,
        };

        (HttpResponseMessage response, byte[] body) = await client.GetAsync($"{basePath}/statuses/page?offset=3&limit=4", accept);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        AssertBody(expected, accept, response, body);
        if (accept == Jmc1)
        {
            Assert.StartsWith("/*JMC1*/{", Encoding.Latin1.GetString(body), StringComparison.Ordinal); // an object root: its own header
        }
    }

    [Theory]
    [InlineData("/minimal/statuses/by-id", Json)]
    [InlineData("/minimal/statuses/by-id", Jmc1)]
    [InlineData("/api/statuses/page", Json)]
    [InlineData("/api/statuses/page", Jmc1)]
    public async Task Post_DictionaryOrPageBody_IsReadAndEchoedAsSent(string path, string contentType)
    {
        HttpClient client = factory.CreateClient();
        string getPath = path.EndsWith("by-id", StringComparison.Ordinal) ? path + "?limit=3" : path + "?offset=5&limit=3";
        (_, byte[] sent) = await client.GetAsync(getPath, contentType);
        (_, byte[] sentAsJson) = await client.GetAsync(getPath, Json);

        (HttpResponseMessage response, byte[] echoed) = await client.SendAsync(HttpMethod.Post, path, Json, Requests.Body(sent, contentType));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.MediaType(Json, response);
        JsonData.AssertEqual(sentAsJson, echoed);
    }

    [Fact]
    public async Task PostDictionary_EntryOfTheWrongType_Is400NamingItsPath()
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Post, "/minimal/statuses/by-id", Json, Requests.Body("""{"a":{"id":"not a number"}}"""u8.ToArray(), Json));

        await HttpAssert.ValidationErrorAsync("$.a.id", response);
    }

    /// <summary>What System.Text.Json (the sample's <c>/stj</c> baseline) writes for the first <paramref name="limit"/> statuses.</summary>
    private static async Task<JsonArray> StjStatusesAsync(HttpClient client, int limit)
    {
        (HttpResponseMessage response, byte[] body) = await client.GetAsync($"/stj/statuses?limit={limit}", Json);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return JsonNode.Parse(body)!.AsArray();
    }

    private static void AssertBody(JsonObject expected, string accept, HttpResponseMessage response, byte[] body)
    {
        byte[] expectedJson = Encoding.UTF8.GetBytes(expected.ToJsonString());
        if (accept == Jmc1)
        {
            HttpAssert.IsJmc1(response, body);
            Jmc1Assert.EqualsJson(expectedJson, body);
        }
        else
        {
            HttpAssert.IsPlainJson(response, body);
            JsonData.AssertEqual(expectedJson, body);
        }
    }
}
