using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Runtime.Tests.Infrastructure;

namespace Jsonable.Runtime.Tests.TypeSystem;

/// <summary>Each value type is written as System.Text.Json writes it (byte for byte where STJ's form is canonical) and round-trips in both formats.</summary>
public sealed class ValueTypeTests
{
    private static readonly JsonSerializerOptions s_stj = new() { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };

    public static TheoryData<string> Cases => new() { "typical", "min", "max", "empty" };

    private static AllValues Make(string name) => name switch
    {
        "typical" => new AllValues
        {
            Decimal = 1.10m,
            Char = 'é',
            DateTime = new DateTime(2024, 1, 2, 3, 4, 5, 123, DateTimeKind.Utc),
            DateTimeOffset = new DateTimeOffset(2024, 1, 2, 3, 4, 5, 500, TimeSpan.FromHours(-5.5)),
            DateOnly = new DateOnly(2024, 1, 2),
            TimeOnly = new TimeOnly(3, 4, 5, 123),
            TimeSpan = TimeSpan.FromDays(-1.25),
            Guid = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
            Uri = new Uri("/relative/path?q=1", UriKind.Relative),
            Bytes = [1, 2, 3, 250],
            Color = Color.Blue,
            NamedColor = Color.Green,
            Day = Weekday.Tuesday,
            Access = Access.Read | Access.Execute,
            Set = [1, 2, 3],
            ReadOnlyList = ["a", "b"],
            ReadOnlyCollection = [7],
            ReadOnlyDictionary = new Dictionary<string, int> { ["x"] = 1 },
            ByInt = new Dictionary<int, string> { [-1] = "minus", [42] = "answer" },
            ByLong = new Dictionary<long, string> { [long.MaxValue] = "max" },
            ByUInt = new Dictionary<uint, string> { [uint.MaxValue] = "max" },
            ByEnum = new Dictionary<Color, int> { [Color.Red] = 1, [(Color)99] = 2 },
            ByGuid = new Dictionary<Guid, int> { [Guid.Empty] = 0 },
            NullableDecimal = -0.0001m,
            NullableChar = '"',
            NullableDateTime = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Unspecified),
            NullableDateTimeOffset = DateTimeOffset.UnixEpoch,
            NullableDateOnly = DateOnly.MaxValue,
            NullableTimeOnly = TimeOnly.MinValue,
            NullableTimeSpan = TimeSpan.Zero,
            NullableGuid = Guid.Parse("00000000-0000-0000-0000-000000000001"),
            NullableColor = (Color)42,
        },
        "min" => new AllValues
        {
            Decimal = decimal.MinValue,
            Char = '\0',
            DateTime = DateTime.MinValue,
            DateTimeOffset = DateTimeOffset.MinValue,
            DateOnly = DateOnly.MinValue,
            TimeOnly = TimeOnly.MinValue,
            TimeSpan = TimeSpan.MinValue,
            Guid = Guid.Empty,
            NamedColor = (Color)0,
            Access = Access.None,
        },
        "max" => new AllValues
        {
            Decimal = decimal.MaxValue,
            Char = '\uffff',
            DateTime = DateTime.MaxValue,
            DateTimeOffset = DateTimeOffset.MaxValue,
            DateOnly = DateOnly.MaxValue,
            TimeOnly = TimeOnly.MaxValue,
            TimeSpan = TimeSpan.MaxValue,
            Guid = Guid.Parse("ffffffff-ffff-ffff-ffff-ffffffffffff"),
            Uri = new Uri("https://example.test/a b?q=1&r=é"),
            NamedColor = (Color)7,
            Access = (Access)ulong.MaxValue,
        },
        _ => new AllValues(),
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Json_EqualsStjOutput_ByteForByte(string name)
    {
        AllValues value = Make(name);
        string stj = JsonSerializer.Serialize(value, s_stj);

        // STJ escapes non-ASCII and HTML-sensitive characters by default; Jsonable keeps UTF-8 raw (docs/types.md),
        // so the canonical comparison is as data, plus exact bytes for everything STJ leaves unescaped.
        JsonData.AssertEqual(Encoding.UTF8.GetBytes(stj), Encoding.UTF8.GetBytes(value.ToJson()));
        if (name is "min" or "empty")
        {
            Assert.Equal(stj, value.ToJson());
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void StjReadsJsonableOutput_ToTheSameValues(string name)
    {
        AllValues value = Make(name);
        AllValues back = JsonSerializer.Deserialize<AllValues>(value.ToJson(), s_stj)!;

        Assert.Equal(JsonSerializer.Serialize(value, s_stj), JsonSerializer.Serialize(back, s_stj));
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void JsonableReadsStjOutput_ToTheSameValues(string name)
    {
        AllValues value = Make(name);
        AllValues back = AllValues.CreateFromJson(JsonSerializer.SerializeToUtf8Bytes(value, s_stj));

        Assert.Equal(JsonSerializer.Serialize(value, s_stj), JsonSerializer.Serialize(back, s_stj));
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Jmc1_RoundTrips(string name)
    {
        AllValues value = Make(name);
        AllValues back = AllValues.CreateFromJsonable(value.ToJsonable().Span);

        Assert.Equal(JsonSerializer.Serialize(value, s_stj), JsonSerializer.Serialize(back, s_stj));
    }

    [Theory]
    [InlineData("""{"Decimal":"one"}""", "$.Decimal")] // "1" is read, as the web defaults read it (NumberHandlingParityTests)
    [InlineData("""{"Char":"ab"}""", "$.Char")]
    [InlineData("""{"DateTime":"1/2/2024"}""", "$.DateTime")]
    [InlineData("""{"Guid":"{0f8fad5b-d9cb-469f-a165-70867728950e}"}""", "$.Guid")]
    [InlineData("""{"TimeOnly":"25:00:00"}""", "$.TimeOnly")]
    [InlineData("""{"NamedColor":"Purple"}""", "$.NamedColor")]
    [InlineData("""{"ByInt":{"x":"y"}}""", "$.ByInt")]
    [InlineData("""{"ByGuid":{"nope":1}}""", "$.ByGuid")]
    public void InvalidValues_FailWithThePath(string json, string pathPrefix)
    {
        JsonableException error = Assert.Throws<JsonableException>(() => AllValues.CreateFromJson(Encoding.UTF8.GetBytes(json)));

        Assert.StartsWith(pathPrefix, error.Path);
    }

    [Fact]
    public void StringEnums_AcceptNumbersAndNamesIgnoringCase_AsStjDoes()
    {
        AllValues value = AllValues.CreateFromJson("""{"NamedColor":"green","Day":2,"Access":"read, WRITE"}"""u8);

        Assert.Equal(Color.Green, value.NamedColor);
        Assert.Equal(Weekday.Wednesday, value.Day);
        Assert.Equal(Access.Read | Access.Write, value.Access);
    }

    [Fact]
    public void EnumKeys_AreWrittenByName_AndUndefinedOnesByNumber()
    {
        var value = new AllValues { ByEnum = new Dictionary<Color, int> { [Color.Red] = 1, [(Color)99] = 2 } };

        var output = new ArrayBufferWriter<byte>();
        value.ToJsonUtf8(output, emitMetadataComments: false);

        Assert.Contains("\"ByEnum\":{\"Red\":1,\"99\":2}", Encoding.UTF8.GetString(output.WrittenSpan));
    }
}
