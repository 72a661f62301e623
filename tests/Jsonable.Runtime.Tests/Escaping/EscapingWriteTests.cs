using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Runtime.Tests.Jmc1;

namespace Jsonable.Runtime.Tests.Escaping;

/// <summary>
/// How strings are written (docs/types.md, docs/jmc1.md): exact escaped bytes in both formats, the JMC1 length comment counting the
/// escaped bytes, round trips, and agreement with System.Text.Json as data.
/// </summary>
public class EscapingWriteTests
{
    private static readonly JsonSerializerOptions s_stj = new() { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };

    /// <summary>
    /// Each string with its escaped form as the writer must produce it. A lone
    /// surrogate is written as U+FFFD (as STJ writes it) and so reads back replaced. Theories receive the case name:
    /// xunit would turn a lone surrogate in theory data into U+FFFD while serializing the test case.
    /// </summary>
    private static readonly Dictionary<string, (string Value, string Escaped)> s_strings = new()
    {
        ["quote"] = ("\"", "\\\""),
        ["backslash"] = ("\\", "\\\\"),
        ["windows path C:\\new\\table"] = ("C:\\new\\table", "C:\\\\new\\\\table"),
        ["x backslash n"] = ("x\\n", "x\\\\n"),
        ["backslash u0041"] = ("\\u0041", "\\\\u0041"),
        ["quotes and whitespace"] = ("say \"hi\"\r\n\tbye", "say \\\"hi\\\"\\r\\n\\tbye"),
        ["solidus"] = ("/", "/"),
        ["DEL"] = ("\u007F", "\u007F"),
        ["e acute"] = ("é", "é"),
        ["CJK"] = ("日本", "日本"),
        ["U+FFFF U+2028 U+2029"] = ("\uFFFF\u2028\u2029", "\uFFFF\u2028\u2029"),
        ["emoji"] = ("\U0001F600", "\U0001F600"),
        ["emoji with skin tone between ASCII"] = ("a\U0001F600b\U0001F44D\U0001F3FD", "a\U0001F600b\U0001F44D\U0001F3FD"),
        // A lone surrogate has no UTF-8 form: the writer replaces it with U+FFFD, as System.Text.Json does.
        ["lone high surrogate"] = ("\uD800", "\uFFFD"),
        ["lone low surrogate"] = ("\uDC00", "\uFFFD"),
        ["lone high surrogate DBFF"] = ("\uDBFF", "\uFFFD"),
        ["lone high surrogate between ASCII"] = ("a\uD800b", "a\uFFFDb"),
        ["low then high surrogate"] = ("\uDC00\uD800", "\uFFFD\uFFFD"),
        ["high surrogate then newline"] = ("\uD83D\n", "\uFFFD\\n"),
        ["e acute then lone low surrogate"] = ("é\uDFFF", "é\uFFFD"),
    };

    /// <summary>The names of the cases in <see cref="s_strings"/>.</summary>
    public static TheoryData<string> Strings => new(s_strings.Keys);

    /// <summary>All 32 control characters.</summary>
    public static TheoryData<int> ControlCharacters => new(Enumerable.Range(0, 32));

    [Theory]
    [MemberData(nameof(ControlCharacters))]
    public void ControlCharacter_IsEscaped_ShortFormOrUpperCaseU00XX(int code)
    {
        string escaped = code switch
        {
            0x08 => "\\b",
            0x09 => "\\t",
            0x0A => "\\n",
            0x0C => "\\f",
            0x0D => "\\r",
            _ => "\\u00" + code.ToString("X2", CultureInfo.InvariantCulture),
        };

        AssertWritten(((char)code).ToString(), escaped);
    }

    [Fact]
    public void AllControlCharactersQuoteAndBackslash_InOneString_HaveExactBytesAndLength()
    {
        string value = new string(Enumerable.Range(0, 32).Select(c => (char)c).ToArray()) + "\"\\";
        string escaped =
            "\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000B\\f\\r\\u000E\\u000F"
            + "\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001A\\u001B\\u001C\\u001D\\u001E\\u001F"
            + "\\\"\\\\";
        Assert.Equal((27 * 6) + (5 * 2) + 4, escaped.Length);

        AssertWritten(value, escaped);
    }

    [Theory]
    [MemberData(nameof(Strings))]
    public void String_IsWrittenWithExactEscapes_AndReadsBackUnchanged(string name)
    {
        (string value, string escaped) = s_strings[name];
        AssertWritten(value, escaped);
    }

    [Fact]
    public void NonAscii_IsRawUtf8_AndLengthCommentCountsUtf8Bytes()
    {
        var value = new Text { Value = "é日本\U0001F600" };

        Jmc1Bytes.AssertEqual(
            Jmc1Oracle.Build(
                Jmc1Oracle.Latin1("/*JMC1*/{/*5\x01*/\"Value\":"),
                Jmc1Oracle.LengthComment(12),
                new byte[] { 0x22, 0xC3, 0xA9, 0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0x22, 0x7D }),
            value.ToJsonable().Span);
    }

