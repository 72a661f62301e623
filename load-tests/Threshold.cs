using System.Globalization;
using System.Text.RegularExpressions;

namespace Jsonable.LoadTests;

/// <summary>
/// A <c>--fail-if</c> rule such as <c>p99&gt;50ms</c>, <c>errors&gt;0</c> or <c>rps&lt;1000</c>, optionally scoped to a
/// scenario (and format): <c>get-status/jmc1:p99&gt;5ms</c>. A run that makes the rule true fails the command.
/// </summary>
internal sealed partial record Threshold(string Text, string? Scenario, string? Format, string Metric, bool GreaterThan, double Limit)
{
    public static Threshold Parse(string text)
    {
        Match match = RulePattern().Match(text.Replace(" ", "", StringComparison.Ordinal));
        if (!match.Success)
        {
            throw new ArgumentException($"--fail-if '{text}' is not a rule such as \"p99>50ms\", \"errors>0\" or \"get-status/jmc1:rps<1000\".");
        }

        string metric = match.Groups["metric"].Value.ToLowerInvariant();
        bool greater = match.Groups["op"].Value == ">";
        string value = match.Groups["value"].Value;
        bool isTime = metric is "p50" or "p75" or "p95" or "p99" or "max";
        double limit = isTime
            ? LoadTestOptions.ParseTime(value.Any(char.IsLetter) ? value : value + "ms", "--fail-if", allowZero: true).TotalMilliseconds
            : double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out double n) ? n : throw new ArgumentException($"--fail-if '{text}': '{value}' is not a number.");
        return new Threshold(
            text,
            match.Groups["scenario"].Success ? match.Groups["scenario"].Value : null,
            match.Groups["format"].Success ? match.Groups["format"].Value : null,
            metric, greater, limit);
    }

    /// <summary>The broken rule's message for <paramref name="result"/>, or null when it holds.</summary>
    public string? Check(RunResult result)
    {
        if ((Scenario is not null && Scenario != result.Scenario) || (Format is not null && Format != result.Format))
        {
            return null;
        }

        double actual = Metric switch
        {
            "p50" => result.P50,
            "p75" => result.P75,
            "p95" => result.P95,
            "p99" => result.P99,
            "max" => result.Max,
            "errors" => result.Errors,
            _ => result.Rps,
        };
        bool broken = GreaterThan ? actual > Limit : actual < Limit;
        string unit = Metric is "errors" or "rps" ? "" : " ms";
        return broken
            ? string.Create(CultureInfo.InvariantCulture, $"{result.Engine} {result.Scenario}/{result.Format}: {Metric} = {actual:0.###}{unit} breaks --fail-if \"{Text}\"")
            : null;
    }

    [GeneratedRegex(@"^(?:(?<scenario>[a-z0-9-]+)(?:/(?<format>[a-z0-9]+))?:)?(?<metric>p50|p75|p95|p99|max|errors|rps)(?<op>[<>])(?<value>[0-9.]+(?:ms|us|µs|s|m)?)$", RegexOptions.IgnoreCase)]
    private static partial Regex RulePattern();
}
