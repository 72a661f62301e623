using System.Net;
using System.Text;
using Jsonable.Integration.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.Streams;

/// <summary>
/// The sample's status stream as JSON Lines from both stacks (MVC through its JSON Lines formatter, minimal APIs through
/// <c>JsonableResults.Ok</c>): the same lines, one status each, equal as data to System.Text.Json's statuses.
/// </summary>
public sealed class StackJsonLinesTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [InlineData("/api")]
    [InlineData("/minimal")]
    public async Task StatusStream_AcceptJsonLines_IsOneStatusPerLine(string basePath)
    {
        HttpClient client = factory.CreateClient();
        (HttpResponseMessage stj, byte[] expected) = await client.GetAsync("/stj/statuses?limit=3", "application/json");
        await HttpAssert.StatusAsync(HttpStatusCode.OK, stj);

        (HttpResponseMessage response, byte[] body) = await client.GetAsync($"{basePath}/statuses/stream?count=3", "application/jsonl");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal("application/jsonl", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("Accept", response.Headers.Vary);
        string[] lines = Encoding.UTF8.GetString(body).Split('\n');
        Assert.Equal(4, lines.Length); // three lines, each ending in \n
        Assert.Equal(string.Empty, lines[3]);
        JsonData.AssertEqual(expected, Encoding.UTF8.GetBytes("[" + string.Join(",", lines[..3]) + "]"));
    }

    [Theory]
    [InlineData("/api")]
    [InlineData("/minimal")]
    public async Task StatusStream_AcceptJson_IsStillTheArray(string basePath)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync($"{basePath}/statuses/stream?count=3", "application/json");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal((byte)'[', body[0]);
    }
}
