using System.Text.RegularExpressions;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// Every way the Jsonable host may answer differently from the System.Text.Json host, one row per cause. The same
/// table, in prose, is docs/http.md's "Differences from System.Text.Json" (a test keeps the two in step). Known bugs
/// say where the cause probably is; fixing one makes its row fail, so the row goes with the fix.
/// </summary>
internal static partial class DifferenceTable
{
    private const string Jmc1 = CorpusCases.Jmc1;

    public static readonly KnownDifference[] Rows =
    [
        // Intended: what Jsonable adds on purpose.
        new(
            "jmc1-response",
            Intended: true,
            Example: "GET /mvc/orders/1 | Accept: application/jsonc+jmc1",
            "A client that asks for JMC1 (Accept: application/jsonc+jmc1 first, or ?format=jmc1) gets JMC1; stripped of its comments it is the same data.",
            c => AsksForJmc1(c) && ServesJsonableType(c),
            [Aspect.MediaType],
            Delivered: a => a.Status >= 400 || a.IsJmc1),
        new(
            "format-query-json",
            Intended: true,
            Example: "GET /mvc/orders/1?format=json | Accept: text/json",
            "MVC: ?format=json on an action writing a Jsonable type answers application/json whatever Accept says (Accept: text/json alone would get text/json); other actions ignore ?format=, as without Jsonable.",
            c => c.Mvc && c.Format == "json" && ServesJsonableType(c),
            [Aspect.MediaType],
            Delivered: a => a.Status >= 400 || a.MediaType == CorpusCases.Json),
        new(
            "more-request-media-types",
            Intended: true,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/jsonc+jmc1",
            "Bodies in application/jsonc+jmc1 are read (STJ: 415), and text/json in minimal APIs too (STJ's minimal APIs read only application/json and application/*+json).",
            c => c.HasBody && c.Route != CorpusRoute.Patch && ContentTypeIs(c, Jmc1, "text/json"),
            [Aspect.Status, Aspect.Location],
            Delivered: a => a.Status < 400),
        new(
            "problem-details-outside-mvc",
            Intended: true,
            Example: "POST /min/orders | Accept: application/json | Content-Type: text/plain",
            "Minimal APIs: UseJsonable() answers routing's 415 with problem details naming the accepted media types (STJ: an empty 415).",
            c => !c.Mvc && IsPostOrPut(c) && c.ContentType is not null && !MinimalStjReads(c) && !ContentTypeIs(c, Jmc1, "text/json"),
            [Aspect.MediaType, Aspect.Data],
            Delivered: a => a.IsProblem),
        new(
            "minimal-body-problem-details",
            Intended: true,
            Example: "POST /min/orders | Accept: application/json | Content-Type: application/json | body: document true",
            "Minimal APIs: a plain T body the generated reader refuses answers 400 problem details whose errors are keyed by the JSON path, as MVC's 400 (STJ: an empty 400). Empty and null bodies keep the framework's empty 400.",
            c => !c.Mvc && IsPostOrPut(c),
            [Aspect.MediaType, Aspect.Data]),
        new(
            "minimal-charset-as-mvc",
            Intended: true,
            Example: "POST /min/orders | Accept: application/json | Content-Type: application/json; charset=iso-8859-1",
            "Minimal APIs read JSON bodies in the charsets MVC reads (UTF-8, UTF-16) and answer any other with MVC's 415, so both stacks answer alike (STJ's minimal APIs transcode any charset .NET knows, STJ's MVC answers 415).",
            c => !c.Mvc && IsPostOrPut(c) && MinimalStjReads(c) && OtherCharset(c),
            [Aspect.Status, Aspect.MediaType, Aspect.Data, Aspect.Location],
            Delivered: a => a.Status == 415),
        new(
            "minimal-quoted-charset",
            Intended: true,
            Example: "POST /min/orders | Accept: application/json | Content-Type: application/json; charset=\"utf-8\"",
            "Minimal APIs read a quoted charset (charset=\"utf-8\", RFC 9110's quoted-string) as MVC does, one rule for both stacks (STJ's minimal APIs throw on it: a 500).",
            c => !c.Mvc && IsPostOrPut(c) && MinimalStjReads(c) && c.ContentType!.Contains("charset=\"", StringComparison.OrdinalIgnoreCase),
            [Aspect.Status, Aspect.MediaType, Aspect.Data, Aspect.Location],
            Delivered: a => a.Status is >= 200 and < 300),
        new(
            "problem-wording",
            Intended: true,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/json | body: trailing x",
            "Problem texts are Jsonable's own: a 400's messages give the reason and the byte offset (STJ: its reader's wording with LineNumber/BytePositionInLine), a 415's detail lists what is accepted (STJ: none). The keys of errors, the JSON paths, are the same.",
            c => c.Mvc && IsPostOrPut(c),
            [Aspect.ProblemText]),

        .. PatchRows(),
        new(
            "number-beyond-its-type",
            Intended: true,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/json | weight = 1e309",
            "A finite number too large for its member's type (1e309 into a double) is a 400 keyed by the member's path; STJ stores Infinity, which it cannot write back, so the request and every later GET of the resource fail with 500.",
            c => c.Member is "weight" or "lines[0].discount" && c.Literal is "1e309" or "-1e309",
            [Aspect.Status, Aspect.Stored],
            Delivered: a => a.Status == 400),

        // Known bugs: each is a leak of the drop-in promise, to be fixed in src/ (then its row is deleted).
        .. PatchKnownBugs(),
    ];

