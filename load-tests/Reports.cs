using System.Globalization;
using System.Net;
using System.Text;

namespace Jsonable.LoadTests;

/// <summary>What a run was, for the top of every report.</summary>
internal sealed record RunConditions(
    DateTime StartedUtc,
    string CommandLine,
    string Target,
    string Simulation,
    TimeSpan Warmup,
    TimeSpan Duration,
    IReadOnlyDictionary<string, string> EngineNotes,
    IReadOnlyList<string> Scenarios,
    IReadOnlyList<string> ScenarioDescriptions,
    IReadOnlyList<WireFormat> Formats)
{
    public string Machine => string.Create(CultureInfo.InvariantCulture,
        $"{Environment.ProcessorCount} cores, {System.Runtime.InteropServices.RuntimeInformation.OSDescription}, .NET {Environment.Version}, server GC {System.Runtime.GCSettings.IsServerGC}");
}

/// <summary>Writes the Markdown, CSV and self-contained HTML reports and the PNG charts of one run.</summary>
internal static class Reports
{
    public const string MarkdownFile = "report.md";
    public const string CsvFile = "results.csv";
    public const string HtmlFile = "report.html";

    public static readonly string[] CsvColumns =
    [
        "engine", "scenario", "format", "requests", "seconds", "rps", "p50_ms", "p75_ms", "p95_ms", "p99_ms", "max_ms",
        "errors", "bytes_in", "bytes_out", "statuses", "rps_vs_stj", "rps_vs_raw", "notes",
        "server_cpu_s", "cpu_us_per_request", "cpu_ms_per_mb", "cpu_vs_stj", "cpu_vs_raw", "other_cores",
    ];

    /// <summary>How far the requests/s ratio and the CPU/request ratio may point opposite ways before a run is called noisy.</summary>
    public const double DisagreeBy = 0.10;

    private const string RatioText = "Ratios are against the System.Text.Json route and the pre-serialized route of the same scenario and engine, above 1× better: "
        + "by server CPU, the other route's CPU µs per request over this one's (1.50× = this route costs two thirds of the CPU); by req/s, this route's rate over the other's "
        + "(blank where the scenario has no such route). Server CPU per request is the figure to read: requests per second on a shared machine measure the neighbours too. "
        + "CPU ms/MB is per 10^6 bytes of response and request bodies as the engine counts them.";

    /// <summary>The chart files of <paramref name="engine"/>: RPS and p99.</summary>
    public static (string Rps, string P99) ChartFiles(string engine) => ($"rps-{engine}.png", $"p99-{engine}.png");

    public static IReadOnlyList<string> Write(string directory, RunConditions conditions, IReadOnlyList<RunResult> results)
    {
        Directory.CreateDirectory(directory);
        var written = new List<string>();
        var charts = new Dictionary<string, (byte[] Rps, byte[] P99)>();
        foreach (string engine in Engines(results))
        {
            List<RunResult> ofEngine = results.Where(r => r.Engine == engine).ToList();
            byte[] rps = Charts.Render($"Requests per second ({engine}; higher is better)", "requests/s", ofEngine, conditions.Scenarios, conditions.Formats, r => r.Rps, Compact);
            byte[] p99 = Charts.Render($"p99 latency ({engine}; lower is better)", "p99 (ms)", ofEngine, conditions.Scenarios, conditions.Formats, r => r.P99, v => Ms(v));
            (string rpsFile, string p99File) = ChartFiles(engine);
            File.WriteAllBytes(Path.Combine(directory, rpsFile), rps);
            File.WriteAllBytes(Path.Combine(directory, p99File), p99);
            written.Add(rpsFile);
            written.Add(p99File);
            charts[engine] = (rps, p99);
        }

        File.WriteAllText(Path.Combine(directory, MarkdownFile), Markdown(conditions, results));
        File.WriteAllText(Path.Combine(directory, CsvFile), Csv(results));
        File.WriteAllText(Path.Combine(directory, HtmlFile), Html(conditions, results, charts));
        written.AddRange([MarkdownFile, CsvFile, HtmlFile]);
        return written;
    }

    public static IEnumerable<string> Engines(IReadOnlyList<RunResult> results) => results.Select(r => r.Engine).Distinct();

    /// <summary>RPS of <paramref name="result"/> over that of the same scenario and engine in <paramref name="baseline"/>.</summary>
    public static double? Ratio(IReadOnlyList<RunResult> results, RunResult result, WireFormat baseline)
    {
        RunResult? other = results.FirstOrDefault(r => r.Engine == result.Engine && r.Scenario == result.Scenario && r.Format == baseline.Name);
        return other is { Rps: > 0 } ? result.Rps / other.Rps : null;
    }

