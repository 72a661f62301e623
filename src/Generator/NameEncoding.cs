using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Jsonable.Generator;

/// <summary>Pre-encodes member names at compile time, exactly as the runtime writer would encode them.</summary>
internal static class NameEncoding
{
    private const int LengthBias = 0x0130;
    private const int MaxLength = 32207;
    private const int UnencodableLength = 11770;

    /// <summary>The escaped UTF-8 bytes of a JSON string's content (RFC 8259: quote, backslash, controls).</summary>
    public static byte[] EscapedUtf8(string value)
    {
        var sb = new StringBuilder();
        foreach (char c in value)
        {
            switch (c)
            {
                case '"': sb.Append("\\\""); break;
                case '\\': sb.Append("\\\\"); break;
                case '\b': sb.Append("\\b"); break;
                case '\f': sb.Append("\\f"); break;
                case '\n': sb.Append("\\n"); break;
                case '\r': sb.Append("\\r"); break;
                case '\t': sb.Append("\\t"); break;
                default:
                    if (c < 0x20)
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

        return Encoding.UTF8.GetBytes(sb.ToString());
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

        int n = escaped.Length;
        if (n <= MaxLength && n != UnencodableLength)
        {
            int encoded = n + LengthBias;
            bytes.Add((byte)'/');
            bytes.Add((byte)'*');
            bytes.Add((byte)(encoded & 0xFF));
            bytes.Add((byte)(encoded >> 8));
            bytes.Add((byte)'*');
            bytes.Add((byte)'/');
        }

        bytes.Add((byte)'"');
        bytes.AddRange(escaped);
        bytes.Add((byte)'"');
        bytes.Add((byte)':');
        return bytes.ToArray();
    }

    /// <summary>A C# byte array initializer list: <c>0x2F, 0x2A, ...</c>.</summary>
    public static string ByteList(byte[] bytes)
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
