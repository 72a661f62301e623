using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Jsonable.AspNetCore;
using Jsonable.Tests.Shared;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Jsonable.Integration.Swashbuckle11.Tests;

/// <summary>
/// An app that took the System.Text.Json 11 package (this test project references it, so System.Text.Json 11 is the
/// one loaded, under Jsonable compiled against 10) and sets one of the settings only 11 has on its JSON options: the
/// app does not start, and the message names the option, what Jsonable does instead, and the fix; opted out of the
/// check, it starts and logs the same as a warning.
/// </summary>
public sealed class Stj11OptionsTests
{
    private const string MinimalSource = "Microsoft.AspNetCore.Http.Json.JsonOptions.SerializerOptions (ConfigureHttpJsonOptions)";
    private const string MvcSource = "Microsoft.AspNetCore.Mvc.JsonOptions.JsonSerializerOptions (AddJsonOptions)";

    private static readonly Dictionary<string, (Action<JsonSerializerOptions> Set, string Says, string Fix)> s_settings = new()
    {
        ["InferClosedTypePolymorphism"] = (o => o.InferClosedTypePolymorphism = true, "InferClosedTypePolymorphism is true (System.Text.Json 11)", "name each derived type with [JsonDerivedType]"),
        ["TypeClassifiers"] = (o => o.TypeClassifiers.Add(new JsonUnionTypeStructuralClassifier()), "TypeClassifiers holds 1 classifier(s) (System.Text.Json 11)", "register them only for types System.Text.Json serves"),
        ["PascalCase"] = (o => o.PropertyNamingPolicy = JsonNamingPolicy.PascalCase, "PropertyNamingPolicy is JsonNamingPolicy.PascalCase (System.Text.Json 11)", "[JsonPropertyName]"),
    };

    public static TheoryData<bool, string> Cases()
    {
        var data = new TheoryData<bool, string>();
        foreach (string setting in s_settings.Keys)
        {
            data.Add(true, setting);
            data.Add(false, setting);
        }

        return data;
    }

    [Fact]
    public void System_Text_Json_11_is_the_one_loaded()
    {
        Assert.Equal(11, typeof(JsonSerializerOptions).Assembly.GetName().Version!.Major);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task A_setting_only_11_has_stops_the_start_naming_it_and_the_fix(bool mvc, string setting)
    {
        (Action<JsonSerializerOptions> set, string says, string fix) = s_settings[setting];

        OptionsValidationException failure = await Assert.ThrowsAnyAsync<OptionsValidationException>(() => StartAsync(mvc, set, failOnMismatch: true, logs: null));

        Assert.Contains($"{(mvc ? MvcSource : MinimalSource)}.{says}", failure.Message, StringComparison.Ordinal);
        Assert.Contains(fix, failure.Message, StringComparison.Ordinal);
        Assert.Contains("FailOnJsonOptionsMismatch = false", failure.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("InferClosedTypePolymorphism")]
    [InlineData("TypeClassifiers")]
    [InlineData("PascalCase")]
    public async Task Opted_out_the_app_starts_and_logs_the_setting_as_a_warning(string setting)
    {
        (Action<JsonSerializerOptions> set, string says, _) = s_settings[setting];
        var logs = new CollectingLoggerProvider();
        await using WebApplication app = await StartAsync(mvc: false, set, failOnMismatch: false, logs);

        Assert.Single(logs.Warnings, m => m.Contains($"{MinimalSource}.{says}", StringComparison.Ordinal));
        using HttpClient client = app.GetTestClient();
        using HttpResponseMessage response = await client.PostAsync("/probes", new StringContent("""{"name":"n","count":3}""", Encoding.UTF8, "application/json"));
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("""{"name":"n","owner":null,"nickname":null,"count":3,"color":null}""", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Without_those_settings_an_app_on_11_starts_and_answers_as_System_Text_Json_does()
    {
        await using WebApplication app = await StartAsync(mvc: false, _ => { }, failOnMismatch: true, logs: null);
        using HttpClient client = app.GetTestClient();
        const string body = """{"name":"n","owner":{"name":"o"},"nickname":null,"count":3,"color":1}""";
        using var request = new HttpRequestMessage(HttpMethod.Post, "/probes") { Content = new StringContent(body, Encoding.UTF8, "application/json") };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
        using HttpResponseMessage response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        string written = await response.Content.ReadAsStringAsync();
        // System.Text.Json 11 itself, with the web defaults, writes the same bytes.
        var stj = JsonSerializer.Serialize(JsonSerializer.Deserialize<NullabilityProbe>(body, JsonSerializerOptions.Web), JsonSerializerOptions.Web);
        Assert.Equal(stj, written);
    }

    private static async Task<WebApplication> StartAsync(bool mvc, Action<JsonSerializerOptions> set, bool failOnMismatch, CollectingLoggerProvider? logs)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        if (logs is not null)
        {
            builder.Logging.AddProvider(logs);
        }

        Action<JsonableOptions> jsonable = o => o.FailOnJsonOptionsMismatch = failOnMismatch;
        if (mvc)
        {
            builder.Services.AddControllers().AddJsonOptions(o => set(o.JsonSerializerOptions)).AddJsonable(jsonable);
        }
        else
        {
            builder.Services.ConfigureHttpJsonOptions(o => set(o.SerializerOptions));
            builder.Services.AddJsonable(jsonable);
        }

        WebApplication app = builder.Build();
        app.UseJsonable();
        app.MapPost("/probes", ([FromBody] NullabilityProbe probe) => TypedResults.Ok(probe));
        try
        {
            await app.StartAsync();
            return app;
        }
        catch
        {
            await app.DisposeAsync();
            throw;
        }
    }
}
