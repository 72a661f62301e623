using System;
using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.Json;
using Jsonable.Runtime.Tests.Infrastructure;
using Xunit.Sdk;

namespace Jsonable.Runtime.Tests.Jmc1;

/// <summary>Byte-level helpers for JMC1 vectors: exact comparison with a hex dump, comment stripping, JSONC parsing.</summary>
internal static class Jmc1Bytes
{
    private const int DumpWindow = 24;

    /// <summary>
    /// The bytes of <paramref name="text"/> where every char is one byte (Latin-1), so vectors can be spelled like
    /// DESIGN §4.2: <c>"/*4\x01*/"</c> is <c>2F 2A 34 01 2A 2F</c>. Chars above U+00FF are a test bug.
    /// </summary>
    public static byte[] Latin1(string text)
    {
        foreach (char c in text)
        {
            if (c > '\u00FF')
            {
                throw new ArgumentException("A vector char must be a single byte.", nameof(text));
            }
        }

        return Encoding.Latin1.GetBytes(text);
    }

    /// <summary>The 6-byte length comment for <paramref name="n"/>: <c>2F 2A lo hi 2A 2F</c> with lo/hi = n + 0x130.</summary>
    public static byte[] LengthComment(int n)
    {
        int biased = n + 0x130;
        return [0x2F, 0x2A, (byte)(biased & 0xFF), (byte)(biased >> 8), 0x2A, 0x2F];
    }

    /// <summary>Concatenates byte arrays and (as UTF-8) strings into one vector.</summary>
    public static byte[] Concat(params object[] parts)
    {
        var buffer = new ArrayBufferWriter<byte>();
        foreach (object part in parts)
        {
            ReadOnlySpan<byte> bytes = part switch
            {
                byte[] b => b,
                string s => Encoding.UTF8.GetBytes(s),
                _ => throw new ArgumentException("Only byte[] and string parts are allowed.", nameof(parts)),
            };
            buffer.Write(bytes);
        }

        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Fails with the offset of the first difference and a hex dump of both sides around it.</summary>
    public static void AssertEqual(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual)
    {
        int common = Math.Min(expected.Length, actual.Length);
        int first = expected.Slice(0, common).CommonPrefixLength(actual.Slice(0, common));
        if (first == common && expected.Length == actual.Length)
        {
            return;
        }

        int from = Math.Max(0, first - (DumpWindow / 2));
        throw new XunitException(
            $"The bytes differ at offset {first} (expected {expected.Length} bytes, actual {actual.Length})."
            + Environment.NewLine + "expected @" + from.ToString(CultureInfo.InvariantCulture) + ": " + Hex(expected, from, DumpWindow)
            + Environment.NewLine + "actual   @" + from.ToString(CultureInfo.InvariantCulture) + ": " + Hex(actual, from, DumpWindow)
            + (expected.Length + actual.Length <= 400
                ? Environment.NewLine + "expected: " + Hex(expected, 0, expected.Length)
                    + Environment.NewLine + "actual:   " + Hex(actual, 0, actual.Length)
                : string.Empty));
    }

    /// <summary>Upper-case hex, one space between bytes, <paramref name="count"/> bytes from <paramref name="from"/>.</summary>
    public static string Hex(ReadOnlySpan<byte> bytes, int from, int count)
    {
        if (from >= bytes.Length)
        {
            return "(end)";
        }

        ReadOnlySpan<byte> window = bytes.Slice(from, Math.Min(count, bytes.Length - from));
        string hex = Convert.ToHexString(window);
        var text = new StringBuilder(hex.Length * 3 / 2);
        for (int i = 0; i < hex.Length; i += 2)
        {
            if (i > 0)
            {
                text.Append(' ');
            }

            text.Append(hex, i, 2);
        }

        return text.ToString();
    }

    /// <summary>
    /// Removes the JMC1 comments: every <c>/*JMC1*/</c> header and every 6-byte length comment outside strings.
    /// Anything else that starts with <c>/</c> outside a string is a malformed document and fails the test.
    /// </summary>
    public static byte[] StripComments(ReadOnlySpan<byte> jmc1)
    {
        var output = new ArrayBufferWriter<byte>(jmc1.Length);
        int i = 0;
        bool inString = false;
        while (i < jmc1.Length)
        {
            byte b = jmc1[i];
            if (inString)
            {
                if (b == (byte)'\\')
                {
                    output.Write(jmc1.Slice(i, 2));
                    i += 2;
                    continue;
                }

                inString = b != (byte)'"';
            }
            else if (b == (byte)'/')
            {
                if (jmc1.Slice(i).StartsWith("/*JMC1*/"u8))
                {
                    i += 8;
                    continue;
                }

                if (jmc1.Length - i >= 6 && jmc1[i + 1] == (byte)'*' && jmc1[i + 4] == (byte)'*' && jmc1[i + 5] == (byte)'/')
                {
                    i += 6;
                    continue;
                }

                throw new XunitException($"Offset {i}: '/' outside a string that starts neither a header nor a length comment: {Hex(jmc1, i, 8)}");
            }
            else
            {
                inString = b == (byte)'"';
            }

            output.Write(jmc1.Slice(i, 1));
            i++;
        }

        return output.WrittenSpan.ToArray();
    }

    /// <summary>
    /// Parses <paramref name="jmc1"/> with System.Text.Json's comment skipping (a standard JSONC reader) and returns
    /// the document it sees, re-written as compact JSON.
    /// </summary>
    public static byte[] ReadAsJsonc(ReadOnlySpan<byte> jmc1)
    {
        var options = new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip, MaxDepth = 256 };
        using JsonDocument document = JsonDocument.Parse(jmc1.ToArray(), options);
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer))
        {
            document.RootElement.WriteTo(writer);
        }

        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>
    /// The format-level checks every vector must pass: stripping the comments leaves exactly the plain JSON, and a
    /// JSONC reader sees the same data as in the plain JSON.
    /// </summary>
    public static void AssertConsistent(ReadOnlySpan<byte> jmc1, ReadOnlySpan<byte> json)
    {
        AssertEqual(json, StripComments(jmc1));
        JsonData.AssertEqual(json, ReadAsJsonc(jmc1));
    }
}
