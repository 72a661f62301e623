namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// The literals clients send for each kind of member, each put into an otherwise valid order: every date/time form,
/// numbers at every edge, string escapes, enum and Guid spellings, null and wrong types for every member.
/// </summary>
internal static class ValueLiterals
{
    /// <summary>The date-time offsets clients write: Z, ±hh:mm, ±hh, ±hhmm, lower-case z, and none.</summary>
    public static readonly string[] Offsets = ["Z", "+05:30", "-08:00", "+05", "-08", "+0530", "-0800", "z", ""];

    /// <summary>Members and the JSON kind each holds (for wrong-type cases).</summary>
    private static readonly (string Path, string Kind)[] s_kinds =
    [
        ("id", "number"), ("reference", "string"), ("number", "string"), ("status", "number"), ("customer", "object"),
        ("customer.id", "number"), ("customer.name", "string"), ("customer.email", "string"), ("lines", "array"),
        ("lines[0].sku", "string"), ("lines[0].quantity", "number"), ("lines[0].unitPrice", "number"),
        ("lines[0].discount", "number"), ("placedAt", "string"), ("shippedAt", "string"), ("deliveryDate", "string"),
        ("deliveryWindowStart", "string"), ("handlingTime", "string"), ("total", "number"), ("weight", "number"),
        ("trackingNumber", "number"), ("notes", "string"),
    ];

    private static readonly (string Kind, string Json)[] s_wrongTypes =
        [("string", "\"12\""), ("number", "12"), ("boolean", "true"), ("object", "{}"), ("array", "[]")];

    private static readonly string[] s_numbers =
    [
        "0", "-0", "1", "-1", "2147483647", "2147483648", "-2147483648", "-2147483649", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551616", "1e2", "1E+2",
        "1e-2", "1.0", "1.5", "-0.0", "0.1", "1e308", "1e309", "-1e309", "4.9e-324", "1e-400",
        "79228162514264337593543950335", "79228162514264337593543950336", "0.1234567890123456789012345678",
        "0.12345678901234567890123456789", "1.00000000000000000000000000001", "123456789012345678901234567890.5",
        "01", "+1", ".5", "5.", "1e", "-", "\"1\"", "NaN", "Infinity",
    ];

    private static readonly string[] s_numberMembers =
        ["customer.id", "lines[0].quantity", "trackingNumber", "total", "weight", "lines[0].discount"];

    private static readonly string[] s_strings =
    [
        "\"plain\"", "\"\"", "\"\\u0041\"", "\"\\u00e9\"", "\"\\u00E9\"", "\"\\uD83D\\uDE00\"", "\"\\ud83d\\ude00\"",
        "\"\\uD83D\"", "\"\\uDE00\"", "\"\\uDE00\\uD83D\"", "\"\\uD83Dx\"", "\"\\uD83D\\u0041\"", "\"😀é\"",
        "\"\\n\\t\\r\\b\\f\\/\\\\\\\"\"", "\"\\u0000\"", "\"a\u0001b\"", "\"a\tb\"", "\"\\x41\"", "\"\\u12\"",
        "\"\\u00zz\"", "\"\\U0041\"", "\"a\u007fb\"", "\"<>&'+\"", "\"\u2028\u2029\"", "\"\\'\"",
    ];

    private static readonly string[] s_dateOnly =
    [
        "2024-01-02", "2024-1-2", "2024-01-02T00:00:00", "2024-02-30", "2023-02-29", "0001-01-01", "9999-12-31",
        " 2024-01-02", "20240102", "", "2024-01-02Z",
    ];

    private static readonly string[] s_timeSpans =
    [
        "00:00:01", "1.02:03:04", "-1.06:00:00", "1.02:03:04.1234567", "00:00:00.12345678", "10675199.02:48:05.4775807",
        "10675199.02:48:05.4775808", "1:2:3", "24:00:00", "P1D", " 00:00:01", "1", "",
    ];

    private static readonly string[] s_guids =
    [
        "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "{3f2504e0-4f89-11d3-9a0c-0305e82c3301}",
        "(3f2504e0-4f89-11d3-9a0c-0305e82c3301)", "3f2504e04f8911d39a0c0305e82c3301",
        "3f2504e0-4f89-11d3-9a0c-+305e82c3301", "3f2504e0-4f89-11d3-9a0c-0305e82c330", " 3f2504e0-4f89-11d3-9a0c-0305e82c3301", "",
        "00000000-0000-0000-0000-000000000000",
    ];

    private static readonly string[] s_enums = ["0", "2", "99", "-1", "\"Shipped\"", "\"shipped\"", "\"1\"", "1.0", "1e0", "2147483648"];

    public static IEnumerable<(string Member, string Json)> All()
    {
        foreach (string member in new[] { "placedAt", "shippedAt" })
        {
            foreach (string text in DateTimes())
            {
                yield return (member, Quote(text));
            }
        }

        foreach (string text in s_dateOnly)
        {
            yield return ("deliveryDate", Quote(text));
        }

        foreach (string text in TimesOfDay())
        {
            yield return ("deliveryWindowStart", Quote(text));
        }

        foreach (string text in s_timeSpans)
        {
            yield return ("handlingTime", Quote(text));
        }

        foreach (string text in s_guids)
        {
            yield return ("reference", Quote(text));
        }

        foreach (string json in s_enums)
        {
            yield return ("status", json);
        }

        foreach (string member in s_numberMembers)
        {
            foreach (string json in s_numbers)
            {
                yield return (member, json);
            }
        }

        foreach (string member in new[] { "notes", "customer.name" })
        {
            foreach (string json in s_strings)
            {
                yield return (member, json);
            }
        }

        foreach ((string member, string kind) in s_kinds)
        {
            yield return (member, "null");
            foreach ((string wrongKind, string json) in s_wrongTypes)
            {
                if (wrongKind != kind)
                {
                    yield return (member, json);
                }
            }
        }
    }

    /// <summary>Fraction digits 0–9 × every offset form, then date-only and other forms clients send.</summary>
    private static IEnumerable<string> DateTimes()
    {
        for (int digits = 0; digits <= 9; digits++)
        {
            string fraction = digits == 0 ? "" : "." + "123456789"[..digits];
            foreach (string offset in Offsets)
            {
                yield return "2024-01-02T03:04:05" + fraction + offset;
            }
        }

        string[] others =
        [
            "2024-01-02", "2024-01-02T03:04", "2024-01-02T03:04Z", "2024-01-02 03:04:05", "2024-01-02t03:04:05Z",
            "2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "2024-01-02T24:00:00Z", "0001-01-01T00:00:00+01:00",
            "9999-12-31T23:59:59-01:00", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.9999999Z", "2024-01-02T03:04:05.Z",
            "2024-01-02T03:04:05+14:00", "2024-01-02T03:04:05+15:00", "2024-01-02T03:04:05+1:00", "", "20240102T030405Z",
        ];
        foreach (string text in others)
        {
            yield return text;
        }
    }

    private static IEnumerable<string> TimesOfDay()
    {
        for (int digits = 0; digits <= 9; digits++)
        {
            yield return "09:30:00" + (digits == 0 ? "" : "." + "123456789"[..digits]);
        }

        string[] others = ["09:30", "9:30:00", "24:00:00", "23:59:59.9999999", " 09:30:00", "09:30:00Z", "09:30:00+01:00", ""];
        foreach (string text in others)
        {
            yield return text;
        }
    }

    private static string Quote(string text) => "\"" + text + "\"";
}
