using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace Jsonable.Runtime.Tests.Values;

/// <summary>
/// The literals of the value corpus, per type: valid forms, edges of the range, forms some reader is lenient about,
/// and invalid ones. Each is a JSON value as it would stand after a member name (escapes are JSON escapes).
/// </summary>
internal static class ValueCorpusLiterals
{
    /// <summary>Values that are wrong for every scalar, and <c>null</c> (valid only for references and nullables).</summary>
    private static readonly string[] s_common = ["null", "true", "false", "[]", "{}", Q(""), Q(" ")];

    public static readonly string[] Bool = [.. s_common, "1", "0", Q("true"), Q("false"), "True", "tru", "truee"];

    public static string[] Integer(long min, ulong max)
    {
        string lo = min.ToString(CultureInfo.InvariantCulture);
        string hi = max.ToString(CultureInfo.InvariantCulture);
        string below = min == 0 ? "-1" : (new System.Numerics.BigInteger(min) - 1).ToString(CultureInfo.InvariantCulture);
        string above = (new System.Numerics.BigInteger(max) + 1).ToString(CultureInfo.InvariantCulture);
        return
        [
            .. s_common, "0", "-0", "1", "-1", "42", lo, hi, below, above, "1.0", "1.5", "1e2", "1E0", "0e0", "-0.0", "01", "+1", "-",
            ".5", "1.", "0x10", "99999999999999999999999", "NaN", "Infinity",
            Q("1"), Q("-1"), Q(lo), Q(hi), Q(below), Q(above), Q(" 1"), Q("1 "), Q("+1"), Q("01"), Q("1.0"), Q("1e2"), Q("0x10"),
            Q("NaN"), Q("1,000"), "\"\\u0031\"", "\"\\u00312\"",
        ];
    }

    public static readonly string[] Floating =
    [
        .. s_common, "0", "-0", "-0.0", "0.1", "1.5", "-1.5", "1e2", "1E+2", "1e-2", "1e308", "1.7976931348623157e308",
        "1.7976931348623158e308", "1.797693134862316e308", "1e309", "1e400", "-1e400", "5e-324", "2e-324", "1e-400", "-1e-400",
        "3.4028235e38", "3.4028236e38", "3.40282357e38", "1e39", "-1e39", "1.4e-45", "1e-46", "1e-50",
        "123456789012345678901234567890", "0.30000000000000004", "9007199254740993", "1e99999999999",
        "NaN", "Infinity", "-Infinity", ".5", "1.", "01.5", "+1", "1e", "1e+",
        Q("1.5"), Q("-0"), Q("1e400"), Q("-1e400"), Q("1e39"), Q("NaN"), Q("Infinity"), Q("-Infinity"), Q("nan"), Q("infinity"),
        Q("+Infinity"), Q(" 1.5"), Q("1.5 "), Q("0x1p3"), Q("1,5"), Q("1_000"), Q(".5"), Q("1."), Q("+1"), Q("1e5"), Q("∞"),
    ];

    public static readonly string[] Decimal =
    [
        .. s_common, "0", "-0", "-0.0", "1.10", "0.1", "-1.5", "79228162514264337593543950335", "79228162514264337593543950336",
        "-79228162514264337593543950335", "-79228162514264337593543950336", "7.9228162514264337593543950335e28", "1e28", "1e29",
        "1e-28", "1e-29", "0.0000000000000000000000000001", "0.00000000000000000000000000001", "1.0000000000000000000000000001",
        "1.23456789012345678901234567890123", "123456789012345678901234567890.5", "1e400", "1e-400", "1E2", ".5", "01",
        Q("1.5"), Q("1e2"), Q(" 1"), Q("NaN"), Q("1,5"), Q("+1"), Q("-0"),
    ];

    public static readonly string[] Char =
    [
        .. s_common, Q("a"), Q("é"), Q("€"), "\"\\u0000\"", "\"\\\"\"", "\"\\n\"", "\"\\uD83D\\uDE00\"", Q("😀"), "\"\\uD83D\"",
        Q("ab"), "97", "\"\\u0061\"",
    ];

    public static readonly string[] EnumNumber =
    [
        .. s_common, "0", "1", "2", "99", "-1", "2147483647", "2147483648", "1.0", "1e0", Q("Red"), Q("red"), Q("1"), Q("Red, Green"),
    ];

    public static readonly string[] EnumString =
    [
        .. s_common, Q("Red"), Q("red"), Q("RED"), Q("Green"), Q("blue"), Q(" Red"), Q("Red "), Q("Purple"), Q("1"), Q("99"), Q(" 1"),
        Q("+1"), Q("-1"), Q("1.0"), Q("0x1"), Q("2147483648"), Q("Red, Green"), Q("Red,Green"), Q("Red, 1"), Q("Red|Green"),
        Q("+"), Q("-"), Q("1 2"), Q("Red ,Green"), Q("-2147483649"), Q("1e0"), Q("１"), "\"\\u00a0Red\"", "\"\\t1\"",
        "0", "1", "99", "-1", "1.5", "\"\\u0052ed\"",
    ];

