using System.Net;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// Enum names at System.Text.Json's edges, in an app with and without Jsonable (<see cref="EnumEscapingApp"/>; MVC,
/// <c>TypedResults</c>, <c>JsonableResults</c>):
/// <list type="bullet">
/// <item>escaping: under each encoder and layout, an enum name is escaped in a response exactly as a string holding the
/// same text in the same response — by each app — so where Jsonable's strings are STJ's bytes its enum names are too,
/// and the data is always the same; STJ's escaped names are read back as the same values;</item>
/// <item>a global converter whose naming policy makes a name STJ refuses fails both apps alike, with the same
/// exception, writing and reading, instead of Jsonable writing the name (or answering 400 for a server's mistake).</item>
/// </list>
/// </summary>
public sealed class EnumNameEdgeParityTests
{
    public static TheoryData<string, bool> Layouts() => new()
    {
        { "ASP.NET Core's default (relaxed)", false },
        { "ASP.NET Core's default (relaxed)", true },
        { "JavaScriptEncoder.Default", false },
        { "JavaScriptEncoder.Default", true },
    };

    [Theory]
    [MemberData(nameof(Layouts))]
    public async Task EnumNames_EscapedAsStringsOfTheSameText_DataAsStj(string encoder, bool indented)
    {
        Action<JsonSerializerOptions> configure = o =>
        {
            o.Converters.Add(new JsonStringEnumConverter(new PrefixPolicy()));
            o.WriteIndented = indented;
            if (encoder == "JavaScriptEncoder.Default")
            {
                o.Encoder = JavaScriptEncoder.Default;
            }
        };
        await using WebApplication stjApp = await EnumEscapingApp.StartAsync(ParityFlavour.SystemTextJson, configure);
        await using WebApplication jsonableApp = await EnumEscapingApp.StartAsync(ParityFlavour.Jsonable, configure);
        using HttpClient stj = stjApp.GetTestClient();
        using HttpClient jsonable = jsonableApp.GetTestClient();

        var notStjBytes = new List<string>();
        int escaped = 0;
        foreach (string path in EnumEscapingApp.Paths)
        {
            foreach (LabelName value in Enum.GetValues<LabelName>())
            {
                string uri = $"/enum-edges/{path}/{value}";
                string stjBody = await GetAsync(stj, uri);
                string jsonableBody = await GetAsync(jsonable, uri);
                Assert.True(JsonNode.DeepEquals(JsonNode.Parse(stjBody), JsonNode.Parse(jsonableBody)), $"{uri}: the data differ\nSTJ:      {stjBody}\nJsonable: {jsonableBody}");
                AssertEnumsEscapedAsStrings(stjBody, $"{uri}, STJ");
                AssertEnumsEscapedAsStrings(jsonableBody, $"{uri}, Jsonable");
                if (stjBody != jsonableBody)
                {
                    notStjBytes.Add($"{uri}\n  STJ:      {stjBody}\n  Jsonable: {jsonableBody}");
                }

                escaped += stjBody == jsonableBody && jsonableBody.Contains("\\u", StringComparison.Ordinal) ? 1 : 0;
            }
        }

        // Where Jsonable's strings are STJ's bytes — System.Text.Json's own paths (TypedResults) and every indented
        // response — its enum names, escaped like those strings, are STJ's bytes too, escapes included.
        Assert.True(
            notStjBytes.All(d => !d.StartsWith("/enum-edges/min/", StringComparison.Ordinal)) && (!indented || notStjBytes.Count == 0),
            "not STJ's bytes:\n" + string.Join("\n", notStjBytes));
        Assert.True(escaped >= (encoder == "JavaScriptEncoder.Default" ? Enum.GetValues<LabelName>().Length : 1), $"only {escaped} responses equal to STJ's held an escape");
    }

