using System.Collections.Generic;
using System.Text;
using Jsonable.Runtime.Tests.Jmc1;

namespace Jsonable.Runtime.Tests.Escaping;

/// <summary>
/// How strings are read (RFC 8259; docs/types.md): every RFC 8259 escape decoded in one pass, in both formats, with and without
/// JMC1 length comments; invalid escapes, raw control characters, invalid UTF-8 and unterminated strings rejected
/// with <see cref="JsonableException"/>.
/// </summary>
public class EscapingReadTests
{
    /// <summary>
    /// The escaped string content as it appears between the quotes, and the .NET string it must decode to. Theories
    /// receive the case name (xunit would mangle lone surrogates in theory data).
    /// </summary>
    private static readonly Dictionary<string, (string Content, string Expected)> s_valid = new()
    {
        ["\\u0041"] = ("\\u0041", "A"),
        ["\\u00e9 lower-case hex"] = ("\\u00e9", "é"),
        ["\\u00E9 upper-case hex"] = ("\\u00E9", "é"),
        ["\\uAbCd mixed-case hex"] = ("\\uAbCd", "\uABCD"),
        ["\\u0000"] = ("\\u0000", "\0"),
        ["\\u001f"] = ("\\u001f", "\u001F"),
        ["surrogate pair as two escapes"] = ("\\uD83D\\uDE00", "\U0001F600"),
        ["surrogate pair as two lower-case escapes"] = ("\\ud83d\\ude00", "\U0001F600"),
        ["escaped solidus"] = ("\\/", "/"),
        ["every short escape"] = ("\\\"\\\\\\/\\b\\f\\n\\r\\t", "\"\\/\b\f\n\r\t"),
        ["C:\\\\new\\\\table"] = ("C:\\\\new\\\\table", "C:\\new\\table"),
        ["x\\\\n"] = ("x\\\\n", "x\\n"),
        ["escaped backslash before u0041"] = ("\\\\u0041", "\\u0041"),
        ["escaped backslash before quote escape"] = ("\\\\\\\"", "\\\""),
        ["raw UTF-8 next to escapes"] = ("é\\n日本\\t\U0001F600", "é\n日本\t\U0001F600"),
        ["raw DEL"] = ("\u007F", "\u007F"),
        ["escape at 300 bytes (beyond the stack buffer)"] = (new string('é', 150) + "\\n", new string('é', 150) + "\n"),
    };

    /// <summary>String content that is not valid JSON, as raw bytes written in Latin-1 (one char per byte).</summary>
    private static readonly Dictionary<string, string> s_invalid = new()
    {
        ["\\x"] = "\\x41",
        ["\\a"] = "\\a",
        ["\\' (not a JSON escape)"] = "\\'",
        ["\\U0041 (upper-case U)"] = "\\U0041",
        ["\\u12 (two digits)"] = "\\u12",
        ["\\u123 at the end"] = "ab\\u123",
        ["\\uZZZZ"] = "\\uZZZZ",
        ["\\u12G4"] = "\\u12G4",
        ["\\u with a sign"] = "\\u+123",
        ["raw NUL"] = "a\u0000b",
        ["raw 0x01"] = "\u0001",
        ["raw tab"] = "a\tb",
        ["raw newline"] = "a\nb",
        ["raw 0x1F"] = "\u001F",
        ["C3 28 (bad continuation)"] = "\u00C3\u0028",
        ["lone 0x80"] = "a\u0080b",
        ["truncated sequence C3"] = "a\u00C3",
        ["truncated sequence E6 97"] = "\u00E6\u0097",
        ["overlong C0 AF"] = "\u00C0\u00AF",
        ["UTF-8-encoded surrogate ED A0 80"] = "\u00ED\u00A0\u0080",
        ["F5 (beyond U+10FFFF)"] = "\u00F5\u0080\u0080\u0080",
        ["0xFF"] = "\u00FF",
        ["C3 28 after an escape"] = "\\n\u00C3\u0028",
        ["lone 0x80 after an escape"] = "\\t\u0080",
        ["raw control char after an escape"] = "\\n\u0001",
        ["lone high surrogate escape"] = "x\\ud800y",
        ["lone high surrogate escape at the end"] = "x\\uD800",
        ["lone low surrogate escape"] = "x\\uDC00y",
        ["reversed pair (low then high)"] = "\\udc00\\ud800",
        ["high surrogate then a non-surrogate escape"] = "\\ud800\\u0041",
        ["high surrogate then a short escape"] = "\\ud800\\n",
        ["high surrogate then two high surrogates"] = "\\ud83d\\ud83d\\ude00",
        ["high surrogate then a raw supplementary char"] = "\\ud83d\u00F0\u009F\u0098\u0080",
        ["high surrogate then a raw low-surrogate-looking text"] = "\\ud83dde00",
    };

