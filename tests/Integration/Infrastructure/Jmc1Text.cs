using System.Buffers;
using System.Text;

namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// Reads JMC1 bytes the way a client without Jsonable would: removes the <c>/*JMC1*/</c> headers and the 6-byte
/// length comments (DESIGN §4.2), which must leave plain JSON. Written independently of the runtime under test.
/// </summary>
public static class Jmc1Text
{
    /// <summary>The 8-byte header every JMC1 document starts with.</summary>
    public static ReadOnlySpan<byte> Header => "/*JMC1*/"u8;

    /// <summary>Whether <paramref name="body"/> starts with the JMC1 header.</summary>
    public static bool StartsWithHeader(ReadOnlySpan<byte> body) => body.StartsWith(Header);

    /// <summary>Removes every JMC1 comment; throws when a comment outside a string is not one of the two JMC1 forms.</summary>
    public static byte[] StripComments(ReadOnlySpan<byte> jmc1) => Strip(jmc1, allowTruncated: false);

    /// <summary>
    /// Like <see cref="StripComments"/>, for a prefix of a document (a streamed response read so far): a comment cut
    /// off at the end is dropped rather than reported.
    /// </summary>
    public static byte[] StripCommentsOfPrefix(ReadOnlySpan<byte> jmc1Prefix) => Strip(jmc1Prefix, allowTruncated: true);

    private static byte[] Strip(ReadOnlySpan<byte> input, bool allowTruncated)
    {
        var output = new ArrayBufferWriter<byte>(input.Length);
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
        // A length comment is /*, two bytes of any value, */; the header is /*JMC1*/.
        if (i + 6 <= input.Length && input[i + 1] == (byte)'*' && input[i + 4] == (byte)'*' && input[i + 5] == (byte)'/')
        {
            return 6;
        }

        if (i + 8 <= input.Length && input.Slice(i, 8).SequenceEqual(Header))
        {
            return 8;
        }

        if (allowTruncated && i + 8 > input.Length && (i + 1 == input.Length || input[i + 1] == (byte)'*'))
        {
            return -1;
        }

        throw new FormatException($"Byte {i}: a comment that is neither the JMC1 header nor a length comment: {Encoding.Latin1.GetString(input.Slice(i, Math.Min(8, input.Length - i)))}");
    }
}
