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
        foreach (CorpusCase request in cases)
        {
            CorpusAnswer stjAnswer = await CorpusAnswer.SendAsync(stj, request);
            CorpusAnswer jsonableAnswer = await CorpusAnswer.SendAsync(jsonable, request);
            run.Check(request, stjAnswer, jsonableAnswer);
        }

        output.WriteLine(run.Summary(cases.Count));
        string? dump = Environment.GetEnvironmentVariable("JSONABLE_PARITY_DUMP");
        if (dump is not null)
        {
            await File.WriteAllTextAsync(dump, run.Dump());
        }

        Assert.True(run.Failures.Count == 0, run.FailureReport());
    }
}
