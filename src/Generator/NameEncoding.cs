using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Jsonable.Internal;

namespace Jsonable.Generator;

/// <summary>
/// Pre-encodes member names at compile time with the runtime's own rules (<see cref="JsonEscaping"/>, <see cref="Jmc1"/>
/// and <see cref="JmcLength"/> are compiled in from the runtime's source), so the bytes are the ones the writer would write.
/// </summary>
internal static class NameEncoding
{
    /// <summary>The escaped UTF-8 bytes of a JSON string's content, escaped as the runtime writer escapes it.</summary>
    public static byte[] EscapedUtf8(string value)
    {
        var bytes = new List<byte>(value.Length + 8);
        Span<byte> escape = stackalloc byte[JsonEscaping.MaxExpansion];
        int plainStart = 0;
        for (int i = 0; i <= value.Length; i++)
        {
            if (i < value.Length && !JsonEscaping.MustEscape(value[i]))
            {
                continue;
            }

            // A lone surrogate in the plain run becomes U+FFFD (EF BF BD), as the writer's UTF-16 → UTF-8 step makes it.
            bytes.AddRange(Encoding.UTF8.GetBytes(value.Substring(plainStart, i - plainStart)));
            if (i < value.Length)
            {
                int n = JsonEscaping.WriteEscape(value[i], escape);
                bytes.AddRange(escape.Slice(0, n).ToArray());
            }

            plainStart = i + 1;
        }

        return bytes.ToArray();
    }

    /// <summary><c>,"name":</c> (or without the comma) as JSON bytes.</summary>
    public static byte[] JsonName(string name, bool leadingComma)
    {
        var bytes = new List<byte>();
        if (leadingComma)
        {
            bytes.Add((byte)',');
        }

        bytes.Add((byte)'"');
        bytes.AddRange(EscapedUtf8(name));
        bytes.Add((byte)'"');
        bytes.Add((byte)':');
        return bytes.ToArray();
    }

    /// <summary><c>,/*len*/"name":</c> (or without the comma) as JMC1 bytes.</summary>
    public static byte[] Jmc1Name(string name, bool leadingComma)
    {
        byte[] escaped = EscapedUtf8(name);
        var bytes = new List<byte>();
        if (leadingComma)
        {
            bytes.Add((byte)',');
        }

        if (Jmc1.CanEncodeLength(escaped.Length))
        {
            byte[] comment = new byte[Jmc1.LengthCommentSize];
            JmcLength.Write(comment, escaped.Length);
            bytes.AddRange(comment);
        }

        bytes.Add((byte)'"');
        bytes.AddRange(escaped);
        bytes.Add((byte)'"');
        bytes.Add((byte)':');
        return bytes.ToArray();
    }

    /// <summary>A member name pre-encoded for generated writers, as C# source.</summary>
    /// <param name="JsonLiteral">A <c>u8</c> literal holding <c>,"name":</c>.</param>
    /// <param name="Jmc1Literal">A <c>u8</c> literal (or, when a byte is not UTF-8, a byte array) holding <c>,/*len*/"name":</c>.</param>
    /// <param name="Jmc1Text">What the JMC1 bytes say, for a comment: <c>,/*6*/"counts":</c> with the length in decimal.</param>
    public readonly record struct PreEncodedName(string JsonLiteral, string Jmc1Literal, string Jmc1Text);

    /// <summary>The JSON and JMC1 name bytes of <paramref name="name"/>, each with a leading comma, as readable C# source.</summary>
    public static PreEncodedName PreEncode(string name)
    {
        byte[] escaped = EscapedUtf8(name);
        string quoted = Encoding.UTF8.GetString(escaped); // the escaped JSON text (a lone surrogate already became U+FFFD)
        string quotedLiteral = CSharpLiteral("\"" + quoted + "\":");
        string jsonLiteral = "\"," + quotedLiteral.Substring(1) + "u8";

        int n = escaped.Length;
        if (!Jmc1.CanEncodeLength(n))
        {
            // No length comment: the reader scans such a name (docs/jmc1.md: a writer leaves out a length it cannot encode).
            return new PreEncodedName(jsonLiteral, jsonLiteral, CommentText("," + "\"" + quoted + "\":") + " (too long for a length comment)");
        }

        byte[] comment = new byte[Jmc1.LengthCommentSize];
        JmcLength.Write(comment, n);
        int low = comment[2];
        int high = comment[3];
        string text = CommentText(",/*" + n.ToString(CultureInfo.InvariantCulture) + "*/\"" + quoted + "\":");
        if (low < 0x80 && high < 0x80)
        {
            // Both length bytes are ASCII, so the whole name is UTF-8 text and a u8 literal can hold it.
            string lengthBytes = "\\u" + low.ToString("X4", CultureInfo.InvariantCulture) + "\\u" + high.ToString("X4", CultureInfo.InvariantCulture);
            return new PreEncodedName(jsonLiteral, "\",/*" + lengthBytes + "*/" + quotedLiteral.Substring(1) + "u8", text);
        }

        return new PreEncodedName(jsonLiteral, "new byte[] { " + ByteList(Jmc1Name(name, leadingComma: true)) + " }", text);
    }

