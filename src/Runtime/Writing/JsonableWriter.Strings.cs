using System;
using System.Buffers.Text;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text.Unicode;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>Strings, from UTF-16 or UTF-8, escaped by the rules in JsonEscaping.Rules.cs; base64; dictionary keys.</summary>
public ref partial struct JsonableWriter
{
    /// <summary>Writes a dictionary key (escaped, with its length comment in JMC1) followed by <c>:</c>.</summary>
    /// <param name="key">The key.</param>
    public void WritePropertyName(scoped ReadOnlySpan<char> key)
    {
        WriteString(key);
        WriteByte((byte)':');
    }

    /// <summary>Writes a string, or <c>null</c>.</summary>
    /// <param name="value">The value.</param>
    public void WriteString(string? value)
    {
        if (value is null)
        {
            WriteNull();
        }
        else
        {
            WriteString(value.AsSpan());
        }
    }

    /// <summary>
    /// Writes a string: escaped per RFC 8259 (quote, backslash, U+0000–U+001F; a lone surrogate, which has no
    /// UTF-8 form, becomes U+FFFD as System.Text.Json writes it), non-ASCII as raw UTF-8, and in JMC1 preceded by the
    /// length comment of the escaped UTF-8 content.
    /// </summary>
    /// <param name="value">The characters.</param>
    public void WriteString(scoped ReadOnlySpan<char> value) => WriteStringThen(value, default);

    /// <summary>Writes a string, then <paramref name="after"/> (pre-encoded bytes, possibly none) in the same reservation.</summary>
    private void WriteStringThen(scoped ReadOnlySpan<char> value, scoped ReadOnlySpan<byte> after)
    {
        if (value.Length > Jmc1.MaxLength)
        {
            // Every char takes at least one byte, so no length comment can describe it: stream it in chunks.
            WriteLongString(value);
            WriteRaw(after);
            return;
        }

        int prefix = EmitMetadata ? Jmc1.LengthCommentSize + 1 : 1;
        Span<byte> dest = Reserve(prefix + (value.Length * JsonEscaping.MaxExpansion) + 1 + after.Length);
        Span<byte> content = dest.Slice(prefix);

        // Printable ASCII that needs no escape (ids, keys, URLs, dates) is checked and narrowed in one pass; from the first
        // char that is not, a vectorized scan for the next char to escape, then a vectorized transcode up to it.
        // (Transcoding first and scanning the UTF-8 instead measured slower on twitter.json: CJK text is 3 bytes a char.)
        int plain = JsonEscaping.NarrowPlainAscii(value, ref MemoryMarshal.GetReference(content));
        int n = plain == value.Length ? plain : plain + JsonEscaping.EscapeUtf16(value.Slice(plain), content.Slice(plain));
        FinishString(dest, prefix, n);
        if (!after.IsEmpty)
        {
            // The room reserved above holds the longest the string could have been, then these.
            CopyBytes(ref Unsafe.Add(ref MemoryMarshal.GetReference(_span), (nint)(uint)_pos), ref MemoryMarshal.GetReference(after), after.Length);
            _pos += after.Length;
        }
    }

    /// <summary>Writes already-UTF-8 text as a string (escaped as needed).</summary>
    /// <param name="utf8">Valid UTF-8 text.</param>
    /// <exception cref="JsonableException"><paramref name="utf8"/> is not valid UTF-8 (it would make the document invalid).</exception>
    public void WriteStringUtf8(scoped ReadOnlySpan<byte> utf8)
    {
        if (!Utf8.IsValid(utf8))
        {
            ThrowInvalidUtf8();
        }

        int prefix = EmitMetadata ? Jmc1.LengthCommentSize + 1 : 1;
        Span<byte> dest = Reserve(prefix + (utf8.Length * JsonEscaping.MaxExpansion) + 1);
        int n = JsonEscaping.EscapeUtf8(utf8, dest.Slice(prefix));
        FinishString(dest, prefix, n);
    }

    /// <summary>Writes bytes as a base64 string (as System.Text.Json writes <c>byte[]</c>), or <c>null</c>.</summary>
    /// <param name="value">The bytes.</param>
    public void WriteBase64(byte[]? value)
    {
        if (value is null)
        {
            WriteNull();
            return;
        }

        int prefix = EmitMetadata ? Jmc1.LengthCommentSize + 1 : 1;
        int encoded = Base64.GetMaxEncodedToUtf8Length(value.Length);
        Span<byte> dest = Reserve(prefix + encoded + 1);
        Base64.EncodeToUtf8(value, dest.Slice(prefix), out _, out int n);
        FinishString(dest, prefix, n);
    }

    private void FinishString(Span<byte> dest, int prefix, int n)
    {
        if (prefix == 1)
        {
            dest[0] = (byte)'"';
        }
        else if (Jmc1.CanEncodeLength(n))
        {
            WriteLengthCommentUnchecked(ref MemoryMarshal.GetReference(dest), n);
            dest[Jmc1.LengthCommentSize] = (byte)'"';
        }
        else
        {
            // The length cannot be encoded (over 32207, or 11770: docs/jmc1.md): drop the reserved comment, keep the value.
            dest.Slice(prefix, n).CopyTo(dest.Slice(1));
            dest[0] = (byte)'"';
            prefix = 1;
        }

        dest[prefix + n] = (byte)'"';
        _pos += prefix + n + 1;
    }

    private void WriteLongString(scoped ReadOnlySpan<char> value)
    {
        const int ChunkChars = 8192;
        WriteByte((byte)'"');
        while (!value.IsEmpty)
        {
            int take = Math.Min(ChunkChars, value.Length);
            if (take < value.Length && char.IsHighSurrogate(value[take - 1]))
            {
                take--; // keep a surrogate pair in one chunk
            }

            Span<byte> dest = Reserve(take * JsonEscaping.MaxExpansion);
            _pos += JsonEscaping.EscapeUtf16(value.Slice(0, take), dest);
            value = value.Slice(take);
        }

        WriteByte((byte)'"');
    }

    private readonly void ThrowInvalidUtf8() => throw new JsonableException(
        "The string cannot be written: its bytes are not valid UTF-8, and JSON text must be.",
        BytesWritten);
}
