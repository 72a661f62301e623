using System.Text.Json;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// Holds a 415's detail to the truth: every media type it names as accepted (and UTF-16, when it says so) must be
/// one the same route of the same host did read — a request of the corpus with that content type got a 2xx.
/// </summary>
internal sealed class UnsupportedDetailCheck
{
    private const string Utf16 = "charset=utf-16";
    private readonly Dictionary<(bool Mvc, CorpusRoute Route), HashSet<string>> _read = [];

    public UnsupportedDetailCheck(IEnumerable<(CorpusCase Request, CorpusAnswer Answer)> answers)
    {
        foreach ((CorpusCase request, CorpusAnswer answer) in answers)
        {
            if (request.ContentType is null || answer.Status is < 200 or >= 300)
            {
                continue;
            }

            if (!_read.TryGetValue((request.Mvc, request.Route), out HashSet<string>? read))
            {
                _read[(request.Mvc, request.Route)] = read = [];
            }

            read.Add(request.ContentTypeText.Split(';')[0].Trim());
            if (request.ContentTypeText.Contains(Utf16, StringComparison.Ordinal))
            {
                read.Add(Utf16);
            }
        }
    }

    /// <summary>What a 415's detail claims that the route does not read, or null.</summary>
    public string? Overclaim(CorpusCase request, CorpusAnswer answer)
    {
        if (answer.Status != 415 || !answer.IsProblem)
        {
            return null;
        }

        using JsonDocument problem = JsonDocument.Parse(answer.Body);
        string? detail = problem.RootElement.TryGetProperty("detail", out JsonElement d) ? d.GetString() : null;
        int at = detail?.IndexOf("Accepted: ", StringComparison.Ordinal) ?? -1;
        if (at < 0)
        {
            return null;
        }

        string list = detail![(at + "Accepted: ".Length)..];
        int end = list.IndexOfAny(['(', '.']);
        var claims = list[..(end < 0 ? list.Length : end)].Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)
            .Where(type => !type.Contains('*', StringComparison.Ordinal)) // a range: no single request proves it
            .ToList();
        if (detail.Contains("UTF-16", StringComparison.Ordinal))
        {
            claims.Add(Utf16);
        }

        HashSet<string> read = _read.GetValueOrDefault((request.Mvc, request.Route)) ?? [];
        List<string> untrue = claims.Where(claim => !read.Contains(claim.ToLowerInvariant())).ToList();
        return untrue.Count == 0 ? null : $"the 415 says {string.Join(", ", untrue)} accepted, but the route read none of them: {detail}";
    }
}
