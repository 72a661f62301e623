using System.Globalization;
using System.Text.RegularExpressions;
using SkiaSharp;

namespace Jsonable.LoadTests;

/// <summary>
/// What <c>--smoke</c> asserts after writing the reports: every run got requests through and only 2xx, and every
/// report file reads back: the CSV has one well-formed row per run, the Markdown a summary row per run, the HTML
/// embeds every chart as a PNG that decodes (and loads nothing from elsewhere), and every PNG decodes; where the
/// server's CPU was measured, every run has it and the CSV's CPU columns and the Markdown's CPU/request cells read back.
/// </summary>
internal static partial class ReportCheck
{
    public static IReadOnlyList<string> Check(string directory, IReadOnlyList<RunResult> results, bool serverCpuMeasured)
    {
        var problems = new List<string>();
        foreach (RunResult r in results)
        {
            if (serverCpuMeasured && r.ServerCpuSeconds is null)
            {
                problems.Add($"{r.Engine} {r.Scenario}/{r.Format}: no server CPU figure");
            }

            if (r.Requests == 0 || r.Errors != 0 || r.Successes != r.Requests)
            {
                problems.Add($"{r.Engine} {r.Scenario}/{r.Format}: {r.Requests} requests, {r.Successes} 2xx, {r.Errors} errors ({string.Join("; ", r.ErrorSamples)})");
            }
        }

        string csvPath = Path.Combine(directory, Reports.CsvFile);
        string[] lines = File.Exists(csvPath) ? File.ReadAllLines(csvPath) : [];
        if (lines.Length == 0 || lines[0] != string.Join(',', Reports.CsvColumns))
        {
            problems.Add($"{Reports.CsvFile}: missing or without its header");
        }
        else if (lines.Length - 1 != results.Count)
        {
            problems.Add($"{Reports.CsvFile}: {lines.Length - 1} rows for {results.Count} runs");
        }
        else
        {
            for (int i = 1; i < lines.Length; i++)
            {
                List<string> cells = Reports.ParseCsvLine(lines[i]);
                if (cells.Count != Reports.CsvColumns.Length
                    || !long.TryParse(cells[3], NumberStyles.None, CultureInfo.InvariantCulture, out long requests) || requests <= 0
                    || !double.TryParse(cells[5], NumberStyles.Float, CultureInfo.InvariantCulture, out double rps) || rps <= 0
                    || !double.TryParse(cells[9], NumberStyles.Float, CultureInfo.InvariantCulture, out _))
                {
                    problems.Add($"{Reports.CsvFile} line {i + 1} does not parse: {lines[i]}");
                }
                else
                {
                    problems.AddRange(CheckCpuCells(cells, results[i - 1], results).Select(p => $"{Reports.CsvFile} line {i + 1}: {p}"));
                }
            }
        }

        string markdown = ReadOrEmpty(Path.Combine(directory, Reports.MarkdownFile));
        foreach (RunResult r in results)
        {
            if (!markdown.Contains($"| {r.Scenario} | {Reports.FormatLabel(r.Format)} | {Reports.Micros(r.CpuPerRequest)} |", StringComparison.Ordinal))
            {
                problems.Add($"{Reports.MarkdownFile}: no row for {r.Engine} {r.Scenario}/{r.Format} with its server CPU per request");
            }
        }

        string html = ReadOrEmpty(Path.Combine(directory, Reports.HtmlFile));
        if (!html.StartsWith("<!DOCTYPE html>", StringComparison.Ordinal) || !html.TrimEnd().EndsWith("</html>", StringComparison.Ordinal))
        {
            problems.Add($"{Reports.HtmlFile}: not a whole HTML page");
        }

        if (ExternalReference().IsMatch(html))
        {
            problems.Add($"{Reports.HtmlFile}: loads something from elsewhere (it must be self-contained)");
        }

        MatchCollection images = EmbeddedPng().Matches(html);
        int engines = Reports.Engines(results).Count();
        if (images.Count != 2 * engines)
        {
            problems.Add($"{Reports.HtmlFile}: {images.Count} embedded PNGs for {engines} engine(s), expected {2 * engines}");
        }

        foreach (Match image in images)
        {
            problems.AddRange(CheckPng(Convert.FromBase64String(image.Groups[1].Value), $"{Reports.HtmlFile} image"));
        }

        foreach (string engine in Reports.Engines(results))
        {
            (string rps, string p99) = Reports.ChartFiles(engine);
            foreach (string chart in new[] { rps, p99 })
            {
                string path = Path.Combine(directory, chart);
                problems.AddRange(File.Exists(path) ? CheckPng(File.ReadAllBytes(path), chart) : [$"{chart}: missing"]);
            }
        }

        return problems;
    }

    /// <summary>
    /// The server CPU columns read back as the run's figures: a number where it was measured (the ratios where the
    /// scenario has that route), blank where it was not.
    /// </summary>
    private static IEnumerable<string> CheckCpuCells(List<string> cells, RunResult run, IReadOnlyList<RunResult> results)
    {
        (string Column, double? Expected)[] figures =
        [
            ("server_cpu_s", run.ServerCpuSeconds),
            ("cpu_us_per_request", run.CpuPerRequest),
            ("cpu_ms_per_mb", run.CpuPerMegabyte / 1000),
            ("cpu_vs_stj", Reports.CpuRatio(results, run, WireFormat.Stj)),
            ("cpu_vs_raw", Reports.CpuRatio(results, run, WireFormat.Raw)),
            ("other_cores", run.OtherCores),
        ];
        foreach ((string column, double? expected) in figures)
        {
            string cell = cells[Array.IndexOf(Reports.CsvColumns, column)];
            if (expected is null)
            {
                if (cell.Length != 0)
                {
                    yield return $"{column} is '{cell}' for a figure not measured";
                }
            }
            else if (!double.TryParse(cell, NumberStyles.Float, CultureInfo.InvariantCulture, out double value) || value < 0
                || Math.Abs(value - expected.Value) > 1e-6 * Math.Max(1, Math.Abs(expected.Value)))
            {
                yield return $"{column} is '{cell}', not the run's {expected.Value.ToString(CultureInfo.InvariantCulture)}";
            }
        }
    }

    private static IEnumerable<string> CheckPng(byte[] bytes, string what)
    {
        using SKBitmap? bitmap = SKBitmap.Decode(bytes);
        if (bitmap is null || bitmap.Width != Charts.Width || bitmap.Height != Charts.Height)
        {
            yield return $"{what}: not a {Charts.Width}×{Charts.Height} PNG";
        }
    }

    private static string ReadOrEmpty(string path) => File.Exists(path) ? File.ReadAllText(path) : "";

    [GeneratedRegex("data:image/png;base64,([A-Za-z0-9+/=]+)")]
    private static partial Regex EmbeddedPng();

    [GeneratedRegex(@"(?:src|href)\s*=\s*[""']?(?:https?:)?//", RegexOptions.IgnoreCase)]
    private static partial Regex ExternalReference();
}
