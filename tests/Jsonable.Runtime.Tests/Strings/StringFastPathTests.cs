#nullable enable
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using Jsonable.Runtime.Tests.Jmc1;
using static Jsonable.Tests.Shared.Jmc1Oracle;

namespace Jsonable.Runtime.Tests.Strings;

/// <summary>
/// The string reader's fast paths (a JMC1 length hint that locates the closing quote and lets one pass check and decode
/// the content; a tight loop for runs of escapes) against the general path: the same value as System.Text.Json at every
/// length around the 16-byte vector boundaries, and for every kind of lying hint the same error message and offset as
/// the reader without fast paths (<c>ReadStringWithoutFastPaths</c>).
/// </summary>
public sealed class StringFastPathTests
{
    private const int MaxLength = 70;

    /// <summary>Printable ASCII other than the quote and backslash, DEL included (JSON allows it raw).</summary>
    private const string AsciiPool = "abcdefghijklmnopqrstuvwxyz0123456789 /~{}[]:,<>&'+`\u007F";

    private static string Ascii(int length, int seed = 0) =>
        new(Enumerable.Range(0, length).Select(i => AsciiPool[(i + seed) % AsciiPool.Length]).ToArray());

    /// <summary>The string values of every kind at one length: what each token below decodes to.</summary>
    public static IEnumerable<object[]> Lengths() => Enumerable.Range(0, MaxLength + 1).Select(n => new object[] { n });

    /// <summary>
    /// JSON string tokens (quotes included) of every kind whose text has about <paramref name="n"/> bytes, with what they
    /// must read as: printable ASCII; raw UTF-8 with the non-ASCII text at the start, after n ASCII bytes and at the end
    /// (2-, 3- and 4-byte sequences); short escapes at and after offset n; STJ's default encoding (every non-ASCII char
    /// as <c>\uXXXX</c>, a surrogate pair as two); and raw UTF-8 mixed with escapes.
    /// </summary>
    private static IEnumerable<(string Kind, byte[] Token)> Tokens(int n)
    {
        yield return ("ascii", Quote(Ascii(n)));
        yield return ("utf8 after ascii", Quote(Ascii(n) + "é日😀" + Ascii(3, 5)));
        yield return ("utf8 first", Quote("é" + Ascii(n)));
        yield return ("utf8 last", Quote(Ascii(n, 7) + "😀"));
        yield return ("short escape after ascii", Quote(Ascii(n) + "\\n"));
        yield return ("short escapes", Quote(Ascii(n) + "\\n\\\"\\\\\\/\\t\\b\\f\\r" + Ascii(2)));
        yield return ("escape first", Quote("\\t" + Ascii(n)));
        yield return ("stj default encoder", JsonSerializer.SerializeToUtf8Bytes(Ascii(n) + "é日😀\n\"\\\u0001" + Ascii(3) + "ü"));
        yield return ("stj escaped run", JsonSerializer.SerializeToUtf8Bytes(new string('日', n % 23) + "😀😀" + Ascii(n / 3)));
        yield return ("utf8 and escapes", Quote(Ascii(n) + "é\\u00e9日\\n" + Ascii(n % 17) + "\\ud83d\\ude00" + "😀"));
        yield return ("lower-case hex", Quote("\\u00ff\\uabcd" + Ascii(n)));
    }

    private static byte[] Quote(string escapedText) => Encoding.UTF8.GetBytes("\"" + escapedText + "\"");

    private static int ContentLength(byte[] token) => token.Length - 2;

    /// <summary>What a read did: the value and the bytes consumed, or the error's reason and offset.</summary>
    private readonly record struct Outcome(bool Threw, string? Value, int Consumed, string? Reason, long Position)
    {
        public override string ToString() =>
            Threw ? $"error at {Position}: {Reason}" : $"'{Value}' ({Consumed} bytes consumed)";
    }

