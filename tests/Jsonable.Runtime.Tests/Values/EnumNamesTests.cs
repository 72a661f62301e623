using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.Values;

/// <summary>
/// <see cref="JsonableEnumNames"/> in the writer and reader options against System.Text.Json with the matching
/// <c>JsonStringEnumConverter</c>: every literal is accepted exactly when STJ accepts it, as the same value, and every
/// value (named, a flags combination, without a name) is written as STJ writes it or refused when STJ refuses it — in
/// JSON and in JMC1 (compared once its comments are stripped).
/// </summary>
public sealed class EnumNamesTests
{
    private static readonly string[] s_literals =
    [
        "\"Green\"", "\"green\"", "\"GREEN\"", "\"gReEn\"", "\" Green \"", "\"Red, Blue\"", "\"Red,\"", "\",Red\"", "\"Red,,Blue\"", "\"Red, 1\"",
        "\"1\"", "\" 2 \"", "\"+1\"", "\"-1\"", "\"01\"", "\"7\"", "\"2147483648\"", "1", "7", "-1", "1.0", "\"\"", "\" \"", "\"nope\"", "null", "true",
        "\"Read\"", "\"read, write\"", "\"Read, Write, Execute\"", "\"Read, 8\"", "\"None\"", "\"none\"", "\"execute\"", "8", "\"8\"",
    ];

    public static TheoryData<string, bool> Policies() => new()
    {
        { "none", true },
        { "none", false },
        { "camelCase", true },
        { "snake_case_upper", true },
        { "kebab-case-lower", false },
    };

    [Theory]
    [MemberData(nameof(Policies))]
    public void Read_EveryLiteral_AsStjWithTheConverter(string policy, bool allowIntegerValues)
    {
        (JsonSerializerOptions stj, JsonableReaderOptions reader, _) = Options(policy, allowIntegerValues);
        foreach (string literal in s_literals)
        {
            string json = $"{{\"value\":{literal}}}";
            AssertReadsAlike<EnumNumberBox, CorpusColor>(json, stj, reader, b => b.Value);
            AssertReadsAlike<FlagsNumberBox, CorpusAccess>(json, stj, reader, b => b.Value);
        }
    }

    [Theory]
    [MemberData(nameof(Policies))]
    public void Write_EveryValue_AsStjWithTheConverter(string policy, bool allowIntegerValues)
    {
        (JsonSerializerOptions stj, _, JsonableWriterOptions writer) = Options(policy, allowIntegerValues);
        foreach (int value in Enumerable.Range(-1, 11))
        {
            AssertWritesAlike(new EnumNumberBox { Value = (CorpusColor)value }, stj, writer);
            AssertWritesAlike(new FlagsNumberBox { Value = (CorpusAccess)value }, stj, writer);
        }
    }

    [Fact]
    public void WithoutEnumNames_EnumsStayNumbers()
    {
        Assert.Equal("""{"Value":2}""", Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(new EnumNumberBox { Value = CorpusColor.Blue })));
        Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<EnumNumberBox>("""{"value":"Blue"}"""u8));
    }

    private static (JsonSerializerOptions Stj, JsonableReaderOptions Reader, JsonableWriterOptions Writer) Options(string policy, bool allowIntegerValues)
    {
        JsonNamingPolicy? naming = policy switch
        {
            "camelCase" => JsonNamingPolicy.CamelCase,
            "snake_case_upper" => JsonNamingPolicy.SnakeCaseUpper,
            "kebab-case-lower" => JsonNamingPolicy.KebabCaseLower,
            _ => null,
        };
        // This assembly's generated code names members as declared.
        var stj = new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = new DefaultJsonTypeInfoResolver(), PropertyNamingPolicy = null };
        stj.Converters.Add(new JsonStringEnumConverter(naming, allowIntegerValues));
        var names = new JsonableEnumNames(naming is null ? null : naming.ConvertName, allowIntegerValues);
        return (stj, new JsonableReaderOptions { EnumNames = names }, new JsonableWriterOptions { EnumNames = names });
    }

    private static void AssertReadsAlike<TBox, TEnum>(string json, JsonSerializerOptions stj, JsonableReaderOptions reader, Func<TBox, TEnum> value)
        where TEnum : struct, Enum
    {
        TEnum? expected = Try(() => value(JsonSerializer.Deserialize<TBox>(json, stj)!));
        foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
        {
            byte[] input = Encoding.UTF8.GetBytes(format == JsonableFormat.Jmc1 ? "/*JMC1*/" + json : json);
            TEnum? actual = Try(() => value(JsonableSerializer.Deserialize<TBox>(input, format, reader)!));
            Assert.True(EqualityComparer<TEnum?>.Default.Equals(expected, actual), $"{typeof(TEnum).Name} {format} {json}: STJ {Show(expected)}, Jsonable {Show(actual)}");
        }
    }

    private static void AssertWritesAlike<TBox>(TBox box, JsonSerializerOptions stj, JsonableWriterOptions writer)
    {
        string? expected = Try(() => JsonSerializer.Serialize(box, stj));
        string? json = Try(() => Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(box, JsonableFormat.Json, writer)));
        string? jmc1 = Try(() => Encoding.UTF8.GetString(Jmc1Oracle.StripComments(JsonableSerializer.SerializeToUtf8Bytes(box, JsonableFormat.Jmc1, writer))));
        Assert.Equal(expected, json);
        Assert.Equal(expected, jmc1);
    }

    private static T? Try<T>(Func<T> run)
        where T : struct
    {
        try
        {
            return run();
        }
        catch (Exception e) when (e is JsonException or JsonableException)
        {
            return null;
        }
    }

    private static string? Try(Func<string> run)
    {
        try
        {
            return run();
        }
        catch (Exception e) when (e is JsonException or JsonableException)
        {
            return null;
        }
    }

    private static string Show<T>(T? value)
        where T : struct => value is { } v ? v.ToString()! : "refused";
}