    /// <summary>Documents whose string never ends.</summary>
    private static readonly Dictionary<string, string> s_unterminated = new()
    {
        ["input ends inside the string"] = "{\"Value\":\"abc",
        ["input ends after an escaped quote"] = "{\"Value\":\"abc\\\"}",
        ["input ends on a backslash"] = "{\"Value\":\"abc\\",
        ["input ends inside \\u"] = "{\"Value\":\"\\u00",
        ["input ends right after the opening quote"] = "{\"Value\":\"",
    };

    /// <summary>Names of the valid cases.</summary>
    public static TheoryData<string> Valid => new(s_valid.Keys);

    /// <summary>Names of the invalid cases.</summary>
    public static TheoryData<string> Invalid => new(s_invalid.Keys);

    /// <summary>Names of the unterminated cases.</summary>
    public static TheoryData<string> Unterminated => new(s_unterminated.Keys);

    [Theory]
    [MemberData(nameof(Valid))]
    public void EscapedString_ReadsAsTheDecodedString_InEveryFormat(string name)
    {
        (string content, string expected) = s_valid[name];
        byte[] contentBytes = Encoding.UTF8.GetBytes(content);

        Assert.Equal(expected, Text.CreateFromJson(Json(contentBytes)).Value);
        Assert.Equal(expected, Text.CreateFromJson(Jmc1Oracle.Build(" { \"Value\" :\t\"", contentBytes, "\"\r\n}\n")).Value);
        Assert.Equal(expected, Text.CreateFromJsonable(Jmc1(contentBytes, withLengthComments: false)).Value);
        Assert.Equal(expected, Text.CreateFromJsonable(Jmc1(contentBytes, withLengthComments: true)).Value);

        var filled = new Text { Value = "before" };
        filled.FromJson(Json(contentBytes));
        Assert.Equal(expected, filled.Value);
    }

    /// <summary>
    /// Every byte value in every position of a <c>\\u</c> escape (all four digits, 4 × 256 documents), each read the way
    /// System.Text.Json reads it: the same char when STJ accepts it, an error when STJ refuses it; and a run of
    /// escapes with no text between them (what STJ's default encoder sends for non-ASCII text).
    /// </summary>
    [Fact]
    public void UnicodeEscape_EveryByteInEveryDigit_ReadsAsStjReadsIt()
    {
        int accepted = 0, rejected = 0;
        for (int position = 0; position < 4; position++)
        {
            for (int b = 0; b < 256; b++)
            {
                byte[] digits = "004A"u8.ToArray();
                digits[position] = (byte)b;
                byte[] document = Jmc1Oracle.Build("{\"Value\":\"\\u", digits, "\"}");
                string? stj;
                try
                {
                    stj = System.Text.Json.JsonDocument.Parse(document).RootElement.GetProperty("Value").GetString();
                }
                catch (System.Text.Json.JsonException)
                {
                    stj = null;
                }

                if (stj is null)
                {
                    Assert.Throws<JsonableException>(() => Text.CreateFromJson(document));
                    rejected++;
                }
                else
                {
                    Assert.Equal(stj, Text.CreateFromJson(document).Value);
                    accepted++;
                }
            }
        }

        // 22 hex digits per position are accepted; every other byte is refused.
        Assert.Equal(4 * 22, accepted);
        Assert.Equal(4 * (256 - 22), rejected);

        string text = "日本語のテキスト \U0001F600 é";
        string escaped = System.Text.Json.JsonSerializer.Serialize(text);
        Assert.Contains("\\u65E5\\u672C", escaped, System.StringComparison.Ordinal);
        Assert.Equal(text, Text.CreateFromJson(Encoding.UTF8.GetBytes("{\"Value\":" + escaped + "}")).Value);
    }

