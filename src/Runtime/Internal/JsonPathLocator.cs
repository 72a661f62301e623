using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;

namespace Jsonable.Internal;

/// <summary>
/// Works out the JSON path of a byte offset by re-scanning the document up to it. Readers track no path
/// while they work; this runs only when something has already gone wrong.
/// </summary>
internal static class JsonPathLocator
{
    /// <summary>One open container, as the scan sees it.</summary>
    internal struct Frame
    {
        public bool IsArray;
        public int Index;
        public bool AwaitingName;
        public bool Named; // the name's colon has been read: the member's value is being read, and the path names it
        public int NameStart; // offset of the raw (still escaped) name; -1 when there is none yet
        public int NameLength;
        public string? CarriedName; // the name, decoded, when it lies before the window being scanned
    }

    private static readonly SearchValues<byte> s_stringStops = SearchValues.Create("\"\\"u8);
    private static readonly SearchValues<byte> s_whitespace = SearchValues.Create(" \t\r\n"u8);

    // The characters for which STJ writes a name in brackets.
    private static readonly char[] s_bracketed = ['.', ' ', '\'', '/', '"', '[', ']', '(', ')', '\t', '\n', '\r', '\f', '\b', '\\', '\u0085', '\u2028', '\u2029'];

    /// <summary>The JSON path of the value at <paramref name="offset"/>.</summary>
    /// <param name="doc">The whole document.</param>
    /// <param name="offset">A byte offset in it.</param>
    /// <param name="jmc">Whether the document is JMC1 (whose comments are skipped).</param>
    /// <param name="containerOnly">Whether to name the innermost array or object itself rather than its current element or member.</param>
    public static string Locate(ReadOnlySpan<byte> doc, int offset, bool jmc, bool containerOnly = false) =>
        Locate(doc, offset, jmc, containerOnly, null, atDocumentStart: true, atDocumentEnd: true);

    /// <summary>
    /// The JSON path of the value at <paramref name="offset"/> of a window of a document: the scan starts from
    /// <paramref name="initial"/>, the frames open at the window's first byte.
    /// </summary>
    public static string Locate(ReadOnlySpan<byte> doc, int offset, bool jmc, bool containerOnly, List<Frame>? initial, bool atDocumentStart, bool atDocumentEnd)
    {
        // The window's frames already account for the values before it (see IncrementalDocumentReader's Commit).
        var frames = initial is null ? new List<Frame>() : new List<Frame>(initial);
        LocateCore(doc, atDocumentStart && doc.StartsWith("\uFEFF"u8) ? 3 : 0, offset, jmc, frames, atDocumentEnd);
        if (containerOnly && frames.Count > 0)
        {
            frames.RemoveAt(frames.Count - 1);
        }

        return Build(frames, doc);
    }

    /// <summary>
    /// Moves <paramref name="frames"/> over <paramref name="doc"/> from <paramref name="from"/> to <paramref name="to"/>,
    /// and keeps the names it found as text, so that the frames describe the next window's first byte.
    /// </summary>
    public static void Advance(ReadOnlySpan<byte> doc, int from, int to, bool jmc, List<Frame> frames, bool atDocumentEnd = false)
    {
        LocateCore(doc, from, to, jmc, frames, atDocumentEnd);
        for (int i = 0; i < frames.Count; i++)
        {
            Frame frame = frames[i];
            if (frame.NameStart >= 0)
            {
                frame.CarriedName = DecodeName(doc.Slice(frame.NameStart, frame.NameLength));
                frame.NameStart = -1;
                frames[i] = frame;
            }
        }
    }

