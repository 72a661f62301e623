using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;
using Xunit.Abstractions;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// The parity corpus with a global <c>JsonStringEnumConverter</c> in both apps' JSON options (both stacks), in each form
/// an app writes it: every enum request (<see cref="EnumNamesCases"/>) goes to the app with Jsonable and to the app
/// without, and the answers must be the same — status, media type, data, and for MVC's 400s the JSON paths of
/// <c>errors</c> — except as the parity table allows (JMC1 when asked for, Jsonable's problem wording, minimal APIs'
/// 400 with problem details). Bodies are also sent to the Jsonable app as JMC1 and must be read as their JSON is.
/// </summary>
public sealed class EnumNamesParityTests(ITestOutputHelper output)
{
    private static readonly Dictionary<string, Action<JsonSerializerOptions>> s_variants = new()
    {
        ["plain"] = o => o.Converters.Add(new JsonStringEnumConverter()),
        ["camelCase"] = o => o.Converters.Add(new JsonStringEnumConverter(JsonNamingPolicy.CamelCase)),
        ["snake_case_lower"] = o => o.Converters.Add(new JsonStringEnumConverter(JsonNamingPolicy.SnakeCaseLower)),
        ["KEBAB-CASE-UPPER, custom policy"] = o => o.Converters.Add(new JsonStringEnumConverter(new ShoutingPolicy())),
        ["allowIntegerValues: false"] = o => o.Converters.Add(new JsonStringEnumConverter(namingPolicy: null, allowIntegerValues: false)),
        ["generic, one enum"] = o => o.Converters.Add(new JsonStringEnumConverter<TicketState>(JsonNamingPolicy.KebabCaseLower)),
        ["generic then plain"] = o =>
        {
            o.Converters.Add(new JsonStringEnumConverter<TicketAccess>(JsonNamingPolicy.SnakeCaseUpper, allowIntegerValues: false));
            o.Converters.Add(new JsonStringEnumConverter(JsonNamingPolicy.CamelCase));
        },
    };

