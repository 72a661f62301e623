using System.Text;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// Holds one run of the corpus against the table: for each request, every difference must be explained by a row that
/// applies to it, and every known-bug row that applies must explain one; counts what each row covered.
/// </summary>
internal sealed class CorpusRun(IReadOnlyList<KnownDifference> rows)
{
    private readonly Dictionary<string, int> _covered = rows.ToDictionary(r => r.Id, _ => 0);
    private readonly List<(CorpusCase Request, string Aspect, string Detail)> _unexplained = [];
    private readonly List<(KnownDifference Row, CorpusCase Request, CorpusAnswer Stj, CorpusAnswer Jsonable)> _stale = [];
    private readonly HashSet<string> _examplesSeen = [];
    private int _equal;

    public List<string> Failures { get; } = [];

    public IReadOnlyDictionary<string, int> Covered => _covered;

    public void Check(CorpusCase request, CorpusAnswer stj, CorpusAnswer jsonable, UnsupportedDetailCheck unsupported)
    {
        Dictionary<string, string> differences = CorpusComparison.Differences(stj, jsonable);
        if (unsupported.Overclaim(request, jsonable) is { } overclaim)
        {
            differences[Aspect.UnsupportedDetail] = overclaim;
        }
        List<KnownDifference> applying = rows.Where(r => r.Applies(request)).ToList();
        foreach (KnownDifference row in applying)
        {
            if (row.Delivered is not null && !row.Delivered(jsonable))
            {
                differences[Aspect.NotDelivered(row.Id)] = $"the Jsonable host answered {jsonable}";
            }
        }

        if (differences.Count == 0)
        {
            _equal++;
        }

        var explained = new HashSet<string>();
        foreach (KnownDifference row in applying)
        {
            bool explains = false;
            foreach (string aspect in row.Explains)
            {
                if (differences.ContainsKey(aspect))
                {
                    explained.Add(aspect);
                    explains = true;
                }
            }

            if (explains)
            {
                _covered[row.Id]++;
                string sent = request.ToString();
                if (sent == row.Example || sent.StartsWith(row.Example + " |", StringComparison.Ordinal))
                {
                    _examplesSeen.Add(row.Id);
                }
            }
            else if (!row.Intended)
            {
                _stale.Add((row, request, stj, jsonable));
                Failures.Add($"Known bug '{row.Id}' no longer differs (fixed? then delete or narrow the row): {request}\n    both: {jsonable}");
            }
        }

        foreach ((string aspect, string detail) in differences)
        {
            if (!explained.Contains(aspect))
            {
                _unexplained.Add((request, aspect, detail));
                Failures.Add($"Unlisted difference in {aspect}: {detail}\n    request: {request}");
            }
        }
    }

    /// <summary>
    /// Ends the run: adds the checks over the whole corpus (a row that explained nothing, a row whose example did not
    /// differ) to <see cref="Failures"/>, and returns how many requests each row covered.
    /// </summary>
    public string Finish(int requests)
    {
        var text = new StringBuilder();
        text.AppendLine($"{requests} requests per host; {_equal} answered alike; {requests - _equal} differently.");
        foreach (KnownDifference row in rows)
        {
            text.AppendLine($"{(row.Intended ? "intended " : "known bug")}  {_covered[row.Id],5}  {row.Id}");
        }

        foreach (KnownDifference row in rows.Where(r => _covered[r.Id] == 0))
        {
            Failures.Add($"Row '{row.Id}' explained no difference in the whole corpus: delete it or fix its predicate.");
        }

        foreach (KnownDifference row in rows.Where(r => _covered[r.Id] > 0 && !_examplesSeen.Contains(r.Id)))
        {
            Failures.Add($"Row '{row.Id}': its example ({row.Example}) is not a request of the corpus that differs as the row says.");
        }

        return text.ToString();
    }

    public string FailureReport()
    {
        var text = new StringBuilder($"{Failures.Count} failures; the first 40:\n");
        foreach (string failure in Failures.Take(40))
        {
            text.AppendLine(failure);
        }

        return text.ToString();
    }

    /// <summary>Every unexplained difference, grouped by what it is, for whoever extends the table.</summary>
    public string Dump()
    {
        var text = new StringBuilder();
        foreach (var group in _unexplained.GroupBy(u => (u.Request.Group, u.Request.Mvc, u.Request.Route, u.Aspect)).OrderBy(g => g.Key.ToString()))
        {
            text.AppendLine($"=== {group.Key} × {group.Count()}");
            foreach (var item in group)
            {
                text.AppendLine("  " + item.Request);
                text.AppendLine("      " + item.Detail);
            }
        }

        foreach (var stale in _stale)
        {
            text.AppendLine($"STALE {stale.Row.Id}: {stale.Request}");
        }

        return text.ToString();
    }
}