    [Fact]
    public void EscapedMemberName_IsUnescapedBeforeMatching()
    {
        Assert.Equal("ok", Text.CreateFromJson("{\"Va\\u006Cue\":\"ok\"}"u8).Value);
        Assert.Equal("ok", Text.CreateFromJsonable("/*JMC1*/{\"\\u0056alue\":\"ok\"}"u8).Value);
        Assert.Equal("ok", Text.CreateFromJsonable(Jmc1Oracle.Build("/*JMC1*/{", Jmc1Oracle.LengthComment(10), "\"Valu\\u0065\":\"ok\"}")).Value);
    }

    [Fact]
    public void EscapedDictionaryKey_IsUnescaped()
    {
        Keyed value = Keyed.CreateFromJson("{\"Map\":{\"a\\n\\u00e9\\uD83D\\uDE00\\/\":\"v\\\\\"}}"u8);

        KeyValuePair<string, string?> entry = Assert.Single(value.Map!);
        Assert.Equal("a\né\U0001F600/", entry.Key);
        Assert.Equal("v\\", entry.Value);
    }

    [Theory]
    [MemberData(nameof(Invalid))]
    public void InvalidStringContent_IsRejected_InEveryFormatAndPosition(string name)
    {
        byte[] content = Jmc1Oracle.Latin1(s_invalid[name]);

        AssertRejected(Json(content), JsonableFormat.Json);
        AssertRejected(Jmc1(content, withLengthComments: false), JsonableFormat.Jmc1);
        AssertRejected(Jmc1(content, withLengthComments: true), JsonableFormat.Jmc1);

        // Inside a member the type does not have (skipped, but still validated), and inside a dictionary key.
        AssertRejected(Jmc1Oracle.Build("{\"Other\":\"", content, "\",\"Value\":\"ok\"}"), JsonableFormat.Json, "$.Other");
        AssertRejected(Jmc1Oracle.Build("{\"Other\":[1,{\"x\":\"", content, "\"}],\"Value\":\"ok\"}"), JsonableFormat.Json, "$.Other"); // inside a member it skips, System.Text.Json keys the member
        Assert.Throws<JsonableException>(() => Keyed.CreateFromJson(Jmc1Oracle.Build("{\"Map\":{\"", content, "\":null}}")));
    }

    [Theory]
    [MemberData(nameof(Unterminated))]
    public void UnterminatedString_IsRejected(string name)
    {
        byte[] json = Jmc1Oracle.Latin1(s_unterminated[name]);

        AssertRejected(json, JsonableFormat.Json);
        AssertRejected(Jmc1Oracle.Build("/*JMC1*/", json), JsonableFormat.Jmc1);
    }

    [Fact]
    public void LengthComment_PointingPastTheEndOfInput_IsRejected()
    {
        AssertRejected(
            Jmc1Oracle.Build(Jmc1Oracle.Latin1("/*JMC1*/{/*5\x01*/\"Value\":"), Jmc1Oracle.LengthComment(40), "\"abc\"}"),
            JsonableFormat.Jmc1);
    }

    private static byte[] Json(byte[] content) => Jmc1Oracle.Build("{\"Value\":\"", content, "\"}");

    private static byte[] Jmc1(byte[] content, bool withLengthComments) => withLengthComments
        ? Jmc1Oracle.Build(Jmc1Oracle.Latin1("/*JMC1*/{/*5\x01*/\"Value\":"), Jmc1Oracle.LengthComment(content.Length), "\"", content, "\"}")
        : Jmc1Oracle.Build("/*JMC1*/{\"Value\":\"", content, "\"}");

    private static void AssertRejected(byte[] document, JsonableFormat format, string path = "$.Value")
    {
        JsonableException ex = format == JsonableFormat.Json
            ? Assert.Throws<JsonableException>(() => Text.CreateFromJson(document))
            : Assert.Throws<JsonableException>(() => Text.CreateFromJsonable(document));
        Assert.InRange(ex.BytePosition, 0, document.Length);
        Assert.Equal(path, ex.Path);

        var target = new Text { Value = "kept" };
        Assert.Throws<JsonableException>(() =>
        {
            if (format == JsonableFormat.Json)
            {
                target.FromJson(document);
            }
            else
            {
                target.FromJsonable(document);
            }
        });
        Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Text>(document, format));
    }
}
