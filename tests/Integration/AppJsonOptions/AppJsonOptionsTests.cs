using System.Net;
using System.Reflection;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.Options;

namespace Jsonable.Integration.Tests.AppJsonOptions;

/// <summary>
/// The app's JSON options (MVC's <c>AddJsonOptions</c>, minimal APIs' <c>ConfigureHttpJsonOptions</c>) are read when the
/// host starts: each setting that differs from the web defaults is either applied to Jsonable (seen on the wire, the same
/// as System.Text.Json's answer) or stops the start with a message naming the option and the Jsonable setting that matches
/// it. The AOT sample's <c>Todo</c> (compiled with the default camelCase policy) is the Jsonable type served.
/// </summary>
public sealed class AppJsonOptionsTests
{
    private const string SampleAssembly = "Jsonable.Samples.AotApi";

    /// <summary>Each setting Jsonable cannot honour, with what its message must say besides the option's name.</summary>
    public static TheoryData<AppStack, string> FailFastCases()
    {
        var data = new TheoryData<AppStack, string>();
        foreach (AppStack stack in Enum.GetValues<AppStack>())
        {
            foreach (string name in s_failFast.Keys)
            {
                data.Add(stack, name);
            }
        }

        return data;
    }

    private static readonly Dictionary<string, (string Property, Action<JsonSerializerOptions> Configure, string[] Says)> s_failFast = new()
    {
        ["naming: null"] = ("PropertyNamingPolicy", o => o.PropertyNamingPolicy = null,
            ["is null (names as declared)", $"assembly '{SampleAssembly}' names members CamelCase", "<JsonableNamingPolicy>AsDeclared</JsonableNamingPolicy>", "[assembly: JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.AsDeclared)]"]),
        ["naming: snake_case"] = ("PropertyNamingPolicy", o => o.PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
            ["is JsonNamingPolicy.SnakeCaseLower", $"assembly '{SampleAssembly}' names members CamelCase", "<JsonableNamingPolicy>SnakeCaseLower</JsonableNamingPolicy>", "[assembly: JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.SnakeCaseLower)]"]),
        ["naming: custom"] = ("PropertyNamingPolicy", o => o.PropertyNamingPolicy = new UpperCasePolicy(),
            ["is a custom policy (Jsonable.Integration.Tests.AppJsonOptions.AppJsonOptionsTests+UpperCasePolicy)", "[JsonPropertyName]"]),
        // A JsonStringEnumConverter is honoured (tests/Integration/ParityCorpus/EnumNames*.cs); a converter of its own for enums is not.
        ["enum converter of its own"] = ("Converters", o => o.Converters.Add(new DayOfWeekAsLetterConverter()),
            ["holds Jsonable.Integration.Tests.AppJsonOptions.AppJsonOptionsTests+DayOfWeekAsLetterConverter", "only JsonStringEnumConverter is honoured"]),
        ["other converter"] = ("Converters", o => o.Converters.Add(new DateOnlyAsNumberConverter()),
            ["holds Jsonable.Integration.Tests.AppJsonOptions.AppJsonOptionsTests+DateOnlyAsNumberConverter", "never calls"]),
        ["numbers: strict"] = ("NumberHandling", o => o.NumberHandling = JsonNumberHandling.Strict,
            ["is Strict", "[JsonNumberHandling(JsonNumberHandling.Strict)]"]),
        ["numbers: as strings"] = ("NumberHandling", o => o.NumberHandling = JsonNumberHandling.AllowReadingFromString | JsonNumberHandling.WriteAsString,
            ["[JsonNumberHandling(JsonNumberHandling.AllowReadingFromString | JsonNumberHandling.WriteAsString)]"]),
        ["ignore nulls"] = ("DefaultIgnoreCondition", o => o.DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
            ["is WhenWritingNull", "[JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]"]),
        ["ignore read-only properties"] = ("IgnoreReadOnlyProperties", o => o.IgnoreReadOnlyProperties = true, ["[JsonIgnore] on the read-only properties"]),
        ["ignore read-only fields"] = ("IgnoreReadOnlyFields", o => o.IgnoreReadOnlyFields = true, ["[JsonIgnore] on those fields"]),
        ["fields"] = ("IncludeFields", o => o.IncludeFields = true, ["[JsonInclude]"]),
        ["dictionary keys"] = ("DictionaryKeyPolicy", o => o.DictionaryKeyPolicy = JsonNamingPolicy.CamelCase, ["is JsonNamingPolicy.CamelCase", "dictionary keys exactly as they are"]),
        ["trailing commas"] = ("AllowTrailingCommas", o => o.AllowTrailingCommas = true, ["trailing comma with 400"]),
        ["comments"] = ("ReadCommentHandling", o => o.ReadCommentHandling = JsonCommentHandling.Skip, ["is Skip", "comment in a JSON body with 400"]),
        ["no duplicates"] = ("AllowDuplicateProperties", o => o.AllowDuplicateProperties = false, ["repeated member"]),
        ["references"] = ("ReferenceHandler", o => o.ReferenceHandler = ReferenceHandler.Preserve, ["$id/$ref"]),
        ["populate"] = ("PreferredObjectCreationHandling", o => o.PreferredObjectCreationHandling = JsonObjectCreationHandling.Populate, ["is Populate"]),
        ["nullable annotations"] = ("RespectNullableAnnotations", o => o.RespectNullableAnnotations = true, ["non-nullable reference members"]),
        ["required constructor parameters"] = ("RespectRequiredConstructorParameters", o => o.RespectRequiredConstructorParameters = true, ["[JsonRequired]"]),
        ["out-of-order metadata"] = ("AllowOutOfOrderMetadataProperties", o => o.AllowOutOfOrderMetadataProperties = true, ["type discriminator first"]),
        ["contract modifiers"] = ("TypeInfoResolver", o => o.TypeInfoResolver = new DefaultJsonTypeInfoResolver { Modifiers = { static _ => { } } }, ["contract modifiers"]),
    };