    private static void LocateCore(ReadOnlySpan<byte> doc, int pos, int offset, bool jmc, List<Frame> frames, bool atDocumentEnd)
    {
        offset = Math.Min(offset, doc.Length);
        while (pos < offset)
        {
            byte b = doc[pos];
            switch (b)
            {
                case (byte)' ' or (byte)'\t' or (byte)'\n' or (byte)'\r':
                    pos++;
                    break;
                case (byte)':':
                    // As System.Text.Json: a name counts once its colon is read (a name without one is the object's error).
                    if (frames.Count > 0 && !frames[^1].IsArray && (frames[^1].NameStart >= 0 || frames[^1].CarriedName is not null))
                    {
                        Frame named = frames[^1];
                        named.Named = true;
                        frames[^1] = named;
                    }

                    pos++;
                    break;
                case (byte)'/':
                    if (!jmc)
                    {
                        return;
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
                        return;
                    }

                    break;
                case (byte)'{':
                    frames.Add(new Frame { AwaitingName = true, NameStart = -1 });
                    pos++;
                    break;
                case (byte)'[':
                    frames.Add(new Frame { IsArray = true, NameStart = -1 });
                    pos++;
                    break;
                case (byte)'}' or (byte)']':
                    if (frames.Count > 0)
                    {
                        frames.RemoveAt(frames.Count - 1);
                    }

                    pos++;
                    if (frames.Count > 0)
                    {
                        // The value closed: as System.Text.Json, an error after it lies past it, in the object it was a
                        // member of or at the array's next element.
                        frames[^1] = PastValue(frames[^1]);
                    }

                    break;
                case (byte)',':
                    if (frames.Count > 0)
                    {
                        Frame top = frames[^1];
                        // An array's index counts the elements read (as System.Text.Json's does), not the commas.
                        if (!top.IsArray)
                        {
                            top.AwaitingName = true;
                            top.NameStart = -1;
                            top.CarriedName = null;
                            top.Named = false;
                        }

                        frames[^1] = top;
                    }

                    pos++;
                    break;
                case (byte)'"':
                    int end = FindStringEnd(doc, pos + 1);
                    if (end < 0)
                    {
                        return;
                    }

                    if (end >= offset)
                    {
                        return; // the error is inside the string: a name not yet a member's, or the member's value
                    }

                    if (frames.Count > 0 && frames[^1].AwaitingName)
                    {
                        Frame top = frames[^1];
                        top.AwaitingName = false;
                        top.NameStart = pos + 1;
                        top.NameLength = end - pos - 1;
                        top.CarriedName = null;
                        frames[^1] = top;
                    }
                    else if (frames.Count > 0)
                    {
                        frames[^1] = PastValue(frames[^1]); // a string value, complete
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

                    if (pos == start || pos > offset || !IsToken(doc.Slice(start, pos - start)))
                    {
                        return; // the error is inside the number or literal (or it is malformed): the member's or element's
                    }

                    if (pos == doc.Length && atDocumentEnd && !IsLiteral(doc.Slice(start, pos - start)))
                    {
                        return; // a number the input cuts off may go on: as System.Text.Json, it is still being read
                    }

                    if (frames.Count > 0)
                    {
                        frames[^1] = PastValue(frames[^1]);
                    }

                    break;
            }
        }
    }

    /// <summary>The frame once the value it holds is complete: an object's member is done, an array is at its next element.</summary>
    internal static Frame PastValue(Frame frame)
    {
        if (frame.IsArray)
        {
            frame.Index++;
        }
        else
        {
            frame.NameStart = -1;
            frame.CarriedName = null;
            frame.Named = false;
        }

        return frame;
    }

    /// <summary>Whether <paramref name="token"/> is a whole literal or a number as RFC 8259 spells it.</summary>
    private static bool IsToken(ReadOnlySpan<byte> token)
    {
        if (IsLiteral(token))
        {
            return true;
        }

        int i = token.Length > 0 && token[0] == (byte)'-' ? 1 : 0;
        int digits = Digits(token, ref i);
        if (digits == 0 || (digits > 1 && token[i - digits] == (byte)'0'))
        {
            return false;
        }

        if (i < token.Length && token[i] == (byte)'.')
        {
            i++;
            if (Digits(token, ref i) == 0)
            {
                return false;
            }
        }

        if (i < token.Length && (token[i] | 0x20) == (byte)'e')
        {
            i++;
            if (i < token.Length && token[i] is (byte)'+' or (byte)'-')
            {
                i++;
            }

            if (Digits(token, ref i) == 0)
            {
                return false;
            }
        }

        return i == token.Length;
    }

    private static int Digits(ReadOnlySpan<byte> token, ref int i)
    {
        int start = i;
        while (i < token.Length && token[i] is >= (byte)'0' and <= (byte)'9')
        {
            i++;
        }

        return i - start;
    }

    private static bool IsLiteral(ReadOnlySpan<byte> token) => token.SequenceEqual("true"u8) || token.SequenceEqual("false"u8) || token.SequenceEqual("null"u8);

    /// <summary>The offset of the closing quote of a string whose content starts at <paramref name="i"/>; -1 if there is none.</summary>
    internal static int FindStringEnd(ReadOnlySpan<byte> doc, int i)
    {
        while (i < doc.Length)
        {
            int idx = doc.Slice(i).IndexOfAny(s_stringStops);
            if (idx < 0)
            {
                return -1;
            }

            i += idx;
            if (doc[i] == (byte)'"')
            {
                return i;
            }

            i += 2; // a backslash and the byte it escapes
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

    private static string Build(List<Frame> frames, ReadOnlySpan<byte> doc)
    {
        var sb = new StringBuilder("$");
        foreach (Frame f in frames)
        {
            if (f.IsArray)
            {
                sb.Append('[').Append(f.Index).Append(']');
            }
            else if (!f.Named)
            {
                // A name without its colon yet, or none: the object's own path.
            }
            else if (f.NameStart >= 0)
            {
                AppendName(sb, DecodeName(doc.Slice(f.NameStart, f.NameLength)));
            }
            else if (f.CarriedName is not null)
            {
                AppendName(sb, f.CarriedName);
            }
        }

        return sb.ToString();
    }

    /// <summary>
    /// Appends <c>.name</c>, or <c>['name']</c> when the name holds a character STJ's paths bracket (as its
    /// <c>JsonException.Path</c> does, name as it is: <c>$.d.-1</c>, <c>$.d.</c>, <c>$.d['a b']</c>, <c>$.d['a'b']</c>).
    /// </summary>
    internal static void AppendName(StringBuilder sb, string name)
    {
        if (name.IndexOfAny(s_bracketed) < 0)
        {
            sb.Append('.').Append(name);
        }
        else
        {
            sb.Append("['").Append(name).Append("']");
        }
    }

}
