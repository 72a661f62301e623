using System.Text;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// The PATCH requests of the corpus. Each changes an order of its own (ids from
/// <see cref="ParityOrderStore.FirstPatchableId"/>, a copy of the first seeded order with no <c>shipTo</c>), and the
/// answer includes what a GET of it returned afterwards, so a refused patch must have left it as it was.
/// </summary>
internal static class PatchCases
{
    public const string MergePatch = "application/merge-patch+json";

    /// <summary>A valid patch touching a leaf, a nested object and a list.</summary>
    public const string Valid = """{"notes":"patched","customer":{"name":"Ada"},"lines":[{"sku":"S","quantity":2,"unitPrice":1.5}]}""";

    private const string Line = """{"sku":"SKU-1","quantity":2,"unitPrice":9.99,"discount":0.25}""";

    /// <summary>RFC 7396 Appendix A, row by row, mapped onto the order (docs/http.md lists the mapping).</summary>
    public static readonly (string Row, string Patch)[] AppendixA =
    [
        ("A1 replace a member", """{"notes":"c"}"""),
        ("A2 add beside the others", """{"trackingNumber":5}"""),
        ("A3 null clears", """{"notes":null}"""),
        ("A4 null clears one of two", """{"shippedAt":null}"""),
        ("A5 array to string", """{"lines":"c"}"""),
        ("A6 string to array", """{"notes":["b"]}"""),
        ("A7 nested merge with a null", """{"customer":{"name":"d","email":null}}"""),
        ("A8 array replaced whole", """{"lines":[{"sku":"X","quantity":1,"unitPrice":1}]}"""),
        ("A8 array of another kind", """{"lines":[1]}"""),
        ("A9 array for an object", """["c","d"]"""),
        ("A10 array for an object", """["c"]"""),
        ("A11 null for an object", "null"),
        ("A12 string for an object", "\"bar\""),
        ("A13 add where a member is null", """{"shipTo":{"city":"Oslo"}}"""),
        ("A14 nested object created with a null", """{"shipTo":{"city":"b","street":null}}"""),
        ("A15 nested object created, only a null", """{"shipTo":{"street":null}}"""),
    ];

    /// <summary>What a PATCH of one order may get wrong or right beyond single literals.</summary>
    private static readonly (string Kind, string Patch)[] s_shapes =
    [
        ("empty object", "{}"),
        ("required string emptied", """{"number":""}"""),
        ("nested required emptied", """{"customer":{"name":""}}"""),
        ("list item out of range", """{"lines":[{"sku":"S","quantity":0,"unitPrice":1}]}"""),
        ("list item required missing", """{"lines":[{"quantity":1,"unitPrice":1}]}"""),
        ("two list items, second invalid", """{"lines":[{"sku":"S","quantity":1},{"sku":"","quantity":1001}]}"""),
        ("list emptied", """{"lines":[]}"""),
        ("list nulled", """{"lines":null}"""),
        ("nested created invalid", """{"shipTo":{"city":"Oslo","zip":0}}"""),
        ("nested created then nulled member", """{"shipTo":{"city":"Oslo","zip":null}}"""),
        ("nested object nulled when nullable", """{"shipTo":null}"""),
        ("nested object nulled when required", """{"customer":null}"""),
        ("non-nullable reference nulled", """{"number":null}"""),
        ("nested non-nullable reference nulled", """{"customer":{"name":null}}"""),
        ("non-nullable value nulled", """{"total":null}"""),
        ("nullable value nulled", """{"trackingNumber":null}"""),
        ("several members", Valid),
        ("unknown member", """{"unknown":1}"""),
        ("unknown nested member", """{"customer":{"unknown":1}}"""),
        ("unknown member beside a valid one", """{"notes":"x","unknown":null}"""),
        ("name in another case", """{"Notes":"x"}"""),
        ("read-only member, another value", """{"id":5}"""),
        ("read-only member in another case", """{"ID":5}"""),
        ("read-only member, null", """{"reference":null}"""),
        ("read-only member beside a valid one", """{"notes":"x","reference":"3f2504e0-4f89-11d3-9a0c-0305e82c3301"}"""),
        ("read-only member, the stored value", """{"reference":"0f8fad5b-d9cb-469f-a165-70867728950e"}"""),
        ("read-only member of a nested object", """{"customer":{"id":8}}"""),
        ("read-only member of a nested object, the stored value", """{"customer":{"id":7,"name":"Ada"}}"""),
        ("two read-only members", """{"id":5,"reference":"3f2504e0-4f89-11d3-9a0c-0305e82c3301"}"""),
        ("member named twice", """{"notes":"a","notes":"b"}"""),
        ("enum by number", """{"status":2}"""),
        ("dates", """{"placedAt":"2025-05-06T07:08:09.1234567-03:00","deliveryDate":"2025-05-07","deliveryWindowStart":"10:00:00","handlingTime":"00:30:00"}"""),
    ];

    private static readonly string?[] s_contentTypes =
    [
        null, MergePatch, "application/merge-patch+json; charset=utf-8", "Application/Merge-Patch+JSON",
        "application/merge-patch+json; charset=utf-16", "application/merge-patch+json; charset=iso-8859-1",
        "application/json", "application/json; charset=utf-8", "text/json", "application/json-patch+json",
        "application/vnd.orders+json", CorpusCases.Jmc1, "text/plain", "application/xml", "application/x-www-form-urlencoded",
    ];