    private static Outcome ReadRoot(byte[] document, JsonableFormat format, bool fast)
    {
        try
        {
            var reader = new JsonableReader(document, format);
            string? value = fast ? reader.ReadString() : reader.ReadStringWithoutFastPaths();
            return new Outcome(false, value, reader.BytesConsumed, null, -1);
        }
        catch (JsonableException ex)
        {
            return new Outcome(true, null, -1, ex.Reason, ex.BytePosition);
        }
    }

    /// <summary>Reads a JMC1 array of strings; the outcome's value is the elements joined by '|'.</summary>
    private static Outcome ReadArray(byte[] document, bool fast)
    {
        try
        {
            var reader = new JsonableReader(document, JsonableFormat.Jmc1);
            var values = new List<string?>();
            Assert.True(reader.TryReadArrayStart(out int countHint));
            int count = 0;
            while (reader.TryReadArrayElement(ref count, countHint))
            {
                values.Add(fast ? reader.ReadString() : reader.ReadStringWithoutFastPaths());
            }

            reader.ReadEndOfDocument();
            return new Outcome(false, string.Join("|", values), reader.BytesConsumed, null, -1);
        }
        catch (JsonableException ex)
        {
            return new Outcome(true, null, -1, ex.Reason, ex.BytePosition);
        }
    }

    private static byte[] Jmc1Root(byte[] token, int hint) => Build("/*JMC1*/", hint, token);

    /// <summary>Three hinted strings in an array: the middle one has bytes after it, the last one only <c>]</c>.</summary>
    private static byte[] Jmc1Array(byte[] token, int hint) =>
        Build("/*JMC1*/", 3, "[", 1, "\"a\",", hint, token, ",", hint, token, "]");

    [Theory]
    [MemberData(nameof(Lengths))]
    public void EveryKindAndLength_ReadsAsStj_InJsonAndJmc1(int n)
    {
        foreach ((string kind, byte[] token) in Tokens(n))
        {
            string expected = JsonSerializer.Deserialize<string>(token)!;
            int hint = ContentLength(token);

            Outcome json = ReadRoot(token, JsonableFormat.Json, fast: true);
            Assert.Equal(new Outcome(false, expected, token.Length, null, -1), json);

            byte[] root = Jmc1Root(token, hint);
            Outcome hinted = ReadRoot(root, JsonableFormat.Jmc1, fast: true);
            Assert.Equal(new Outcome(false, expected, root.Length, null, -1), hinted);
            Assert.Equal(ReadRoot(root, JsonableFormat.Jmc1, fast: false), hinted);

            byte[] array = Jmc1Array(token, hint);
            Outcome elements = ReadArray(array, fast: true);
            Assert.False(elements.Threw, $"{kind}, n = {n}: {elements}");
            Assert.Equal("a|" + expected + "|" + expected, elements.Value);
            Assert.Equal(ReadArray(array, fast: false), elements);
        }
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void EveryKindAndLength_RoundTripsThroughJsonableJmc1(int n)
    {
        foreach ((string kind, byte[] token) in Tokens(n))
        {
            string text = JsonSerializer.Deserialize<string>(token)!;

            byte[] jmc1 = new Note { Text = text }.ToJsonable().ToArray();

            Assert.True(jmc1.AsSpan().IndexOf("/*"u8) >= 0, kind);
            Assert.Equal(text, Note.CreateFromJsonable(jmc1).Text);
        }
    }

    /// <summary>
    /// Every lie a hint can tell, for every kind of content at lengths around the vector boundaries: claiming more or
    /// fewer bytes than the string has (so that the claimed end is some other byte, or a quote inside a following string,
    /// or past the input's end). The hinted read must fail exactly as the general path does.
    /// </summary>
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(15)]
    [InlineData(16)]
    [InlineData(17)]
    [InlineData(31)]
    [InlineData(32)]
    [InlineData(33)]
    [InlineData(48)]
    [InlineData(70)]
    public void LyingLengths_FailAsTheGeneralPath(int n)
    {
        foreach ((string kind, byte[] token) in Tokens(n))
        {
            int truth = ContentLength(token);
            foreach (int lie in new[] { truth + 1, truth + 2, truth + 4, truth + 5, truth + 100, truth - 1, truth - 2, truth / 2, 0 }.Where(l => l >= 0 && l != truth))
            {
                AssertSameFailure(Jmc1Root(token, lie), $"{kind}, n = {n}, claimed {lie} of {truth}");
                AssertSameFailure(Jmc1Array(token, lie), $"{kind} in an array, n = {n}, claimed {lie} of {truth}");
            }
        }
    }