    /// <summary>The server CPU per request of the same scenario and engine in <paramref name="baseline"/> over that of <paramref name="result"/> (above 1× is cheaper).</summary>
    public static double? CpuRatio(IReadOnlyList<RunResult> results, RunResult result, WireFormat baseline)
    {
        RunResult? other = results.FirstOrDefault(r => r.Engine == result.Engine && r.Scenario == result.Scenario && r.Format == baseline.Name);
        return other?.CpuPerRequest is { } theirs && result.CpuPerRequest is > 0 and { } mine ? theirs / mine : null;
    }

    /// <summary>The summary rows: scenario, format, server CPU per request (and per MB) with its ratios, then RPS with its ratios, p50, p99.</summary>
    public static IEnumerable<string[]> SummaryRows(IReadOnlyList<RunResult> results, string engine) =>
        results.Where(r => r.Engine == engine).Select(r => new[]
        {
            r.Scenario, FormatLabel(r.Format),
            Micros(r.CpuPerRequest), Times(CpuRatio(results, r, WireFormat.Stj)), Times(CpuRatio(results, r, WireFormat.Raw)), r.CpuPerMegabyte is { } perMb ? Ms(perMb / 1000) : "",
            Compact(r.Rps), Times(Ratio(results, r, WireFormat.Stj)), Times(Ratio(results, r, WireFormat.Raw)), Ms(r.P50), Ms(r.P99),
        });

    /// <summary>The summary columns the console shows (it may be 80 columns wide): without CPU per MB and p50.</summary>
    public static readonly int[] ConsoleColumns = [0, 1, 2, 3, 4, 6, 7, 8, 10];

    public static readonly string[] SummaryHeader =
        ["scenario", "format", "CPU µs/req", "CPU vs STJ", "CPU vs pre-ser.", "CPU ms/MB", "req/s", "req/s vs STJ", "req/s vs pre-ser.", "p50", "p99"];

    /// <summary>
    /// Signs that the machine was too noisy for requests/s (each a sentence): other work above
    /// <see cref="ServerCpu.NoisyOtherCores"/> cores during a run, pre-serialized bytes slower than a serializer route
    /// by req/s while cheaper by CPU/request, or dearer by CPU/request by more than <see cref="DisagreeBy"/>, and a
    /// route whose req/s and CPU/request ratios to STJ point opposite ways by more than <see cref="DisagreeBy"/> each.
    /// </summary>
    public static IReadOnlyList<string> NoiseNotes(IReadOnlyList<RunResult> results, string engine)
    {
        var notes = new List<string>();
        List<RunResult> mine = results.Where(r => r.Engine == engine).ToList();
        List<RunResult> busy = mine.Where(r => r.OtherCores > ServerCpu.NoisyOtherCores).OrderByDescending(r => r.OtherCores).ToList();
        if (busy.Count > 0)
        {
            notes.Add(string.Create(CultureInfo.InvariantCulture,
                $"Other work on the machine kept more than {ServerCpu.NoisyOtherCores:0.00} cores busy in {busy.Count} of {mine.Count} runs (up to {busy[0].OtherCores:0.00} cores, {busy[0].Scenario}/{busy[0].Format}; the other_cores column of {CsvFile} has each run's)."));
        }

        foreach (RunResult raw in mine.Where(r => r.Format == WireFormat.Raw.Name && r.CpuPerRequest is not null))
        {
            foreach (RunResult r in mine.Where(r => r.Scenario == raw.Scenario && r.Format != WireFormat.Raw.Name && r.CpuPerRequest is not null))
            {
                if (raw.Rps < r.Rps && raw.CpuPerRequest <= r.CpuPerRequest)
                {
                    notes.Add($"{raw.Scenario}: by req/s pre-serialized bytes ({Compact(raw.Rps)}) were slower than {r.Format} ({Compact(r.Rps)}), "
                        + $"while by CPU they cost {Micros(raw.CpuPerRequest)} a request against {Micros(r.CpuPerRequest)}: the req/s measured the neighbours.");
                }
                else if (raw.CpuPerRequest > r.CpuPerRequest * (1 + DisagreeBy))
                {
                    // Bytes that exist cannot cost more than making them: one of the two runs measured something else
                    // (code still being compiled, a neighbour sharing the server's core or its caches).
                    notes.Add($"{raw.Scenario}: pre-serialized bytes cost {Micros(raw.CpuPerRequest)} a request, more than {r.Format}'s "
                        + $"{Micros(r.CpuPerRequest)}, which no serializer can do: this scenario's CPU figures are suspect too; run it again.");
                }
            }
        }

        foreach (RunResult r in mine.Where(r => r.Format != WireFormat.Stj.Name))
        {
            if (Ratio(results, r, WireFormat.Stj) is { } rps && CpuRatio(results, r, WireFormat.Stj) is { } cpu
                && ((rps > 1 + DisagreeBy && cpu < 1 - DisagreeBy) || (rps < 1 - DisagreeBy && cpu > 1 + DisagreeBy)))
            {
                notes.Add($"{r.Scenario}/{r.Format}: {Times(rps)} STJ by req/s but {Times(cpu)} by CPU per request.");
            }
        }

        return notes;
    }