    [Theory]
    [MemberData(nameof(FailFastCases))]
    public async Task Start_SettingJsonableCannotHonour_FailsNamingTheOptionAndTheMatchingSetting(AppStack stack, string caseName)
    {
        (string property, Action<JsonSerializerOptions> configure, string[] says) = s_failFast[caseName];

        OptionsValidationException failure = await Assert.ThrowsAnyAsync<OptionsValidationException>(() => AppJsonOptionsHost.StartAsync(stack, configure));

        string source = stack == AppStack.Mvc ? AppJsonOptionsSetup.MvcSource : AppJsonOptionsSetup.HttpSource;
        Assert.Contains($"{source}.{property} ", failure.Message, StringComparison.Ordinal);
        Assert.All(says, said => Assert.Contains(said, failure.Message, StringComparison.Ordinal));
        Assert.Contains("FailOnJsonOptionsMismatch = false", failure.Message, StringComparison.Ordinal);
        Assert.Single(failure.Failures); // one failure listing every setting, not one exception per setting
    }

    [Fact]
    public async Task Start_Failure_PrintsItsMessageWithoutAStackTrace()
    {
        // What the host prints for an unhandled start failure is the exception's ToString(): the list, not DI's frames.
        OptionsValidationException failure = await Assert.ThrowsAnyAsync<OptionsValidationException>(() => AppJsonOptionsHost.StartAsync(AppStack.Minimal, o => o.Converters.Add(new DayOfWeekAsLetterConverter())));

        string printed = failure.ToString();
        Assert.Contains(".Converters holds Jsonable.Integration.Tests.AppJsonOptions.AppJsonOptionsTests+DayOfWeekAsLetterConverter", printed, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", printed, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Start_SeveralSettings_OneFailureListsEach()
    {
        OptionsValidationException failure = await Assert.ThrowsAnyAsync<OptionsValidationException>(() => AppJsonOptionsHost.StartAsync(AppStack.Minimal, o =>
        {
            o.PropertyNamingPolicy = JsonNamingPolicy.KebabCaseLower;
            o.Converters.Add(new DayOfWeekAsLetterConverter());
            o.DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingDefault;
        }));

        string[] lines = failure.Message.Split(Environment.NewLine).Where(l => l.StartsWith("- ", StringComparison.Ordinal)).ToArray();
        Assert.Contains(lines, l => l.Contains(".PropertyNamingPolicy is JsonNamingPolicy.KebabCaseLower", StringComparison.Ordinal));
        Assert.Contains(lines, l => l.Contains(".Converters holds Jsonable.Integration.Tests.AppJsonOptions.AppJsonOptionsTests+DayOfWeekAsLetterConverter", StringComparison.Ordinal));
        Assert.Contains(lines, l => l.Contains(".DefaultIgnoreCondition is WhenWritingDefault", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData(AppStack.Mvc)]
    [InlineData(AppStack.Minimal)]
    public async Task Start_OptedOut_StartsAndLogsEachDifferenceAsAWarning(AppStack stack)
    {
        var logs = new CollectingLoggerProvider();
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(
            stack,
            o => o.PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
            jsonable => jsonable.FailOnJsonOptionsMismatch = false,
            logs: logs);

        string warning = Assert.Single(logs.Messages, m => m.Contains(".PropertyNamingPolicy is JsonNamingPolicy.SnakeCaseLower", StringComparison.Ordinal) && m.Contains($"assembly '{SampleAssembly}'", StringComparison.Ordinal));
        Assert.StartsWith("Warning: ", warning, StringComparison.Ordinal);
        Assert.Contains("<JsonableNamingPolicy>SnakeCaseLower</JsonableNamingPolicy>", warning, StringComparison.Ordinal);

        // What the warning warned of: Jsonable keeps its compiled names, STJ follows the app's policy.
        (_, JsonElement jsonable) = await PostAsync(app, "/todos", """{"id":1,"isComplete":true}""");
        (_, JsonElement stj) = await PostAsync(app, "/stj/todos", """{"id":1,"is_complete":true}""");
        Assert.True(jsonable.GetProperty("isComplete").GetBoolean());
        Assert.True(stj.GetProperty("is_complete").GetBoolean());
    }

    [Theory]
    [InlineData(AppStack.Mvc)]
    [InlineData(AppStack.Minimal)]
    public async Task Start_SettingsThatMatchOrDoNotConcernJsonable_Start(AppStack stack)
    {
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(stack, o =>
        {
            // Honoured: the same as what the generated code does.
            o.PropertyNamingPolicy = JsonNamingPolicy.CamelCase;
            o.NumberHandling = JsonNumberHandling.AllowReadingFromString;
            o.Converters.Add(new JsonStringEnumConverter(JsonNamingPolicy.KebabCaseUpper, allowIntegerValues: false));
            o.Converters.Add(new JsonStringEnumConverter<DayOfWeek>());

            // Irrelevant to Jsonable's output (the encoder changes bytes, never data: Jsonable escapes what JSON requires).
            o.Encoder = JavaScriptEncoder.Create(System.Text.Unicode.UnicodeRanges.BasicLatin);
            o.DefaultBufferSize = 1024;
            o.IndentSize = 4;
            o.IndentCharacter = '\t';
            o.NewLine = "\n";
            o.UnknownTypeHandling = JsonUnknownTypeHandling.JsonNode;
            o.TypeInfoResolverChain.Insert(0, new DefaultJsonTypeInfoResolver());
        });

        (HttpStatusCode status, JsonElement body) = await PostAsync(app, "/todos", """{"id":7,"isComplete":true}""");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(7, body.GetProperty("id").GetInt32());
    }

    [Theory]
    [InlineData(AppStack.Mvc)]
    [InlineData(AppStack.Minimal)]
    public async Task MaxDepth_IsApplied_JsonableRefusesWhatStjRefuses(AppStack stack)
    {
        // 3, not less: MVC writes its own 400 (a ValidationProblemDetails, 3 deep) with these options too.
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(stack, o => o.MaxDepth = 3);

        await AssertSameStatusAsync(app, """{"id":1,"tags":["a"],"skipped":[[1]]}""", HttpStatusCode.OK);
        await AssertSameStatusAsync(app, """{"id":1,"skipped":[[[1]]]}""", HttpStatusCode.BadRequest);
    }

    [Theory]
    [InlineData(AppStack.Mvc)]
    [InlineData(AppStack.Minimal)]
    public async Task UnmappedMemberHandling_IsApplied_AnUnknownMemberIs400ForBoth(AppStack stack)
    {
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(stack, o => o.UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow);

        await AssertSameStatusAsync(app, """{"id":1,"title":"t"}""", HttpStatusCode.OK);
        await AssertSameStatusAsync(app, """{"id":1,"colour":"red"}""", HttpStatusCode.BadRequest);
    }

    [Theory]
    [InlineData(AppStack.Mvc)]
    [InlineData(AppStack.Minimal)]
    public async Task PropertyNameCaseInsensitive_IsApplied_NamesInAnotherCaseAreSkippedByBoth(AppStack stack)
    {
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(stack, o => o.PropertyNameCaseInsensitive = false);
        const string body = """{"ID":5,"title":"kept","IsComplete":true}""";

        (HttpStatusCode jsonableStatus, JsonElement jsonable) = await PostAsync(app, "/todos", body);
        (HttpStatusCode stjStatus, JsonElement stj) = await PostAsync(app, "/stj/todos", body);

        Assert.Equal(HttpStatusCode.OK, stjStatus);
        Assert.Equal(stjStatus, jsonableStatus);
        Assert.Equal(0, stj.GetProperty("id").GetInt32());
        Assert.Equal(0, jsonable.GetProperty("id").GetInt32());
        Assert.False(jsonable.GetProperty("isComplete").GetBoolean());
        Assert.Equal("kept", jsonable.GetProperty("title").GetString());
    }

    [Fact]
    public async Task AllowInputFormatterExceptionMessages_IsApplied_TheReasonStaysOnTheServer()
    {
        const string malformed = """{"id":"seven"}""";
        string withReasons;
        await using (WebApplication app = await AppJsonOptionsHost.StartAsync(AppStack.Mvc))
        {
            (HttpStatusCode status, JsonElement problem) = await PostAsync(app, "/todos", malformed);
            Assert.Equal(HttpStatusCode.BadRequest, status);
            withReasons = problem.GetProperty("errors").GetRawText();
        }

        await using (WebApplication app = await AppJsonOptionsHost.StartAsync(AppStack.Mvc, configureMvc: mvc => mvc.AllowInputFormatterExceptionMessages = false))
        {
            (HttpStatusCode status, JsonElement problem) = await PostAsync(app, "/todos", malformed);
            Assert.Equal(HttpStatusCode.BadRequest, status);
            string withoutReasons = problem.GetProperty("errors").GetRawText();
            Assert.NotEqual(withReasons, withoutReasons);
            Assert.DoesNotContain("seven", withoutReasons, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task AppliedSetting_SetOnJsonableOptions_WinsOverTheAppsJsonOptions()
    {
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(AppStack.Minimal, o => o.MaxDepth = 2, jsonable => jsonable.MaxDepth = 8);

        (HttpStatusCode jsonable, _) = await PostAsync(app, "/todos", """{"id":1,"skipped":[[1]]}""");
        (HttpStatusCode stj, _) = await PostAsync(app, "/stj/todos", """{"id":1,"skipped":[[1]]}""");

        Assert.Equal(HttpStatusCode.OK, jsonable);
        Assert.Equal(HttpStatusCode.BadRequest, stj);
    }

    [Fact]
    public void Classification_CoversEveryPublicPropertyOfJsonSerializerOptions_AndTheReadmeListsEach()
    {
        string[] properties = typeof(JsonSerializerOptions).GetProperties(BindingFlags.Public | BindingFlags.Instance).Select(p => p.Name).ToArray();
        string readme = File.ReadAllText(Path.Combine(RepositoryRoot(), "README.md"));
        int section = readme.IndexOf("## App-wide JSON options", StringComparison.Ordinal);
        Assert.True(section >= 0, "README has no section \"## App-wide JSON options\"");
        int next = readme.IndexOf("\n## ", section + 3, StringComparison.Ordinal);
        string table = next < 0 ? readme[section..] : readme[section..next];

        Assert.All(properties, p => Assert.True(AppJsonOptionsCheck.Classification.ContainsKey(p), $"JsonSerializerOptions.{p} is not classified"));
        Assert.All(properties, p => Assert.Contains($"`{p}`", table, StringComparison.Ordinal));
        // System.Text.Json 11's settings are classified whether or not the app runs 11 (this project runs the framework's 10).
        Assert.All(AppJsonOptionsCheck.Classification.Keys.Except(AppJsonOptionsCheck.Stj11Settings), k => Assert.Contains(k, properties));
        Assert.All(AppJsonOptionsCheck.Stj11Settings, k => Assert.Contains($"`{k}`", table, StringComparison.Ordinal));
    }

    private static async Task AssertSameStatusAsync(WebApplication app, string body, HttpStatusCode expected)
    {
        (HttpStatusCode stj, _) = await PostAsync(app, "/stj/todos", body);
        (HttpStatusCode jsonable, _) = await PostAsync(app, "/todos", body);
        Assert.Equal(expected, stj); // the reference: what System.Text.Json answers under the app's options
        Assert.Equal(expected, jsonable);
    }

    private static async Task<(HttpStatusCode Status, JsonElement Body)> PostAsync(WebApplication app, string path, string json)
    {
        using HttpClient client = app.GetTestClient();
        using var content = new StringContent(json, Encoding.UTF8, "application/json");
        using HttpResponseMessage response = await client.PostAsync(path, content);
        byte[] bytes = await response.Content.ReadAsByteArrayAsync();
        return (response.StatusCode, bytes.Length == 0 ? default : JsonDocument.Parse(bytes).RootElement.Clone());
    }

    private static string RepositoryRoot()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Jsonable.AspNetCore.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException("The repository root (Jsonable.AspNetCore.sln) was not found above " + AppContext.BaseDirectory);
    }

    private sealed class UpperCasePolicy : JsonNamingPolicy
    {
        public override string ConvertName(string name) => name.ToUpperInvariant();
    }

    private sealed class DayOfWeekAsLetterConverter : JsonConverter<DayOfWeek>
    {
        public override DayOfWeek Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
        {
            char letter = reader.GetString()![0];
            return Enum.GetValues<DayOfWeek>().First(d => d.ToString()[0] == letter);
        }

        public override void Write(Utf8JsonWriter writer, DayOfWeek value, JsonSerializerOptions options) => writer.WriteStringValue(value.ToString()[..1]);
    }

    private sealed class DateOnlyAsNumberConverter : JsonConverter<DateOnly>
    {
        public override DateOnly Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => DateOnly.FromDayNumber(reader.GetInt32());

        public override void Write(Utf8JsonWriter writer, DateOnly value, JsonSerializerOptions options) => writer.WriteNumberValue(value.DayNumber);
    }
}