    // Which stacks' JSON options get the converter: both, or one (each stack names enums as its own options say).
    public static TheoryData<string, bool, bool> Variants()
    {
        var data = new TheoryData<string, bool, bool>();
        foreach (string variant in s_variants.Keys)
        {
            data.Add(variant, true, true);
        }

        data.Add("camelCase", false, true);
        data.Add("allowIntegerValues: false", true, false);
        return data;
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public async Task EveryEnumRequest_BothHosts_AnswerAlike(string variant, bool mvcOptions, bool minimalOptions)
    {
        await using WebApplication stjApp = await EnumNamesApp.StartAsync(ParityFlavour.SystemTextJson, s_variants[variant], mvcOptions, minimalOptions);
        await using WebApplication jsonableApp = await EnumNamesApp.StartAsync(ParityFlavour.Jsonable, s_variants[variant], mvcOptions, minimalOptions);
        using HttpClient stj = stjApp.GetTestClient();
        using HttpClient jsonable = jsonableApp.GetTestClient();

        List<EnumNamesCase> cases = EnumNamesCases.All();
        var failures = new List<string>();
        int succeeded = 0, refused = 0, named = 0;
        foreach (EnumNamesCase request in cases)
        {
            CorpusAnswer stjAnswer = await SendAsync(stj, request);
            CorpusAnswer jsonableAnswer = await SendAsync(jsonable, request);
            failures.AddRange(Unexplained(request, stjAnswer, jsonableAnswer, "JSON"));
            if (request.HasBody && !request.AsksForJmc1)
            {
                // The same body as JMC1 (the Jsonable app only; STJ reads no JMC1): read as its JSON is.
                EnumNamesCase asJmc1 = request with { ContentType = CorpusCases.Jmc1, Body = [.. "/*JMC1*/"u8, .. request.Body!] };
                failures.AddRange(Unexplained(request, stjAnswer, await SendAsync(jsonable, asJmc1), "JMC1 body"));
            }

            succeeded += stjAnswer.Status is >= 200 and < 300 && jsonableAnswer.Status is >= 200 and < 300 ? 1 : 0;
            refused += stjAnswer.Status == 400 && jsonableAnswer.Status == 400 ? 1 : 0;
            named += request.Method == "GET" && stjAnswer.Status == 200 && Encoding.UTF8.GetString(stjAnswer.Body).Contains("\"state\":\"", StringComparison.Ordinal) ? 1 : 0;
        }

        output.WriteLine($"{variant}: {cases.Count} requests per host; {succeeded} succeeded on both, {refused} refused (400) by both, {failures.Count} unexplained differences.");
        Assert.True(failures.Count == 0, $"{failures.Count} differences; the first 30:\n" + string.Join("\n", failures.Take(30)));

        // Equal answers prove nothing if both hosts fail alike, or if the converter did nothing.
        Assert.True(succeeded > 100, $"only {succeeded} requests succeeded on both hosts");
        Assert.True(refused > 50, $"only {refused} requests were refused by both hosts");
        Assert.True(named > 0, "no GET answer wrote the ticket's state as a name: the converter was not in effect");
    }

    /// <summary>Each difference between the answers that no row of the parity table allows, described.</summary>
    private static IEnumerable<string> Unexplained(EnumNamesCase request, CorpusAnswer stj, CorpusAnswer jsonable, string how)
    {
        Dictionary<string, string> differences = CorpusComparison.Differences(stj, jsonable);

        // jmc1-response: JMC1 when asked for; compared as data once its comments are stripped.
        if (request.AsksForJmc1 && jsonable.Status is > 0 and < 400)
        {
            if (!jsonable.IsJmc1)
            {
                yield return $"{how}: asked for JMC1, got {jsonable}\n    request: {request}";
            }

            differences.Remove(Aspect.MediaType);
        }

        // problem-wording: MVC's 400 messages are Jsonable's own; the keys of errors (the JSON paths) are compared.
        if (request.Mvc && request.HasBody)
        {
            differences.Remove(Aspect.ProblemText);
        }

        // minimal-body-problem-details: STJ's minimal APIs answer an unreadable body with an empty 400, Jsonable with
        // problem details whose errors are keyed by the JSON path of the member that was refused.
        if (!request.Mvc && request.HasBody && stj.Status == 400 && jsonable.Status == 400 && stj.Body.Length == 0)
        {
            differences.Remove(Aspect.MediaType);
            differences.Remove(Aspect.Data);
            if (!jsonable.IsProblem || !ErrorKeys(jsonable).All(k => k.StartsWith(request.Member!, StringComparison.Ordinal)) || ErrorKeys(jsonable).Count == 0)
            {
                yield return $"{how}: minimal 400 without errors keyed by {request.Member}: {jsonable}\n    request: {request}";
            }
        }

        foreach ((string aspect, string detail) in differences)
        {
            yield return $"{how}: {aspect}: {detail}\n    request: {request}";
        }
    }

    private static List<string> ErrorKeys(CorpusAnswer problem)
    {
        using JsonDocument document = JsonDocument.Parse(problem.Body);
        return document.RootElement.TryGetProperty("errors", out JsonElement errors) && errors.ValueKind == JsonValueKind.Object
            ? errors.EnumerateObject().Select(e => e.Name).ToList()
            : [];
    }

    private static async Task<CorpusAnswer> SendAsync(HttpClient client, EnumNamesCase request)
    {
        using var message = new HttpRequestMessage(new HttpMethod(request.Method), request.Path);
        if (request.Accept is not null)
        {
            message.Headers.TryAddWithoutValidation("Accept", request.Accept);
        }

        if (request.Body is not null)
        {
            message.Content = new ByteArrayContent(request.Body);
            message.Content.Headers.TryAddWithoutValidation("Content-Type", request.ContentType);
        }

        try
        {
            using HttpResponseMessage response = await client.SendAsync(message);
            byte[] body = await response.Content.ReadAsByteArrayAsync();
            MediaTypeHeaderValue? type = response.Content.Headers.ContentType;
            return new((int)response.StatusCode, type?.MediaType?.ToLowerInvariant() ?? "", body, response.Headers.Location?.OriginalString, null);
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            return new(0, "", [], null, exception.GetType().Name + ": " + exception.Message);
        }
    }

    /// <summary>A naming policy of the app's own (not one of JsonNamingPolicy's): upper-case words joined by '-'.</summary>
    private sealed class ShoutingPolicy : JsonNamingPolicy
    {
        public override string ConvertName(string name) => KebabCaseUpper.ConvertName(name);
    }
}