    public static readonly string[] FlagsString =
    [
        .. s_common, Q("Read"), Q("read"), Q("None"), Q("Read, Write"), Q("Read,Write"), Q("read, WRITE"), Q(" Read , Write "),
        Q("Read, Read"), Q("Read, 8"), Q("8, Read"), Q("8"), Q("3"), Q("Read,"), Q(", Read"), Q("Read, , Write"), Q("Read|Write"),
        Q("Read Write"), Q("Read, Purple"), Q("Read ,Write"), Q("Read,Write,"), Q("Read,,"), Q(","), "\"Read,\\tWrite\"",
        "3", "8", "0", "-1",
    ];

    public static readonly string[] String =
    [
        .. s_common, Q("abc"), Q("é€😀"), "\"\\u00e9\"", "\"\\uD800\"", "\"\\uDE00\\uD83D\"", "\"a\\u0000b\"", "\"\\/\"", "\"\\n\\t\\b\\f\\r\"",
        "\"\\x\"", "\"a\tb\"", "\"\\u00\"", "1", "\"<>&'+\"",
    ];

    public static readonly string[] Guid =
    [
        .. s_common, Q("0f8fad5b-d9cb-469f-a165-70867728950e"), Q("0F8FAD5B-D9CB-469F-A165-70867728950E"),
        Q("00000000-0000-0000-0000-000000000000"), Q("ffffffff-ffff-ffff-ffff-ffffffffffff"), Q("0f8fad5bd9cb469fa16570867728950e"),
        Q("{0f8fad5b-d9cb-469f-a165-70867728950e}"), Q("(0f8fad5b-d9cb-469f-a165-70867728950e)"),
        Q(" 0f8fad5b-d9cb-469f-a165-70867728950e"), Q("0f8fad5b-d9cb-469f-a165-70867728950e "), Q("0f8fad5b-d9cb-469f-a165-70867728950"),
        Q("+f8fad5b-d9cb-469f-a165-70867728950e"), Q("0f8fad5b-+9cb-469f-a165-70867728950e"), Q("0f8fad5b-d9cb-+69f-a165-70867728950e"),
        Q("0f8fad5b-d9cb-469f-a165-+0867728950e"), Q("0f8fad5b-d9cb-469f-+165-70867728950e"), Q("0f8fad5b-d9cb-469f-a165-7086772895-e"),
        Q("0x8fad5b-d9cb-469f-a165-70867728950e"), Q("g f8fad5b-d9cb-469f-a165-70867728950e"), Q("0f8fad5b-d9cb-469f-a165_70867728950e"),
        "\"\\u0030f8fad5b-d9cb-469f-a165-70867728950e\"",
    ];

    public static readonly string[] DateTime = [.. s_common, .. DateTimeForms(), "1704164645"];

    public static readonly string[] DateOnly =
    [
        .. s_common, Q("2024-01-02"), Q("0001-01-01"), Q("9999-12-31"), Q("2024-02-29"), Q("2023-02-29"), Q("2024-02-30"),
        Q("2024-13-01"), Q("2024-00-01"), Q("2024-01-00"), Q("0000-01-01"), Q("2024-1-02"), Q("2024-01-2"), Q("02024-01-02"),
        Q("2024-01-02T00:00:00"), Q("2024-01-02T00:00:00Z"), Q("2024-01-02Z"), Q(" 2024-01-02"), Q("2024-01-02 "), Q("20240102"),
        Q("2024/01/02"), Q("2024-01"), "\"\\u0032024-01-02\"",
    ];

    public static readonly string[] TimeOnly =
    [
        .. s_common, Q("03:04:05"), Q("00:00:00"), Q("23:59:59.9999999"), Q("03:04"), Q("3:04:05"), Q("03:4:05"), Q("3:4:5"),
        Q("03:04:05.1"), Q("03:04:05.1234567"), Q("03:04:05.12345678"), Q("03:04:05.1234567890"), Q("03:04:05."), Q("24:00:00"),
        Q("23:60:00"), Q("23:59:60"), Q(" 03:04:05"), Q("03:04:05 "), Q("1.03:04:05"), Q("0.03:04:05"), Q("-03:04:05"), Q("+03:04:05"),
        Q("03:04:05Z"), Q("03"), Q("3"), Q("3:04"), Q("3:4"), Q("03:4"), Q("1:2:3"), Q("1:02"), Q("03:04:05,1"), Q("T03:04:05"), "\"\\u0030\\u0033:04:05\"",
    ];

