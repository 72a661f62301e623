using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.Values;

/// <summary>
/// Enum names at System.Text.Json's edges. Names STJ's converter refuses (a naming policy making an empty name, one
/// with whitespace at an end, a comma in a <c>[Flags]</c> enum) are refused by <see cref="JsonableEnumNames"/> too, with
/// the same exception type, before anything is written or read; names it takes are written alike. And names that
/// need escaping under some encoder (non-ASCII, <c>&lt;&gt;&amp;'+</c>, quotes, emoji) are escaped by the generated
/// writer exactly as a string holding the same text, and STJ's escaped forms are read back as the same values.
/// </summary>
public sealed class EnumNameEdgeTests
{
    public static TheoryData<string> RefusedPolicies() => new(s_policies.Where(p => p.Value.Refuses).Select(p => p.Key));

    public static TheoryData<string> AcceptedPolicies() => new(s_policies.Where(p => !p.Value.Refuses).Select(p => p.Key));

    // Each policy, the enums it is tried on (the plain CorpusColor, the [Flags] CorpusAccess) and whether STJ refuses
    // them (checked against STJ by every test that uses it).
    private static readonly Dictionary<string, (Func<string, string> Convert, bool Plain, bool Flags, bool Refuses)> s_policies = new()
    {
        ["empty"] = (_ => "", true, true, true),
        ["null"] = (_ => null!, true, true, true),
        ["leading space"] = (n => " " + n, true, true, true),
        ["trailing tab"] = (n => n + "\t", true, true, true),
        ["leading no-break space"] = (n => "\u00A0" + n, true, true, true),
        ["comma, [Flags]"] = (n => n + ",x", false, true, true),
        ["comma, no [Flags]"] = (n => n + ",x", true, false, false),
        ["inner space"] = (n => "the " + n, true, true, false),
        ["digit first"] = (n => "1" + n, true, true, false),
        ["non-ASCII and HTML"] = (n => "é<" + n + "&'+", true, true, false),
    };

    [Theory]
    [MemberData(nameof(RefusedPolicies))]
    public void PolicyMakingANameStjRefuses_RefusedAsStj(string policy)
    {
        (JsonSerializerOptions stj, JsonableReaderOptions reader, JsonableWriterOptions writer) = Options(policy);
        bool flags = !s_policies[policy].Plain;
        object box = flags ? new FlagsNumberBox { Value = CorpusAccess.Read } : new EnumNumberBox { Value = CorpusColor.Green };
        Type type = box.GetType();
        string json = """{"Value":1}""";

        // STJ: when the converter is made for the enum, whatever the value (a number here), writing or reading.
        Assert.Throws<InvalidOperationException>(() => JsonSerializer.Serialize(box, type, stj));
        Assert.Throws<InvalidOperationException>(() => JsonSerializer.Deserialize(json, type, stj));

        foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
        {
            InvalidOperationException written = Assert.Throws<InvalidOperationException>(() => Serialize(box, format, writer));
            Assert.StartsWith($"The enum {(flags ? "CorpusAccess" : "CorpusColor")} cannot be written or read by name: its member ", written.Message, StringComparison.Ordinal);
            Assert.Contains("which System.Text.Json refuses too", written.Message, StringComparison.Ordinal);
            byte[] input = Encoding.UTF8.GetBytes(format == JsonableFormat.Jmc1 ? "/*JMC1*/" + json : json);
            Assert.Throws<InvalidOperationException>(() => Deserialize(input, type, format, reader));
        }

        // And again: STJ does not remember a refusal as a success, nor does Jsonable.
        Assert.Throws<InvalidOperationException>(() => Serialize(box, JsonableFormat.Json, writer));
    }

    [Theory]
    [MemberData(nameof(AcceptedPolicies))]
    public void PolicyMakingANameStjTakes_WrittenAndReadAsStj(string policy)
    {
        (JsonSerializerOptions stj, JsonableReaderOptions reader, JsonableWriterOptions writer) = Options(policy);
        foreach (int value in Enumerable.Range(0, 8))
        {
            if (s_policies[policy].Plain)
            {
                AssertRoundTripsAsStj(new EnumNumberBox { Value = (CorpusColor)value }, stj, reader, writer);
            }

            if (s_policies[policy].Flags)
            {
                AssertRoundTripsAsStj(new FlagsNumberBox { Value = (CorpusAccess)value }, stj, reader, writer);
            }
        }
    }

