using System.Net;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Http.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Models;

namespace Jsonable.Http.Tests;

/// <summary>
/// The client extensions with the shapes beyond objects and lists: a root dictionary and a closed generic named by
/// <c>[JsonableType]</c> (<c>Page&lt;Status&gt;</c>), read from and sent to the sample in both formats, compared as data
/// with what System.Text.Json reads from the same routes.
/// </summary>
public sealed class ShapeClientTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web)
    {
        TypeInfoResolver = JsonTypeInfoResolver.Combine(RealDataJsonContext.Default, new DefaultJsonTypeInfoResolver()),
    };

    public static TheoryData<JsonableFormat> Formats => new() { JsonableFormat.Json, JsonableFormat.Jmc1 };

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task GetFromJsonable_RootDictionaryAndPage_EqualWhatSystemTextJsonReads(JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };

        Dictionary<string, Status>? byId = await client.GetFromJsonableAsync<Dictionary<string, Status>>("/minimal/statuses/by-id?limit=5", options);
        IReadOnlyDictionary<long, Status>? byLongId = await client.GetFromJsonableAsync<IReadOnlyDictionary<long, Status>>("/api/statuses/by-id?limit=5", options);
        Page<Status>? page = await client.GetFromJsonableAsync<Page<Status>>("/api/statuses/page?offset=2&limit=3", options);

        AssertSameData(await ReadWithStjAsync<Dictionary<string, Status>>(client, "/minimal/statuses/by-id?limit=5"), byId);
        AssertSameData(await ReadWithStjAsync<Dictionary<long, Status>>(client, "/api/statuses/by-id?limit=5"), byLongId?.ToDictionary());
        AssertSameData(await ReadWithStjAsync<Page<Status>>(client, "/api/statuses/page?offset=2&limit=3"), page);
        Assert.Equal(5, byId!.Count);
        Assert.Equal(3, page!.Items.Count);
        Assert.Equal(2, page.Offset);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task PostAsJsonable_RootDictionary_IsReadBackAsSent(JsonableFormat format)
    {
        HttpClient client = factory.CreateClient();
        var options = new JsonableHttpOptions { Format = format };
        Dictionary<string, Status> sent = (await client.GetFromJsonableAsync<Dictionary<string, Status>>("/minimal/statuses/by-id?limit=2", options))!;

        HttpResponseMessage response = await client.PostAsJsonableAsync("/minimal/statuses/by-id", sent, options);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        AssertSameData(sent, await response.Content.ReadFromJsonableAsync<Dictionary<string, Status>>());
    }

    private static async Task<T?> ReadWithStjAsync<T>(HttpClient client, string path) =>
        JsonSerializer.Deserialize<T>(await client.GetByteArrayAsync(path), s_web);

    private static void AssertSameData<T>(T? expected, T? actual)
    {
        Assert.NotNull(expected);
        Assert.NotNull(actual);
        Assert.Equal(JsonSerializer.Serialize(expected, s_web), JsonSerializer.Serialize(actual, s_web));
    }
}
