using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.Json;

namespace Jsonable.Runtime.Tests.Writing;

/// <summary>
/// The writer's fast paths give the bytes the general ones do: integers in every digit count and sign (formatted four
/// digits a step in 32 bits, two in 64), an integer fused with the next member's name, printable-ASCII strings (checked and narrowed eight chars a vector, or char by char when shorter) against every
/// char that must leave that path, at the start, middle and end of every vector position, strings transcoded before they are checked for escapes, short raw copies of every length, and the JMC1
/// header and length comments written as whole words — into a buffer that hands out exactly the room asked for, too.
/// </summary>
public class WriterFastPathTests
{
    public static TheoryData<long> Int64Values()
    {
        var values = new SortedSet<long> { 0, 1, -1, 9, -9, long.MaxValue, long.MinValue, long.MinValue + 1, int.MaxValue, int.MinValue, uint.MaxValue, (long)uint.MaxValue + 1, -(long)uint.MaxValue };
        for (long power = 1; power <= 1_000_000_000_000_000_000; power *= 10)
        {
            foreach (long v in new[] { power - 1, power, power + 1, (power * 2) - 1 })
            {
                values.Add(v);
                values.Add(-v);
            }
        }

        return new TheoryData<long>(values);
    }

    [Theory]
    [MemberData(nameof(Int64Values))]
    public void WriteNumber_Int64_IsTheInvariantDecimalText(long value)
    {
        Assert.Equal(value.ToString(CultureInfo.InvariantCulture), Write((ref JsonableWriter w) => w.WriteNumber(value), jmc1: false));
    }

    [Theory]
    [InlineData(0UL)]
    [InlineData(9_999_999_999_999_999_999UL)]
    [InlineData(10_000_000_000_000_000_000UL)]
    [InlineData(ulong.MaxValue)]
    [InlineData((ulong)long.MaxValue + 1)]
    [InlineData((ulong)uint.MaxValue)]
    [InlineData((ulong)uint.MaxValue + 1)]
    public void WriteNumber_UInt64_IsTheInvariantDecimalText(ulong value)
    {
        Assert.Equal(value.ToString(CultureInfo.InvariantCulture), Write((ref JsonableWriter w) => w.WriteNumber(value), jmc1: false));
    }

