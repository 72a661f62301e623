using System.Net;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Mvc.Testing;

namespace Jsonable.Integration.Swashbuckle11.Tests;

/// <summary>
/// Swashbuckle 11 (Microsoft.OpenApi 3.x) with Jsonable.AspNetCore.Swashbuckle11 describes the sample exactly as
/// Swashbuckle 10 with Jsonable.AspNetCore.Swashbuckle does: the whole document equals Swashbuckle 10's checked-in
/// snapshot (tests/Integration/Snapshots/swagger.json: both media types, real statuses, merge-patch and shared problem
/// schemas, examples), the title aside. Its OpenAPI 3.1 form (swagger-3.1.json, Swashbuckle's opt-in) uses 3.1's forms.
/// </summary>
public sealed class Swashbuckle11Tests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    [Fact]
    public async Task The_document_equals_Swashbuckle_10_s()
    {
        JsonObject document = await GetDocumentAsync(factory);
        Assert.StartsWith("3.0", document["openapi"]!.GetValue<string>(), StringComparison.Ordinal);
        document["info"]!["title"] = "Jsonable.Samples.WebApi"; // the assembly's name

        JsonNode expected = JsonNode.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Snapshots", "swagger.json")))!;
        string[] differences = Differences(expected, document, "$").Take(20).ToArray();
        Assert.True(differences.Length == 0, "Swashbuckle 11's document differs from Swashbuckle 10's:\n" + string.Join("\n", differences));
    }

    [Fact]
    public async Task Swagger_UI_carries_the_JMC1_plugin()
    {
        using HttpClient client = factory.CreateClient();
        using HttpResponseMessage page = await client.GetAsync("/swagger/index.html");
        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
        // The script in the page; the plugin and interceptors in the configuration the page's index.js passes to Swagger UI.
        Assert.Contains("JsonableSwaggerUI", await page.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        string config = await client.GetStringAsync("/swagger/index.js");
        Assert.Contains("JsonableSwaggerUI.plugin", config, StringComparison.Ordinal);
        Assert.Contains("JsonableSwaggerUI.responseInterceptor", config, StringComparison.Ordinal);
    }

    [Fact]
    public async Task As_OpenAPI_3_1_nullability_is_a_type_array_and_request_bodies_keep_their_examples()
    {
        JsonObject document = await GetDocumentAsync(factory, "/swagger/v1/swagger-3.1.json");
        string text = document.ToJsonString();

        Assert.StartsWith("3.1", document["openapi"]!.GetValue<string>(), StringComparison.Ordinal);
        Assert.DoesNotContain("\"nullable\"", text, StringComparison.Ordinal);
        // A nullable list in the Twitter data: null is one of its types.
        JsonNode coordinates = document["components"]!["schemas"]!["BoundingBox"]!["properties"]!["coordinates"]!;
        Assert.Equal(["null", "array"], coordinates["type"]!.AsArray().Select(t => t!.GetValue<string>()));

        JsonObject content = document["paths"]!["/api/statuses"]!["post"]!["requestBody"]!["content"]!.AsObject();
        Assert.Equal(["application/json", "application/jsonc+jmc1"], content.Select(c => c.Key).Order(StringComparer.Ordinal));
        Assert.All(content, c => Assert.NotNull(c.Value!["example"]));
    }

    private static async Task<JsonObject> GetDocumentAsync<T>(WebApplicationFactory<T> host, string path = "/swagger/v1/swagger.json")
        where T : class
    {
        using HttpClient client = host.CreateClient();
        using HttpResponseMessage response = await client.GetAsync(path);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        return JsonNode.Parse(await response.Content.ReadAsStringAsync())!.AsObject();
    }

    private static IEnumerable<string> Differences(JsonNode? expected, JsonNode? actual, string path)
    {
        switch (expected, actual)
        {
            case (JsonObject e, JsonObject a):
                foreach (string key in e.Select(p => p.Key).Union(a.Select(p => p.Key)).Order(StringComparer.Ordinal))
                {
                    if (!a.ContainsKey(key))
                    {
                        yield return $"{path}.{key}: only in Swashbuckle 10's";
                    }
                    else if (!e.ContainsKey(key))
                    {
                        yield return $"{path}.{key}: only in Swashbuckle 11's: {a[key]?.ToJsonString()}";
                    }
                    else
                    {
                        foreach (string difference in Differences(e[key], a[key], $"{path}.{key}"))
                        {
                            yield return difference;
                        }
                    }
                }

                break;
            case (JsonArray e, JsonArray a) when e.Count == a.Count:
                for (int i = 0; i < e.Count; i++)
                {
                    foreach (string difference in Differences(e[i], a[i], $"{path}[{i}]"))
                    {
                        yield return difference;
                    }
                }

                break;
            default:
                if (!JsonNode.DeepEquals(expected, actual))
                {
                    yield return $"{path}: {expected?.ToJsonString()} (10) but {actual?.ToJsonString()} (11)";
                }

                break;
        }
    }
}