    private static string NoiseSummary(IReadOnlyList<string> notes) => notes.Count == 0
        ? string.Create(CultureInfo.InvariantCulture,
            $"Noise: none seen (other work stayed under {ServerCpu.NoisyOtherCores:0.00} cores in every run, pre-serialized bytes were never slower by req/s while cheaper by CPU, nor dearer by CPU, than a serializer route, and req/s and CPU/request never disagreed about STJ by more than {DisagreeBy:P0} each way).")
        : $"Noise: the machine was too busy for requests/s to be trusted here; read the CPU columns, but for a scenario a sign below calls suspect. {notes.Count} sign(s):";

    public static readonly string[] DetailHeader = ["scenario", "format", "requests", "req/s", "p50", "p75", "p95", "p99", "max", "statuses", "bytes in", "bytes out", "errors"];

    public static IEnumerable<string[]> DetailRows(IReadOnlyList<RunResult> results, string engine) =>
        results.Where(r => r.Engine == engine).Select(r => new[]
        {
            r.Scenario, FormatLabel(r.Format), r.Requests.ToString("N0", CultureInfo.InvariantCulture), Compact(r.Rps),
            Ms(r.P50), Ms(r.P75), Ms(r.P95), Ms(r.P99), Ms(r.Max),
            string.Join(", ", r.StatusCounts.Select(p => $"{p.Key}: {p.Value.ToString("N0", CultureInfo.InvariantCulture)}")),
            Bytes(r.BytesIn), Bytes(r.BytesOut),
            r.Errors == 0 ? "0" : $"{r.Errors.ToString("N0", CultureInfo.InvariantCulture)} ({string.Join("; ", r.ErrorSamples)})",
        });

    private static string Markdown(RunConditions c, IReadOnlyList<RunResult> results)
    {
        var md = new StringBuilder();
        md.AppendLine("# Jsonable load test").AppendLine();
        foreach ((string name, string value) in Conditions(c))
        {
            md.AppendLine(CultureInfo.InvariantCulture, $"- **{name}:** {value}");
        }

        md.AppendLine().AppendLine(RatioText);
        foreach (string engine in Engines(results))
        {
            (string rpsChart, string p99Chart) = ChartFiles(engine);
            md.AppendLine().AppendLine(CultureInfo.InvariantCulture, $"## {engine}").AppendLine();
            md.AppendLine(CultureInfo.InvariantCulture, $"{c.EngineNotes[engine]}").AppendLine();
            AppendTable(md, SummaryHeader, SummaryRows(results, engine));
            IReadOnlyList<string> noise = NoiseNotes(results, engine);
            md.AppendLine().AppendLine(NoiseSummary(noise));
            if (noise.Count > 0)
            {
                md.AppendLine();
                foreach (string note in noise)
                {
                    md.AppendLine("- " + note);
                }
            }
            md.AppendLine().AppendLine(CultureInfo.InvariantCulture, $"![requests per second, {engine}]({rpsChart})").AppendLine();
            md.AppendLine(CultureInfo.InvariantCulture, $"![p99 latency, {engine}]({p99Chart})").AppendLine();
            md.AppendLine("Details:").AppendLine();
            AppendTable(md, DetailHeader, DetailRows(results, engine));
        }

        md.AppendLine().AppendLine("## Scenarios").AppendLine();
        for (int i = 0; i < c.Scenarios.Count; i++)
        {
            md.AppendLine(CultureInfo.InvariantCulture, $"- `{c.Scenarios[i]}`: {c.ScenarioDescriptions[i]}");
        }

        return md.ToString();
    }

    private static void AppendTable(StringBuilder md, string[] header, IEnumerable<string[]> rows)
    {
        md.AppendLine("| " + string.Join(" | ", header) + " |");
        md.AppendLine("|" + string.Join("|", header.Select((_, i) => i < 2 ? " --- " : " ---: ")) + "|");
        foreach (string[] row in rows)
        {
            md.AppendLine("| " + string.Join(" | ", row.Select(cell => cell.Replace("|", "\\|", StringComparison.Ordinal))) + " |");
        }
    }