    [Fact]
    public void WriteNumber_RandomIntegersOfEveryDigitCount_AreTheInvariantDecimalText()
    {
        var random = new Random(20261124);
        long[] values = new long[20_000];
        for (int i = 0; i < values.Length; i++)
        {
            long magnitude = random.NextInt64(0, PowerOfTen(random.Next(1, 19)));
            values[i] = i % 3 == 0 ? -magnitude : magnitude;
        }

        string written = Write((ref JsonableWriter w) =>
        {
            for (int i = 0; i < values.Length; i++)
            {
                w.WriteNumberAndName(values[i], ","u8, ","u8);
                w.WriteNumber((ulong)Math.Abs(values[i]));
                w.WriteComma();
            }
        }, jmc1: false);

        string expected = string.Concat(values.Select(v => v.ToString(CultureInfo.InvariantCulture) + "," + Math.Abs(v).ToString(CultureInfo.InvariantCulture) + ","));
        Assert.Equal(expected, written);
        Assert.Contains(values, v => v is > 0 and < 10);
        Assert.Contains(values, v => v > uint.MaxValue);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Numbers_WhereTheChunkIsFull_GoOnTheNextChunkWithNothingBetween(bool jmc1)
    {
        foreach (int filled in new[] { 4076, 4077, 4090, 4095, 4096 })
        {
            byte[] filler = Enumerable.Repeat((byte)'a', filled).ToArray();
            var tight = new ExactBufferWriter();
            var writer = new JsonableWriter(tight, jmc1);
            writer.WriteRaw(filler);
            writer.WriteNumber(12_345_678_901UL);
            writer.WriteRaw(filler);
            writer.WriteNumber(-12_345_678_901L);
            writer.WriteRaw(filler);
            writer.WriteNumberAndName(205_705_993L, ",n"u8, ",n"u8);
            writer.Flush();

            string text = Encoding.Latin1.GetString(tight.Written);
            string a = new('a', filled);
            Assert.Equal(a + "12345678901" + a + "-12345678901" + a + "205705993,n", text);
        }
    }

    private static long PowerOfTen(int exponent)
    {
        long power = 1;
        for (int i = 0; i < exponent; i++)
        {
            power *= 10;
        }

        return power;
    }

    [Theory]
    [MemberData(nameof(Int64Values))]
    public void NumberAndName_IsTheNumberThenTheName(long value)
    {
        byte[] jsonName = ",\"blockIds\":"u8.ToArray();
        byte[] jmc1Name = [(byte)',', .. Jmc1Oracle.LengthComment(8), .. "\"blockIds\":"u8];
        foreach (bool jmc1 in new[] { false, true })
        {
            byte[] fused = WriteBytes((ref JsonableWriter w) => w.WriteNumberAndName(value, jmc1Name, jsonName), jmc1);
            byte[] separate = WriteBytes((ref JsonableWriter w) =>
            {
                w.WriteNumber(value);
                w.WritePreEncodedName(jmc1Name, jsonName);
            }, jmc1);

            Assert.Equal(Encoding.Latin1.GetBytes(value.ToString(CultureInfo.InvariantCulture)).Concat(jmc1 ? jmc1Name : jsonName), fused);
            Assert.Equal(separate, fused);

            if (value >= 0)
            {
                byte[] fusedUnsigned = WriteBytes((ref JsonableWriter w) => w.WriteNumberAndName((ulong)value, jmc1Name, jsonName), jmc1);
                Assert.Equal(fused, fusedUnsigned);
            }
        }
    }

    [Theory]
    [InlineData(ulong.MaxValue)]
    [InlineData((ulong)uint.MaxValue + 1)]
    [InlineData(10_000_000_000_000_000_000UL)]
    public void NumberAndName_UInt64AboveInt64_IsTheNumberThenTheName(ulong value)
    {
        byte[] fused = WriteBytes((ref JsonableWriter w) => w.WriteNumberAndName(value, ",/*\u0031\u0001*/\"a\":"u8, ",\"a\":"u8), jmc1: false);
        Assert.Equal(value.ToString(CultureInfo.InvariantCulture) + ",\"a\":", Encoding.UTF8.GetString(fused));
    }

    /// <summary>Every char up to U+00A0 and a few beyond, placed first, last and in the middle of strings on both sides of the short-string limit.</summary>
    public static TheoryData<int, int> CharsAndLengths()
    {
        var data = new TheoryData<int, int>();
        IEnumerable<int> chars = Enumerable.Range(0, 0xA1).Concat([0x7FF, 0x800, 0x3042, 0xFFFD, 0xD800, 0xDC00]);
        foreach (int c in chars)
        {
            foreach (int length in new[] { 1, 7, 8, 9, 16, 17, 23, 24, 25, 64 })
            {
                data.Add(c, length);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CharsAndLengths))]
    public void WriteString_AnyCharAtAnyPlace_IsEscapedAsTheRulesSay(int code, int length)
    {
        char c = (char)code;
        foreach (int at in new[] { 0, length / 2, length - 1 })
        {
            char[] chars = Enumerable.Repeat('a', length).ToArray();
            chars[at] = c;
            string value = new(chars);
            string expected = "\"" + ReferenceEscape(value) + "\"";

            Assert.Equal(expected, Write((ref JsonableWriter w) => w.WriteString(value), jmc1: false));

            // JMC1: the same content after a length comment counting its UTF-8 bytes.
            byte[] jmc1 = WriteBytes((ref JsonableWriter w) => w.WriteString(value), jmc1: true);
            int contentLength = Encoding.UTF8.GetByteCount(ReferenceEscape(value));
            Assert.Equal(Jmc1Oracle.LengthComment(contentLength).Concat(Encoding.UTF8.GetBytes(expected)), jmc1);
        }
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void WriteBoolean_AndNull_AreTheWords_AndTheFusedNameFollowsThem(bool jmc1)
    {
        Assert.Equal("true,false,null", Write((ref JsonableWriter w) =>
        {
            w.WriteBoolean(true);
            w.WriteComma();
            w.WriteBoolean(false);
            w.WriteComma();
            w.WriteNull();
        }, jmc1));

        byte[] jmc1Name = [(byte)',', .. Jmc1Oracle.LengthComment(1), .. "\"b\":"u8];
        foreach (bool value in new[] { true, false })
        {
            byte[] fused = WriteBytes((ref JsonableWriter w) => w.WriteBooleanAndName(value, jmc1Name, ",\"b\":"u8), jmc1);
            byte[] separate = WriteBytes((ref JsonableWriter w) =>
            {
                w.WriteBoolean(value);
                w.WritePreEncodedName(jmc1Name, ",\"b\":"u8);
            }, jmc1);
            Assert.Equal(separate, fused);
            Assert.Equal((value ? "true" : "false") + (jmc1 ? Encoding.Latin1.GetString(jmc1Name) : ",\"b\":"), Encoding.Latin1.GetString(fused));
        }
    }

    public static TheoryData<string?, bool> StringsBeforeAName()
    {
        var data = new TheoryData<string?, bool>();
        string?[] values = [null, "", "id", "plain ascii that is longer than a vector", "tab\there", "quote \" and \\", "日本語のテキスト", "emoji 🎉", new string('a', 11770), new string('b', 32208)];
        foreach (string? value in values)
        {
            data.Add(value, false);
            data.Add(value, true);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(StringsBeforeAName))]
    public void StringAndName_IsTheStringThenTheName(string? value, bool jmc1)
    {
        byte[] jmc1Name = [(byte)',', .. Jmc1Oracle.LengthComment(4), .. "\"next\":"u8];
        byte[] fused = WriteBytes((ref JsonableWriter w) => w.WriteStringAndName(value, jmc1Name, ",\"next\":"u8), jmc1);
        byte[] separate = WriteBytes((ref JsonableWriter w) =>
        {
            w.WriteString(value);
            w.WritePreEncodedName(jmc1Name, ",\"next\":"u8);
        }, jmc1);

        Assert.Equal(separate, fused);
        Assert.EndsWith(jmc1 ? Encoding.Latin1.GetString(jmc1Name) : ",\"next\":", Encoding.Latin1.GetString(fused), StringComparison.Ordinal);
        string json = Write((ref JsonableWriter w) => w.WriteStringAndName(value, jmc1Name, ",\"next\":"u8), jmc1: false);
        Assert.EndsWith(",\"next\":", json, StringComparison.Ordinal);
        Assert.Equal(value, JsonSerializer.Deserialize<string?>(json[..^",\"next\":".Length]));
    }

    [Fact]
    public void WriteString_ReadBackBySystemTextJson_IsTheSameText()
    {
        string[] values = ["", "plain ascii id 1234567890", "tab\there", "quote \" and \\ back", "日本語のテキスト with ASCII", "emoji 🎉 pair", new string('x', 24), new string('y', 25), "\u007F\u0080\u00FF"];
        foreach (string value in values)
        {
            string json = Write((ref JsonableWriter w) => w.WriteString(value), jmc1: false);
            Assert.Equal(value, JsonSerializer.Deserialize<string>(json));
        }
    }

    [Fact]
    public void WriteRaw_EveryShortLength_CopiesExactlyThoseBytes()
    {
        byte[] source = Enumerable.Range(1, 80).Select(i => (byte)i).ToArray();
        for (int length = 0; length <= 80; length++)
        {
            byte[] raw = source[..length];
            byte[] written = WriteBytes((ref JsonableWriter w) =>
            {
                w.WriteRaw(raw);
                w.WriteRaw("!"u8);
            }, jmc1: false);
            Assert.Equal(raw.Append((byte)'!'), written);
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(0xCF)]
    [InlineData(0xD0)]
    [InlineData(255)]
    [InlineData(256)]
    [InlineData(11769)]
    [InlineData(11771)]
    [InlineData(32207)]
    public void ArrayAndDictionaryStart_Jmc1_WriteTheCountCommentThenTheBracket(int count)
    {
        Assert.Equal(Jmc1Oracle.LengthComment(count).Append((byte)'['), WriteBytes((ref JsonableWriter w) => w.WriteArrayStart(count), jmc1: true));
        Assert.Equal(Jmc1Oracle.LengthComment(count).Append((byte)'{'), WriteBytes((ref JsonableWriter w) => w.WriteDictionaryStart(count), jmc1: true));
        Assert.Equal("["u8.ToArray(), WriteBytes((ref JsonableWriter w) => w.WriteArrayStart(count), jmc1: false));
    }

    [Theory]
    [InlineData(11770)] // its encoding reads */
    [InlineData(32208)] // past the largest length a comment holds
    [InlineData(-1)] // unknown
    public void ArrayStart_Jmc1_CountWithoutAnEncoding_WritesNoComment(int count)
    {
        Assert.Equal("["u8.ToArray(), WriteBytes((ref JsonableWriter w) => w.WriteArrayStart(count), jmc1: true));
    }

    [Fact]
    public void ObjectStart_Jmc1_IsTheHeaderThenTheBrace()
    {
        Assert.Equal("/*JMC1*/{"u8.ToArray(), WriteBytes((ref JsonableWriter w) => w.WriteObjectStart(), jmc1: true));
        Assert.Equal("{"u8.ToArray(), WriteBytes((ref JsonableWriter w) => w.WriteObjectStart(), jmc1: false));
    }

    /// <summary>Names whose pre-encoded forms span every short-copy branch (4 to over 32 bytes), JMC1 and JSON.</summary>
    public static TheoryData<int, bool> NameLengths()
    {
        var data = new TheoryData<int, bool>();
        foreach (int length in new[] { 0, 1, 2, 3, 4, 5, 6, 7, 10, 12, 13, 14, 20, 28, 29, 30, 40 })
        {
            data.Add(length, false);
            data.Add(length, true);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(NameLengths))]
    public void ObjectStartAndName_IsTheObjectStartThenTheNameWithoutItsComma(int nameLength, bool jmc1)
    {
        string name = new('n', nameLength);
        byte[] jsonName = Encoding.UTF8.GetBytes(",\"" + name + "\":");
        byte[] jmc1Name = [(byte)',', .. Jmc1Oracle.LengthComment(nameLength), .. Encoding.UTF8.GetBytes("\"" + name + "\":")];

        byte[] fused = WriteBytes((ref JsonableWriter w) =>
        {
            w.WriteObjectStartAndName(jmc1Name, jsonName);
            w.WriteNumber(1);
            w.WriteObjectEnd();
        }, jmc1);
        byte[] separate = WriteBytes((ref JsonableWriter w) =>
        {
            w.WriteObjectStart();
            w.WritePreEncodedName(jmc1Name.AsSpan(1), jsonName.AsSpan(1));
            w.WriteNumber(1);
            w.WriteObjectEnd();
        }, jmc1);

        string expected = (jmc1 ? "/*JMC1*/{" + Encoding.Latin1.GetString(Jmc1Oracle.LengthComment(nameLength)) : "{") + "\"" + name + "\":1}";
        Assert.Equal(expected, Encoding.Latin1.GetString(fused));
        Assert.Equal(separate, fused);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void EmptyArray_IsTheZeroCountStartThenTheEnd(bool jmc1)
    {
        byte[] fused = WriteBytes((ref JsonableWriter w) => w.WriteEmptyArray(), jmc1);
        byte[] separate = WriteBytes((ref JsonableWriter w) =>
        {
            w.WriteArrayStart(0);
            w.WriteArrayEnd();
        }, jmc1);

        Assert.Equal(jmc1 ? [.. Jmc1Oracle.LengthComment(0), (byte)'[', (byte)']'] : "[]"u8.ToArray(), fused);
        Assert.Equal(separate, fused);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void FusedStarts_CountAgainstTheDepthLimitAsTheSeparateCallsDo(bool jmc1)
    {
        var options = new JsonableWriterOptions { MaxDepth = 2 };
        var output = new ArrayBufferWriter<byte>();
        var writer = new JsonableWriter(output, jmc1, options);
        writer.WriteObjectStartAndName(",/*\u0031\u0001*/\"a\":"u8, ",\"a\":"u8);
        writer.WriteEmptyArray(); // depth 2: allowed, and back to 1 after it
        Assert.Equal(1, writer.CurrentDepth);
        writer.WriteComma();
        writer.WriteObjectStartAndName(",/*\u0031\u0001*/\"b\":"u8, ",\"b\":"u8);
        Assert.Equal(2, writer.CurrentDepth);

        JsonableException tooDeepArray = Assert.Throws<JsonableException>(() =>
        {
            var w = new JsonableWriter(new ArrayBufferWriter<byte>(), jmc1, options);
            w.WriteArrayStart(1);
            w.WriteArrayStart(1);
            w.WriteEmptyArray();
        });
        Assert.Contains("maximum depth of 2", tooDeepArray.Reason, StringComparison.Ordinal);

        JsonableException tooDeepObject = Assert.Throws<JsonableException>(() =>
        {
            var w = new JsonableWriter(new ArrayBufferWriter<byte>(), jmc1, options);
            w.WriteArrayStart(1);
            w.WriteArrayStart(1);
            w.WriteObjectStartAndName(",/*\u0031\u0001*/\"a\":"u8, ",\"a\":"u8);
        });
        Assert.Contains("maximum depth of 2", tooDeepObject.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void FusedStarts_IntoABufferThatGivesExactlyTheRoomAskedFor_AreTheSameBytes(bool jmc1)
    {
        static void WriteDocument(ref JsonableWriter w)
        {
            w.WriteArrayStart(500);
            for (int i = 0; i < 500; i++)
            {
                if (i != 0)
                {
                    w.WriteComma();
                }

                w.WriteObjectStartAndName(",/*\u0036\u0001*/\"areaId\":"u8, ",\"areaId\":"u8);
                w.WriteNumberAndName(i, ",/*\u0038\u0001*/\"blockIds\":"u8, ",\"blockIds\":"u8);
                w.WriteEmptyArray();
                w.WriteObjectEnd();
            }

            w.WriteArrayEnd();
        }

        (byte[] roomy, ExactBufferWriter tight) = WriteRoomyAndTight(WriteDocument, jmc1);

        Assert.Equal(roomy, tight.Written);
        Assert.True(tight.Chunks > 1, "The document spans several chunks of the output.");
        string text = Encoding.Latin1.GetString(tight.Written);
        Assert.Contains(jmc1 ? "/*JMC1*/{/*\u0036\u0001*/\"areaId\":499,/*\u0038\u0001*/\"blockIds\":/*\u0030\u0001*/[]}" : "{\"areaId\":499,\"blockIds\":[]}", text, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void ADocument_IntoABufferThatGivesExactlyTheRoomAskedFor_IsTheSameBytes(bool jmc1)
    {
        static void WriteDocument(ref JsonableWriter w)
        {
            w.WriteObjectStart();
            for (int i = 0; i < 300; i++)
            {
                w.WritePreEncodedName(i == 0 ? "/*\u0005\u0001*/\"items\":"u8 : ",/*\u0005\u0001*/\"items\":"u8, i == 0 ? "\"items\":"u8 : ",\"items\":"u8);
                w.WriteArrayStart(4);
                w.WriteNumber(long.MinValue + i);
                w.WriteComma();
                w.WriteString("short " + i);
                w.WriteComma();
                w.WriteString("a longer one that is not ASCII: 日本語 " + new string('z', i % 50));
                w.WriteComma();
                w.WriteNumber((ulong)i * 1_000_000_007UL);
                w.WriteArrayEnd();
            }

            w.WriteObjectEnd();
        }

        (byte[] roomy, ExactBufferWriter tight) = WriteRoomyAndTight(WriteDocument, jmc1);

        Assert.Equal(roomy, tight.Written);
        Assert.True(tight.Chunks > 1, "The document spans several chunks of the output.");
    }

    private delegate void WriteAction(ref JsonableWriter writer);

    /// <summary>Writes the same document into a roomy buffer and into one that gives exactly the room asked for.</summary>
    private static (byte[] Roomy, ExactBufferWriter Tight) WriteRoomyAndTight(WriteAction write, bool jmc1)
    {
        var roomy = new ArrayBufferWriter<byte>();
        var roomyWriter = new JsonableWriter(roomy, jmc1);
        write(ref roomyWriter);
        roomyWriter.Flush();

        var tight = new ExactBufferWriter();
        var tightWriter = new JsonableWriter(tight, jmc1);
        write(ref tightWriter);
        tightWriter.Flush();
        return (roomy.WrittenSpan.ToArray(), tight);
    }

    private static string Write(WriteAction write, bool jmc1) => Encoding.UTF8.GetString(WriteBytes(write, jmc1));

    private static byte[] WriteBytes(WriteAction write, bool jmc1)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new JsonableWriter(output, jmc1);
        write(ref writer);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    /// <summary>The escaping rule of docs/jmc1.md, spelled out independently of the writer: quote, backslash and controls escaped; a lone surrogate is U+FFFD.</summary>
    internal static string ReferenceEscape(string value)
    {
        var text = new StringBuilder();
        for (int i = 0; i < value.Length; i++)
        {
            char c = value[i];
            if (char.IsHighSurrogate(c) && i + 1 < value.Length && char.IsLowSurrogate(value[i + 1]))
            {
                text.Append(c).Append(value[++i]);
                continue;
            }

            text.Append(c switch
            {
                '"' => "\\\"",
                '\\' => "\\\\",
                '\b' => "\\b",
                '\f' => "\\f",
                '\n' => "\\n",
                '\r' => "\\r",
                '\t' => "\\t",
                < ' ' => "\\u" + ((int)c).ToString("X4", CultureInfo.InvariantCulture),
                _ when char.IsSurrogate(c) => "\uFFFD",
                _ => c.ToString(),
            });
        }

        return text.ToString();
    }
}
