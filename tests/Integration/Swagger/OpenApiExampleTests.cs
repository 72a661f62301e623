using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Swagger;

/// <summary>
/// Both OpenAPI documents the sample serves (Swashbuckle's, which Swagger UI reads, and Microsoft.AspNetCore.OpenApi's):
/// the second one as a snapshot, and every request example in either, posted as it is in every media type the
/// operation lists, is accepted (2xx) and comes back equal as data.
/// </summary>
/// <remarks>
/// A JMC1 example is the same data as the JSON one (OpenAPI has no way to hold JMC1's binary length comments), so
/// it is posted as what a JMC1 client sends for that data: the JSON example read by the operation's generated reader
/// (the body type ApiExplorer reports for the operation) and written by the generated JMC1 writer. Swagger UI does the
/// equivalent in the browser (its Jsonable plugin writes the example as JMC1 bytes before sending).
/// </remarks>
public sealed class OpenApiExampleTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    public static TheoryData<string> DocumentUrls => new() { "/swagger/v1/swagger.json", "/openapi/v1.json" };

    [Fact]
    public async Task OpenApiJson_Normalised_MatchesTheSnapshot() =>
        DocumentSnapshot.AssertMatches(await GetDocumentAsync("/openapi/v1.json"), "openapi.json");

    [Theory]
    [MemberData(nameof(DocumentUrls))]
    public async Task EveryRequestExample_PostedAsIsInEachListedMediaType_IsAcceptedAndComesBackEqual(string documentUrl)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);
        HttpClient client = factory.CreateClient();
        var tried = new List<string>();
        var failures = new List<string>();

        foreach ((string path, JsonNode? operations) in document["paths"]!.AsObject())
        {
            foreach ((string method, JsonNode? operation) in operations!.AsObject())
            {
                if (operation?["requestBody"]?["content"] is not JsonObject content)
                {
                    continue;
                }

                foreach ((string mediaType, JsonNode? media) in content)
                {
                    string where = $"{method.ToUpperInvariant()} {path} as {mediaType} ({documentUrl})";
                    if (media?["example"] is not JsonNode example)
                    {
                        // Jsonable bodies (those listing JMC1) must propose an example; a body of any JSON (the raw
                        // echo's JsonElement) proposes none, and there is nothing to post.
                        if (content.ContainsKey("application/jsonc+jmc1"))
                        {
                            failures.Add($"{where}: no example");
                        }

                        continue;
                    }

                    byte[] exampleJson = Encoding.UTF8.GetBytes(example.ToJsonString());

                    // The sample's PATCH routes refuse a patch naming the resource's identity ([Editable(false)]), even with
                    // its current value: send the example without it; the answer is still compared with the whole example.
                    byte[] sent = method == "patch" ? WithoutIdentity(example) : exampleJson;
                    byte[] body;
                    try
                    {
                        body = mediaType switch
                        {
                            "application/json" or "application/merge-patch+json" => sent,
                            "application/jsonc+jmc1" when method == "patch" => Jmc1Oracle.FromJson(sent), // the typed writer would write the id back
                            "application/jsonc+jmc1" => AsJmc1(sent, RequestBodyType(method, path)),
                            "application/jsonl" or "application/x-ndjson" => AsJsonLines(example),
                            _ => throw new NotSupportedException("a media type this test does not know how to send"),
                        };
                    }
                    catch (Exception e) when (e is JsonableException or NotSupportedException or InvalidOperationException)
                    {
                        failures.Add($"{where}: the example cannot be sent in this media type: {e.Message}");
                        continue;
                    }

                    // A patch changes a resource that exists (its example names no id); other bodies carry their own ids.
                    string url = content.ContainsKey("application/merge-patch+json")
                        ? path.Replace("{id}", (path.Contains("/statuses/", StringComparison.Ordinal) ? factory.FirstStatusId : 1).ToString(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal)
                        : FillRoute(path, example);
                    using var request = new HttpRequestMessage(new HttpMethod(method.ToUpperInvariant()), url) { Content = new ByteArrayContent(body) };
                    request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse(mediaType);
                    request.Headers.Accept.ParseAdd("application/json");
                    using HttpResponseMessage response = await client.SendAsync(request);
                    byte[] answer = await response.Content.ReadAsByteArrayAsync();
                    tried.Add($"{method.ToUpperInvariant()} {path} {mediaType}");

                    if (!response.IsSuccessStatusCode)
                    {
                        failures.Add($"{where}: {(int)response.StatusCode} {Encoding.UTF8.GetString(answer)}");
                    }
                    else if (content.ContainsKey("application/jsonl"))
                    {
                        // A streamed upload answers with what it ingested: every item of the example, one at a time.
                        long count = JsonNode.Parse(answer)!["count"]!.GetValue<long>();
                        if (count != example.AsArray().Count)
                        {
                            failures.Add($"{where}: accepted {count} items of the example's {example.AsArray().Count}");
                        }
                    }
                    else if (content.ContainsKey("application/merge-patch+json"))
                    {
                        // A patch changes the members it names and answers with the whole resource: those members are in it as sent.
                        JsonObject resource = JsonNode.Parse(answer)!.AsObject();
                        foreach ((string member, JsonNode? value) in example.AsObject())
                        {
                            if (!JsonNode.DeepEquals(value, resource[member]))
                            {
                                failures.Add($"{where}: accepted, but {member} is {resource[member]?.ToJsonString() ?? "null"}, not {value?.ToJsonString()}");
                            }
                        }
                    }
                    else if (JsonData.FirstDifference(exampleJson, WithoutNullsTheExampleLeftOut(WithExampleIdIfServerAssigned(answer, example, response), example)) is { } difference)
                    {
                        failures.Add($"{where}: accepted, but what came back differs from the example: {difference}");
                    }
                }
            }
        }

        Assert.True(failures.Count == 0, string.Join("\n", failures));

        // The operations the issue was about are among them, in both formats, MVC and minimal.
        foreach (string expected in new[]
        {
            "POST /api/statuses/stream application/jsonc+jmc1", "POST /minimal/statuses/stream application/jsonl",
            "POST /api/statuses application/json", "POST /api/statuses application/jsonc+jmc1",
            "POST /minimal/statuses application/json", "POST /minimal/statuses application/jsonc+jmc1",
            "PUT /api/events/{id} application/jsonc+jmc1", "POST /minimal/twitter/echo application/jsonc+jmc1",
        })
        {
            Assert.Contains(expected, tried);
        }
    }

    /// <summary>The example array as JSON Lines: one item per line.</summary>
    private static byte[] AsJsonLines(JsonNode example) =>
        Encoding.UTF8.GetBytes(string.Concat(example.AsArray().Select(item => item!.ToJsonString() + "\n")));

    /// <summary>
    /// A server that assigns the id of a new resource (201 whose Location ends with that id) answers with its id, not the
    /// example's placeholder: compare the rest. Any other difference in <c>id</c> still fails.
    /// </summary>
    private static byte[] WithExampleIdIfServerAssigned(byte[] answer, JsonNode example, HttpResponseMessage response)
    {
        if (response.StatusCode != HttpStatusCode.Created || response.Headers.Location is not { } location
            || JsonNode.Parse(answer) is not JsonObject answered || answered["id"] is not JsonValue assigned
            || example["id"] is not JsonValue placeholder
            || !location.OriginalString.EndsWith("/" + assigned.ToJsonString(), StringComparison.Ordinal))
        {
            return answer;
        }

        answered["id"] = placeholder.DeepClone();
        return Encoding.UTF8.GetBytes(answered.ToJsonString());
    }

    /// <summary>The example leaves out members holding a nullable object, which the server answers as <c>null</c>.</summary>
    private static byte[] WithoutNullsTheExampleLeftOut(byte[] answer, JsonNode example)
    {
        JsonNode? answered = JsonNode.Parse(answer);
        Prune(answered, example);
        return Encoding.UTF8.GetBytes(answered?.ToJsonString() ?? "null");

        static void Prune(JsonNode? node, JsonNode? sample)
        {
            if (node is JsonObject obj && sample is JsonObject expected)
            {
                foreach (string name in obj.Where(p => p.Value is null && !expected.ContainsKey(p.Key)).Select(p => p.Key).ToList())
                {
                    obj.Remove(name);
                }

                foreach ((string name, JsonNode? value) in obj)
                {
                    Prune(value, expected[name]);
                }
            }
            else if (node is JsonArray array && sample is JsonArray items)
            {
                for (int i = 0; i < Math.Min(array.Count, items.Count); i++)
                {
                    Prune(array[i], items[i]);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(DocumentUrls))]
    public async Task StatusExample_SelfReference_IsLeftOutAndNullableInTheSchema(string documentUrl)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);

        JsonNode example = document["paths"]!["/api/statuses"]!["post"]!["requestBody"]!["content"]!["application/json"]!["example"]!;
        JsonNode schema = document["components"]!["schemas"]!["Status"]!["properties"]!["retweeted_status"]!;

        // null would be invalid in 3.0 (the nullable allOf wrapper's reference rejects it), and leaving it out ends the recursion too.
        Assert.False(example.AsObject().ContainsKey("retweeted_status"));
        Assert.True(example.AsObject().ContainsKey("id_str"), "the example is missing plain members too: " + example.ToJsonString());
        string text = schema.ToJsonString();
        Assert.True(text.Contains("\"nullable\":true", StringComparison.Ordinal) || text.Contains("\"null\"", StringComparison.Ordinal), "retweeted_status is not nullable: " + text);
    }

    [Theory]
    [InlineData("/swagger/v1/swagger.json", "/api/statuses/{id}")]
    [InlineData("/swagger/v1/swagger.json", "/minimal/statuses/{id}")]
    [InlineData("/openapi/v1.json", "/api/statuses/{id}")]
    [InlineData("/openapi/v1.json", "/minimal/statuses/{id}")]
    public async Task JsonableGet_ListsExactlyWhatCanBeProduced_AndTheProblemStatuses(string documentUrl, string path)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);
        JsonObject responses = document["paths"]![path]!["get"]!["responses"]!.AsObject();

        Assert.Equal(["application/json", "application/jsonc+jmc1"], responses["200"]!["content"]!.AsObject().Select(c => c.Key).Order(StringComparer.Ordinal));
        Assert.Equal("JMC1", responses["200"]!["content"]!["application/jsonc+jmc1"]!["x-jsonable-format"]!.GetValue<string>());
        Assert.Contains("docs/jmc1.md", document["info"]!["description"]!.GetValue<string>(), StringComparison.Ordinal);
        foreach (string status in new[] { "404", "406" })
        {
            Assert.True(responses.ContainsKey(status), $"{path} does not document {status}");
            Assert.Equal(["application/problem+json"], responses[status]!["content"]!.AsObject().Select(c => c.Key));
        }
    }

    [Theory]
    [InlineData("/swagger/v1/swagger.json", "/api/statuses")]
    [InlineData("/swagger/v1/swagger.json", "/minimal/statuses")]
    [InlineData("/openapi/v1.json", "/api/statuses")]
    [InlineData("/openapi/v1.json", "/minimal/statuses")]
    public async Task JsonablePost_Documents201WithLocation_AndEveryProblemItReturns(string documentUrl, string path)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);
        JsonObject operation = document["paths"]![path]!["post"]!.AsObject();
        JsonObject responses = operation["responses"]!.AsObject();

        Assert.False(responses.ContainsKey("200"), $"{path} documents a 200 it never returns");
        Assert.True(responses["201"]?["headers"]?["Location"] is not null, $"{path}: 201 without Location");
        foreach (string status in new[] { "400", "406", "413", "415" })
        {
            Assert.True(responses.ContainsKey(status), $"{path} does not document {status}");
            Assert.Equal(["application/problem+json"], responses[status]!["content"]!.AsObject().Select(c => c.Key));
        }

        Assert.Equal(["application/json", "application/jsonc+jmc1"], operation["requestBody"]!["content"]!.AsObject().Select(c => c.Key).Order(StringComparer.Ordinal));
        Assert.False(string.IsNullOrEmpty(operation["summary"]?.GetValue<string>()), $"{path} has no summary");
    }

    [Theory]
    [InlineData("/swagger/v1/swagger.json")]
    [InlineData("/openapi/v1.json")]
    public async Task Baselines_AreDocumentedWithTheirSchema_AndWithoutJmc1(string documentUrl)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);

        foreach (string path in new[] { "/stj/statuses/{id}", "/raw/statuses/{id}" })
        {
            JsonObject responses = document["paths"]![path]!["get"]!["responses"]!.AsObject();
            JsonObject ok = responses["200"]!["content"]!.AsObject();
            Assert.Equal(["application/json"], ok.Select(c => c.Key));
            Assert.EndsWith("/Status", ok["application/json"]!["schema"]!["$ref"]!.GetValue<string>(), StringComparison.Ordinal);
            Assert.True(responses.ContainsKey("404"), $"{path} does not document 404");
        }
    }

    [Theory]
    [InlineData("/swagger/v1/swagger.json")]
    [InlineData("/openapi/v1.json")]
    public async Task Tags_NameMvcMinimalStjAndPreSerialized(string documentUrl)
    {
        JsonObject document = await GetDocumentAsync(documentUrl);
        string TagOf(string path) => document["paths"]![path]!["get"]!["tags"]![0]!.GetValue<string>();

        Assert.StartsWith("MVC", TagOf("/api/statuses"), StringComparison.Ordinal);
        Assert.StartsWith("Minimal API", TagOf("/minimal/statuses"), StringComparison.Ordinal);
        Assert.Contains("System.Text.Json", TagOf("/stj/statuses"), StringComparison.Ordinal);
        Assert.Contains("pre-serialized", TagOf("/raw/statuses"), StringComparison.Ordinal);
    }

    private async Task<JsonObject> GetDocumentAsync(string url)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync(url, "application/json");
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return JsonNode.Parse(body)!.AsObject();
    }

    /// <summary>The body type ApiExplorer reports for the operation (what the endpoint's Jsonable reader reads).</summary>
    private Type RequestBodyType(string method, string path)
    {
        ApiDescription description = factory.Services.GetRequiredService<IApiDescriptionGroupCollectionProvider>().ApiDescriptionGroups.Items
            .SelectMany(g => g.Items)
            .Single(d => string.Equals(d.HttpMethod, method, StringComparison.OrdinalIgnoreCase)
                && "/" + System.Text.RegularExpressions.Regex.Replace(d.RelativePath ?? "", @"\{(\w+)[^}]*\}", "{$1}") == path);
        Type type = description.ParameterDescriptions.Single(p => p.Source == Microsoft.AspNetCore.Mvc.ModelBinding.BindingSource.Body).Type;

        // A body read item by item (IAsyncEnumerable<T>) is written here as the array it is on the wire.
        return type.IsConstructedGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>)
            ? typeof(List<>).MakeGenericType(type.GenericTypeArguments)
            : type;
    }

    private static byte[] AsJmc1(byte[] json, Type type) =>
        JsonableSerializer.SerializeToUtf8Bytes(JsonableSerializer.Deserialize(json, type, JsonableFormat.Json), type, JsonableFormat.Jmc1);

    /// <summary>The path with each <c>{name}</c> taken from the example's member of that name (so a PUT's ids agree).</summary>
    private static byte[] WithoutIdentity(JsonNode example)
    {
        JsonObject patch = example.DeepClone().AsObject();
        patch.Remove("id");
        patch.Remove("id_str");
        return Encoding.UTF8.GetBytes(patch.ToJsonString());
    }

    private static string FillRoute(string path, JsonNode example) =>
        System.Text.RegularExpressions.Regex.Replace(path, @"\{(\w+)\}", m => example[m.Groups[1].Value]?.ToJsonString().Trim('"') ?? "1");
}