    public static readonly string[] TimeSpan =
    [
        .. s_common, Q("00:00:00"), Q("03:04:05"), Q("1.02:03:04.5"), Q("-1.02:03:04.5"), Q("10675199.02:48:05.4775807"),
        Q("-10675199.02:48:05.4775808"), Q("10675199.02:48:05.4775808"), Q("02:03"), Q("2:3:4"), Q("2:3"), Q(" 02:03:04"), Q("02:03:04 "),
        Q("24:00:00"), Q("1.24:00:00"), Q("1:02:03:04"), Q("1.02:03:04.12345678"), Q("01:02:03.1234567890"), Q("+01:02:03"),
        Q("-01:02:03"), Q("- 01:02:03"), Q("P1D"), Q("5"), Q("1.2"), Q("3:04"), Q("3:4"), Q("1:2:3"), Q("1.2:3"), Q("123:00:00"), Q("1.02:03"), Q("01:60:00"), Q("00:00:60"), Q("01:02:03."),
        Q("-00:00:00"), "\"\\u0030\\u0031:02:03\"",
    ];

    public static readonly string[] Uri =
    [
        .. s_common, Q("https://example.test/a?q=1"), Q("https://example.test/a b"), Q("/relative/path"), Q("relative"),
        Q("http://[::1"), Q("not a uri"), Q("mailto:x@example.test"), Q("https://example.test/é"), Q("\\\\server\\share"),
        Q("file:///tmp/x"), Q("https://ex ample.test/"), Q("http://"), Q("#fragment"), "1",
    ];

    public static readonly string[] Bytes =
    [
        .. s_common, Q("AQID+g=="), Q("AQID+g"), Q("AQID-g=="), Q("AQID_g=="), Q("AQI D+g=="), Q("AQID+g==="), Q("AQID+g="),
        Q("!!!!"), Q(" AQID"), Q("AQID "), Q("AQID\\n"), Q("AA=="), Q("A"), Q("AQ=A"), "[1,2,3]", "\"AQ\\u003d\\u003d\"", "1",
    ];

    public static readonly string[] NullableInt32 = [.. s_common, "1", "-1", Q("1"), Q("null"), "nul"];

    public static readonly string[] NullableDouble = [.. s_common, "1.5", "1e400", Q("1.5"), Q("NaN"), Q("null")];

    public static readonly string[] NullableGuid = [.. s_common, Q("0f8fad5b-d9cb-469f-a165-70867728950e"), Q("0f8fad5b-+9cb-469f-a165-70867728950e")];

    public static readonly string[] NullableEnumString = [.. s_common, Q("Red"), Q("red"), Q("1"), "1", Q("Purple"), Q("Red, Green")];

    /// <summary>Every date and time form clients send: fraction digits 0–9 and more, every offset spelling, no offset, date only, edges.</summary>
    private static IEnumerable<string> DateTimeForms()
    {
        string[] fractions = ["", ".1", ".12", ".123", ".1234", ".12345", ".123456", ".1234567", ".12345678", ".123456789", ".1234567890123456", ".99999999", "."];
        string[] offsets = ["", "Z", "z", "+00:00", "-00:00", "+05:30", "-05:30", "+05", "-05", "+0530", "-0530", "+5:30", "+1:00", "+14:00", "-14:00", "+14:01", "+15:00", "+05:60", "+05:3"];
        foreach (string fraction in fractions)
        {
            foreach (string offset in offsets)
            {
                yield return Q("2024-01-02T03:04:05" + fraction + offset);
            }
        }

        foreach (string offset in offsets)
        {
            yield return Q("2024-01-02T03:04" + offset);
        }

        string[] others =
        [
            "2024-01-02", "2024-01-02Z", "2024-01-02T03", "2024-01-02T03Z", "2024-01-02t03:04:05Z", "2024-01-02 03:04:05Z",
            "2024-1-2", "2024-01-02T3:04:05", "2024-01-02T24:00:00", "2024-01-02T23:59:60", "2024-02-29T00:00:00", "2023-02-29T00:00:00",
            "2024-02-30", "0001-01-01T00:00:00", "0001-01-01T00:00:00Z", "0001-01-01T00:00:00+01:00", "0001-01-01T00:00:00-01:00",
            "0001-01-01T00:59:59+01:00", "0001-01-01T01:00:00+01:00", "9999-12-31T23:59:59.9999999", "9999-12-31T23:59:59.9999999Z",
            "9999-12-31T23:59:59.9999999+01:00", "9999-12-31T23:59:59.9999999-01:00", "9999-12-31T23:59:59.99999999Z", "0000-01-01",
            " 2024-01-02", "2024-01-02 ", "2024-01-02T03:04:05Z ", "20240102T030405Z", "2024-01-02T03:04:05,123Z", "2024-01-02T03:04:05.123 Z",
            "2024-01-02T03:04:05+05:30:00", "Tue, 02 Jan 2024 03:04:05 GMT", "2024-01-02T03:04:05.1234567+05:30",
        ];
        foreach (string other in others)
        {
            yield return Q(other);
        }

        yield return "\"2024-01-02T03:04:05\\u002B05:30\"";
        yield return "\"\\u0032024-01-02T03:04:05Z\"";
    }

    /// <summary>The JSON string literal for <paramref name="inner"/> (which must need no escaping).</summary>
    private static string Q(string inner) => "\"" + inner + "\"";

    /// <summary>Literals in order, without repeats (the lists share the common ones).</summary>
    public static IEnumerable<string> Distinct(IEnumerable<string> literals) => literals.Distinct();
}
