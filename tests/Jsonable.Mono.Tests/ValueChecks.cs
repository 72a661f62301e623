using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Jsonable.Mono.Tests
{
    /// <summary>
    /// Scalars whose text the netstandard2.0 fallbacks produce themselves (shortest round-trip numbers, dates, escapes):
    /// the bytes are what net10.0 writes, spelled out here, and they read back to the same values.
    /// </summary>
    internal static class ValueChecks
    {
        // What the net10.0 build writes for Create() (checked on .NET 10 by the same runner).
        private const string ExpectedJson =
            "{\"doubles\":[0.1,1E+21,5E-324,1.7976931348623157E+308,1000000000000000,100000000000000,1E-05,0.0001,-0,123.456,0.3333333333333333,2.5E-07,9007199254740992,12345678901234568,10000000000000000,1E+17,1.5E-05,1.2345678901234568E+17]," +
            "\"floats\":[0.1,1E+10,3.4028235E+38,1E-07,16777216,0.3,0.33333334,100000000,1E+09]," +
            "\"decimals\":[1.0,1.00,79228162514264337593543950335,-0.0001]," +
            "\"longs\":[-9223372036854775808,9223372036854775807,0,-1]," +
            "\"big\":18446744073709551615," +
            "\"text\":\"quote\\\" backslash\\\\ tab\\t nl\\n ctrl\\u0001 \u00e9 \U0001F600 \u2028\"," +
            "\"texts\":[\"\",\"\uFFFDx\",\"/\"]," +
            "\"letter\":\"\\u0000\"," +
            "\"flag\":true," +
            "\"when\":\"2024-02-29T13:45:06.12345Z\"," +
            "\"whenOffset\":\"2024-02-29T13:45:06.5+05:30\"," +
            "\"span\":\"-1.02:03:04.5670000\"," +
            "\"id\":\"0f8fad5b-d9cb-469f-a165-70867728950e\"," +
            "\"link\":\"https://example.com/a?b=c\"," +
            "\"blob\":\"AAF/gP8=\"," +
            "\"counts\":{\"a\":1,\"\":-2}," +
            "\"byNumber\":{\"-5\":\"minus five\",\"7\":\"seven\"}," +
            "\"child\":null}";

        public static void Run(Runner runner)
        {
            runner.Check("values: JSON bytes are net10.0's (numbers, dates, escapes)", () =>
            {
                byte[] json = Encoding.UTF8.GetBytes(Create().ToJson());
                runner.Record("values.json", json);
                Assert.SameBytes(Encoding.UTF8.GetBytes(ExpectedJson), json, "values as JSON");
            });

            runner.Check("values: JMC1 bytes without comments are the JSON bytes", () =>
            {
                byte[] jmc1 = Create().ToJsonable().ToArray();
                runner.Record("values.jmc1", jmc1);
                Assert.SameBytes(Encoding.UTF8.GetBytes(ExpectedJson), JsonData.StripComments(jmc1), "values as JMC1, stripped");
            });

            runner.Check("values: read back from JSON and JMC1, equal member by member", () =>
            {
                Values expected = Create();
                AssertSame(expected, Values.CreateFromJson(Encoding.UTF8.GetBytes(ExpectedJson)), "from JSON");
                AssertSame(expected, Values.CreateFromJsonable(expected.ToJsonable().Span), "from JMC1");
            });

            runner.Check("values: a number beyond double's range is refused at its path (STJ stores an infinity it cannot write back)", () =>
            {
                JsonableException high = Assert.Throws<JsonableException>(() => Values.CreateFromJson(Encoding.UTF8.GetBytes("{\"doubles\":[1e400]}")), "1e400");
                Assert.Equal("$.doubles[0]", high.Path, "1e400's path");
                JsonableException low = Assert.Throws<JsonableException>(() => Values.CreateFromJson(Encoding.UTF8.GetBytes("{\"doubles\":[0,-1e400]}")), "-1e400");
                Assert.Equal("$.doubles[1]", low.Path, "-1e400's path");
                Values v = Values.CreateFromJson(Encoding.UTF8.GetBytes("{\"doubles\":[1e-400]}"));
                Assert.Equal(0d, v.Doubles![0], "1e-400 (too small is zero, as in STJ)");
            });

            runner.Check("values: NaN cannot be written (RFC 8259 has no token for it)", () =>
                Assert.Throws<JsonableException>(() => new Values { Doubles = new[] { double.NaN } }.ToJson(), "NaN"));
        }

        private static Values Create() => new()
        {
            Doubles = new[] { 0.1, 1e21, 5e-324, double.MaxValue, 1e15, 1e14, 1e-5, 0.0001, -0.0, 123.456, 1.0 / 3, 2.5e-7, 9007199254740993, 1.2345678901234567e16, 1e16, 1e17, 1.5e-5, 123456789012345680.0 },
            Floats = new[] { 0.1f, 1e10f, float.MaxValue, 1e-7f, 16777217f, 0.3f, 1.0f / 3, 1e8f, 1e9f },
            Decimals = new[] { 1.0m, 1.00m, decimal.MaxValue, -0.0001m },
            Longs = new[] { long.MinValue, long.MaxValue, 0, -1 },
            Big = ulong.MaxValue,
            Text = "quote\" backslash\\ tab\t nl\n ctrl\u0001 \u00e9 \U0001F600 \u2028",
            Texts = new List<string> { "", "\uD800x", "/" },
            Letter = '\0',
            Flag = true,
            When = new DateTime(2024, 2, 29, 13, 45, 6, DateTimeKind.Utc).AddTicks(1234500),
            WhenOffset = new DateTimeOffset(2024, 2, 29, 13, 45, 6, 500, TimeSpan.FromMinutes(330)),
            Span = -new TimeSpan(1, 2, 3, 4, 567),
            Id = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
            Link = new Uri("https://example.com/a?b=c"),
            Blob = new byte[] { 0, 1, 127, 128, 255 },
            Counts = new Dictionary<string, int> { ["a"] = 1, [""] = -2 },
            ByNumber = new Dictionary<long, string> { [-5] = "minus five", [7] = "seven" },
        };

        private static void AssertSame(Values expected, Values actual, string what)
        {
            Assert.Equal(Join(expected.Doubles), Join(actual.Doubles), what + ": doubles");
            Assert.Equal(Join(expected.Floats), Join(actual.Floats), what + ": floats");
            Assert.Equal(Join(expected.Decimals), Join(actual.Decimals), what + ": decimals");
            Assert.Equal(Join(expected.Longs), Join(actual.Longs), what + ": longs");
            Assert.Equal(expected.Big, actual.Big, what + ": big");
            Assert.Equal(expected.Text, actual.Text, what + ": text");
            Assert.Equal("|\uFFFDx|/", string.Join("|", actual.Texts!), what + ": texts (a lone surrogate is written as U+FFFD)");
            Assert.Equal(expected.Letter, actual.Letter, what + ": letter");
            Assert.Equal(expected.When, actual.When, what + ": when");
            Assert.Equal(expected.When.Kind, actual.When.Kind, what + ": when's kind");
            Assert.Equal(expected.WhenOffset, actual.WhenOffset, what + ": whenOffset");
            Assert.Equal(expected.WhenOffset.Offset, actual.WhenOffset.Offset, what + ": whenOffset's offset");
            Assert.Equal(expected.Span, actual.Span, what + ": span");
            Assert.Equal(expected.Id, actual.Id, what + ": id");
            Assert.Equal(expected.Link, actual.Link, what + ": link");
            Assert.Equal(Convert.ToBase64String(expected.Blob!), Convert.ToBase64String(actual.Blob!), what + ": blob");
            Assert.Equal("a=1,=-2", string.Join(",", Pairs(actual.Counts!)), what + ": counts");
            Assert.Equal("-5=minus five,7=seven", string.Join(",", Pairs(actual.ByNumber!)), what + ": byNumber");
        }

        // Numbers compared bit for bit (-0 and 0 differ), decimals with their scale.
        private static string Join(double[]? values) => values is null ? "null" : string.Join(",", Array.ConvertAll(values, v => BitConverter.DoubleToInt64Bits(v).ToString(CultureInfo.InvariantCulture)));

        private static string Join(float[]? values) => values is null ? "null" : string.Join(",", Array.ConvertAll(values, v => BitConverter.ToInt32(BitConverter.GetBytes(v), 0).ToString(CultureInfo.InvariantCulture)));

        private static string Join(decimal[]? values) => values is null ? "null" : string.Join(",", Array.ConvertAll(values, v => v.ToString(CultureInfo.InvariantCulture)));

        private static string Join(long[]? values) => values is null ? "null" : string.Join(",", Array.ConvertAll(values, v => v.ToString(CultureInfo.InvariantCulture)));

        private static IEnumerable<string> Pairs<TKey, TValue>(Dictionary<TKey, TValue> values)
            where TKey : notnull
        {
            foreach (KeyValuePair<TKey, TValue> pair in values)
            {
                yield return pair.Key + "=" + pair.Value;
            }
        }
    }
}
