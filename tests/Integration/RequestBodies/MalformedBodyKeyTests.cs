using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.RequestBodies;

/// <summary>
/// A malformed body's 400 is keyed where System.Text.Json keys it (its <c>JsonException.Path</c> reading the same body
/// from a stream with the web defaults, as both stacks read one without Jsonable), on both stacks: a name without its
/// colon and a missing comma are the object's, a dangling comma the array's next element, a value's own error the
/// member's, and an unknown member's the member's. A number too large for its member is a 400 keyed by its path.
/// </summary>
public sealed class MalformedBodyKeyTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    public static TheoryData<string, string> Bodies()
    {
        var data = new TheoryData<string, string>();
        string[] bodies =
        [
            """{"id":7300000001,"user":{"name"}}""",
            """{"id":7300000001 "text":"x"}""",
            """{"id":7300000001,"user":{"name":"x" "screen_name":"y"}}""",
            """{"id":7300000001,"entities":{"hashtags":[{"text":"a"},]}}""",
            """{"id":7300000001,"entities":{"hashtags":[{"text":"a"}{"text":"b"}]}}""",
            """{"id":7300000001,"text":"abc""",
            """{"id":7300000001,"user":{"followers_count":1.}}""",
            """{"id":7300000001,"unknown":{"b"},"text":"x"}""",
            """{"id":7300000001,"user":{"name":"x"}""",
        ];
        foreach (string basePath in new[] { "/api", "/minimal" })
        {
            foreach (string body in bodies)
            {
                data.Add(basePath, body);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Bodies))]
    public async Task AMalformedBody_Is400_KeyedAsSystemTextJsonKeysIt(string basePath, string body)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(body);
        JsonException stj = await Assert.ThrowsAsync<JsonException>(async () =>
            await JsonSerializer.DeserializeAsync<Status>(new MemoryStream(bytes), JsonSerializerOptions.Web));

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", "application/json", Requests.Body(bytes, "application/json"));

        await HttpAssert.ValidationErrorAsync(stj.Path!, response);
        Assert.Null(factory.Store.GetStatus(7300000001));
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task ANumberTooLargeForItsMember_Is400_KeyedByItsPath_AndNothingIsStored(string basePath)
    {
        long id = basePath == "/api" ? 7300000002 : 7300000003;
        byte[] body = Encoding.UTF8.GetBytes("{\"id\":" + id + ",\"geo\":{\"type\":\"Point\",\"coordinates\":[1.5,1e309]}}");

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", "application/json", Requests.Body(body, "application/json"));

        string[] messages = await HttpAssert.ValidationErrorAsync("$.geo.coordinates[1]", response);
        Assert.Contains(messages, m => m.Contains("does not fit", StringComparison.Ordinal));
        Assert.Null(factory.Store.GetStatus(id));
    }
}
