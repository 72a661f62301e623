using System;
using System.Text;

namespace Jsonable.Internal;

/// <summary>Indents compact JSON (two spaces, like STJ's <c>WriteIndented</c>) without touching strings or numbers.</summary>
internal static class JsonPrettyPrinter
{
    public static string Indent(ReadOnlySpan<byte> compact)
    {
        var sb = new StringBuilder(compact.Length * 2);
        int depth = 0;
        int i = 0;
        while (i < compact.Length)
        {
            byte b = compact[i];
            switch (b)
            {
                case (byte)'"':
                    int end = i + 1;
                    while (compact[end] != (byte)'"')
                    {
                        end += compact[end] == (byte)'\\' ? 2 : 1;
                    }

                    sb.Append(Encoding.UTF8.GetString(compact.Slice(i, end - i + 1)));
                    i = end + 1;
                    continue;
                case (byte)'{' or (byte)'[':
                    byte close = b == (byte)'{' ? (byte)'}' : (byte)']';
                    if (i + 1 < compact.Length && compact[i + 1] == close)
                    {
                        sb.Append((char)b).Append((char)close);
                        i += 2;
                        continue;
                    }

                    sb.Append((char)b);
                    NewLine(sb, ++depth);
                    break;
                case (byte)'}' or (byte)']':
                    NewLine(sb, --depth);
                    sb.Append((char)b);
                    break;
                case (byte)',':
                    sb.Append(',');
                    NewLine(sb, depth);
                    break;
                case (byte)':':
                    sb.Append(": ");
                    break;
                default:
                    sb.Append((char)b); // numbers and literals are ASCII
                    break;
            }

            i++;
        }

        return sb.ToString();
    }

    private static void NewLine(StringBuilder sb, int depth) => sb.Append(Environment.NewLine).Append(' ', depth * 2);
}