    private static string Csv(IReadOnlyList<RunResult> results)
    {
        var csv = new StringBuilder();
        csv.AppendLine(string.Join(',', CsvColumns));
        foreach (RunResult r in results)
        {
            string[] cells =
            [
                r.Engine, r.Scenario, r.Format, N(r.Requests), N(r.Elapsed.TotalSeconds), N(r.Rps), N(r.P50), N(r.P75), N(r.P95), N(r.P99), N(r.Max),
                N(r.Errors), N(r.BytesIn), N(r.BytesOut), string.Join(' ', r.StatusCounts.Select(p => $"{p.Key}={p.Value}")),
                N(Ratio(results, r, WireFormat.Stj)), N(Ratio(results, r, WireFormat.Raw)), r.Notes,
                N(r.ServerCpuSeconds), N(r.CpuPerRequest), N(r.CpuPerMegabyte / 1000), N(CpuRatio(results, r, WireFormat.Stj)), N(CpuRatio(results, r, WireFormat.Raw)), N(r.OtherCores),
            ];
            csv.AppendLine(string.Join(',', cells.Select(CsvCell)));
        }

        return csv.ToString();

        static string N(double? v) => v is null ? "" : v.Value.ToString("0.######", CultureInfo.InvariantCulture);
    }

    private static string CsvCell(string cell) =>
        cell.IndexOfAny([',', '"', '\n', '\r']) >= 0 ? "\"" + cell.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"" : cell;

    /// <summary>Splits one CSV line written by <see cref="Csv"/> (quoted cells, doubled quotes).</summary>
    public static List<string> ParseCsvLine(string line)
    {
        var cells = new List<string>();
        var cell = new StringBuilder();
        bool quoted = false;
        for (int i = 0; i < line.Length; i++)
        {
            char ch = line[i];
            if (quoted)
            {
                if (ch == '"' && i + 1 < line.Length && line[i + 1] == '"')
                {
                    cell.Append('"');
                    i++;
                }
                else if (ch == '"')
                {
                    quoted = false;
                }
                else
                {
                    cell.Append(ch);
                }
            }
            else if (ch == '"')
            {
                quoted = true;
            }
            else if (ch == ',')
            {
                cells.Add(cell.ToString());
                cell.Clear();
            }
            else
            {
                cell.Append(ch);
            }
        }

        cells.Add(cell.ToString());
        return quoted ? throw new FormatException("An unterminated quoted cell.") : cells;
    }

    private static string Html(RunConditions c, IReadOnlyList<RunResult> results, IReadOnlyDictionary<string, (byte[] Rps, byte[] P99)> charts)
    {
        var html = new StringBuilder();
        html.AppendLine("<!DOCTYPE html>");
        html.AppendLine("<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Jsonable load test</title>");
        html.AppendLine("<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:1200px;color:#222}table{border-collapse:collapse;margin:1em 0}"
            + "th,td{border:1px solid #ccc;padding:4px 8px;font-size:14px}td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f3f3f3}"
            + "img{max-width:100%;display:block;margin:1em 0}dt{font-weight:600}dd{margin:0 0 .5em 1em}</style></head><body>");
        html.AppendLine("<h1>Jsonable load test</h1><dl>");
        foreach ((string name, string value) in Conditions(c))
        {
            html.AppendLine(CultureInfo.InvariantCulture, $"<dt>{E(name)}</dt><dd>{E(value)}</dd>");
        }

        html.AppendLine(CultureInfo.InvariantCulture, $"</dl><p>{E(RatioText)}</p>");
        foreach (string engine in Engines(results))
        {
            html.AppendLine(CultureInfo.InvariantCulture, $"<h2>{E(engine)}</h2><p>{E(c.EngineNotes[engine])}</p>");
            AppendHtmlTable(html, SummaryHeader, SummaryRows(results, engine));
            IReadOnlyList<string> noise = NoiseNotes(results, engine);
            html.AppendLine(CultureInfo.InvariantCulture, $"<p>{E(NoiseSummary(noise))}</p>");
            if (noise.Count > 0)
            {
                html.AppendLine("<ul>" + string.Concat(noise.Select(n => $"<li>{E(n)}</li>")) + "</ul>");
            }
            html.AppendLine(CultureInfo.InvariantCulture, $"<img alt=\"requests per second, {E(engine)}\" width=\"{Charts.Width}\" height=\"{Charts.Height}\" src=\"data:image/png;base64,{Convert.ToBase64String(charts[engine].Rps)}\">");
            html.AppendLine(CultureInfo.InvariantCulture, $"<img alt=\"p99 latency, {E(engine)}\" width=\"{Charts.Width}\" height=\"{Charts.Height}\" src=\"data:image/png;base64,{Convert.ToBase64String(charts[engine].P99)}\">");
            html.AppendLine("<h3>Details</h3>");
            AppendHtmlTable(html, DetailHeader, DetailRows(results, engine));
        }

        html.AppendLine("<h2>Scenarios</h2><ul>");
        for (int i = 0; i < c.Scenarios.Count; i++)
        {
            html.AppendLine(CultureInfo.InvariantCulture, $"<li><code>{E(c.Scenarios[i])}</code>: {E(c.ScenarioDescriptions[i])}</li>");
        }

        html.AppendLine("</ul></body></html>");
        return html.ToString();

        static string E(string text) => WebUtility.HtmlEncode(text);
    }