    [Theory]
    [InlineData("JavaScriptEncoder.Default")]
    [InlineData("JavaScriptEncoder.UnsafeRelaxedJsonEscaping")]
    public async Task StjEscapedNames_PostedToBothApps_ReadAsTheSameValues(string clientEncoder)
    {
        Action<JsonSerializerOptions> configure = o => o.Converters.Add(new JsonStringEnumConverter(new PrefixPolicy()));
        await using WebApplication stjApp = await EnumEscapingApp.StartAsync(ParityFlavour.SystemTextJson, configure);
        await using WebApplication jsonableApp = await EnumEscapingApp.StartAsync(ParityFlavour.Jsonable, configure);
        using HttpClient stj = stjApp.GetTestClient();
        using HttpClient jsonable = jsonableApp.GetTestClient();
        var client = new JsonSerializerOptions(JsonSerializerDefaults.Web)
        {
            Encoder = clientEncoder == "JavaScriptEncoder.Default" ? JavaScriptEncoder.Default : JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
            Converters = { new JsonStringEnumConverter(new PrefixPolicy()) },
        };

        foreach (string path in EnumEscapingApp.Paths)
        {
            foreach (LabelName value in Enum.GetValues<LabelName>())
            {
                // What an STJ client sends: every name escaped by its encoder ("caf\u00E9", "\uD83D\uDE00", "\u00E9\u003CPlain").
                string body = JsonSerializer.Serialize(EscapedLabel.For(value), client);
                Assert.True(clientEncoder != "JavaScriptEncoder.Default" || body.Contains("\\u", StringComparison.Ordinal), body);
                string uri = $"/enum-edges/{path}";
                string stjBody = await PostAsync(stj, uri, body);
                string jsonableBody = await PostAsync(jsonable, uri, body);
                Assert.True(JsonNode.DeepEquals(JsonNode.Parse(stjBody), JsonNode.Parse(jsonableBody)), $"{uri} {body}: the data differ\nSTJ:      {stjBody}\nJsonable: {jsonableBody}");
                EscapedLabel echoed = JsonSerializer.Deserialize<EscapedLabel>(jsonableBody, client)!;
                Assert.Equal(value, echoed.ByAttribute);
                Assert.Equal(value, echoed.ByApp);
                Assert.Equal(value, Assert.Single(echoed.Counts).Key);
            }
        }
    }

    [Theory]
    [InlineData("leading space")]
    [InlineData("empty")]
    public async Task PolicyMakingANameStjRefuses_BothAppsFailAlike(string policy)
    {
        // STJ refuses the enum when it makes its converter, whatever the value; Jsonable when it first names the enum.
        JsonNamingPolicy refusing = policy == "empty" ? new FixedPolicy(string.Empty) : new FixedPolicy(" unnamed");
        Action<JsonSerializerOptions> configure = o => o.Converters.Add(new JsonStringEnumConverter(refusing));

        // Without Jsonable, minimal APIs make the contract of a body parameter's type when the app starts: it fails there.
        Exception? refused = await Record.ExceptionAsync(async () => await (await EnumEscapingApp.StartAsync(ParityFlavour.SystemTextJson, configure)).DisposeAsync());
        Assert.IsType<InvalidOperationException>(refused);
        string stjRefusal = $"InvalidOperationException: {refused.Message}";
        Assert.StartsWith("InvalidOperationException: Enum type 'LabelName' uses unsupported identifier", stjRefusal, StringComparison.Ordinal);

        await using WebApplication stjApp = await EnumEscapingApp.StartAsync(ParityFlavour.SystemTextJson, configure, minimalBodies: false);
        await using WebApplication jsonableApp = await EnumEscapingApp.StartAsync(ParityFlavour.Jsonable, configure);
        using HttpClient stj = stjApp.GetTestClient();
        using HttpClient jsonable = jsonableApp.GetTestClient();

        string body = JsonSerializer.Serialize(EscapedLabel.For(LabelName.Cafe), new JsonSerializerOptions(JsonSerializerDefaults.Web) { Converters = { new JsonStringEnumConverter() } });
        foreach (string path in EnumEscapingApp.Paths)
        {
            // Writing, and MVC reading: the same exception from both, at the first request (not a 400: the server is wrong).
            Assert.Equal(stjRefusal, await OutcomeAsync(stj, "GET", $"/enum-edges/{path}/Cafe", body));
            Assert.Equal(stjRefusal, await OutcomeAsync(jsonable, "GET", $"/enum-edges/{path}/Cafe", body));
            if (path == "mvc")
            {
                Assert.Equal(stjRefusal, await OutcomeAsync(stj, "POST", $"/enum-edges/{path}", body));
            }

            // Minimal APIs reading: the exception STJ's app fails to start with, at the first request.
            Assert.Equal(stjRefusal, await OutcomeAsync(jsonable, "POST", $"/enum-edges/{path}", body));
        }
    }