    public static IEnumerable<object[]> HintedBadContent() =>
    [
        // A hint that spans two strings ends at the second one's closing quote: a '"' inside the claimed bytes.
        ["covers a quote", Build("/*JMC1*/", 2, "[", 7, "\"ab\",", 2, "\"cd\"]"), "The length comment claims 7 bytes but the string has 2.", 21],
        ["covers a quote, long", Build("/*JMC1*/", 2, "[", 40, "\"" + Ascii(17) + "\",", 17, "\"" + Ascii(20) + "\"]"), "The length comment claims 40 bytes but the string has 17.", 21],

        // The same where the next string has no length comment (a reader accepts that), so the claimed bytes hold quotes
        // and nothing else a string may not hold: printable ASCII, and UTF-8.
        ["covers a quote, no comment after", Build("/*JMC1*/", 2, "[", 6, "\"ab\",\"c\"]"), "The length comment claims 6 bytes but the string has 2.", 21],
        ["covers a quote, no comment after, long", Build("/*JMC1*/", 2, "[", 40, "\"" + Ascii(17) + "\",\"" + Ascii(20) + "\"]"), "The length comment claims 40 bytes but the string has 17.", 21],
        ["covers a quote after UTF-8", Build("/*JMC1*/", 2, "[", 6, "\"é\",\"c\"]"), "The length comment claims 6 bytes but the string has 2.", 21],
        ["covers a quote after UTF-8, long", Build("/*JMC1*/", 2, "[", 41, "\"" + Ascii(17) + "é\",\"" + Ascii(19) + "\"]"), "The length comment claims 41 bytes but the string has 19.", 21],
        ["covers a quote, 16 bytes after", Build("/*JMC1*/", 3, "[", 6, "\"ab\",\"c\",\"" + Ascii(20) + "\"]"), "The length comment claims 6 bytes but the string has 2.", 21],
        ["covers a quote before an escape letter", Build("/*JMC1*/", 1, "[", 4, "\"ab\"n\"]"), "The length comment claims 4 bytes but the string has 2.", 21],
        ["covers a quote after an escape", Build("/*JMC1*/", 2, "[", 7, "\"\\n\",\"cd\"]"), "The length comment claims 7 bytes but the string has 2.", 21],

        // A hint that ends on an escaped quote: the claimed bytes end with a backslash that escapes the "closing" quote.
        ["ends on an escaped quote", Build("/*JMC1*/", 3, "\"ab\\\"cd\""), "The length comment claims 3 bytes but the string has 6.", 14],
        ["ends on an escaped quote, long", Build("/*JMC1*/", 21, "\"" + Ascii(20) + "\\\"cd\""), "The length comment claims 21 bytes but the string has 24.", 14],

        // True hints over content the string may not hold, or escapes that do not decode.
        ["control byte", Build("/*JMC1*/", 5, "\"ab\u0001cd\""), "The control character 0x01 must be escaped inside a string.", 17],
        ["control byte, long", Build("/*JMC1*/", 25, "\"" + Ascii(20) + "\u001Fcdef\""), "The control character 0x1F must be escaped inside a string.", 35],
        ["control byte before an escape letter", Build("/*JMC1*/", 4, "\"a\u0001nb\""), "The control character 0x01 must be escaped inside a string.", 16],
        ["control byte before an escape letter, 16 bytes after", Build("/*JMC1*/", 2, "[", 4, "\"a\u0001nb\",\"" + Ascii(20) + "\"]"), "The control character 0x01 must be escaped inside a string.", 23],
        ["control byte after UTF-8", Build("/*JMC1*/", 4, "\"é\u0001x\""), "The control character 0x01 must be escaped inside a string.", 17],
        ["control byte after UTF-8 before an escape letter", Build("/*JMC1*/", 5, "\"é\u0001nx\""), "The control character 0x01 must be escaped inside a string.", 17],
        ["quote after UTF-8 before an escape letter", Build("/*JMC1*/", 1, "[", 5, "\"é\"nx\"]"), "The length comment claims 5 bytes but the string has 2.", 21],
        ["control byte after UTF-8, long", Build("/*JMC1*/", 24, "\"" + Ascii(17) + "é\u0001" + Ascii(4) + "\""), "The control character 0x01 must be escaped inside a string.", 34],
        ["control byte after an escape", Build("/*JMC1*/", 4, "\"\\t\u0002x\""), "The control character 0x02 must be escaped inside a string.", 17],
        ["invalid UTF-8", Build("/*JMC1*/", 5, "\"ab", new byte[] { 0xFF }, "cd\""), "The string is not valid UTF-8.", 14],
        ["invalid UTF-8, long", Build("/*JMC1*/", 25, "\"" + Ascii(20), new byte[] { 0xC3 }, "cdef\""), "The string is not valid UTF-8.", 14],
        ["truncated UTF-8 sequence at the end", Build("/*JMC1*/", 4, "\"ab", new byte[] { 0xE6, 0x97 }, "\""), "The string is not valid UTF-8.", 14],
        ["invalid UTF-8 between escapes", Build("/*JMC1*/", 5, "\"\\n", new byte[] { 0x80 }, "\\n\""), "The string is not valid UTF-8.", 17],
        ["unknown escape", Build("/*JMC1*/", 4, "\"a\\xb\""), "'\\x' is not a valid JSON escape.", 16],
        ["short \\u escape", Build("/*JMC1*/", 4, "\"\\u12\""), "A \\u escape needs four hexadecimal digits.", 15],
        ["non-hex \\u escape", Build("/*JMC1*/", 6, "\"\\u12G4\""), "A \\u escape needs four hexadecimal digits.", 15],
        ["lone high surrogate", Build("/*JMC1*/", 7, "\"\\uD800x\""), "The escape \\uD800 is a high surrogate not followed by an escaped low surrogate.", 15],
        ["lone low surrogate", Build("/*JMC1*/", 6, "\"\\uDC00\""), "The escape \\uDC00 is a low surrogate without a high surrogate before it.", 15],
        ["high surrogate then non-surrogate", Build("/*JMC1*/", 12, "\"\\ud800\\u0041\""), "The escape \\uD800 is a high surrogate not followed by an escaped low surrogate.", 15],
        ["high surrogate cut by the end", Build("/*JMC1*/", 8, "\"\\ud83d\\n\""), "The escape \\uD83D is a high surrogate not followed by an escaped low surrogate.", 15],
    ];

