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
            "MVC: ?format=json answers application/json whatever Accept says (Accept: text/json alone would get text/json).",
            c => c.Mvc && c.Format == "json",
            [Aspect.MediaType],
            Delivered: a => a.Status >= 400 || a.MediaType == CorpusCases.Json),
        new(
            "more-request-media-types",
            Intended: true,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/jsonc+jmc1",
            "Bodies in application/jsonc+jmc1 are read (STJ: 415), and text/json in minimal APIs too (STJ's minimal APIs read only application/json and application/*+json).",
            c => c.HasBody && ContentTypeIs(c, Jmc1, "text/json"),
            [Aspect.Status, Aspect.Location],
            Delivered: a => a.Status < 400),
        new(
            "problem-details-outside-mvc",
            Intended: true,
            Example: "POST /min/orders | Accept: application/json | Content-Type: text/plain",
            "Minimal APIs: UseJsonable() answers routing's 415 with problem details naming the accepted media types (STJ: an empty 415).",
            c => !c.Mvc && c.HasBody && c.ContentType is not null && !MinimalStjReads(c),
            [Aspect.MediaType, Aspect.Data],
            Delivered: a => a.IsProblem),
        new(
            "problem-wording",
            Intended: true,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/json | body: trailing x",
            "Problem texts are Jsonable's own: a 400's messages give the reason and the byte offset (STJ: its reader's wording with LineNumber/BytePositionInLine), a 415's detail lists what is accepted (STJ: none). The keys of errors, the JSON paths, are the same.",
            c => c.Mvc && c.HasBody,
            [Aspect.ProblemText]),

        // Known bugs: each is a leak of the drop-in promise, to be fixed in src/ (then its row is deleted).
        new(
            "minimal-typed-results-bypass",
            Intended: false,
            Example: "GET /min/orders/1 | Accept: application/jsonc+jmc1",
            "Minimal APIs returning T, List<T> or TypedResults.Ok/Created(T) are written by STJ: JMC1 asked for, JSON answered. Cause: nothing in src/Formatters hooks minimal APIs' own result writing (only JsonableResults/JsonableResult<T> negotiate).",
            c => !c.Mvc && AsksForJmc1(c) && ServesJsonableType(c) && (!c.HasBody || MinimalStjReads(c)),
            [Aspect.NotDelivered("jmc1-response")]),
        new(
            "minimal-body-parameter-bypass",
            Intended: false,
            Example: "POST /min/orders | Accept: application/json | Content-Type: application/jsonc+jmc1",
            "A plain (T body) minimal-API parameter is bound by STJ: a JMC1 or text/json body is a 415. Cause: only JsonableBody<T> binds through Jsonable (src/Formatters/Http/JsonableBody.cs, Internal/MinimalApiRequestBody.cs); nothing replaces the framework's JSON body binding for a plain T.",
            c => !c.Mvc && c.HasBody && ContentTypeIs(c, Jmc1, "text/json"),
            [Aspect.NotDelivered("more-request-media-types")]),
        new(
            "minimal-415-detail-overclaims",
            Intended: false,
            Example: "POST /min/orders | Accept: application/json | Content-Type: text/plain",
            "Minimal APIs: the 415 that UseJsonable() writes for routing's rejection says text/json and application/jsonc+jmc1 are accepted, but the route (a plain T body) reads neither. Cause: ContentNegotiation.UnsupportedContentTypeDetail (src/Formatters/Internal) prints a fixed list instead of the endpoint's Accepts metadata; called from JsonableMiddleware.InvokeAsync.",
            c => !c.Mvc && c.HasBody && c.ContentType is not null && !MinimalStjReads(c),
            [Aspect.UnsupportedDetail]),
        new(
            "format-filter-global",
            Intended: false,
            Example: "GET /mvc/orders/stats?format=csv | Accept: application/json",
            "AddJsonable() adds a global FormatFilter to MVC: ?format=xml or ?format=csv on any action is 404 (STJ: the query is ignored), and ?format=jmc1 on an action whose type Jsonable does not serve is 406. Cause: JsonableMvcOptionsSetup.Configure (src/Formatters/Internal), options.Filters.Add(new FormatFilterAttribute()).",
            c => c.Mvc && c.Format is not null && (c.Format is not ("json" or "jmc1") || (c.Format == "jmc1" && !ServesJsonableType(c))),
            [Aspect.Status]),
        new(
            "format-json-refused-by-accept",
            Intended: false,
            Example: "GET /mvc/orders/1?format=json | Accept: application/json;q=0, */*",
            "MVC: ?format=json with Accept: application/json;q=0, */* is 406 (STJ: 200), though ?format= is documented to win over Accept. Cause: NotAcceptableFilter.OnResultExecuting/CanNegotiate (src/Formatters/Internal) checks the FormatFilter's content type against Accept's q=0.",
            c => c.Mvc && c.Format == "json" && c.AcceptText == "application/json;q=0, */*",
            [Aspect.Status]),
        new(
            "json-q0-gets-text-json",
            Intended: false,
            Example: "GET /mvc/orders/1 | Accept: application/json;q=0, */*",
            "MVC: Accept: application/json;q=0, */* gets text/json (STJ: application/json), for every type, Jsonable's or not. Cause: NotAcceptableFilter.CanNegotiate (src/Formatters/Internal) re-points the result at ContentNegotiation.SelectResponseFormat's choice when MVC's is refused by q=0.",
            c => c.Mvc && c.Format is null && c.AcceptText == "application/json;q=0, */*",
            [Aspect.MediaType]),
        new(
            "truncated-body-error-key",
            Intended: false,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/json | body: truncated at 20",
            "A body cut right after a complete string (a member name or a string value) keys its 400 at that member ($.reference) where STJ keys it at the enclosing object ($). Cause: JsonPathLocator.Locate (src/Runtime/Internal) names the member whose name was read.",
            c => c.Mvc && c.Group == "body" && c.Literal!.StartsWith("truncated", StringComparison.Ordinal) && EndsAfterCompleteString(c.Body!),
            [Aspect.ProblemShape]),
        new(
            "date-offset-hours-only",
            Intended: false,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/json | placedAt = \"2024-01-02T03:04:05+05\"",
            "DateTime/DateTimeOffset with an hour-only offset (…+05) is a 400 (STJ accepts it). Cause: JsonableReader.ReadDateTime/ReadDateTimeOffset (src/Runtime/JsonableReader.Values.cs), s_dateTimeFormats' K.",
            c => IsDateTimeMember(c) && HourOnlyOffset().IsMatch(c.Literal!),
            [Aspect.Status]),
        new(
            "date-offset-lenient",
            Intended: false,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/json | placedAt = \"2024-01-02T03:04:05+0530\"",
            "DateTime/DateTimeOffset with an offset without its colon (…+0530) or with a one-digit hour (…+1:00) is accepted (STJ: 400). Cause: the same TryParseExact with K in JsonableReader.Values.cs, which accepts more than ISO 8601.",
            c => IsDateTimeMember(c) && LenientOffset().IsMatch(c.Literal!) && !LongFraction().IsMatch(c.Literal!), // with 8+ digits both refuse
            [Aspect.Status]),
        new(
            "date-fraction-over-7-digits",
            Intended: false,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/json | placedAt = \"2024-01-02T03:04:05.123456789Z\"",
            "DateTime/DateTimeOffset with 8 or 9 fraction digits (Go's RFC3339Nano, Java's Instant) is a 400 (STJ truncates to 7). Cause: FFFFFFF in s_dateTimeFormats (JsonableReader.Values.cs).",
            c => IsDateTimeMember(c) && LongFraction().IsMatch(c.Literal!) && !LenientOffset().IsMatch(c.Literal!) && !c.Literal!.EndsWith("z\"", StringComparison.Ordinal),
            [Aspect.Status]),
        new(
            "datetime-min-with-offset",
            Intended: false,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/json | shippedAt = \"0001-01-01T00:00:00+01:00\"",
            "DateTime \"0001-01-01T00:00:00+01:00\" is accepted as 0001-01-01T23:00 local, a value 24 h off (STJ: 400, out of range). Cause: DateTime.TryParseExact with RoundtripKind in JsonableReader.ReadDateTime wraps below DateTime.MinValue.",
            c => c.Mvc && c.Member == "shippedAt" && c.Literal == "\"0001-01-01T00:00:00+01:00\"",
            [Aspect.Status]),
        new(
            "time-leading-whitespace",
            Intended: false,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/json | deliveryWindowStart = \" 09:30:00\"",
            "TimeOnly and TimeSpan with leading whitespace (\" 09:30:00\") are accepted (STJ: 400). Cause: TimeSpan.TryParseExact(\"c\") in JsonableReader.ReadTimeOnly/ReadTimeSpan trims whitespace.",
            c => c.Mvc && c.Member is "deliveryWindowStart" or "handlingTime" && c.Literal!.StartsWith("\" ", StringComparison.Ordinal),
            [Aspect.Status]),
        new(
            "guid-plus-sign",
            Intended: false,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/json | reference = \"3f2504e0-4f89-11d3-9a0c-+305e82c3301\"",
            "A Guid with a '+' inside a group (…-+305e82c3301) is accepted (STJ: 400). Cause: Guid.TryParseExact(\"D\") in JsonableReader.TryParseGuid takes a sign in a hex group.",
            c => c.Mvc && c.Member == "reference" && c.Literal!.Contains('+', StringComparison.Ordinal),
            [Aspect.Status]),
        new(
            "double-overflow",
            Intended: false,
            Example: "POST /mvc/orders | Accept: application/json | Content-Type: application/json | weight = 1e309",
            "A double beyond ±1.8e308 (1e309) is a 400; STJ reads ±Infinity (and then its own writer throws on the echo: the STJ host fails the request). Cause: double.IsFinite in JsonableReader.ReadDouble (src/Runtime/JsonableReader.Numbers.cs).",
            c => c.Mvc && c.Member is "weight" or "lines[0].discount" && c.Literal is "1e309" or "-1e309",
            [Aspect.Status]),
    ];

    private static bool AsksForJmc1(CorpusCase c) =>
        c.Format == "jmc1" || (c.Format is null && c.AcceptText.StartsWith(Jmc1, StringComparison.Ordinal));

    /// <summary>Routes whose value is a Jsonable type (an order or a list of them), not the unrelated stats.</summary>
    private static bool ServesJsonableType(CorpusCase c) => c.Route != CorpusRoute.GetStats;

    private static bool ContentTypeIs(CorpusCase c, params string[] mediaTypes) => mediaTypes.Contains(Essence(c.ContentType));

    /// <summary>What STJ's minimal APIs bind a body from: application/json and application/*+json.</summary>
    private static bool MinimalStjReads(CorpusCase c) =>
        Essence(c.ContentType) is { } type && (type == CorpusCases.Json || (type.StartsWith("application/", StringComparison.Ordinal) && type.EndsWith("+json", StringComparison.Ordinal)));

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