    private static readonly string?[] s_accepts = [null, "application/json", CorpusCases.Jmc1, "application/xml"];

    private static readonly string[] s_ifMatches = ["\"1\"", "\"0\"", "*", "W/\"1\"", "\"0\", \"1\"", "\"2\""];

    public static List<CorpusCase> All()
    {
        var cases = new List<CorpusCase>();
        int id = ParityOrderStore.FirstPatchableId;
        void Add(bool mvc, string group, string? literal, string? contentType, byte[] body, string? accept = "application/json", string? member = null, string? ifMatch = null) =>
            cases.Add(new CorpusCase(group, mvc, CorpusRoute.Patch, null, accept, contentType, body, member, literal, id++, ifMatch));

        foreach (bool mvc in new[] { true, false })
        {
            foreach ((string row, string patch) in AppendixA)
            {
                foreach (string? accept in s_accepts)
                {
                    Add(mvc, "patch-rfc7396", row, MergePatch, Utf8(patch), accept);
                }
            }

            foreach ((string kind, string patch) in s_shapes)
            {
                Add(mvc, "patch-shape", kind, MergePatch, Utf8(patch));
            }

            Add(mvc, "patch-shape", "read-only member, the stored value", MergePatch, Utf8($"{{\"id\":{id}}}"));
            foreach (string? contentType in s_contentTypes)
            {
                Add(mvc, "patch-content-type", "valid patch", contentType, Encode(Valid, contentType));
            }

            Add(mvc, "patch-content-type", "RFC 6902 document", "application/json-patch+json", Utf8("""[{"op":"replace","path":"/notes","value":"x"}]"""));
            Add(mvc, "patch-content-type", "RFC 6902 document", MergePatch, Utf8("""[{"op":"replace","path":"/notes","value":"x"}]"""));
            Add(mvc, "patch-jmc1", "JMC1 patch", CorpusCases.Jmc1, Utf8("/*JMC1*/" + Valid), CorpusCases.Jmc1);
            Add(mvc, "patch-jmc1", "JMC1 patch with a read-only member", CorpusCases.Jmc1, Utf8("/*JMC1*/{\"id\":5}"));
            foreach (string ifMatch in s_ifMatches)
            {
                Add(mvc, "patch-if-match", "valid patch", MergePatch, Utf8(Valid), ifMatch: ifMatch);
            }

            foreach ((string kind, byte[] body) in BadPatches())
            {
                Add(mvc, "patch-body", kind, MergePatch, body);
            }

            foreach ((string member, string literal) in ValueLiterals.All())
            {
                Add(mvc, "patch-value", literal, MergePatch, Utf8(WithMember(member, literal)), member: member);
            }
        }

        return cases;
    }

    /// <summary>A patch holding only <paramref name="member"/> (inside its object, or in a whole line for a list item's member).</summary>
    private static string WithMember(string member, string literal)
    {
        string[] parts = member.Split('.');
        if (parts.Length == 1)
        {
            return $"{{\"{member}\":{literal}}}";
        }

        if (parts[0] == "lines[0]")
        {
            string line = Line.Replace($"\"{parts[1]}\":", $"\"{parts[1]}\":\u0001", StringComparison.Ordinal);
            int at = line.IndexOf('\u0001', StringComparison.Ordinal);
            int end = line.IndexOfAny([',', '}'], at);
            return $"{{\"lines\":[{line[..at]}{literal}{line[end..]}]}}";
        }

        return $"{{\"{parts[0]}\":{{\"{parts[1]}\":{literal}}}}}";
    }

    private static IEnumerable<(string Kind, byte[] Body)> BadPatches()
    {
        foreach (int cut in new[] { 1, 9, 20, 40, Valid.Length - 1 })
        {
            yield return ($"truncated at {cut}", Utf8(Valid[..cut]));
        }

        string[] documents =
        [
            "", " ", Valid + "x", Valid + "{}", """{"notes":"a",}""", """{/*c*/"notes":"a"}""", """{'notes':"a"}""",
            """{notes:"a"}""", """{"notes":"a""", """{"customer":{"name":"a"}""", """{"lines":[{"sku":"a"}""", "[", "{",
        ];
        foreach (string document in documents)
        {
            yield return ($"document {document}", Utf8(document));
        }

        yield return ("UTF-8 BOM", [0xEF, 0xBB, 0xBF, .. Utf8(Valid)]);
        yield return ("invalid UTF-8 in a string", [.. Utf8("{\"notes\":\"f"), 0xC3, 0x28, .. Utf8("\"}")]);
        yield return ("Latin-1 byte in a string", [.. Utf8("{\"notes\":\"f"), 0xE9, .. Utf8("\"}")]);
    }

    private static byte[] Utf8(string text) => Encoding.UTF8.GetBytes(text);

    private static byte[] Encode(string json, string? contentType)
    {
        string type = contentType?.ToLowerInvariant() ?? "";
        return type.Contains("utf-16", StringComparison.Ordinal) ? Encoding.Unicode.GetBytes(json)
            : type.Contains("iso-8859-1", StringComparison.Ordinal) ? Encoding.Latin1.GetBytes(json)
            : type == CorpusCases.Jmc1 ? Utf8("/*JMC1*/" + json)
            : Utf8(json);
    }
}
