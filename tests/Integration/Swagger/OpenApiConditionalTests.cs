using System.Net;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Conditional;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Integration.Tests.PartialUpdates;
using static Jsonable.Integration.Tests.PartialUpdates.PatchBodies;

namespace Jsonable.Integration.Tests.Swagger;

/// <summary>
/// The sample's two documents say where entity tags work, and the server agrees: a GET documents <c>If-None-Match</c>
/// and a 304 (no body) exactly when sending back its <c>ETag</c> is answered 304, and every 2xx of those routes
/// (the members route included) declares the <c>ETag</c> header it sends.
/// </summary>
public sealed class OpenApiConditionalTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    public static TheoryData<string> DocumentUrls => new() { "/swagger/v1/swagger.json", "/openapi/v1.json" };

    [Theory]
    [MemberData(nameof(DocumentUrls))]
    public async Task IfNoneMatch_IsDocumented_ExactlyWhereTheServerAnswers304(string documentUrl)
    {
        HttpClient client = factory.CreateClient();
        JsonObject document = await GetDocumentAsync(client, documentUrl);
        long transform = (await PartialUpdateTests.CreateAsync(client, "/minimal")).Id;
        var routes = new Dictionary<string, string>
        {
            ["/api/transforms/{id}"] = $"/api/transforms/{transform}",
            ["/api/transforms/{id}/{member}"] = $"/api/transforms/{transform}/position",
            ["/minimal/transforms/{id}"] = $"/minimal/transforms/{transform}",
            ["/minimal/transforms/{id}/{member}"] = $"/minimal/transforms/{transform}/position",
            ["/minimal/transforms"] = "/minimal/transforms",
            ["/api/statuses/{id}"] = $"/api/statuses/{factory.FirstStatusId}",
            ["/minimal/statuses/{id}"] = $"/minimal/statuses/{factory.FirstStatusId}",
            ["/api/events/{id}"] = $"/api/events/{factory.FirstEventId}",
            ["/minimal/events/{id}"] = $"/minimal/events/{factory.FirstEventId}",
            ["/api/statuses"] = "/api/statuses?limit=2",
            ["/minimal/statuses"] = "/minimal/statuses?limit=2",
            ["/api/transforms"] = "/api/transforms",
            ["/stj/statuses/{id}"] = $"/stj/statuses/{factory.FirstStatusId}",
        };

        var disagreements = new List<string>();
        int documented = 0;
        foreach ((string template, string url) in routes)
        {
            JsonObject get = document["paths"]![template]!["get"]!.AsObject();
            bool documents = get["parameters"]?.AsArray().Any(p => p!["name"]!.GetValue<string>() == "If-None-Match" && p["in"]!.GetValue<string>() == "header") == true;
            bool answers304 = await Answers304Async(client, url);
            if (documents != answers304)
            {
                disagreements.Add($"GET {template}: document says If-None-Match {(documents ? "works" : "does nothing")}, the server {(answers304 ? "answers 304" : "does not")}");
            }

            if (documents)
            {
                documented++;
                JsonObject notModified = get["responses"]!["304"]!.AsObject();
                Assert.Null(notModified["content"]);
                Assert.NotNull(notModified["headers"]?["ETag"]);
                Assert.NotNull(get["responses"]!["200"]!["headers"]?["ETag"]);
                Assert.False(get["parameters"]!.AsArray().Single(p => p!["name"]!.GetValue<string>() == "If-None-Match")!["required"]?.GetValue<bool>() ?? false);
            }
            else
            {
                Assert.Null(get["responses"]!["304"]);
            }
        }

        Assert.True(disagreements.Count == 0, string.Join("\n", disagreements));
        Assert.True(documented >= 9 && routes.Count - documented >= 3, $"{documented} of {routes.Count} routes document If-None-Match");
    }

    [Theory]
    [MemberData(nameof(DocumentUrls))]
    public async Task EveryJsonable2xx_OfATaggedRoute_DeclaresItsETag(string documentUrl)
    {
        JsonObject document = await GetDocumentAsync(factory.CreateClient(), documentUrl);
        var missing = new List<string>();
        foreach ((string path, JsonNode? item) in document["paths"]!.AsObject())
        {
            // Every route of these groups and controller is tagged (WithJsonableETag() on the group, [JsonableETag] on the class).
            if (!path.StartsWith("/minimal/transforms", StringComparison.Ordinal) && !path.StartsWith("/api/transforms", StringComparison.Ordinal))
            {
                continue;
            }

            foreach ((string method, JsonNode? operation) in item!.AsObject())
            {
                foreach ((string status, JsonNode? response) in operation!["responses"]!.AsObject())
                {
                    // An event stream (the live feed) has no one entity to tag: its events carry the versions as ids.
                    bool eventStream = response!["content"]?["text/event-stream"] is not null;
                    if (status.StartsWith('2') && !eventStream && response["headers"]?["ETag"] is null)
                    {
                        missing.Add($"{method} {path} {status}");
                    }
                }
            }
        }

        Assert.True(missing.Count == 0, "no ETag header: " + string.Join(", ", missing));
        Assert.NotNull(document["paths"]!["/minimal/transforms/{id}/{member}"]!["get"]!["responses"]!["200"]!["headers"]!["ETag"]);
    }

    private static async Task<bool> Answers304Async(HttpClient client, string url)
    {
        (HttpResponseMessage first, _) = await client.GetAsync(url, JsonType);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, first);
        if (first.Headers.ETag is not { } tag)
        {
            return false;
        }

        (HttpResponseMessage second, byte[] body) = await ConditionalGetTests.SendConditionalAsync(client, HttpMethod.Get, url, JsonType, "If-None-Match", tag.ToString());
        Assert.True(second.StatusCode is HttpStatusCode.OK or HttpStatusCode.NotModified, $"GET {url} with If-None-Match: {(int)second.StatusCode}");
        Assert.True(second.StatusCode != HttpStatusCode.NotModified || body.Length == 0);
        return second.StatusCode == HttpStatusCode.NotModified;
    }

    private static async Task<JsonObject> GetDocumentAsync(HttpClient client, string url)
    {
        (HttpResponseMessage response, byte[] body) = await client.GetAsync(url, "application/json");
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return JsonNode.Parse(body)!.AsObject();
    }
}
