#nullable enable
using System;
using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.Json;

namespace Jsonable.Tests.Shared;

/// <summary>
/// The tests' own account of the JMC1 bytes (docs/jmc1.md), written independently of the runtime under test so that it
/// can check it: builds length comments and whole documents by hand, strips the comments back to plain JSON, and
/// renders or parses the readable spelling in which a length comment's two middle bytes are written <c>\xNN</c>.
/// Linked as source into every project that needs it (internal in each, so the copies never meet).
/// </summary>
internal static class Jmc1Oracle
{
    /// <summary>The 8-byte header before every JMC1 object and at the start of every document.</summary>
    public static ReadOnlySpan<byte> Header => "/*JMC1*/"u8;

    /// <summary>Whether <paramref name="body"/> starts with the JMC1 header.</summary>
    public static bool StartsWithHeader(ReadOnlySpan<byte> body) => body.StartsWith(Header);

    /// <summary>
    /// The 6-byte length comment for <paramref name="n"/>: <c>2F 2A</c>, <c>n + 0x130</c> as an unsigned 16-bit
    /// little-endian number, <c>2A 2F</c>. Any <paramref name="n"/> is encoded, even one a writer would never produce.
    /// </summary>
    public static byte[] LengthComment(int n)
    {
        int biased = n + 0x130;
        return [(byte)'/', (byte)'*', (byte)(biased & 0xFF), (byte)((biased >> 8) & 0xFF), (byte)'*', (byte)'/'];
    }

    /// <summary>
    /// Concatenates the parts: a <see cref="string"/> as UTF-8, a <see cref="byte"/> array as is, an <see cref="int"/>
    /// as the length comment for that number.
    /// </summary>
    public static byte[] Build(params object[] parts)
    {
        var buffer = new ArrayBufferWriter<byte>();
        foreach (object part in parts)
        {
            buffer.Write(part switch
            {
                string text => Encoding.UTF8.GetBytes(text),
                byte[] raw => raw,
                int n => LengthComment(n),
                _ => throw new ArgumentException("Unsupported part " + part, nameof(parts)),
            });
        }

        return buffer.WrittenSpan.ToArray();
    }

    /// <summary><c>/*JMC1*/{</c>, the name with its correct length comment, and <c>:</c>.</summary>
    public static byte[] ObjectWithMember(string name) => Build("/*JMC1*/{", Encoding.UTF8.GetByteCount(name), "\"" + name + "\":");

    /// <summary>
    /// The bytes of <paramref name="text"/> where every char is one byte (Latin-1), so that a vector can be spelled
    /// with C# escapes: <c>"/*4\x01*/"</c> is <c>2F 2A 34 01 2A 2F</c>. A char above U+00FF is a test bug.
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

    /// <summary>
    /// JMC1 bytes as text the way docs/jmc1.md spells them: each length comment's two middle bytes as <c>\xNN</c>
    /// (<c>/*\x34\x01*/"Name"</c>), everything else as UTF-8. <see cref="FromReadable"/> reads it back.
    /// </summary>
    public static string Readable(ReadOnlySpan<byte> jmc1)
    {
        var text = new StringBuilder(jmc1.Length + 16);
        int runStart = 0;
        for (int i = 0; i + 6 <= jmc1.Length; i++)
        {
            if (IsLengthCommentAt(jmc1, i))
            {
                text.Append(Encoding.UTF8.GetString(jmc1[runStart..i]))
                    .Append(CultureInfo.InvariantCulture, $"/*\\x{jmc1[i + 2]:X2}\\x{jmc1[i + 3]:X2}*/");
                i += 5;
                runStart = i + 1;
            }
        }

        return text.Append(Encoding.UTF8.GetString(jmc1[runStart..])).ToString();
    }

