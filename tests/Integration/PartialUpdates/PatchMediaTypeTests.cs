using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;
using static Jsonable.Integration.Tests.PartialUpdates.PatchBodies;

namespace Jsonable.Integration.Tests.PartialUpdates;

/// <summary>
/// The media types of a PATCH: merge patch, JSON and JMC1 are read; an RFC 6902 JSON Patch (or any other type) is a
/// 415 listing those, with <c>Accept-Patch</c>; and MVC and minimal APIs answer a bad patch with the same problem.
/// </summary>
public sealed class PatchMediaTypeTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private const string AcceptPatch = "application/merge-patch+json, application/json, application/jsonc+jmc1";

    [Theory]
    [InlineData("/api", "application/json-patch+json", """{"name":"x"}""")]
    [InlineData("/minimal", "application/json-patch+json", """{"name":"x"}""")]
    [InlineData("/api", "application/json-patch+json", """[{"op":"replace","path":"/name","value":"x"}]""")]
    [InlineData("/minimal", "application/json-patch+json", """[{"op":"replace","path":"/name","value":"x"}]""")]
    [InlineData("/api", "application/vnd.example+json", """{"name":"x"}""")]
    [InlineData("/minimal", "application/vnd.example+json", """{"name":"x"}""")]
    [InlineData("/api", "text/json", """{"name":"x"}""")]
    [InlineData("/minimal", "text/json", """{"name":"x"}""")]
    [InlineData("/api", "text/plain", """{"name":"x"}""")]
    [InlineData("/minimal", "text/plain", """{"name":"x"}""")]
    [InlineData("/api", "application/merge-patch+json; charset=iso-8859-1", """{"name":"x"}""")]
    [InlineData("/minimal", "application/merge-patch+json; charset=iso-8859-1", """{"name":"x"}""")]
    public async Task Patch_InAnotherMediaType_Is415ListingTheAcceptedOnes_AndChangesNothing(string basePath, string contentType, string body)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await PartialUpdateTests.CreateAsync(client, basePath);
        byte[] before = await PartialUpdateTests.GetBytesAsync(client, basePath, id);

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Patch, $"{basePath}/transforms/{id}", JsonType, Requests.Body(Encoding.UTF8.GetBytes(body), contentType));

        JsonElement problem = await HttpAssert.ProblemAsync(HttpStatusCode.UnsupportedMediaType, response);
        string detail = problem.GetProperty("detail").GetString()!;
        Assert.Contains(contentType, detail, StringComparison.Ordinal);
        Assert.Contains(AcceptPatch, detail, StringComparison.Ordinal);
        Assert.Equal(AcceptPatch, string.Join(", ", response.Headers.GetValues("Accept-Patch")));
        Assert.Equal(before, await PartialUpdateTests.GetBytesAsync(client, basePath, id));
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task Patch_Answered_CarriesAcceptPatch(string basePath, string format)
    {
        HttpClient client = factory.CreateClient();
        (long id, _) = await PartialUpdateTests.CreateAsync(client, basePath);

        (HttpResponseMessage response, _) = await client.SendAsync(HttpMethod.Patch, $"{basePath}/transforms/{id}", Accept(format), Requests.Body(Encode("""{"name":"accept-patch"}""", format), ContentType(format)));

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal(AcceptPatch, string.Join(", ", response.Headers.GetValues("Accept-Patch")));
    }

    [Theory]
    [InlineData("json")]
    [InlineData("jmc1")]
    public async Task Patch_Malformed_IsTheSameProblemOnBothStacks(string format)
    {
        HttpClient client = factory.CreateClient();
        var answers = new List<(string MediaType, string Errors)>();
        foreach (string basePath in new[] { "/api", "/minimal" })
        {
            (long id, _) = await PartialUpdateTests.CreateAsync(client, basePath);
            (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Patch, $"{basePath}/transforms/{id}", Accept(format), Requests.Body(Encode("""{"name":"x","payload":{"mass":"heavy"}}""", format), ContentType(format)));

            await HttpAssert.ValidationErrorAsync("$.payload.mass", response);
            using JsonDocument problem = JsonDocument.Parse(body);
            answers.Add((response.Content.Headers.ContentType!.ToString(), System.Text.Json.Nodes.JsonNode.Parse(problem.RootElement.GetProperty("errors").GetRawText())!.ToJsonString()));
        }

        Assert.Equal(answers[0], answers[1]);
        Assert.DoesNotContain("\"patch\"", answers[0].Errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Patch_Empty_IsOneErrorUnderTheEmptyKey_OnBothStacks()
    {
        HttpClient client = factory.CreateClient();
        foreach (string basePath in new[] { "/api", "/minimal" })
        {
            (long id, _) = await PartialUpdateTests.CreateAsync(client, basePath);

            (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Patch, $"{basePath}/transforms/{id}", JsonType, Requests.Body([], "application/merge-patch+json"));

            await HttpAssert.StatusAsync(HttpStatusCode.BadRequest, response);
            using JsonDocument problem = JsonDocument.Parse(body);
            Assert.Equal("""{"":["A non-empty request body is required."]}""", problem.RootElement.GetProperty("errors").GetRawText());
            Assert.Equal(AcceptPatch, string.Join(", ", response.Headers.GetValues("Accept-Patch")));
        }
    }
}
