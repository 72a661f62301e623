using System;
using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.Json;
using Jsonable.Runtime.Tests.Infrastructure;
using Xunit.Sdk;

namespace Jsonable.Runtime.Tests.Jmc1;

/// <summary>
/// Assertions for JMC1 vectors: exact comparison with a hex dump, JSONC parsing. Building and stripping the bytes is
/// <see cref="Jmc1Oracle"/>'s job.
/// </summary>
internal static class Jmc1Bytes
{
    private const int DumpWindow = 24;

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
                    + Environment.NewLine + "expected (readable): " + Jmc1Oracle.Readable(expected)
                    + Environment.NewLine + "actual   (readable): " + Jmc1Oracle.Readable(actual)
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
        AssertEqual(json, Jmc1Oracle.StripComments(jmc1));
        JsonData.AssertEqual(json, ReadAsJsonc(jmc1));
    }
}
