using System.Net.Http.Headers;
using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;
using Xunit.Abstractions;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>One request of the probe corpus (<see cref="ProbeApp"/>).</summary>
/// <param name="Method">GET or POST.</param>
/// <param name="Path">The path, <c>/mvc/probe/...</c> or <c>/min/probe/...</c>.</param>
/// <param name="Accept">The Accept header, or null.</param>
/// <param name="ContentType">The Content-Type of the body, or null.</param>
/// <param name="Body">The body, or null for none.</param>
public sealed record ProbeRequest(string Method, string Path, string? Accept, string? ContentType = null, string? Body = null)
{
    public bool Mvc => Path.StartsWith("/mvc/", StringComparison.Ordinal);

    public override string ToString() =>
        $"{Method} {Path} | Accept: {Accept ?? "(none)"}" + (ContentType is null ? "" : " | Content-Type: " + ContentType) + (Body is null ? "" : $" | body: '{Body}'");
}

/// <summary>
/// The probe corpus: each request to the probe app hosted with and without Jsonable, answers compared as the parity
/// corpus compares them (status, media type, data, problem shape and text), plus <c>Vary: Accept</c> on every answer of
/// a route that can negotiate. To add a family, add its route to <see cref="ProbeApp"/> (both stacks, the same code in
/// both flavours unless binding differs) and its requests to <see cref="Requests"/>; an intended difference goes into
/// <see cref="IntendedDifference"/> with its reason, and into docs/http.md's table.
/// </summary>
public sealed class ProbeCorpusTests(ITestOutputHelper output) : IAsyncLifetime
{
    private const string Json = CorpusCases.Json;
    private const string Jmc1 = CorpusCases.Jmc1;
    private const string Valid = """{"id":7,"name":"posted","streetName":"Main"}""";

    private WebApplication? _stjApp;
    private WebApplication? _jsonableApp;

    /// <summary>Content-Type spellings of JSON in UTF-8 (RFC 9110: quoted values, any case, whitespace around the semicolon).</summary>
    public static readonly string[] JsonSpellings =
    [
        "application/json; charset=\"utf-8\"",
        "application/json; Charset=UTF-8",
        "application/json;charset=utf-8",
        "application/json ; charset=utf-8",
        "APPLICATION/JSON; CHARSET=\"UTF-8\"",
        "application/json; charset=\"utf-8\"; foo=\"a;b\"",
    ];

    public static List<ProbeRequest> Requests()
    {
        var requests = new List<ProbeRequest>();
        foreach (string stack in new[] { "/mvc/probe", "/min/probe" })
        {
            // Runtime vs declared types, and Vary on every negotiable GET.
            foreach (string route in new[] { "derived", "derived-plain", "as-object", "pet", "stream" })
            {
                foreach (string? accept in new[] { null, "*/*", Json, Jmc1, "text/html,*/*;q=0.8" })
                {
                    requests.Add(new("GET", $"{stack}/{route}", accept));
                }
            }

            // Optional bodies: empty (declared and undeclared length), the literal null, a valid body.
            foreach (string route in new[] { "allow", "nullable", "defaulted", "required" })
            {
                requests.Add(new("POST", $"{stack}/{route}", Json, Json, ""));
                requests.Add(new("POST", $"{stack}/{route}", Json, Json, "null"));
                requests.Add(new("POST", $"{stack}/{route}", Json, Json, " null "));
                requests.Add(new("POST", $"{stack}/{route}", Json, null, null));
                requests.Add(new("POST", $"{stack}/{route}", Json, Json, Valid));
                requests.Add(new("POST", $"{stack}/{route}", Jmc1, Json, Valid));
            }

            // Media-type parameter spellings.
            foreach (string contentType in JsonSpellings)
            {
                requests.Add(new("POST", $"{stack}/required", Json, contentType, Valid));
            }
        }

        return requests;
    }

