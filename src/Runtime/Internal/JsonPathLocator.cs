using System;
using System.Collections.Generic;
using System.Text;

namespace Jsonable.Internal;

/// <summary>
/// Works out the JSON path of a byte offset by re-scanning the document up to it. Readers track no path
/// while they work; this runs only when something has already gone wrong.
/// </summary>
internal static class JsonPathLocator
{
    private struct Frame
    {
        public bool IsArray;
        public int Index;
        public bool AwaitingName;
        public string? Name;
    }

    public static string Locate(ReadOnlySpan<byte> doc, int offset, bool jmc)
    {
        var frames = new List<Frame>();
        int pos = doc.StartsWith("\uFEFF"u8) ? 3 : 0;
        offset = Math.Min(offset, doc.Length);
        while (pos < offset)
        {
            byte b = doc[pos];
            switch (b)
            {
                case (byte)' ' or (byte)'\t' or (byte)'\n' or (byte)'\r' or (byte)':':
                    pos++;
                    break;
                case (byte)'/':
                    if (!jmc)
                    {
                        return Build(frames);
                    }

                    if (doc.Length - pos >= Jmc1.LengthCommentSize && doc[pos + 1] == (byte)'*' && doc[pos + 4] == (byte)'*' && doc[pos + 5] == (byte)'/')
                    {
                        pos += Jmc1.LengthCommentSize;
                    }
                    else if (doc.Slice(pos).StartsWith(Jmc1.Header))
                    {
                        pos += Jmc1.Header.Length;
                    }
                    else
                    {
                        return Build(frames);
                    }

                    break;
                case (byte)'{':
                    frames.Add(new Frame { AwaitingName = true });
                    pos++;
                    break;
                case (byte)'[':
                    frames.Add(new Frame { IsArray = true });
                    pos++;
                    break;
                case (byte)'}' or (byte)']':
                    if (frames.Count > 0)
                    {
                        frames.RemoveAt(frames.Count - 1);
                    }

                    pos++;
                    break;
                case (byte)',':
                    if (frames.Count > 0)
                    {
                        Frame top = frames[^1];
                        if (top.IsArray)
                        {
                            top.Index++;
                        }
                        else
                        {
                            top.AwaitingName = true;
                            top.Name = null;
                        }

                        frames[^1] = top;
                    }

                    pos++;
                    break;
                case (byte)'"':
                    int end = FindStringEnd(doc, pos + 1);
                    if (end < 0)
                    {
                        return Build(frames);
                    }

                    if (frames.Count > 0 && frames[^1].AwaitingName)
                    {
                        Frame top = frames[^1];
                        top.AwaitingName = false;
                        top.Name = DecodeName(doc.Slice(pos + 1, end - pos - 1));
                        frames[^1] = top;
                    }

                    pos = end + 1;
                    break;
                default:
                    // number or literal: up to the next delimiter
                    int start = pos;
                    while (pos < doc.Length && doc[pos] is not ((byte)',' or (byte)'}' or (byte)']' or (byte)' ' or (byte)'\t' or (byte)'\n' or (byte)'\r' or (byte)'/' or (byte)':'))
                    {
                        pos++;
                    }

                    if (pos == start)
                    {
                        return Build(frames);
                    }

                    break;
            }
        }

        return Build(frames);
    }

    private static int FindStringEnd(ReadOnlySpan<byte> doc, int i)
    {
        while (i < doc.Length)
        {
            byte b = doc[i];
            if (b == (byte)'"')
            {
                return i;
            }

            i += b == (byte)'\\' ? 2 : 1;
        }

        return -1;
    }

    private static string DecodeName(ReadOnlySpan<byte> raw)
    {
        if (raw.IndexOf((byte)'\\') < 0)
        {
            return Encoding.UTF8.GetString(raw);
        }

        try
        {
            var reader = new JsonableReader(Concat(raw), JsonableFormat.Json);
            return reader.ReadString() ?? string.Empty;
        }
        catch (JsonableException)
        {
            return Encoding.UTF8.GetString(raw);
        }
    }

    private static byte[] Concat(ReadOnlySpan<byte> raw)
    {
        byte[] quoted = new byte[raw.Length + 2];
        quoted[0] = (byte)'"';
        raw.CopyTo(quoted.AsSpan(1));
        quoted[^1] = (byte)'"';
        return quoted;
    }

    private static string Build(List<Frame> frames)
    {
        var sb = new StringBuilder("$");
        foreach (Frame f in frames)
        {
            if (f.IsArray)
            {
                sb.Append('[').Append(f.Index).Append(']');
            }
            else if (f.Name is not null)
            {
                AppendName(sb, f.Name);
            }
        }

        return sb.ToString();
    }

    /// <summary>Appends <c>.name</c>, or <c>['name']</c> when the name is not a plain identifier (as STJ does).</summary>
    internal static void AppendName(StringBuilder sb, string name)
    {
        bool simple = name.Length > 0;
        foreach (char c in name)
        {
            if (!(char.IsLetterOrDigit(c) || c == '_' || c == '$'))
            {
                simple = false;
                break;
            }
        }

        if (simple)
        {
            sb.Append('.').Append(name);
        }
        else
        {
            sb.Append("['").Append(name.Replace("\\", "\\\\").Replace("'", "\\'")).Append("']");
        }
    }
}