    /// <summary>
    /// <paramref name="text"/> made safe for a <c>//</c> comment: characters that would end the line (C# treats U+0085,
    /// U+2028 and U+2029 as line ends), reorder the text (bidirectional controls) or be invisible become <c>\uXXXX</c>.
    /// </summary>
    public static string CommentText(string text)
    {
        var sb = new StringBuilder(text.Length);
        foreach (char c in text)
        {
            switch (char.GetUnicodeCategory(c))
            {
                case UnicodeCategory.Control:
                case UnicodeCategory.Format:
                case UnicodeCategory.LineSeparator:
                case UnicodeCategory.ParagraphSeparator:
                case UnicodeCategory.Surrogate:
                case UnicodeCategory.PrivateUse:
                case UnicodeCategory.OtherNotAssigned:
                    sb.Append("\\u").Append(((int)c).ToString("X4", CultureInfo.InvariantCulture));
                    break;
                default:
                    sb.Append(c);
                    break;
            }
        }

        return sb.ToString();
    }

    /// <summary>
    /// A C# identifier for a type in helper names: its simple name, with generic arguments spelled out
    /// (<c>global::Sample.Box&lt;int&gt;</c> → <c>BoxOfInt32</c>).
    /// </summary>
    public static string TypeIdentifier(string typeName)
    {
        string name = typeName.Replace("global::", string.Empty);
        int open = name.IndexOf('<');
        string baseName = open < 0 ? name : name.Substring(0, open);
        baseName = baseName.Substring(baseName.LastIndexOf('.') + 1);
        var sb = new StringBuilder(Keyword(baseName));
        if (open >= 0 && name.EndsWith(">", System.StringComparison.Ordinal))
        {
            sb.Append("Of");
            int depth = 0;
            int start = open + 1;
            bool firstArgument = true;
            for (int i = open + 1; i < name.Length; i++)
            {
                char c = name[i];
                if (c == '<')
                {
                    depth++;
                }
                else if ((c == ',' && depth == 0) || i == name.Length - 1)
                {
                    sb.Append(firstArgument ? string.Empty : "And").Append(TypeIdentifier(name.Substring(start, i - start).Trim()));
                    firstArgument = false;
                    start = i + 1;
                }
                else if (c == '>')
                {
                    depth--;
                }
            }
        }

        for (int i = 0; i < sb.Length; i++)
        {
            if (!(char.IsLetterOrDigit(sb[i]) || sb[i] == '_'))
            {
                sb[i] = '_';
            }
        }

        return sb.ToString();
    }

    /// <summary>A short hash of <paramref name="text"/> (FNV-1a, 32 bits, hex) that is the same on every run and machine.</summary>
    public static string StableHash(string text)
    {
        uint hash = 2166136261;
        foreach (char c in text)
        {
            hash = (hash ^ c) * 16777619;
        }

        return hash.ToString("X8", CultureInfo.InvariantCulture);
    }

    private static string Keyword(string name) => name switch
    {
        "bool" => "Boolean",
        "byte" => "Byte",
        "sbyte" => "SByte",
        "short" => "Int16",
        "ushort" => "UInt16",
        "int" => "Int32",
        "uint" => "UInt32",
        "long" => "Int64",
        "ulong" => "UInt64",
        "float" => "Single",
        "double" => "Double",
        "decimal" => "Decimal",
        "char" => "Char",
        "string" => "String",
        "object" => "Object",
        _ => name.TrimStart('@'),
    };

    /// <summary>A C# byte array initializer list: <c>0x2F, 0x2A, ...</c>.</summary>
    private static string ByteList(byte[] bytes)
    {
        var sb = new StringBuilder();
        for (int i = 0; i < bytes.Length; i++)
        {
            if (i > 0)
            {
                sb.Append(", ");
            }

            sb.Append("0x").Append(bytes[i].ToString("X2", CultureInfo.InvariantCulture));
        }

        return sb.ToString();
    }

    /// <summary>
    /// A <c>u8</c> literal of <paramref name="value"/>'s UTF-8 bytes. A lone surrogate (which has no UTF-8 form, and which a
    /// <c>u8</c> literal rejects) becomes U+FFFD, as the runtime writer writes it.
    /// </summary>
    public static string Utf8Literal(string value) => CSharpLiteral(Encoding.UTF8.GetString(Encoding.UTF8.GetBytes(value))) + "u8";

    /// <summary>A C# regular string literal (quoted) whose UTF-8 encoding is the UTF-8 of <paramref name="value"/>.</summary>
    public static string CSharpLiteral(string value)
    {
        var sb = new StringBuilder("\"");
        foreach (char c in value)
        {
            switch (c)
            {
                case '"': sb.Append("\\\""); break;
                case '\\': sb.Append("\\\\"); break;
                default:
                    if (c < 0x20 || c > 0x7E)
                    {
                        sb.Append("\\u").Append(((int)c).ToString("X4", CultureInfo.InvariantCulture));
                    }
                    else
                    {
                        sb.Append(c);
                    }

                    break;
            }
        }

        return sb.Append('"').ToString();
    }
}