    /// <summary>The same kinds of bad content in strings long enough (64 bytes and more) for the hinted one-pass decoder.</summary>
    public static IEnumerable<object[]> HintedBadContentLong() =>
    [
        ["covers a quote", Build("/*JMC1*/", 2, "[", 140, "\"" + Ascii(67) + "\",\"" + Ascii(70) + "\"]"), "The length comment claims 140 bytes but the string has 67.", 21],
        ["covers a quote after UTF-8", Build("/*JMC1*/", 2, "[", 141, "\"" + Ascii(67) + "é\",\"" + Ascii(69) + "\"]"), "The length comment claims 141 bytes but the string has 69.", 21],
        ["covers a quote before an escape letter", Build("/*JMC1*/", 1, "[", 72, "\"" + Ascii(70) + "\"n\"]"), "The length comment claims 72 bytes but the string has 70.", 21],
        ["covers a quote after UTF-8 before an escape letter", Build("/*JMC1*/", 1, "[", 72, "\"" + Ascii(67) + "é\"nx\"]"), "The length comment claims 72 bytes but the string has 69.", 21],
        ["covers a quote after an escape", Build("/*JMC1*/", 2, "[", 73, "\"" + Ascii(68) + "\\n\",\"cd\"]"), "The length comment claims 73 bytes but the string has 70.", 21],
        ["ends on an escaped quote", Build("/*JMC1*/", 71, "\"" + Ascii(70) + "\\\"cd\""), "The length comment claims 71 bytes but the string has 74.", 14],
        ["control byte", Build("/*JMC1*/", 75, "\"" + Ascii(70) + "\u001Fcdef\""), "The control character 0x1F must be escaped inside a string.", 85],
        ["control byte before an escape letter", Build("/*JMC1*/", 73, "\"" + Ascii(70) + "\u0001nb\""), "The control character 0x01 must be escaped inside a string.", 85],
        ["control byte after UTF-8", Build("/*JMC1*/", 74, "\"" + Ascii(67) + "é\u0001" + Ascii(4) + "\""), "The control character 0x01 must be escaped inside a string.", 84],
        ["control byte after UTF-8 before an escape letter", Build("/*JMC1*/", 74, "\"" + Ascii(67) + "é\u0001n" + Ascii(3) + "\""), "The control character 0x01 must be escaped inside a string.", 84],
        ["invalid UTF-8", Build("/*JMC1*/", 75, "\"" + Ascii(70), new byte[] { 0xC3 }, "cdef\""), "The string is not valid UTF-8.", 14],
        ["unknown escape", Build("/*JMC1*/", 73, "\"" + Ascii(70) + "\\xb\""), "'\\x' is not a valid JSON escape.", 85],
        ["lone low surrogate", Build("/*JMC1*/", 76, "\"" + Ascii(70) + "\\uDC00\""), "The escape \\uDC00 is a low surrogate without a high surrogate before it.", 85],
    ];

