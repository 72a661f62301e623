using System.Globalization;

namespace Jsonable.LoadTests;

/// <summary>
/// How load is applied during a run, in NBomber's terms: the closed model keeps N copies of the scenario running
/// (a new request as soon as one ends: throughput is what the server gives), the open model starts requests at a
/// rate whatever the server does (latency is measured from when each request was due, so a stalled server shows
/// its full cost: no coordinated omission).
/// </summary>
internal abstract record LoadSimulation
{
    /// <summary>How many requests can be in flight at once: the connection pool is sized to it.</summary>
    public abstract int MaxConcurrency { get; }

    /// <summary>True for the open model (requests due at times set in advance).</summary>
    public abstract bool IsOpen { get; }

    /// <summary>The simulation as the command line writes it.</summary>
    public abstract string Text { get; }

    /// <summary>One line for reports.</summary>
    public abstract string Describe();

    /// <summary>
    /// Parses <c>closed:32</c>, <c>constant:2000</c> (requests/s) or <c>ramp:100-4000</c> (requests/s, linear
    /// over the run); <paramref name="maxInFlight"/> caps the open model's concurrent requests.
    /// </summary>
    public static LoadSimulation Parse(string text, int maxInFlight)
    {
        string[] parts = text.Split(':', 2);
        string kind = parts[0].Trim().ToLowerInvariant();
        string value = parts.Length == 2 ? parts[1].Trim() : "";
        switch (kind)
        {
            case "closed" when int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out int copies) && copies is > 0 and <= 10_000:
                return new ClosedModel(copies);
            case "constant" when TryParseRate(value, out double rate):
                return new ConstantRate(rate, maxInFlight);
            case "ramp":
                string[] rates = value.Split('-', 2);
                if (rates.Length == 2 && TryParseRate(rates[0], out double from, allowZero: true) && TryParseRate(rates[1], out double to) && to >= from)
                {
                    return new RampingRate(from, to, maxInFlight);
                }

                break;
        }

        throw new ArgumentException($"'{text}' is not a load simulation: use closed:COPIES, constant:RATE or ramp:FROM-TO (requests per second).");
    }

    private static bool TryParseRate(string text, out double rate, bool allowZero = false) =>
        double.TryParse(text.Trim().TrimEnd('s').TrimEnd('/'), NumberStyles.Float, CultureInfo.InvariantCulture, out rate)
        && (allowZero ? rate >= 0 : rate > 0) && rate <= 1_000_000;
}

/// <summary>Closed model: <paramref name="Copies"/> virtual users, each sending its next request when the last one ends.</summary>
internal sealed record ClosedModel(int Copies) : LoadSimulation
{
    public override int MaxConcurrency => Copies;

    public override bool IsOpen => false;

    public override string Text => $"closed:{Copies}";

    public override string Describe() => $"closed model, {Copies} concurrent copies (keep-constant)";
}

/// <summary>Open model: requests due at a schedule; <see cref="DueBy"/> is how many are due after a time.</summary>
internal abstract record OpenModel(int MaxInFlight) : LoadSimulation
{
    public override int MaxConcurrency => MaxInFlight;

    public override bool IsOpen => true;

    /// <summary>How many requests are due <paramref name="elapsed"/> into a run of <paramref name="duration"/>.</summary>
    public abstract long DueBy(TimeSpan elapsed, TimeSpan duration);

    /// <summary>When request <paramref name="index"/> (0-based) is due.</summary>
    public abstract TimeSpan DueAt(long index, TimeSpan duration);
}

/// <summary>Open model at a constant arrival rate (NBomber's Inject).</summary>
internal sealed record ConstantRate(double Rate, int MaxInFlight) : OpenModel(MaxInFlight)
{
    public override string Text => $"constant:{Rate.ToString(CultureInfo.InvariantCulture)}";

    public override string Describe() => $"open model, {Rate.ToString(CultureInfo.InvariantCulture)} requests/s (inject; latency from when each request was due; at most {MaxInFlight} in flight)";

    public override long DueBy(TimeSpan elapsed, TimeSpan duration) => (long)Math.Floor(Rate * elapsed.TotalSeconds) + 1;

    public override TimeSpan DueAt(long index, TimeSpan duration) => TimeSpan.FromSeconds(index / Rate);
}

/// <summary>Open model whose rate goes linearly from <paramref name="From"/> to <paramref name="To"/> (NBomber's RampingInject).</summary>
internal sealed record RampingRate(double From, double To, int MaxInFlight) : OpenModel(MaxInFlight)
{
    public override string Text => $"ramp:{From.ToString(CultureInfo.InvariantCulture)}-{To.ToString(CultureInfo.InvariantCulture)}";

    public override string Describe() => $"open model, rate ramping {From.ToString(CultureInfo.InvariantCulture)} → {To.ToString(CultureInfo.InvariantCulture)} requests/s (ramping inject; latency from when each request was due; at most {MaxInFlight} in flight)";

    // Requests due by t: the integral of the rate, From·t + (To − From)·t² / 2D.
    public override long DueBy(TimeSpan elapsed, TimeSpan duration)
    {
        double t = Math.Min(elapsed.TotalSeconds, duration.TotalSeconds);
        return (long)Math.Floor(From * t + (To - From) * t * t / (2 * duration.TotalSeconds)) + 1;
    }

    public override TimeSpan DueAt(long index, TimeSpan duration)
    {
        double a = (To - From) / (2 * duration.TotalSeconds);
        double t = a < 1e-12 ? index / Math.Max(From, 1e-9) : (-From + Math.Sqrt(From * From + 4 * a * index)) / (2 * a);
        return TimeSpan.FromSeconds(t);
    }
}
