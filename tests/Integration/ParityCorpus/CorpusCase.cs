using System.Text;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>Which route of the parity app a request goes to.</summary>
public enum CorpusRoute
{
    /// <summary><c>GET {stack}/orders/1</c>: one order.</summary>
    GetOne,

    /// <summary><c>GET {stack}/orders</c>: a list of orders.</summary>
    GetList,

    /// <summary><c>GET {stack}/orders/stats</c>: a type Jsonable does not know.</summary>
    GetStats,

    /// <summary><c>POST {stack}/orders</c>: 201 with <c>Location</c>.</summary>
    Post,

    /// <summary><c>PUT {stack}/orders/42</c>.</summary>
    Put,

    /// <summary><c>PATCH {stack}/orders/{id}</c>: an order of the case's own (<see cref="CorpusCase.ResourceId"/>), read back afterwards.</summary>
    Patch,
}

/// <summary>
/// One request of the corpus, with what it is made of, so the table of differences can select requests by a predicate
/// over these fields instead of listing them.
/// </summary>
/// <param name="Group">The generator that made it: <c>negotiation</c>, <c>content-type</c>, <c>value</c>, <c>body</c>.</param>
/// <param name="Mvc">The MVC controller (<c>/mvc</c>) rather than the minimal-API group (<c>/min</c>).</param>
/// <param name="Route">The route.</param>
/// <param name="Format">The <c>?format=</c> value, or null for none.</param>
/// <param name="Accept">The <c>Accept</c> header, or null for none.</param>
/// <param name="ContentType">The <c>Content-Type</c> header of the body, or null for none.</param>
/// <param name="Body">The body's bytes, or null for no body.</param>
/// <param name="Member">For a value or wrong-type case, the JSON path of the member that holds <paramref name="Literal"/>.</param>
/// <param name="Literal">For a value case, the JSON text put at <paramref name="Member"/>; for a body case, its kind.</param>
/// <param name="ResourceId">For a PATCH, the order it changes (each PATCH case has its own).</param>
/// <param name="IfMatch">The <c>If-Match</c> header, or null for none.</param>
public sealed record CorpusCase(
    string Group,
    bool Mvc,
    CorpusRoute Route,
    string? Format,
    string? Accept,
    string? ContentType,
    byte[]? Body,
    string? Member = null,
    string? Literal = null,
    int ResourceId = 0,
    string? IfMatch = null)
{
    public string Method => Route switch
    {
        CorpusRoute.Post => "POST",
        CorpusRoute.Put => "PUT",
        CorpusRoute.Patch => "PATCH",
        _ => "GET",
    };

    public string Path
    {
        get
        {
            string path = (Mvc ? "/mvc/orders" : "/min/orders") + Route switch
            {
                CorpusRoute.GetOne => "/1",
                CorpusRoute.GetStats => "/stats",
                CorpusRoute.Put => "/42",
                CorpusRoute.Patch => "/" + ResourceId,
                _ => "",
            };
            return Format is null ? path : path + "?format=" + Uri.EscapeDataString(Format);
        }
    }

    public bool HasBody => Route is CorpusRoute.Post or CorpusRoute.Put or CorpusRoute.Patch;

    /// <summary>The <c>Accept</c> header, lower-cased, or empty.</summary>
    public string AcceptText => Accept?.ToLowerInvariant() ?? "";

    /// <summary>The <c>Content-Type</c> header, lower-cased, or empty.</summary>
    public string ContentTypeText => ContentType?.ToLowerInvariant() ?? "";

    /// <summary>What a reader of a failure report needs to send the same request again.</summary>
    public override string ToString()
    {
        var text = new StringBuilder();
        text.Append(Method).Append(' ').Append(Path);
        text.Append(" | Accept: ").Append(Accept ?? "(none)");
        if (IfMatch is not null)
        {
            text.Append(" | If-Match: ").Append(IfMatch);
        }

        if (HasBody)
        {
            text.Append(" | Content-Type: ").Append(ContentType ?? "(none)");
            if (Member is not null)
            {
                text.Append(" | ").Append(Member).Append(" = ").Append(Literal);
            }
            else if (Literal is not null)
            {
                text.Append(" | body: ").Append(Literal);
            }

            text.Append(" | bytes: ").Append(Body is null ? "(none)" : Shorten(Encoding.UTF8.GetString(Body)));
        }

        return text.ToString();
    }

    private static string Shorten(string body) => body.Length <= 160 ? body : body[..157] + "...";
}