    [Fact]
    public void PolicyMakingACommaName_OnlyTheFlagsEnumIsRefused()
    {
        // The comma rule is for [Flags] only: the plain enum under the same policy is fine, in STJ and here.
        (JsonSerializerOptions stj, _, JsonableWriterOptions writer) = Options("comma, [Flags]");
        var box = new EnumNumberBox { Value = CorpusColor.Blue };
        Assert.Equal(JsonSerializer.Serialize(box, stj), Encoding.UTF8.GetString(Serialize(box, JsonableFormat.Json, writer)));
        Assert.Throws<InvalidOperationException>(() => JsonSerializer.Serialize(new FlagsNumberBox(), stj));
        Assert.Throws<InvalidOperationException>(() => Serialize(new FlagsNumberBox(), JsonableFormat.Json, writer));
    }

    [Fact]
    public void NamesNeedingEscapes_WrittenAsAStringWithTheSameText()
    {
        // The generated writer escapes enum names by the rule it escapes strings by (quotes, backslash, control
        // characters; any other text stays UTF-8), whichever way the enum is named: by its attribute, by the options,
        // as a dictionary key, as a [Flags] combination.
        var writer = new JsonableWriterOptions { EnumNames = new JsonableEnumNames() };
        foreach (EscapedName value in Enum.GetValues<EscapedName>())
        {
            string name = NameOf(value);
            var box = new EscapedNamesBox
            {
                ByAttribute = value,
                ByOptions = value,
                Keys = new() { [value] = 1 },
                Text = name,
                TextKeys = new() { [name] = 1 },
            };
            using JsonDocument written = JsonDocument.Parse(Serialize(box, JsonableFormat.Json, writer));
            string text = RawValue(written, "Text");
            Assert.Equal(text, RawValue(written, "ByAttribute"));
            Assert.Equal(text, RawValue(written, "ByOptions"));
            Assert.Equal(RawKey(written, "TextKeys"), RawKey(written, "Keys"));
        }

        var flags = new EscapedNamesBox { Flags = EscapedFlags.Cafe | EscapedFlags.Html, Text = "café, a<b>" };
        using JsonDocument combination = JsonDocument.Parse(Serialize(flags, JsonableFormat.Json, writer));
        Assert.Equal(RawValue(combination, "Text"), RawValue(combination, "Flags"));
    }

    [Theory]
    [InlineData("default encoder")]
    [InlineData("relaxed encoder")]
    [InlineData("relaxed encoder, policy")]
    public void StjEscapedNames_ReadAsTheSameValues(string how)
    {
        // What STJ writes under each encoder (JavaScriptEncoder.Default: "caf\u00E9", "a\u003Cb\u003E\u0026\u0027\u002B"),
        // read back by Jsonable: the same values as STJ reads, in values, dictionary keys and [Flags] combinations.
        JsonNamingPolicy? policy = how.EndsWith("policy", StringComparison.Ordinal) ? new PrefixPolicy("é<") : null;
        var stj = new JsonSerializerOptions(JsonSerializerDefaults.Web)
        {
            TypeInfoResolver = new DefaultJsonTypeInfoResolver(),
            PropertyNamingPolicy = null,
            Encoder = how.StartsWith("default", StringComparison.Ordinal) ? JavaScriptEncoder.Default : JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
            Converters = { new JsonStringEnumConverter(policy) },
        };
        var reader = new JsonableReaderOptions { EnumNames = new JsonableEnumNames(policy is null ? null : policy.ConvertName) };
        int escaped = 0;
        foreach (EscapedName value in Enum.GetValues<EscapedName>())
        {
            var box = new EscapedNamesBox { ByAttribute = value, ByOptions = value, Keys = new() { [value] = 1 }, Flags = EscapedFlags.Cafe | EscapedFlags.Html | EscapedFlags.Emoji };
            string json = JsonSerializer.Serialize(box, stj);
            escaped += json.Contains("\\u", StringComparison.Ordinal) ? 1 : 0;
            EscapedNamesBox expected = JsonSerializer.Deserialize<EscapedNamesBox>(json, stj)!;
            foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
            {
                byte[] input = Encoding.UTF8.GetBytes(format == JsonableFormat.Jmc1 ? "/*JMC1*/" + json : json);
                var actual = (EscapedNamesBox)Deserialize(input, typeof(EscapedNamesBox), format, reader)!;
                Assert.Equal(value, actual.ByAttribute);
                Assert.Equal(expected.ByAttribute, actual.ByAttribute);
                Assert.Equal(expected.ByOptions, actual.ByOptions);
                Assert.Equal(expected.Keys.Single().Key, actual.Keys.Single().Key);
                Assert.Equal(expected.Flags, actual.Flags);
            }
        }

        // Every document holds escapes (the emoji's surrogate pair under any encoder), so escaped names were read.
        Assert.Equal(Enum.GetValues<EscapedName>().Length, escaped);
    }

    private static string NameOf(EscapedName value) =>
        typeof(EscapedName).GetField(value.ToString())!.GetCustomAttributes(typeof(JsonStringEnumMemberNameAttribute), false)
            .Cast<JsonStringEnumMemberNameAttribute>().SingleOrDefault()?.Name ?? value.ToString();

