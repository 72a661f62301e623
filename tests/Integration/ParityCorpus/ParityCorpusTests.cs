using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;
using Xunit.Abstractions;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// The drop-in promise, checked request by request: the same app hosted with and without Jsonable gets the whole corpus
/// (every request on both), and every answer must be the same — status, media type family, Location, data — or differ
/// exactly as a row of <see cref="DifferenceTable"/> says. A row that no longer differs on a request it selects fails
/// too, so a fixed bug's row has to be deleted and the table cannot go stale.
/// </summary>
public sealed class ParityCorpusTests(ITestOutputHelper output) : IAsyncLifetime
{
    private WebApplication? _stjApp;
    private WebApplication? _jsonableApp;

    public async Task InitializeAsync()
    {
        _stjApp = await ParityApp.StartAsync(ParityFlavour.SystemTextJson);
        _jsonableApp = await ParityApp.StartAsync(ParityFlavour.Jsonable);
    }

    public async Task DisposeAsync()
    {
        if (_stjApp is not null)
        {
            await _stjApp.DisposeAsync();
        }

        if (_jsonableApp is not null)
        {
            await _jsonableApp.DisposeAsync();
        }
    }

    [Fact]
    public async Task EveryRequest_BothHosts_AnswerAlikeOrAsTheTableSays()
    {
        List<CorpusCase> cases = CorpusCases.All();
        using HttpClient stj = _stjApp!.GetTestClient();
        using HttpClient jsonable = _jsonableApp!.GetTestClient();
        var run = new CorpusRun(DifferenceTable.Rows);
        var answers = new List<(CorpusCase Request, CorpusAnswer Stj, CorpusAnswer Jsonable)>(cases.Count);
        foreach (CorpusCase request in cases)
        {
            CorpusAnswer stjAnswer = await CorpusAnswer.SendAsync(stj, request);
            CorpusAnswer jsonableAnswer = await CorpusAnswer.SendAsync(jsonable, request);
            answers.Add((request, stjAnswer, jsonableAnswer));
        }

        var unsupported = new UnsupportedDetailCheck(answers.Select(a => (a.Request, a.Jsonable)));
        foreach ((CorpusCase request, CorpusAnswer stjAnswer, CorpusAnswer jsonableAnswer) in answers)
        {
            run.Check(request, stjAnswer, jsonableAnswer, unsupported);
        }

        output.WriteLine(run.Finish(cases.Count));
        output.WriteLine(StatusHistogram(answers));
        string? dump = Environment.GetEnvironmentVariable("JSONABLE_PARITY_DUMP");
        if (dump is not null)
        {
            await File.WriteAllTextAsync(dump, run.Dump());
        }

        Assert.True(run.Failures.Count == 0, run.FailureReport());

        // Every route here can answer JMC1 for another Accept: a shared cache must never serve one format for the other.
        List<string> noVary = answers
            .Where(a => a.Request.Route != CorpusRoute.GetStats && a.Jsonable.Status is >= 200 and < 300 && a.Jsonable.IsJsonData
                && !a.Jsonable.Vary.Contains("Accept", StringComparison.OrdinalIgnoreCase))
            .Select(a => $"{a.Request.Method} {a.Request.Path} | Accept: {a.Request.Accept} -> Vary '{a.Jsonable.Vary}'")
            .ToList();
        Assert.True(noVary.Count == 0, $"{noVary.Count} negotiable answers without Vary: Accept:\n" + string.Join("\n", noVary.Take(20)));

        // Equal answers prove nothing if both hosts fail alike: each stack and route must also succeed, and refuse.
        foreach (IGrouping<(bool Mvc, CorpusRoute Route), (CorpusCase Request, CorpusAnswer Stj, CorpusAnswer Jsonable)> route in answers.GroupBy(a => (a.Request.Mvc, a.Request.Route)))
        {
            Assert.True(route.Any(a => a.Stj.Status is >= 200 and < 300 && a.Jsonable.Status is >= 200 and < 300), $"{route.Key}: no request succeeded on both hosts");
            if (route.Key.Route is CorpusRoute.Post or CorpusRoute.Put)
            {
                Assert.True(route.Any(a => a.Stj.Status == 400 && a.Jsonable.Status == 400), $"{route.Key}: no body was refused by both hosts");
            }
        }
    }

    [Fact]
    public void Corpus_HasAtLeast2000DistinctRequests()
    {
        List<CorpusCase> cases = CorpusCases.All();
        List<IGrouping<string, CorpusCase>> requests = cases.GroupBy(c => $"{c.Method} {c.Path}\n{c.Accept}\n{c.ContentType}\n{Convert.ToBase64String(c.Body ?? [])}").ToList();
        int distinct = requests.Count;
        Assert.True(distinct == cases.Count, "sent twice: " + string.Join("\n", requests.Where(r => r.Count() > 1).Take(5).Select(r => string.Join(" and ", r))));
        Assert.True(distinct >= 2000, $"only {distinct} requests");
    }

    [Fact]
    public void Comparison_SeesDataAndProblemShape_NotSpellingOrComments()
    {
        static CorpusAnswer Answer(string mediaType, string body, int status = 200) => new(status, mediaType, Encoding.UTF8.GetBytes(body), null, null);

        CorpusAnswer json = Answer("application/json", """{"a":1.10,"b":"\u00e9"}""");
        Assert.Empty(CorpusComparison.Differences(json, Answer("application/json", """{"b":"é","a":1.1}""")));
        Assert.Equal([Aspect.MediaType], CorpusComparison.Differences(json, Answer(CorpusCases.Jmc1, """/*JMC1*/{"a":1.10,"b":"é"}""")).Keys);
        Assert.Equal([Aspect.Data], CorpusComparison.Differences(json, Answer("application/json", """{"a":1.2,"b":"é"}""")).Keys);
        Assert.Equal([Aspect.Status], CorpusComparison.Differences(json, Answer("application/json", "{}", 201)).Keys);

        CorpusAnswer problem = Answer(CorpusAnswer.ProblemJson, """{"title":"t","status":400,"errors":{"$.a":["x"]},"traceId":"1"}""", 400);
        Assert.Empty(CorpusComparison.Differences(problem, Answer(CorpusAnswer.ProblemJson, """{"title":"t","status":400,"errors":{"$.a":["x"]},"traceId":"2"}""", 400)));
        Assert.Equal([Aspect.ProblemText], CorpusComparison.Differences(problem, Answer(CorpusAnswer.ProblemJson, """{"title":"t","status":400,"errors":{"$.a":["y"]}}""", 400)).Keys);
        Assert.Equal([Aspect.ProblemShape, Aspect.ProblemText], CorpusComparison.Differences(problem, Answer(CorpusAnswer.ProblemJson, """{"title":"t","status":400,"errors":{"$":["x"]}}""", 400)).Keys);
    }

    private static string StatusHistogram(List<(CorpusCase Request, CorpusAnswer Stj, CorpusAnswer Jsonable)> answers)
    {
        var text = new StringBuilder("status (STJ host / Jsonable host):\n");
        foreach (var stack in answers.GroupBy(a => a.Request.Mvc ? "mvc" : "min"))
        {
            text.Append(stack.Key).Append(": ");
            text.AppendJoin(", ", stack.GroupBy(a => a.Stj.Status).OrderBy(g => g.Key).Select(g => $"{g.Key}×{g.Count()}"));
            text.Append(" / ");
            text.AppendJoin(", ", stack.GroupBy(a => a.Jsonable.Status).OrderBy(g => g.Key).Select(g => $"{g.Key}×{g.Count()}"));
            text.Append('\n');
        }

        return text.ToString();
    }
}
