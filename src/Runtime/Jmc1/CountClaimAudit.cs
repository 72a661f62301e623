using System;
using System.Collections.Generic;

namespace Jsonable.Internal;

/// <summary>
/// Works out which JMC1 count claim lied once a reader has noticed that claims cannot all be true. The reader
/// only knows that the bytes left cannot back every open claim; this re-scans the document (cold path, after
/// the failure) so the error names the container whose comment is false and says what it really holds.
/// </summary>
internal static class CountClaimAudit
{
    private readonly struct OpenContainer(int start, int claim, bool isArray)
    {
        public int Start { get; } = start;

        public int Claim { get; } = claim;

        public bool IsArray { get; } = isArray;
    }

    /// <summary>
    /// The error for a count claim at <paramref name="failedAt"/> that fits the bytes left on its own but not
    /// together with what the enclosing counted containers still claim: the first (outermost) enclosing
    /// container whose claim disagrees with its real item count is blamed; if none does, the one at
    /// <paramref name="failedAt"/> is.
    /// </summary>
    /// <param name="doc">The whole JMC1 document.</param>
    /// <param name="failedAt">The offset of the <c>[</c> or <c>{</c> whose claim failed the check.</param>
    /// <param name="fallback">The error to use when no enclosing claim is false.</param>
    public static JsonableException Blame(ReadOnlySpan<byte> doc, int failedAt, JsonableException fallback)
    {
        foreach (OpenContainer container in OpenCountedContainers(doc, failedAt))
        {
            int actual = CountItems(doc, container.Start + 1);
            if (actual == container.Claim)
            {
                continue;
            }

            string items = container.IsArray ? "elements" : "entries";
            string reason = actual < 0
                ? $"The length comment claims {container.Claim} {items} but the input ends before the {(container.IsArray ? "array" : "dictionary")} does ({doc.Length - container.Start} bytes remain)."
                : $"The length comment claims {container.Claim} {items} but the {(container.IsArray ? "array" : "dictionary")} has {actual}.";
            // The reader adds the path (AttachPath locates the offset): a window of a larger document knows its context.
            return new JsonableException(reason, container.Start);
        }

        return fallback;
    }

    /// <summary>
    /// From <paramref name="pos"/> (just inside a container, or just after a comma in it), counts the items up to
    /// the container's end; -1 when the input ends first.
    /// </summary>
    /// <param name="doc">The whole document.</param>
    /// <param name="pos">Where counting starts.</param>
    public static int CountItems(ReadOnlySpan<byte> doc, int pos)
    {
        int depth = 0;
        int commas = 0;
        bool content = false;
        while (pos < doc.Length)
        {
            byte b = doc[pos];
            switch (b)
            {
                case (byte)' ' or (byte)'\t' or (byte)'\n' or (byte)'\r':
                    pos++;
                    break;
                case (byte)'/':
                    // A length comment's two middle bytes can be anything (a quote, a bracket): skip it whole.
                    pos += CommentLength(doc, pos);
                    break;
                case (byte)'"':
                    int end = JsonPathLocator.FindStringEnd(doc, pos + 1);
                    if (end < 0)
                    {
                        return -1;
                    }

                    content |= depth == 0;
                    pos = end + 1;
                    break;
                case (byte)'[' or (byte)'{':
                    content |= depth == 0;
                    depth++;
                    pos++;
                    break;
                case (byte)']' or (byte)'}':
                    if (depth == 0)
                    {
                        return commas + (content || commas > 0 ? 1 : 0);
                    }

                    depth--;
                    pos++;
                    break;
                case (byte)',':
                    commas += depth == 0 ? 1 : 0;
                    pos++;
                    break;
                default:
                    content |= depth == 0;
                    pos++;
                    break;
            }
        }

        return -1;
    }

    /// <summary>The containers open at <paramref name="offset"/> that carry a count comment, outermost first.</summary>
    private static List<OpenContainer> OpenCountedContainers(ReadOnlySpan<byte> doc, int offset)
    {
        var open = new List<OpenContainer>();
        var stack = new Stack<OpenContainer>();
        int pendingClaim = -1;
        int pos = 0;
        while (pos < offset && pos < doc.Length)
        {
            byte b = doc[pos];
            switch (b)
            {
                case (byte)'/':
                    int length = CommentLength(doc, pos);
                    pendingClaim = length == Jmc1.LengthCommentSize ? JmcLength.Read(doc.Slice(pos)) : -1;
                    pos += length;
                    continue;
                case (byte)'"':
                    int end = JsonPathLocator.FindStringEnd(doc, pos + 1);
                    pos = end < 0 ? doc.Length : end + 1;
                    break;
                case (byte)'[' or (byte)'{':
                    stack.Push(new OpenContainer(pos, pendingClaim, b == (byte)'['));
                    pos++;
                    break;
                case (byte)']' or (byte)'}':
                    stack.TryPop(out _);
                    pos++;
                    break;
                default:
                    pos++;
                    break;
            }

            pendingClaim = -1;
        }

        foreach (OpenContainer container in stack)
        {
            if (container.Claim >= 0)
            {
                open.Add(container);
            }
        }

        open.Reverse(); // a stack enumerates innermost first
        return open;
    }

    private static int CommentLength(ReadOnlySpan<byte> doc, int pos)
    {
        if (doc.Length - pos >= Jmc1.LengthCommentSize && doc[pos + 1] == (byte)'*' && doc[pos + 4] == (byte)'*' && doc[pos + 5] == (byte)'/')
        {
            return Jmc1.LengthCommentSize;
        }

        return doc.Slice(pos).StartsWith(Jmc1.Header) ? Jmc1.Header.Length : 1;
    }
}