    /// <summary>A member's value as written, escapes and all (the bytes between and including its quotes).</summary>
    private static string RawValue(JsonDocument document, string member) => document.RootElement.GetProperty(member).GetRawText();

    /// <summary>The first key of a dictionary member as written, escapes and all.</summary>
    private static string RawKey(JsonDocument document, string member)
    {
        string raw = document.RootElement.GetProperty(member).GetRawText();
        var reader = new Utf8JsonReader(Encoding.UTF8.GetBytes(raw));
        reader.Read();
        reader.Read();
        return Encoding.UTF8.GetString(reader.ValueSpan);
    }

    private static (JsonSerializerOptions Stj, JsonableReaderOptions Reader, JsonableWriterOptions Writer) Options(string policy)
    {
        var naming = new DelegatePolicy(s_policies[policy].Convert);
        // This assembly's generated code names members as declared.
        var stj = new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = new DefaultJsonTypeInfoResolver(), PropertyNamingPolicy = null, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };
        stj.Converters.Add(new JsonStringEnumConverter(naming));
        var names = new JsonableEnumNames(naming.ConvertName);
        return (stj, new JsonableReaderOptions { EnumNames = names }, new JsonableWriterOptions { EnumNames = names });
    }

    private static void AssertRoundTripsAsStj(object box, JsonSerializerOptions stj, JsonableReaderOptions reader, JsonableWriterOptions writer)
    {
        string expected = JsonSerializer.Serialize(box, box.GetType(), stj);
        Assert.Equal(expected, Encoding.UTF8.GetString(Serialize(box, JsonableFormat.Json, writer)));
        Assert.Equal(expected, Encoding.UTF8.GetString(Jmc1Oracle.StripComments(Serialize(box, JsonableFormat.Jmc1, writer))));
        object? read = Deserialize(Encoding.UTF8.GetBytes(expected), box.GetType(), JsonableFormat.Json, reader);
        Assert.Equal(JsonSerializer.Serialize(JsonSerializer.Deserialize(expected, box.GetType(), stj), box.GetType(), stj), JsonSerializer.Serialize(read, box.GetType(), stj));
    }

    private static byte[] Serialize(object box, JsonableFormat format, JsonableWriterOptions writer) => box switch
    {
        EnumNumberBox b => JsonableSerializer.SerializeToUtf8Bytes(b, format, writer),
        FlagsNumberBox b => JsonableSerializer.SerializeToUtf8Bytes(b, format, writer),
        EscapedNamesBox b => JsonableSerializer.SerializeToUtf8Bytes(b, format, writer),
        _ => throw new ArgumentException(box.GetType().Name),
    };

    private static object? Deserialize(byte[] input, Type type, JsonableFormat format, JsonableReaderOptions reader) =>
        type == typeof(EnumNumberBox) ? JsonableSerializer.Deserialize<EnumNumberBox>(input, format, reader)
        : type == typeof(FlagsNumberBox) ? JsonableSerializer.Deserialize<FlagsNumberBox>(input, format, reader)
        : type == typeof(EscapedNamesBox) ? JsonableSerializer.Deserialize<EscapedNamesBox>(input, format, reader)
        : throw new ArgumentException(type.Name);

    private sealed class DelegatePolicy(Func<string, string> convert) : JsonNamingPolicy
    {
        public override string ConvertName(string name) => convert(name);
    }

    private sealed class PrefixPolicy(string prefix) : JsonNamingPolicy
    {
        public override string ConvertName(string name) => prefix + name;
    }
}

/// <summary>Enum names that need escaping under some encoder, in every place an enum name is written.</summary>
[ToJson, FromJson]
public partial class EscapedNamesBox
{
    [JsonConverter(typeof(JsonStringEnumConverter))]
    public EscapedName ByAttribute { get; set; }

    public EscapedName ByOptions { get; set; }

    public Dictionary<EscapedName, int> Keys { get; set; } = new();

    public EscapedFlags Flags { get; set; }

    public string Text { get; set; } = "";

    public Dictionary<string, int> TextKeys { get; set; } = new();
}

public enum EscapedName
{
    [JsonStringEnumMemberName("café")]
    Cafe,
    [JsonStringEnumMemberName("a<b>&'+")]
    Html,
    [JsonStringEnumMemberName("smile 😀")]
    Emoji,
    [JsonStringEnumMemberName("say \"hi\"\t\\ /")]
    Quoted,
    Plain,
}

[Flags]
public enum EscapedFlags
{
    None = 0,
    [JsonStringEnumMemberName("café")]
    Cafe = 1,
    [JsonStringEnumMemberName("a<b>")]
    Html = 2,
    [JsonStringEnumMemberName("😀")]
    Emoji = 4,
}