    public async Task InitializeAsync()
    {
        _stjApp = await ProbeApp.StartAsync(ParityFlavour.SystemTextJson);
        _jsonableApp = await ProbeApp.StartAsync(ParityFlavour.Jsonable);
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
    public async Task EveryProbe_BothHosts_AnswerAlike_AndNegotiatedAnswersVaryByAccept()
    {
        using HttpClient stj = _stjApp!.GetTestClient();
        using HttpClient jsonable = _jsonableApp!.GetTestClient();
        var failures = new List<string>();
        List<ProbeRequest> requests = Requests();
        int succeeded = 0;
        foreach (ProbeRequest request in requests)
        {
            (CorpusAnswer stjAnswer, _) = await SendAsync(stj, request);
            (CorpusAnswer jsonableAnswer, string vary) = await SendAsync(jsonable, request);
            succeeded += stjAnswer.Status is >= 200 and < 300 ? 1 : 0;
            foreach ((string aspect, string difference) in CorpusComparison.Differences(stjAnswer, jsonableAnswer))
            {
                if (IntendedDifference(request, aspect, stjAnswer, jsonableAnswer) is null)
                {
                    failures.Add($"{request}\n    {aspect}: {difference}");
                }
            }

            if (jsonableAnswer.Status is >= 200 and < 300 && jsonableAnswer.IsJsonData && !vary.Contains("Accept", StringComparison.OrdinalIgnoreCase))
            {
                failures.Add($"{request}\n    Vary: '{vary}' lacks Accept, although the route answers JMC1 for another Accept");
            }
        }

        output.WriteLine($"{requests.Count} probe requests, {succeeded} answered 2xx by the System.Text.Json host, {failures.Count} failures");
        Assert.True(failures.Count == 0, string.Join("\n", failures));
        Assert.True(succeeded > requests.Count / 3, $"only {succeeded} of {requests.Count} succeeded: the probe proves little");
    }

    [Theory]
    [InlineData("/mvc/probe/derived")]
    [InlineData("/mvc/probe/derived-plain")]
    [InlineData("/mvc/probe/as-object")]
    [InlineData("/min/probe/derived")]
    [InlineData("/min/probe/derived-plain")]
    [InlineData("/min/probe/as-object")]
    public async Task DerivedValueBehindADeclaredBase_KeepsItsMembers_InBothFormats(string path)
    {
        using HttpClient client = _jsonableApp!.GetTestClient();
        foreach (string accept in new[] { Json, Jmc1 })
        {
            using var message = new HttpRequestMessage(HttpMethod.Get, path);
            message.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
            using HttpResponseMessage response = await client.SendAsync(message);
            string body = await response.Content.ReadAsStringAsync();

            Assert.Equal(accept, response.Content.Headers.ContentType?.MediaType);
            Assert.Contains("\"address\":", body, StringComparison.Ordinal);
            Assert.Contains("Some address", body, StringComparison.Ordinal);
        }
    }

    /// <summary>Why the Jsonable host may answer <paramref name="request"/> differently in <paramref name="aspect"/>, or null: it may not.</summary>
    private static string? IntendedDifference(ProbeRequest request, string aspect, CorpusAnswer stj, CorpusAnswer jsonable)
    {
        if (aspect == Aspect.MediaType && request.Accept == Jmc1 && jsonable.IsJmc1)
        {
            return "jmc1-response";
        }

        if (aspect == Aspect.ProblemText && request.Mvc)
        {
            return "problem-wording"; // MVC's 415 without a detail: Jsonable's lists what is accepted
        }

        if (aspect == Aspect.Status && !request.Mvc && stj.Exception is not null && jsonable.Status is >= 200 and < 300
            && request.ContentType?.Contains("charset=\"", StringComparison.OrdinalIgnoreCase) == true)
        {
            return "minimal-quoted-charset";
        }

        return null;
    }

    private static async Task<(CorpusAnswer Answer, string Vary)> SendAsync(HttpClient client, ProbeRequest request)
    {
        using var message = new HttpRequestMessage(new HttpMethod(request.Method), request.Path);
        if (request.Accept is not null)
        {
            message.Headers.TryAddWithoutValidation("Accept", request.Accept);
        }

        if (request.Body is not null)
        {
            message.Content = new ByteArrayContent(Encoding.UTF8.GetBytes(request.Body));
            if (request.ContentType is not null)
            {
                message.Content.Headers.TryAddWithoutValidation("Content-Type", request.ContentType);
            }
        }

        try
        {
            using HttpResponseMessage response = await client.SendAsync(message);
            byte[] body = await response.Content.ReadAsByteArrayAsync();
            string media = response.Content.Headers.ContentType?.MediaType?.ToLowerInvariant() ?? "";
            return (new CorpusAnswer((int)response.StatusCode, media, body, null, null), string.Join(",", response.Headers.Vary));
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            // What the server threw (a client sees a 500).
            return (new CorpusAnswer(0, "", [], null, exception.GetType().Name + ": " + exception.Message), "");
        }
    }
}