    /// <summary>POST and PUT: bodies System.Text.Json binds itself (PATCH bodies are read by hand, see <see cref="StjMergePatch"/>).</summary>
    private static bool IsPostOrPut(CorpusCase c) => c.Route is CorpusRoute.Post or CorpusRoute.Put;

    private static bool AsksForJmc1(CorpusCase c) =>
        c.Format == "jmc1" || (c.Format is null && c.AcceptText.StartsWith(Jmc1, StringComparison.Ordinal));

    /// <summary>Routes whose value is a Jsonable type (an order or a list of them), not the unrelated stats.</summary>
    private static bool ServesJsonableType(CorpusCase c) => c.Route != CorpusRoute.GetStats;

    private static bool ContentTypeIs(CorpusCase c, params string[] mediaTypes) => mediaTypes.Contains(Essence(c.ContentType));

    /// <summary>What STJ's minimal APIs bind a body from: application/json and application/*+json.</summary>
    private static bool MinimalStjReads(CorpusCase c) =>
        Essence(c.ContentType) is { } type && (type == CorpusCases.Json || (type.StartsWith("application/", StringComparison.Ordinal) && type.EndsWith("+json", StringComparison.Ordinal)));

    /// <summary>A charset other than those MVC's JSON input formatters read (UTF-8, UTF-16).</summary>
    private static bool OtherCharset(CorpusCase c) =>
        c.ContentType?.Split(';').Skip(1).Select(p => p.Trim().ToLowerInvariant()).FirstOrDefault(p => p.StartsWith("charset=", StringComparison.Ordinal)) is { } charset
        && charset["charset=".Length..].Trim('"') is not ("utf-8" or "utf-16");

    private static string? Essence(string? contentType) => contentType?.Split(';')[0].Trim().ToLowerInvariant();

    private static bool IsDateTimeMember(CorpusCase c) => c.Mvc && c.Member is "placedAt" or "shippedAt";

    private static bool EndsAfterCompleteString(byte[] body) => body.Length > 0 && body[^1] == (byte)'"' && body.Count(b => b == (byte)'"') % 2 == 0;

    [GeneratedRegex("T[0-9:.]+[+-][0-9]{2}\"$")]
    private static partial Regex HourOnlyOffset();

    [GeneratedRegex("T[0-9:.]+[+-]([0-9]{4}|[0-9]:[0-9]{2})\"$")]
    private static partial Regex LenientOffset();

    [GeneratedRegex("T[0-9:]+\\.[0-9]{8,}")]
    private static partial Regex LongFraction();
}
