using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.RequestBodies;

/// <summary>Lone surrogates and misplaced JMC1 comments through HTTP, on both stacks: a 400 with the path, and what goes out is always Unicode.</summary>
public sealed class HostileBodyTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task LoneSurrogateEscape_Answers400_KeyedByThePath(string basePath)
    {
        foreach (string text in new[] { "x\\ud800y", "\\udc00\\ud800", "\\ud800\\u0041" })
        {
            byte[] body = Encoding.UTF8.GetBytes($"{{\"id\":7200000001,\"text\":\"{text}\"}}");

            (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", "application/json", Requests.Body(body, "application/json"));

            string[] messages = await HttpAssert.ValidationErrorAsync("$.text", response);
            Assert.Contains(messages, m => m.Contains("surrogate", StringComparison.Ordinal));
        }

        Assert.Null(factory.Store.GetStatus(7200000001));
    }

    [Theory]
    [MemberData(nameof(Stacks.Bases), MemberType = typeof(Stacks))]
    public async Task LengthCommentBeforeANumber_Answers400_NamingTheOffset(string basePath)
    {
        byte[] body = Jmc1Oracle.Build("/*JMC1*/{\"id\":", 1, "7200000002}");

        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", "application/json", Requests.Body(body, "application/jsonc+jmc1"));

        string[] messages = await HttpAssert.ValidationErrorAsync("$.id", response);
        Assert.Contains(messages, m => m.Contains("length comment", StringComparison.Ordinal) && m.Contains("14", StringComparison.Ordinal));
        Assert.Null(factory.Store.GetStatus(7200000002));
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/jsonc+jmc1")]
    public async Task StoredLoneSurrogate_IsSentAsReplacementCharacter_ThatStjReads(string accept)
    {
        Status status = factory.CopyOfFirstStatus();
        status.id = 7200000003;
        status.text = "x\ud800y";
        factory.Store.UpsertStatus(status);

        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().SendAsync(HttpMethod.Get, "/minimal/statuses/7200000003", accept, null);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        byte[] json = accept == "application/json" ? body : Jmc1Oracle.StripComments(body);
        Assert.True(json.AsSpan().IndexOf("\"x\uFFFDy\""u8) >= 0, "U+FFFD as raw UTF-8 between x and y");
        Assert.Equal(-1, json.AsSpan().IndexOf("\\uD800"u8));
        using JsonDocument document = JsonDocument.Parse(json);
        Assert.Equal("x\uFFFDy", document.RootElement.GetProperty("text").GetString());
    }
}