    [Theory]
    [MemberData(nameof(HintedBadContentLong))]
    public void HintedBadContent_Long_FailsAsTheGeneralPath(string kind, byte[] document, string reason, long position) =>
        HintedBadContent_FailsAsTheGeneralPath(kind, document, reason, position);

    [Theory]
    [MemberData(nameof(HintedBadContent))]
    public void HintedBadContent_FailsAsTheGeneralPath(string kind, byte[] document, string reason, long position)
    {
        Outcome reference = ReadFirst(document, fast: false);
        Assert.Equal(new Outcome(true, null, -1, reason, position), reference);
        Assert.True(reference.Threw, kind);

        Assert.Equal(reference, ReadFirst(document, fast: true));

        // A content error (not a lie about the length) is the same error in plain JSON, where no hint is read.
        byte[] json = StripComments(document);
        if (json[0] == (byte)'"' && !reason.Contains("length comment", StringComparison.Ordinal))
        {
            Outcome plain = ReadRoot(json, JsonableFormat.Json, fast: true);
            Assert.True(plain.Threw, kind);
            Assert.Equal(reference.Reason, plain.Reason);
        }
    }

    // After the 8-byte header and the 6-byte length comment: an array, or the root string.
    private static Outcome ReadFirst(byte[] document, bool fast) =>
        document.AsSpan(8 + 6).StartsWith("["u8) ? ReadArray(document, fast) : ReadRoot(document, JsonableFormat.Jmc1, fast);


