using System.Text;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// Builds the corpus combinatorially from small lists: what clients put in headers and query strings, and the literals
/// they send for each kind of member. Every request goes to both stacks (MVC and minimal).
/// </summary>
internal static class CorpusCases
{
    public const string Json = "application/json";
    public const string Jmc1 = "application/jsonc+jmc1";

    private static readonly string?[] s_accepts =
    [
        null,
        "*/*",
        Json,
        "application/json; charset=utf-8",
        "text/json",
        "application/*",
        Jmc1,
        "application/jsonc+jmc1;q=0.9, application/json;q=0.5",
        "application/json;q=0, */*",
        "text/plain",
        "application/xml",
        "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    ];

    private static readonly string?[] s_formats = [null, "json", "jmc1", "xml", "csv"];

    private static readonly string?[] s_contentTypes =
    [
        null,
        Json,
        "application/json; charset=utf-8",
        "application/json; charset=UTF-8",
        "application/json; charset=utf-16",
        "application/json; charset=iso-8859-1",
        "application/json; charset=\"utf-8\"",
        "application/json;Charset=\"UTF-8\"",
        "application/json ; charset=utf-8",
        "application/json; charset=\"utf-16\"",
        "text/json",
        "application/vnd.orders+json",
        "application/merge-patch+json",
        Jmc1,
        "application/jsonc+jmc1; charset=\"utf-8\"",
        "text/plain",
        "application/xml",
        "application/x-www-form-urlencoded",
    ];

    private static readonly CorpusRoute[] s_routes =
        [CorpusRoute.GetOne, CorpusRoute.GetList, CorpusRoute.GetStats, CorpusRoute.Post, CorpusRoute.Put];

    public static List<CorpusCase> All()
    {
        var cases = new List<CorpusCase>();
        foreach (bool mvc in new[] { true, false })
        {
            Negotiation(cases, mvc);
            ContentTypes(cases, mvc);
            foreach (CorpusRoute route in new[] { CorpusRoute.Post, CorpusRoute.Put })
            {
                foreach ((string member, string literal) in ValueLiterals.All())
                {
                    if (OrderBodies.Leaves.Contains((member, literal)))
                    {
                        continue; // the valid order itself: sent by the negotiation group already
                    }

                    cases.Add(new("value", mvc, route, null, Json, Json, Encoding.UTF8.GetBytes(OrderBodies.With(member, literal)), member, literal));
                }

                foreach ((string kind, byte[] body) in BadBodies.All())
                {
                    cases.Add(new("body", mvc, route, null, Json, Json, body, null, kind));
                }
            }
        }

        cases.AddRange(PatchCases.All());
        return cases;
    }

    /// <summary>Every route × Accept × <c>?format=</c>, with a valid JSON body where the route takes one.</summary>
    private static void Negotiation(List<CorpusCase> cases, bool mvc)
    {
        foreach (CorpusRoute route in s_routes)
        {
            foreach (string? accept in s_accepts)
            {
                foreach (string? format in s_formats)
                {
                    bool body = route is CorpusRoute.Post or CorpusRoute.Put;
                    cases.Add(new("negotiation", mvc, route, format, accept, body ? Json : null, body ? ValidUtf8() : null));
                }
            }
        }
    }

    /// <summary>Every Content-Type × three Accepts, for POST and PUT, with the valid body encoded as the type says.</summary>
    private static void ContentTypes(List<CorpusCase> cases, bool mvc)
    {
        foreach (CorpusRoute route in new[] { CorpusRoute.Post, CorpusRoute.Put })
        {
            foreach (string? contentType in s_contentTypes.Where(t => t != Json)) // plain JSON: the negotiation group's
            {
                foreach (string? accept in new[] { null, Json, Jmc1 })
                {
                    cases.Add(new("content-type", mvc, route, null, accept, contentType, Encode(contentType)));
                }
            }
        }
    }

    private static byte[] ValidUtf8() => Encoding.UTF8.GetBytes(OrderBodies.Valid());

    /// <summary>The valid order as a client labelling it so would send it (a JMC1 body without length comments is valid JMC1).</summary>
    private static byte[] Encode(string? contentType)
    {
        string json = OrderBodies.Valid();
        string type = contentType?.ToLowerInvariant() ?? "";
        if (type.Contains("utf-16", StringComparison.Ordinal))
        {
            return Encoding.Unicode.GetBytes(json);
        }

        if (type.Contains("iso-8859-1", StringComparison.Ordinal))
        {
            return Encoding.Latin1.GetBytes(json);
        }

        return type.StartsWith(Jmc1, StringComparison.Ordinal) ? Encoding.UTF8.GetBytes("/*JMC1*/" + json) : Encoding.UTF8.GetBytes(json);
    }
}