    /// <summary>
    /// In one response: each enum name's bytes (escapes and all) are those of the string member holding the same text —
    /// the value by the member's attribute, the value and the dictionary key by the app's converter.
    /// </summary>
    private static void AssertEnumsEscapedAsStrings(string body, string what)
    {
        using JsonDocument document = JsonDocument.Parse(body);
        JsonElement root = document.RootElement;
        Assert.True(Raw(root, "declaredText") == Raw(root, "byAttribute"), $"{what}: {body}");
        Assert.True(Raw(root, "appText") == Raw(root, "byApp"), $"{what}: {body}");
        Assert.True(RawKey(body, "textCounts") == RawKey(body, "counts"), $"{what}: {body}");
    }

    private static string Raw(JsonElement root, string member) => root.GetProperty(member).GetRawText();

    /// <summary>The first key of a dictionary member as written (escapes and all).</summary>
    private static string RawKey(string body, string member)
    {
        var reader = new Utf8JsonReader(Encoding.UTF8.GetBytes(body));
        while (reader.Read())
        {
            if (reader.TokenType == JsonTokenType.PropertyName && reader.CurrentDepth == 1 && reader.ValueTextEquals(member))
            {
                reader.Read();
                reader.Read();
                return Encoding.UTF8.GetString(reader.ValueSpan);
            }
        }

        throw new InvalidOperationException($"no {member} in {body}");
    }

    private static async Task<string> GetAsync(HttpClient client, string uri)
    {
        using HttpResponseMessage response = await client.GetAsync(uri);
        string body = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.OK, $"GET {uri}: {(int)response.StatusCode} {body}");
        return body;
    }

    private static async Task<string> PostAsync(HttpClient client, string uri, string json)
    {
        using var content = new StringContent(json, Encoding.UTF8, "application/json");
        using HttpResponseMessage response = await client.PostAsync(uri, content);
        string body = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.OK, $"POST {uri} {json}: {(int)response.StatusCode} {body}");
        return body;
    }

    /// <summary>What a client sees: the status, or the exception the test server hands on from the app.</summary>
    private static async Task<string> OutcomeAsync(HttpClient client, string method, string uri, string json)
    {
        using var request = new HttpRequestMessage(new HttpMethod(method), uri);
        if (method == "POST")
        {
            request.Content = new StringContent(json, Encoding.UTF8, "application/json");
        }

        try
        {
            using HttpResponseMessage response = await client.SendAsync(request);
            return $"{(int)response.StatusCode}";
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            Exception inner = exception is InvalidOperationException ? exception : exception.GetBaseException();
            return $"{inner.GetType().Name}: {inner.Message}";
        }
    }

    /// <summary>A naming policy that puts non-ASCII and HTML-sensitive text before each name: "é&lt;Plain".</summary>
    internal sealed class PrefixPolicy : JsonNamingPolicy
    {
        public const string Prefix = "é<";

        public override string ConvertName(string name) => Prefix + name;
    }

    private sealed class FixedPolicy(string name) : JsonNamingPolicy
    {
        public override string ConvertName(string name1) => name;
    }
}
