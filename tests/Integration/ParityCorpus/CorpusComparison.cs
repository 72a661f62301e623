using System.Text.Json;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>The ways two answers can differ; a row of the table names the ones it explains.</summary>
public static class Aspect
{
    public const string Status = "status";
    public const string MediaType = "media type";
    public const string Location = "Location";
    public const string Data = "data";
    public const string ProblemShape = "problem shape";
    public const string ProblemText = "problem text";

    /// <summary>What a PATCH left stored: the order a GET answered afterwards, as data.</summary>
    public const string Stored = "stored data";

    /// <summary>A 415 of the Jsonable host names as accepted a media type its route does not read.</summary>
    public const string UnsupportedDetail = "415 detail";

    /// <summary>An intended difference the Jsonable host should show and did not.</summary>
    public static string NotDelivered(string rowId) => "not delivered: " + rowId;
}

/// <summary>
/// Compares the Jsonable host's answer with the System.Text.Json host's: status, media type family, Location, and the
/// body as data (JSON parsed, JMC1 stripped of its comments first); for problem details, their shape (type, title,
/// status, the keys of <c>errors</c>) and their text (<c>detail</c>, error messages) apart, and never <c>traceId</c>.
/// </summary>
internal static class CorpusComparison
{
    public static Dictionary<string, string> Differences(CorpusAnswer stj, CorpusAnswer jsonable)
    {
        var differences = new Dictionary<string, string>();
        // A server that throws answers 500 whatever the exception's type or text, so two throws are the same answer
        // (e.g. a double read as infinity, as STJ reads 1e309, fails to be written back by either).
        if (stj.Stored is not null && jsonable.Stored is not null && DataDifference(stj.Stored, jsonable.Stored) is { } stored)
        {
            differences[Aspect.Stored] = stored;
        }

        if (stj.Status != jsonable.Status || (stj.Exception is null) != (jsonable.Exception is null))
        {
            differences[Aspect.Status] = $"STJ {Show(stj)} / Jsonable {Show(jsonable)}";
            return differences; // the bodies of different statuses are not comparable
        }

        if (stj.MediaType != jsonable.MediaType)
        {
            differences[Aspect.MediaType] = $"STJ '{stj.MediaType}' / Jsonable '{jsonable.MediaType}'";
        }

        if (RelativeLocation(stj.Location) != RelativeLocation(jsonable.Location))
        {
            differences[Aspect.Location] = $"STJ '{stj.Location}' / Jsonable '{jsonable.Location}'";
        }

        if (stj.IsProblem && jsonable.IsProblem)
        {
            CompareProblems(stj, jsonable, differences);
        }
        else if (stj.IsJsonData && jsonable.IsJsonData)
        {
            string? data = DataDifference(stj.JsonBytes, jsonable.JsonBytes);
            if (data is not null)
            {
                differences[Aspect.Data] = data;
            }
        }
        else if (!stj.Body.AsSpan().SequenceEqual(jsonable.Body))
        {
            differences[Aspect.Data] = $"bytes: STJ '{stj.Text}' / Jsonable '{jsonable.Text}'";
        }

        return differences;
    }

    private static void CompareProblems(CorpusAnswer stj, CorpusAnswer jsonable, Dictionary<string, string> differences)
    {
        string stjShape = stj.ProblemShape();
        string shape = jsonable.ProblemShape();
        if (stjShape != shape)
        {
            differences[Aspect.ProblemShape] = $"STJ {stjShape} / Jsonable {shape}";
        }

        string stjText = stj.ProblemText();
        string text = jsonable.ProblemText();
        if (stjText != text)
        {
            differences[Aspect.ProblemText] = $"STJ {stjText} / Jsonable {text}";
        }
    }

    private static string? DataDifference(byte[] stj, byte[] jsonable)
    {
        try
        {
            return JsonData.FirstDifference(stj, jsonable);
        }
        catch (ArgumentException exception)
        {
            return exception.Message;
        }
        catch (FormatException exception)
        {
            return "the JMC1 body is not JMC1: " + exception.Message;
        }
    }

    /// <summary>MVC's <c>CreatedAtAction</c> writes an absolute URI, minimal APIs a relative one; both hosts are compared per stack.</summary>
    private static string? RelativeLocation(string? location) =>
        location is not null && Uri.TryCreate(location, UriKind.Absolute, out Uri? uri) ? uri.PathAndQuery : location;

    private static string Show(CorpusAnswer answer) => answer.Exception ?? $"{answer.Status} {answer.MediaType}";
}