    /// <summary>
    /// The bytes of a document spelled as in docs/jmc1.md: <c>/*\xNN\xNN*/</c> is a length comment with those two middle
    /// bytes, everything else is UTF-8. (JSON has no <c>\x</c> escape, so the spelling cannot be met inside a string.)
    /// </summary>
    public static byte[] FromReadable(string text)
    {
        var buffer = new ArrayBufferWriter<byte>(text.Length);
        int runStart = 0;
        int i = text.IndexOf("/*\\x", StringComparison.Ordinal);
        while (i >= 0)
        {
            if (i + 14 > text.Length || text[i + 6] != '\\' || text[i + 7] != 'x' || text[i + 10] != '*' || text[i + 11] != '/'
                || !byte.TryParse(text.AsSpan(i + 4, 2), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out byte low)
                || !byte.TryParse(text.AsSpan(i + 8, 2), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out byte high))
            {
                throw new FormatException($"Char {i}: '/*\\x' does not start a length comment spelled /*\\xNN\\xNN*/.");
            }

            buffer.Write(Encoding.UTF8.GetBytes(text[runStart..i]));
            buffer.Write([(byte)'/', (byte)'*', low, high, (byte)'*', (byte)'/']);
            runStart = i + 12;
            i = text.IndexOf("/*\\x", runStart, StringComparison.Ordinal);
        }

        buffer.Write(Encoding.UTF8.GetBytes(text[runStart..]));
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>
    /// The same data as JMC1, from JSON text: the document header, then a length comment before every string, name
    /// and array; strings as escaped in <paramref name="json"/>, names re-escaped by System.Text.Json. Nested objects
    /// carry no header, which a reader accepts (comments are optional).
    /// </summary>
    public static byte[] FromJson(ReadOnlySpan<byte> json)
    {
        using JsonDocument document = JsonDocument.Parse(json.ToArray());
        var output = new ArrayBufferWriter<byte>(json.Length * 2);
        output.Write(Header);
        Write(document.RootElement);
        return output.WrittenSpan.ToArray();

        void Write(JsonElement element)
        {
            switch (element.ValueKind)
            {
                case JsonValueKind.Object:
                    output.Write("{"u8);
                    bool first = true;
                    foreach (JsonProperty property in element.EnumerateObject())
                    {
                        if (!first)
                        {
                            output.Write(","u8);
                        }

                        first = false;
                        WriteString(JsonSerializer.Serialize(property.Name));
                        output.Write(":"u8);
                        Write(property.Value);
                    }

                    output.Write("}"u8);
                    break;
                case JsonValueKind.Array:
                    output.Write(LengthComment(element.GetArrayLength()));
                    output.Write("["u8);
                    int i = 0;
                    foreach (JsonElement item in element.EnumerateArray())
                    {
                        if (i++ > 0)
                        {
                            output.Write(","u8);
                        }

                        Write(item);
                    }

                    output.Write("]"u8);
                    break;
                case JsonValueKind.String:
                    WriteString(element.GetRawText());
                    break;
                default:
                    output.Write(Encoding.UTF8.GetBytes(element.GetRawText()));
                    break;
            }
        }

        void WriteString(string quoted)
        {
            byte[] bytes = Encoding.UTF8.GetBytes(quoted);
            output.Write(LengthComment(bytes.Length - 2));
            output.Write(bytes);
        }
    }

    /// <summary>
    /// Reads JMC1 bytes the way a client without Jsonable would: removes every <c>/*JMC1*/</c> header and every 6-byte
    /// length comment outside strings, which must leave plain JSON. Throws <see cref="FormatException"/> for any other
    /// comment outside a string (a malformed document).
    /// </summary>
    public static byte[] StripComments(ReadOnlySpan<byte> jmc1) => Strip(jmc1, allowTruncated: false);

    /// <summary>
    /// Like <see cref="StripComments"/>, for a prefix of a document (a streamed response read so far): a comment cut
    /// off at the end is dropped rather than reported.
    /// </summary>
    public static byte[] StripCommentsOfPrefix(ReadOnlySpan<byte> jmc1Prefix) => Strip(jmc1Prefix, allowTruncated: true);

    private static byte[] Strip(ReadOnlySpan<byte> input, bool allowTruncated)
    {
        var output = new ArrayBufferWriter<byte>(Math.Max(1, input.Length));
        bool inString = false;
        bool escaped = false;
        int runStart = 0; // bytes [runStart, i) are kept
        int i = 0;
        while (i < input.Length)
        {
            byte b = input[i];
            if (inString)
            {
                if (escaped)
                {
                    escaped = false;
                }
                else if (b == (byte)'\\')
                {
                    escaped = true;
                }
                else if (b == (byte)'"')
                {
                    inString = false;
                }

                i++;
                continue;
            }

            if (b == (byte)'/')
            {
                int skip = CommentLength(input, i, allowTruncated);
                output.Write(input[runStart..i]);
                if (skip < 0)
                {
                    return output.WrittenSpan.ToArray(); // a comment cut off at the end of a prefix
                }

                i += skip;
                runStart = i;
                continue;
            }

            inString = b == (byte)'"';
            i++;
        }

        output.Write(input[runStart..]);
        return output.WrittenSpan.ToArray();
    }

    /// <summary>The length of the JMC1 comment at <paramref name="i"/>; -1 when a prefix ends inside it.</summary>
    private static int CommentLength(ReadOnlySpan<byte> input, int i, bool allowTruncated)
    {
        if (IsLengthCommentAt(input, i))
        {
            return 6;
        }

        if (input[i..].StartsWith(Header))
        {
            return 8;
        }

        if (allowTruncated && i + 8 > input.Length && (i + 1 == input.Length || input[i + 1] == (byte)'*'))
        {
            return -1;
        }

        throw new FormatException($"Byte {i}: a comment that is neither the JMC1 header nor a length comment: {Encoding.Latin1.GetString(input.Slice(i, Math.Min(8, input.Length - i)))}");
    }

    /// <summary>A length comment is <c>/*</c>, two bytes of any value, <c>*/</c> (the header, <c>/*JMC1*/</c>, is not one).</summary>
    private static bool IsLengthCommentAt(ReadOnlySpan<byte> input, int i) =>
        i + 6 <= input.Length && input[i] == (byte)'/' && input[i + 1] == (byte)'*' && input[i + 4] == (byte)'*' && input[i + 5] == (byte)'/';
}