    [Theory]
    [MemberData(nameof(Strings))]
    public void DictionaryKey_IsEscapedLikeAValue(string name)
    {
        (string key, string escaped) = s_strings[name];
        var value = new Keyed { Map = new Dictionary<string, string?> { [key] = key } };
        string escapedJson = "\"" + escaped + "\"";
        byte[] escapedUtf8 = Encoding.UTF8.GetBytes(escaped);

        Jmc1Bytes.AssertEqual(
            Encoding.UTF8.GetBytes("{\"Map\":{" + escapedJson + ":" + escapedJson + "}}"),
            JsonableSerializer.SerializeToUtf8Bytes(value, JsonableFormat.Json));
        Jmc1Bytes.AssertEqual(
            Jmc1Oracle.Build(
                Jmc1Oracle.Latin1("/*JMC1*/{/*3\x01*/\"Map\":/*1\x01*/{"),
                Jmc1Oracle.LengthComment(escapedUtf8.Length),
                escapedJson + ":",
                Jmc1Oracle.LengthComment(escapedUtf8.Length),
                escapedJson + "}}"),
            value.ToJsonable().Span);
        Assert.Equal(WithLoneSurrogatesReplaced(key), Assert.Single(Keyed.CreateFromJson(Encoding.UTF8.GetBytes(value.ToJson())).Map!).Key);
        Assert.Equal(WithLoneSurrogatesReplaced(key), Assert.Single(Keyed.CreateFromJsonable(value.ToJsonable().Span).Map!).Key);
        JsonData.AssertEqual(JsonSerializer.SerializeToUtf8Bytes(value, s_stj), Encoding.UTF8.GetBytes(value.ToJson()));
    }

    [Theory]
    [MemberData(nameof(Strings))]
    public void WriteStringUtf8_EscapesExactlyLikeWriteString(string name)
    {
        (string value, _) = s_strings[name];

        // UTF-8 has no lone surrogates: encoding replaces them with U+FFFD, which is what WriteString writes too.
        byte[] utf8 = Encoding.UTF8.GetBytes(value);
        foreach (bool jmc1 in new[] { false, true })
        {
            Jmc1Bytes.AssertEqual(
                WriteWithWriter(jmc1, (ref JsonableWriter w) => w.WriteString(value)),
                WriteWithWriter(jmc1, (ref JsonableWriter w) => w.WriteStringUtf8(utf8)));
        }
    }

    [Theory]
    [InlineData(11770, false)]
    [InlineData(11771, true)]
    [InlineData(32207, true)]
    [InlineData(32208, false)]
    [InlineData(40000, false)]
    public void WriteStringUtf8_LengthComment_OmittedExactlyWhenUnencodable(int length, bool hasComment)
    {
        byte[] utf8 = Encoding.ASCII.GetBytes(new string('w', length));

        Jmc1Bytes.AssertEqual(
            Jmc1Oracle.Build(hasComment ? Jmc1Oracle.LengthComment(length) : [], "\"", utf8, "\""),
            WriteWithWriter(jmc1: true, (ref JsonableWriter w) => w.WriteStringUtf8(utf8)));
    }

    [Theory]
    [InlineData(new byte[] { 0xC3, 0x28 })]
    [InlineData(new byte[] { 0x61, 0x80 })]
    [InlineData(new byte[] { 0xED, 0xA0, 0x80 })]
    [InlineData(new byte[] { 0xE6, 0x97 })]
    public void WriteStringUtf8_InvalidUtf8_ThrowsInsteadOfWritingInvalidJson(byte[] utf8)
    {
        foreach (bool jmc1 in new[] { false, true })
        {
            var buffer = new ArrayBufferWriter<byte>();
            var writer = new JsonableWriter(buffer, jmc1);
            try
            {
                writer.WriteStringUtf8(utf8);
                Assert.Fail("WriteStringUtf8 accepted invalid UTF-8.");
            }
            catch (JsonableException ex)
            {
                Assert.Equal(0, ex.BytePosition);
            }
        }
    }

    private delegate void WriteAction(ref JsonableWriter writer);

    private static byte[] WriteWithWriter(bool jmc1, WriteAction write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new JsonableWriter(buffer, jmc1);
        write(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    private static void AssertWritten(string value, string escaped)
    {
        var text = new Text { Value = value };
        byte[] escapedUtf8 = Encoding.UTF8.GetBytes(escaped);
        byte[] expectedJson = Jmc1Oracle.Build("{\"Value\":\"", escapedUtf8, "\"}");
        byte[] expectedJmc1 = Jmc1Oracle.Build(
            Jmc1Oracle.Latin1("/*JMC1*/{/*5\x01*/\"Value\":"),
            Jmc1Oracle.LengthComment(escapedUtf8.Length),
            "\"",
            escapedUtf8,
            "\"}");

        byte[] json = Encoding.UTF8.GetBytes(text.ToJson());
        var plain = new ArrayBufferWriter<byte>();
        text.ToJsonUtf8(plain, emitMetadataComments: false);
        byte[] jmc1 = text.ToJsonable().ToArray();

        Jmc1Bytes.AssertEqual(expectedJson, json);
        Jmc1Bytes.AssertEqual(expectedJson, plain.WrittenSpan);
        Jmc1Bytes.AssertEqual(expectedJmc1, jmc1);
        string readBack = WithLoneSurrogatesReplaced(value);
        Assert.Equal(readBack, Text.CreateFromJson(json).Value);
        Assert.Equal(readBack, Text.CreateFromJsonable(jmc1).Value);

        // STJ writes the same data (a lone surrogate as U+FFFD too) and reads both documents back the same.
        JsonData.AssertEqual(JsonSerializer.SerializeToUtf8Bytes(text, s_stj), json);
        Assert.Equal(readBack, JsonSerializer.Deserialize<Text>(json, s_stj)!.Value);
        Assert.Equal(readBack, JsonSerializer.Deserialize<Text>(jmc1, new JsonSerializerOptions(s_stj) { ReadCommentHandling = JsonCommentHandling.Skip })!.Value);
    }

    /// <summary>What a string reads back as after a write: each lone surrogate becomes U+FFFD (UTF-8 encoding does the same).</summary>
    private static string WithLoneSurrogatesReplaced(string value) => Encoding.UTF8.GetString(Encoding.UTF8.GetBytes(value));
}