    /// <summary>
    /// Escaped text in plain JSON, where the escape loop and the scan that finds the end run without a hint: values as
    /// STJ reads them, and every malformed escape failing as the decoder without the loop does.
    /// </summary>
    [Theory]
    [InlineData("\"\\u00e9\\u65e5\\ud83d\\ude00\"")]
    [InlineData("\"\\u00e9\\u65e5\\ud83d\\ude00\\u00e9\\u65e5\\ud83d\\ude00\\u00e9\\u65e5\\ud83d\\ude00x\"")]
    [InlineData("\"x\\\\\\\\\\\\\\\"\"")]
    [InlineData("\"\\u0022\\u005c\\u0000\\u001f\\u007f\"")]
    [InlineData("\"\\/\\b\\f\\n\\r\\t\\u0041é\\u00e9\"")]
    public void EscapeRuns_ReadAsStj(string token)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(token);

        Outcome fast = ReadRoot(bytes, JsonableFormat.Json, fast: true);

        Assert.Equal(new Outcome(false, JsonSerializer.Deserialize<string>(bytes), bytes.Length, null, -1), fast);
        Assert.Equal(ReadRoot(bytes, JsonableFormat.Json, fast: false), fast);
    }

    [Theory]
    [InlineData("\"\\u12\"", "A \\u escape needs four hexadecimal digits.", 1)]
    [InlineData("\"\\u00e9\\u12\"", "A \\u escape needs four hexadecimal digits.", 7)]
    [InlineData("\"\\u12\"abcdef", "A \\u escape needs four hexadecimal digits.", 1)]
    [InlineData("\"\\u00e9\\u1\"abcdef", "A \\u escape needs four hexadecimal digits.", 7)]
    [InlineData("\"\\u00e9\\u\"abcdefghi", "A \\u escape needs four hexadecimal digits.", 7)]
    [InlineData("\"\\u00e9\\u\"", "A \\u escape needs four hexadecimal digits.", 7)]
    [InlineData("\"\\u00e9\\u12", "The string has no closing quote: the input ends inside it.", 11)]
    [InlineData("\"\\u00e9\\", "The string has no closing quote: the input ends inside it.", 8)]
    [InlineData("\"\\u00e9\\\"", "The string has no closing quote: the input ends inside it.", 9)]
    [InlineData("\"\\u00e9\\u00e", "The string has no closing quote: the input ends inside it.", 12)]
    [InlineData("\"\\u00e9\\q\"", "'\\q' is not a valid JSON escape.", 7)]
    [InlineData("\"\\u00e9\\uDE00\"", "The escape \\uDE00 is a low surrogate without a high surrogate before it.", 7)]
    [InlineData("\"\\ud83d\\ud83d\\ude00\"", "The escape \\uD83D is a high surrogate not followed by an escaped low surrogate.", 1)]
    [InlineData("\"\\u00e9\\u00e9\u0001\"", "The control character 0x01 must be escaped inside a string.", 13)]
    public void MalformedEscapes_FailAtTheirOffset(string token, string reason, long position)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(token);

        Outcome fast = ReadRoot(bytes, JsonableFormat.Json, fast: true);

        Assert.Equal(new Outcome(true, null, -1, reason, position), fast);
        Assert.Equal(ReadRoot(bytes, JsonableFormat.Json, fast: false), fast);

        // With a hint claiming the bytes up to the first quote after the opening one (where there is one).
        int close = bytes.AsSpan(1).IndexOf((byte)'"');
        if (close >= 0)
        {
            byte[] hinted = Jmc1Root(bytes, close);
            Outcome reference = ReadRoot(hinted, JsonableFormat.Jmc1, fast: false);
            Assert.True(reference.Threw);
            Assert.Equal(reference, ReadRoot(hinted, JsonableFormat.Jmc1, fast: true));
        }
    }

    private static void AssertSameFailure(byte[] document, string because)
    {
        Outcome reference = ReadFirst(document, fast: false);
        Outcome fast = ReadFirst(document, fast: true);

        Assert.True(reference.Threw, $"{because}: the reference read {reference}");
        Assert.True(fast == reference, $"{because}: {fast}, expected {reference}");
    }
}