    private static void AppendHtmlTable(StringBuilder html, string[] header, IEnumerable<string[]> rows)
    {
        html.Append("<table><thead><tr>");
        foreach (string h in header)
        {
            html.Append(CultureInfo.InvariantCulture, $"<th>{WebUtility.HtmlEncode(h)}</th>");
        }

        html.AppendLine("</tr></thead><tbody>");
        foreach (string[] row in rows)
        {
            html.Append("<tr>");
            for (int i = 0; i < row.Length; i++)
            {
                html.Append(CultureInfo.InvariantCulture, $"<td{(i >= 2 ? " class=\"n\"" : "")}>{WebUtility.HtmlEncode(row[i])}</td>");
            }

            html.AppendLine("</tr>");
        }

        html.AppendLine("</tbody></table>");
    }

    private static IEnumerable<(string Name, string Value)> Conditions(RunConditions c) =>
    [
        ("Started (UTC)", c.StartedUtc.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture)),
        ("Command", $"dotnet run -c Release --project load-tests -- {c.CommandLine}".TrimEnd()),
        ("Machine", c.Machine),
        ("Target", c.Target),
        ("Load simulation", c.Simulation),
        ("Time per scenario and format", string.Create(CultureInfo.InvariantCulture, $"{c.Warmup.TotalSeconds:0.###} s warm-up (not measured), then {c.Duration.TotalSeconds:0.###} s measured")),
        ("Formats", string.Join("; ", c.Formats.Select(f => $"{f.Name} = {f.Label} ({f.RoutePrefix}, {f.MediaType})"))),
    ];

    public static string FormatLabel(string format) => WireFormat.All.FirstOrDefault(f => f.Name == format)?.Label ?? format;

    public static string Compact(double v) => v switch
    {
        >= 100_000 => (v / 1000).ToString("0", CultureInfo.InvariantCulture) + "k",
        >= 10_000 => (v / 1000).ToString("0.0", CultureInfo.InvariantCulture) + "k",
        >= 100 => v.ToString("0", CultureInfo.InvariantCulture),
        _ => v.ToString("0.0", CultureInfo.InvariantCulture),
    };

    public static string Ms(double ms) => ms switch
    {
        >= 100 => ms.ToString("0", CultureInfo.InvariantCulture) + " ms",
        >= 10 => ms.ToString("0.0", CultureInfo.InvariantCulture) + " ms",
        _ => ms.ToString("0.00", CultureInfo.InvariantCulture) + " ms",
    };

    /// <summary>Microseconds, blank where not measured.</summary>
    public static string Micros(double? us) => us switch
    {
        null => "",
        >= 100 => us.Value.ToString("0", CultureInfo.InvariantCulture) + " µs",
        >= 10 => us.Value.ToString("0.0", CultureInfo.InvariantCulture) + " µs",
        _ => us.Value.ToString("0.00", CultureInfo.InvariantCulture) + " µs",
    };

    private static string Times(double? ratio) => ratio is null ? "" : ratio.Value.ToString("0.00", CultureInfo.InvariantCulture) + "×";

    private static string Bytes(long bytes) => bytes switch
    {
        >= 1L << 30 => (bytes / (double)(1L << 30)).ToString("0.00", CultureInfo.InvariantCulture) + " GiB",
        >= 1L << 20 => (bytes / (double)(1L << 20)).ToString("0.0", CultureInfo.InvariantCulture) + " MiB",
        >= 1L << 10 => (bytes / (double)(1L << 10)).ToString("0.0", CultureInfo.InvariantCulture) + " KiB",
        _ => bytes.ToString(CultureInfo.InvariantCulture) + " B",
    };
}
