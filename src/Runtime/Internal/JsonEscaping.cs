using System;
using System.Buffers;
using System.Text;
using System.Text.Unicode;

namespace Jsonable.Internal;

/// <summary>RFC 8259 string escaping shared by both formats (docs/jmc1.md): the fast paths (the rules are in JsonEscaping.Rules.cs).</summary>
internal static partial class JsonEscaping
{
    private static readonly SearchValues<char> s_charsToEscape = SearchValues.Create(CharsToEscape);

    private static readonly SearchValues<byte> s_bytesToEscape = SearchValues.Create(Encoding.ASCII.GetBytes(CharsToEscape));

    /// <summary>Escapes UTF-16 text into UTF-8; <paramref name="dest"/> must hold <see cref="MaxExpansion"/> bytes per char.</summary>
    /// <returns>The number of bytes written.</returns>
    public static int EscapeUtf16(ReadOnlySpan<char> src, Span<byte> dest)
    {
        int written = 0;
        while (true)
        {
            int idx = src.IndexOfAny(s_charsToEscape);
            ReadOnlySpan<char> plain = idx < 0 ? src : src.Slice(0, idx);
            // A lone surrogate has no UTF-8 form: it becomes U+FFFD, as System.Text.Json writes it, so every
            // document written is Unicode text that any reader (STJ included) accepts.
            Utf8.FromUtf16(plain, dest.Slice(written), out _, out int w, replaceInvalidSequences: true);
            written += w;
            if (idx < 0)
            {
                return written;
            }

            written += WriteEscape(src[idx], dest.Slice(written));
            src = src.Slice(idx + 1);
        }
    }

    /// <summary>Escapes valid UTF-8 text; <paramref name="dest"/> must hold <see cref="MaxExpansion"/> bytes per input byte.</summary>
    public static int EscapeUtf8(ReadOnlySpan<byte> src, Span<byte> dest)
    {
        int written = 0;
        while (true)
        {
            int idx = src.IndexOfAny(s_bytesToEscape);
            ReadOnlySpan<byte> plain = idx < 0 ? src : src.Slice(0, idx);
            plain.CopyTo(dest.Slice(written));
            written += plain.Length;
            if (idx < 0)
            {
                return written;
            }

            written += WriteEscape((char)src[idx], dest.Slice(written));
            src = src.Slice(idx + 1);
        }
    }

    /// <summary>Whether UTF-8 bytes need any escaping.</summary>
    public static bool NeedsEscaping(ReadOnlySpan<byte> utf8) => utf8.IndexOfAny(s_bytesToEscape) >= 0;
}
