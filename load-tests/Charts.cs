using System.Globalization;
using ScottPlot;

namespace Jsonable.LoadTests;

/// <summary>
/// Grouped bar charts (ScottPlot): one group per scenario, one bar per format, on a log scale because a 3.2 KB GET
/// and a 500 KB catalog differ a hundredfold; each bar is labelled with its value.
/// </summary>
internal static class Charts
{
    private static readonly Color[] FormatColors =
    [
        Color.FromHex("#1f77b4"), // jmc1
        Color.FromHex("#2ca02c"), // json
        Color.FromHex("#ff7f0e"), // stj
        Color.FromHex("#7f7f7f"), // raw
    ];

    public const int Width = 1100;
    public const int Height = 520;

    /// <summary>A PNG of <paramref name="value"/> per scenario and format.</summary>
    public static byte[] Render(string title, string axisLabel, IReadOnlyList<RunResult> results, IReadOnlyList<string> scenarios, IReadOnlyList<WireFormat> formats, Func<RunResult, double> value, Func<double, string> label)
    {
        var plot = new Plot();
        double[] values = results.Select(value).Where(v => v > 0).DefaultIfEmpty(1).ToArray();
        double floor = Math.Floor(Math.Log10(values.Min())) - 0.3;
        double ceiling = Math.Ceiling(Math.Log10(values.Max()) + 0.15);
        var bars = new List<Bar>();
        for (int s = 0; s < scenarios.Count; s++)
        {
            for (int f = 0; f < formats.Count; f++)
            {
                RunResult? result = results.FirstOrDefault(r => r.Scenario == scenarios[s] && r.Format == formats[f].Name);
                if (result is null || value(result) <= 0)
                {
                    continue;
                }

                bars.Add(new Bar
                {
                    Position = s * (formats.Count + 1) + f,
                    ValueBase = floor,
                    Value = Math.Log10(value(result)),
                    FillColor = FormatColors[WireFormat.All.ToList().IndexOf(formats[f]) % FormatColors.Length],
                    Label = label(value(result)),
                });
            }
        }

        plot.Add.Bars(bars);
        plot.Title(title);
        plot.Axes.Left.Label.Text = axisLabel + " (log scale)";

        var yTicks = new List<(double Position, string Label)>();
        for (int exponent = (int)Math.Ceiling(floor); exponent <= ceiling; exponent++)
        {
            yTicks.Add((exponent, FormatPowerOfTen(exponent)));
        }

        plot.Axes.Left.TickGenerator = new ScottPlot.TickGenerators.NumericManual(yTicks.Select(t => t.Position).ToArray(), yTicks.Select(t => t.Label).ToArray());
        plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.NumericManual(
            scenarios.Select((_, s) => s * (formats.Count + 1) + (formats.Count - 1) / 2.0).ToArray(), scenarios.ToArray());
        plot.Axes.SetLimitsY(floor, ceiling);
        plot.Axes.SetLimitsX(-1, scenarios.Count * (formats.Count + 1) - 1);
        plot.Grid.XAxisStyle.MajorLineStyle.Width = 0;

        for (int f = 0; f < formats.Count; f++)
        {
            plot.Legend.ManualItems.Add(new LegendItem { LabelText = formats[f].Label, FillColor = FormatColors[WireFormat.All.ToList().IndexOf(formats[f]) % FormatColors.Length] });
        }

        plot.ShowLegend(Alignment.UpperRight);
        return plot.GetImageBytes(Width, Height, ImageFormat.Png);
    }

    private static string FormatPowerOfTen(int exponent)
    {
        double v = Math.Pow(10, exponent);
        return v switch
        {
            >= 1e6 => (v / 1e6).ToString("0.###", CultureInfo.InvariantCulture) + "M",
            >= 1e3 => (v / 1e3).ToString("0.###", CultureInfo.InvariantCulture) + "k",
            _ => v.ToString("0.####", CultureInfo.InvariantCulture),
        };
    }
}
