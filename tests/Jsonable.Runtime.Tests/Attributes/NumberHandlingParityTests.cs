using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Runtime.Tests.Hostile;

namespace Jsonable.Runtime.Tests.Attributes;

/// <summary>
/// Numbers read and written as System.Text.Json does under ASP.NET Core's web defaults (quoted numbers accepted) and under
/// <c>[JsonNumberHandling]</c> on members and types (and <c>[JsonableGenerationOptions(NumberHandling)]</c>): the same corpus read by
/// STJ and by Jsonable (JSON, and JMC1 with a length comment before every string) gives the same data or an error in both;
/// writing gives STJ's bytes.
/// </summary>
public class NumberHandlingParityTests
{
    // The web defaults with names as declared (this assembly's naming policy, see NamingDefaults.cs).
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web) { PropertyNamingPolicy = null, TypeInfoResolver = new DefaultJsonTypeInfoResolver() };
    private static readonly JsonSerializerOptions s_webStrict = new(s_web) { NumberHandling = JsonNumberHandling.Strict };

    /// <summary>Numbers, quoted numbers in every form STJ accepts or rejects, and strings that are not numbers.</summary>
    public static TheoryData<string> Tokens =>
    [
        "3", "-3", "0", "1.5", "1e2", "300", "99999999999", "18446744073709551615",
        "\"3\"", "\" 3\"", "\"3 \"", "\"+3\"", "\"-3\"", "\"03\"", "\"-0\"", "\"3.0\"", "\"1e2\"", "\"1E-2\"", "\"\"", "\"0x10\"",
        "\"\\u0033\"", "\"3\\n\"", "\"1.5\"", "\".5\"", "\"5.\"", "\"12.50\"", "\"1,000\"", "\"1_0\"", "\"300\"", "\"-129\"",
        "\"99999999999\"", "\"18446744073709551615\"", "\"18446744073709551616\"", "\"1E400\"", "\"1e-400\"",
        "\"NaN\"", "\"nan\"", "\"Infinity\"", "\"-Infinity\"", "\"+Infinity\"", "\"Infinity \"", "\"-NaN\"", "\"abc\"",
        "NaN", "true", "null",
    ];

    [Theory]
    [MemberData(nameof(Tokens))]
    public void WebDefaults_EveryNumberMember_ReadsAsStj(string token)
    {
        string[] scalars = ["SByte", "Byte", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64", "Single", "Double", "Decimal", "NullableInt32", "Day"];
        foreach ((string json, byte[] jmc1) in Bodies(token, scalars, list: "List", array: "Array", dictionary: "Values"))
        {
            AssertReadsAsStj(json, jmc1, s_web, b => WebNumbers.CreateFromJson(b), b => WebNumbers.CreateFromJsonable(b));
        }
    }

    [Theory]
    [MemberData(nameof(Tokens))]
    public void StrictOnType_MemberOverride_ReadsAsStj(string token)
    {
        foreach ((string json, byte[] jmc1) in Bodies(token, ["Int32", "UInt64", "Double", "Decimal", "NullableInt32", "Lenient"], list: "List", array: null, dictionary: "Values"))
        {
            AssertReadsAsStj(json, jmc1, s_web, b => StrictNumbers.CreateFromJson(b), b => StrictNumbers.CreateFromJsonable(b));
        }
    }

    [Theory]
    [MemberData(nameof(Tokens))]
    public void WriteAsStringType_ReadsAsStj(string token)
    {
        foreach ((string json, byte[] jmc1) in Bodies(token, ["Int64", "UInt64", "Byte", "Double", "Single", "Decimal", "NullableInt32", "Day", "Plain"], list: "List", array: null, dictionary: "Values"))
        {
            AssertReadsAsStj(json, jmc1, s_web, b => StringNumbers.CreateFromJson(b), b => StringNumbers.CreateFromJsonable(b));
        }
    }

    [Theory]
    [MemberData(nameof(Tokens))]
    public void NamedFloatingPointLiterals_ReadAsStj(string token)
    {
        foreach ((string json, byte[] jmc1) in Bodies(token, ["Double", "Single", "AsString", "Nullable"], list: "List", array: null, dictionary: null))
        {
            AssertReadsAsStj(json, jmc1, s_web, b => NamedFloats.CreateFromJson(b), b => NamedFloats.CreateFromJsonable(b));
        }
    }

    [Theory]
    [MemberData(nameof(Tokens))]
    public void JsonableOptionsNumberHandling_ReadsAsStjWithThatOption(string token)
    {
        foreach ((string json, byte[] jmc1) in Bodies(token, ["Int32", "Double"], list: "List", array: null, dictionary: null))
        {
            AssertReadsAsStj(json, jmc1, s_webStrict, b => OptionsStrictNumbers.CreateFromJson(b), b => OptionsStrictNumbers.CreateFromJsonable(b));
        }
    }

    [Fact]
    public void Corpus_HasQuotedNumbersBothAcceptedAndRejected()
    {
        // The parity above would pass vacuously if every token failed (or every one passed) in both readers.
        var accepted = new List<string>();
        var rejected = new List<string>();
        foreach (string token in Tokens)
        {
            try
            {
                WebNumbers.CreateFromJson(Encoding.UTF8.GetBytes($"{{\"Int32\":{token}}}"));
                accepted.Add(token);
            }
            catch (JsonableException)
            {
                rejected.Add(token);
            }
        }

        Assert.Contains("\"3\"", accepted);
        Assert.Contains("\"+3\"", accepted);
        Assert.Contains("\" 3\"", rejected);
        Assert.Contains("\"3.0\"", rejected);
        Assert.Equal(3, WebNumbers.CreateFromJson("""{"Int32":"3","Decimal":"12.5"}"""u8).Int32);
        Assert.Equal(12.5m, WebNumbers.CreateFromJson("""{"Int32":"3","Decimal":"12.5"}"""u8).Decimal);
    }

    [Fact]
    public void QuotedNumber_InJmc1_WithItsLengthComment_IsRead()
    {
        byte[] jmc1 = Jmc1Oracle.Build("/*JMC1*/{", 5, "\"Int64\":", 16, "\"9007199254740993\"", ",", 7, "\"Decimal\":", 4, "\"12.5\"}");

        WebNumbers read = WebNumbers.CreateFromJsonable(jmc1);

        Assert.Equal(9007199254740993L, read.Int64);
        Assert.Equal(12.5m, read.Decimal);
    }

    [Fact]
    public void QuotedNumber_InJmc1_WithALyingLengthComment_IsAnError()
    {
        byte[] jmc1 = Jmc1Oracle.Build("/*JMC1*/{", 5, "\"Int64\":", 3, "\"9007199254740993\"}");

        Assert.Throws<JsonableException>(() => WebNumbers.CreateFromJsonable(jmc1));
    }

    [Theory]
    [InlineData("""{"Int32":"3"}""", "$.Int32")]
    [InlineData("""{"List":[1,"2"]}""", "$.List[1]")]
    [InlineData("""{"Values":{"a":"1.5"}}""", "$.Values.a")]
    public void Strict_QuotedNumber_IsAnErrorWithThePath(string json, string path)
    {
        var error = Assert.Throws<JsonableException>(() => StrictNumbers.CreateFromJson(Encoding.UTF8.GetBytes(json)));

        Assert.Equal(path, error.Path);
        Assert.Throws<JsonException>(() => JsonSerializer.Deserialize<StrictNumbers>(json, s_web));
    }

    [Fact]
    public void WebDefaults_NotANumberInAString_IsAnErrorWithThePath()
    {
        var error = Assert.Throws<JsonableException>(() => WebNumbers.CreateFromJson("""{"Values":{"a":"1","b":"one"}}"""u8));

        Assert.Equal("$.Values.b", error.Path);
        Assert.Contains("one", error.Message, StringComparison.Ordinal);
    }

    public static TheoryData<string> WriteCases => ["big", "small", "fractions", "extremes", "nonfinite", "empty"];

    [Theory]
    [MemberData(nameof(WriteCases))]
    public void WriteAsString_WritesStjBytes_InBothFormats(string name)
    {
        StringNumbers value = name switch
        {
            "big" => new() { Int64 = 9007199254740993, UInt64 = ulong.MaxValue, Byte = 255, Double = 0.1, Single = 1.5f, Decimal = 1.10m, NullableInt32 = -4, List = [1, -2], Values = new() { ["x"] = 1.5 }, Day = DayOfWeek.Friday, Nested = new() { Int32 = 7, List = [8] }, Plain = 9 },
            "small" => new() { Int64 = long.MinValue, Double = -0.0, Single = float.Epsilon, Decimal = -0.001m },
            "fractions" => new() { Double = 1e300, Single = 3.4028235E+38f, Decimal = 79228162514264337593543950335m, Values = new() { ["a"] = 5e-324 } },
            "extremes" => new() { Double = double.MaxValue, Single = float.MinValue, List = [int.MinValue, int.MaxValue] },
            // WriteAsString writes NaN and the infinities by name even without AllowNamedFloatingPointLiterals, as STJ does.
            "nonfinite" => new() { Double = double.NaN, Single = float.NegativeInfinity, Values = new() { ["p"] = double.PositiveInfinity } },
            _ => new(),
        };

        AssertWritesAsStj(value, s_web, value.ToJson(), value.ToJsonable().ToArray());
    }

    [Fact]
    public void WriteAsString_Jmc1_CarriesTheLengthOfTheQuotedNumber()
    {
        byte[] jmc1 = new StringNumbers { Int64 = 9007199254740993 }.ToJsonable().ToArray();

        byte[] expected = Jmc1Oracle.Build(5, "\"Int64\":", 16, "\"9007199254740993\"");
        Assert.True(jmc1.AsSpan().IndexOf(expected) > 0, Encoding.UTF8.GetString(jmc1));
    }

    [Theory]
    [InlineData(double.NaN)]
    [InlineData(double.PositiveInfinity)]
    [InlineData(double.NegativeInfinity)]
    [InlineData(2.5)]
    public void NamedFloatingPointLiterals_WriteStjBytes_InBothFormats(double number)
    {
        var value = new NamedFloats { Double = number, Single = (float)number, AsString = number, List = [number, 1], Nullable = number };

        AssertWritesAsStj(value, s_web, value.ToJson(), value.ToJsonable().ToArray());

        // Read back as STJ reads its own output: AsString (named literals, written as a string, but without
        // AllowReadingFromString) reads "NaN" but not "2.5", in STJ as here.
        AssertReadsAsStj(value.ToJson(), value.ToJsonable().ToArray(), s_web, b => NamedFloats.CreateFromJson(b), b => NamedFloats.CreateFromJsonable(b));
    }

    [Fact]
    public void WithoutNamedLiteralsOrWriteAsString_NaN_IsStillAWriteError()
    {
        Assert.Throws<JsonableException>(() => new WebNumbers { Double = double.NaN }.ToJson());
        Assert.Throws<ArgumentException>(() => JsonSerializer.Serialize(new WebNumbers { Double = double.NaN }, s_web));
    }

    [Fact]
    public void JsonableOptionsNumberHandling_WritesAsStjWithThatOption()
    {
        var value = new OptionsStrictNumbers { Int32 = 5, Double = 2.5, List = [1.10m] };

        AssertWritesAsStj(value, s_webStrict, value.ToJson(), value.ToJsonable().ToArray());
    }

    [Fact]
    public void WriteAsString_RoundTripsThroughBothFormats()
    {
        var value = new StringNumbers { Int64 = 9007199254740993, UInt64 = ulong.MaxValue, Double = 0.1, Decimal = 1.10m, NullableInt32 = 3, List = [1], Values = new() { ["x"] = -2.5 }, Plain = 4 };

        Assert.Equal(Describe(value), Describe(StringNumbers.CreateFromJson(Encoding.UTF8.GetBytes(value.ToJson()))));
        Assert.Equal(Describe(value), Describe(StringNumbers.CreateFromJsonable(value.ToJsonable().Span)));
    }

    private static void AssertWritesAsStj<T>(T value, JsonSerializerOptions stj, string json, byte[] jmc1)
    {
        string expected = JsonSerializer.Serialize(value, stj);
        Assert.Equal(expected, json);

        // JMC1 is the same data: STJ reads it with comments skipped.
        JsonNode? fromJmc1 = JsonNode.Parse(jmc1, documentOptions: new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip });
        Assert.True(JsonNode.DeepEquals(JsonNode.Parse(expected), fromJmc1), $"JMC1 {fromJmc1?.ToJsonString()} differs from STJ {expected}");
    }

    private static void AssertReadsAsStj<T>(string json, byte[] jmc1, JsonSerializerOptions stj, Func<byte[], T> fromJson, Func<byte[], T> fromJmc1)
    {
        string? expected;
        try
        {
            expected = Describe(JsonSerializer.Deserialize<T>(json, stj));
        }
        catch (JsonException)
        {
            expected = null;
        }

        foreach ((string format, Func<T> read) in new (string, Func<T>)[] { ("JSON", () => fromJson(Encoding.UTF8.GetBytes(json))), ("JMC1", () => fromJmc1(jmc1)) })
        {
            string? actual;
            try
            {
                actual = Describe(read());
            }
            catch (JsonableException)
            {
                actual = null;
            }

            Assert.True(expected == actual, $"{format} {json}: STJ {expected ?? "rejects it"}, Jsonable {actual ?? "rejects it"}");
        }
    }

    /// <summary>The same document as JSON and as JMC1 (a header before the object, a length comment before every string, array and dictionary).</summary>
    private static IEnumerable<(string Json, byte[] Jmc1)> Bodies(string token, string[] scalars, string? list, string? array, string? dictionary)
    {
        object[] value = token.StartsWith('"') ? [token.Length - 2, token] : [token];
        foreach (string member in scalars)
        {
            yield return ($"{{\"{member}\":{token}}}", Jmc1Oracle.Build(["/*JMC1*/{", member.Length, $"\"{member}\":", .. value, "}"]));
        }

        foreach (string? member in new[] { list, array })
        {
            if (member is not null)
            {
                yield return ($"{{\"{member}\":[1,{token}]}}", Jmc1Oracle.Build(["/*JMC1*/{", member.Length, $"\"{member}\":", 2, "[1,", .. value, "]}"]));
            }
        }

        if (dictionary is not null)
        {
            yield return ($"{{\"{dictionary}\":{{\"a\":{token}}}}}", Jmc1Oracle.Build(["/*JMC1*/{", dictionary.Length, $"\"{dictionary}\":", 1, "{", 1, "\"a\":", .. value, "}}"]));
        }
    }

    /// <summary>Every public property's value, with floating-point numbers in round-trip form (NaN included, unlike STJ's default writer).</summary>
    private static string Describe(object? value) => value switch
    {
        null => "null",
        string s => s,
        double d => d.ToString("R", CultureInfo.InvariantCulture),
        float f => f.ToString("R", CultureInfo.InvariantCulture),
        IFormattable formattable => formattable.ToString(null, CultureInfo.InvariantCulture),
        IDictionary dictionary => "{" + string.Join(",", dictionary.Keys.Cast<object>().Select(k => $"{k}={Describe(dictionary[k])}")) + "}",
        IEnumerable items => "[" + string.Join(",", items.Cast<object?>().Select(Describe)) + "]",
        _ => "{" + string.Join(",", value.GetType().GetProperties(BindingFlags.Public | BindingFlags.Instance).Select(p => $"{p.Name}={Describe(p.GetValue(value))}")) + "}",
    };
}
