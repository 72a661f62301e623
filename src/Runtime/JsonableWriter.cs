using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Buffers.Text;
using System.ComponentModel;
using System.Globalization;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Text.Unicode;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>
/// Writes JMC1 or compact JSON into an <see cref="IBufferWriter{T}"/>. Generated <c>ToJsonUtf8</c> methods
/// drive it; application code normally calls those instead.
/// </summary>
/// <remarks>
/// The writer asks the output for large spans and advances it only when a span is full or on
/// <see cref="Flush"/>, so the interface is called once per chunk, not per value. Call <see cref="Flush"/>
/// when done, or the last bytes are never committed to the output.
/// </remarks>
public ref partial struct JsonableWriter
{
    private const int MinimumChunk = 4096;

    private readonly IBufferWriter<byte> _output;
    private Span<byte> _span;
    private int _pos;
    private int _depth;
    private readonly int _maxDepth;
    private long _committed;

    /// <summary>Creates a writer over <paramref name="output"/>.</summary>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="emitMetadataComments"><see langword="true"/> for JMC1, <see langword="false"/> for plain JSON.</param>
    /// <param name="options">Limits; <see langword="null"/> for <see cref="JsonableWriterOptions.Default"/>.</param>
    public JsonableWriter(IBufferWriter<byte> output, bool emitMetadataComments, JsonableWriterOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(output);
        _output = output;
        _span = default;
        _pos = 0;
        _depth = 0;
        _committed = 0;
        _maxDepth = Math.Min((options ?? JsonableWriterOptions.Default).MaxDepth, JsonableReader.DepthCeiling);
        EmitMetadata = emitMetadataComments;
    }

    /// <summary>Whether this writer produces JMC1 (header and length comments) rather than plain JSON.</summary>
    public bool EmitMetadata { get; }

    /// <summary>The current nesting depth of objects and arrays.</summary>
    public readonly int CurrentDepth => _depth;

    /// <summary>Bytes written so far, committed or not.</summary>
    public readonly long BytesWritten => _committed + _pos;

    /// <summary>Bytes written but not yet committed to the output with <see cref="Flush"/>.</summary>
    public readonly int BytesPending => _pos;

    /// <summary>Commits everything written so far to the output (calls <see cref="IBufferWriter{T}.Advance"/>).</summary>
    public void Flush()
    {
        if (_pos > 0)
        {
            _output.Advance(_pos);
            _committed += _pos;
            _pos = 0;
        }

        _span = default;
    }

    /// <summary>Writes the <c>/*JMC1*/</c> document header before a root value that is not an object (JMC1 only).</summary>
    public void WriteDocumentHeader()
    {
        if (EmitMetadata)
        {
            WriteRaw(Jmc1.Header);
        }
    }

    /// <summary>Starts an object: <c>/*JMC1*/{</c> in JMC1, <c>{</c> in JSON.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteObjectStart()
    {
        Enter();
        if (EmitMetadata)
        {
            ref byte dest = ref ReserveRef(9);
            Unsafe.WriteUnaligned(ref dest, Jmc1HeaderBytes);
            Unsafe.Add(ref dest, 8) = (byte)'{';
            _pos += 9;
        }
        else
        {
            WriteByte((byte)'{');
        }
    }

    /// <summary>
    /// Starts an object and writes its first member's name in one reservation and one copy: what
    /// <see cref="WriteObjectStart"/> then <see cref="WritePreEncodedName"/> write, for generated code whose first member is
    /// always written. Takes the name in the same form as every other member's, with its leading comma, and writes
    /// <c>{</c> over that comma.
    /// </summary>
    /// <param name="jmc1">The name as JMC1 bytes with the leading comma, e.g. <c>,/*\x04\x01*/"Name":</c>.</param>
    /// <param name="json">The name as JSON bytes with the leading comma, e.g. <c>,"Name":</c>.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteObjectStartAndName(scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        Enter();
        if (EmitMetadata)
        {
            ref byte dest = ref ReserveRef(8 + jmc1.Length);
            Unsafe.WriteUnaligned(ref dest, Jmc1HeaderBytes);
            CopyBytes(ref Unsafe.Add(ref dest, 8), ref MemoryMarshal.GetReference(jmc1), jmc1.Length);
            Unsafe.Add(ref dest, 8) = (byte)'{';
            _pos += 8 + jmc1.Length;
        }
        else
        {
            ref byte dest = ref ReserveRef(json.Length);
            CopyBytes(ref dest, ref MemoryMarshal.GetReference(json), json.Length);
            dest = (byte)'{';
            _pos += json.Length;
        }
    }

    /// <summary>Ends an object.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteObjectEnd()
    {
        WriteByte((byte)'}');
        _depth--;
    }

    /// <summary>Starts a dictionary (a JSON object without the JMC1 header): length comment with the entry count, then <c>{</c>.</summary>
    /// <param name="count">The number of entries that follow.</param>
    public void WriteDictionaryStart(int count)
    {
        Enter();
        WriteCountedStart(count, (byte)'{');
    }

    /// <summary>Ends a dictionary.</summary>
    public void WriteDictionaryEnd() => WriteObjectEnd();

    /// <summary>Starts an array: length comment with the element count (JMC1), then <c>[</c>.</summary>
    /// <param name="count">The number of elements that follow; negative when unknown (no comment is written).</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteArrayStart(int count)
    {
        Enter();
        WriteCountedStart(count, (byte)'[');
    }

    /// <summary>
    /// Writes an empty array (<c>[]</c>, after a zero-count length comment in JMC1) in one store: what
    /// <see cref="WriteArrayStart"/> with a count of 0 then <see cref="WriteArrayEnd"/> write, depth limit included.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteEmptyArray()
    {
        // The depth it would enter, checked without storing it: an empty array holds nothing, so it needs no stack either.
        if (_depth >= _maxDepth)
        {
            ThrowTooDeep();
        }

        if (EmitMetadata)
        {
            Unsafe.WriteUnaligned(ref ReserveRef(8), EmptyArrayJmc1Bytes);
            _pos += 8;
        }
        else
        {
            Unsafe.WriteUnaligned(ref ReserveRef(2), BitConverter.IsLittleEndian ? (ushort)0x5D5B : (ushort)0x5B5D);
            _pos += 2;
        }
    }

    /// <summary>Ends an array.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteArrayEnd()
    {
        WriteByte((byte)']');
        _depth--;
    }

    /// <summary>Writes the separator between two members or elements.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteComma() => WriteByte((byte)',');

    /// <summary>
    /// Writes a pre-encoded member name. Generated code passes both encodings (with the leading comma where
    /// the member is not the first and the trailing colon) so that no name is escaped at run time.
    /// </summary>
    /// <param name="jmc1">The name as JMC1 bytes, e.g. <c>,/*\x04\x01*/"Name":</c>.</param>
    /// <param name="json">The name as JSON bytes, e.g. <c>,"Name":</c>.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WritePreEncodedName(scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        ReadOnlySpan<byte> name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(name.Length);
        CopyBytes(ref dest, ref MemoryMarshal.GetReference(name), name.Length);
        _pos += name.Length;
    }

    /// <summary>Writes a dictionary key (escaped, with its length comment in JMC1) followed by <c>:</c>.</summary>
    /// <param name="key">The key.</param>
    public void WritePropertyName(scoped ReadOnlySpan<char> key)
    {
        WriteString(key);
        WriteByte((byte)':');
    }

    /// <summary>Writes <c>null</c>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteNull()
    {
        Unsafe.WriteUnaligned(ref ReserveRef(4), NullBytes);
        _pos += 4;
    }

    /// <summary>Writes <c>true</c> or <c>false</c>.</summary>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteBoolean(bool value)
    {
        // One 8-byte store of either word (the bytes past it are reserved and overwritten by what follows), no copy.
        Unsafe.WriteUnaligned(ref ReserveRef(8), value ? TrueBytes : FalseBytes);
        _pos += value ? 4 : 5;
    }

    /// <summary>
    /// Writes <c>true</c> or <c>false</c> and then the next member's pre-encoded name (with its leading comma) in one
    /// reservation: what <see cref="WriteBoolean"/> then <see cref="WritePreEncodedName"/> write.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes.</param>
    /// <param name="json">The next name as JSON bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteBooleanAndName(bool value, scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        ReadOnlySpan<byte> name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(8 + name.Length);
        Unsafe.WriteUnaligned(ref dest, value ? TrueBytes : FalseBytes);
        int n = value ? 4 : 5;
        CopyBytes(ref Unsafe.Add(ref dest, n), ref MemoryMarshal.GetReference(name), name.Length);
        _pos += n + name.Length;
    }

    /// <summary>Writes a signed integer.</summary>
    /// <param name="value">The value.</param>
    public void WriteNumber(long value)
    {
        ref byte dest = ref ReserveRef(20);
        if (value >= 0)
        {
            _pos += WriteDigits((ulong)value, ref dest);
        }
        else
        {
            dest = (byte)'-';
            _pos += 1 + WriteDigits(unchecked((ulong)-value), ref Unsafe.Add(ref dest, 1)); // long.MinValue negates to itself, as 2^63 unsigned
        }
    }

    /// <summary>
    /// Writes a signed integer and then the next member's pre-encoded name (with its leading comma) in one
    /// reservation: what <see cref="WriteNumber(long)"/> then <see cref="WritePreEncodedName"/> write, for generated
    /// code where a number member is followed by one that is always written.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes, e.g. <c>,/*\x04\x01*/"Name":</c>.</param>
    /// <param name="json">The next name as JSON bytes, e.g. <c>,"Name":</c>.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteNumberAndName(long value, scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        ReadOnlySpan<byte> name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(20 + name.Length);
        int n;
        if (value >= 0)
        {
            n = WriteDigits((ulong)value, ref dest);
        }
        else
        {
            dest = (byte)'-';
            n = 1 + WriteDigits(unchecked((ulong)-value), ref Unsafe.Add(ref dest, 1));
        }

        CopyBytes(ref Unsafe.Add(ref dest, n), ref MemoryMarshal.GetReference(name), name.Length);
        _pos += n + name.Length;
    }

    /// <summary>
    /// Writes an unsigned integer and then the next member's pre-encoded name in one reservation (see
    /// <see cref="WriteNumberAndName(long, ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>).
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes.</param>
    /// <param name="json">The next name as JSON bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteNumberAndName(ulong value, scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        ReadOnlySpan<byte> name = EmitMetadata ? jmc1 : json;
        ref byte dest = ref ReserveRef(20 + name.Length);
        int n = WriteDigits(value, ref dest);
        CopyBytes(ref Unsafe.Add(ref dest, n), ref MemoryMarshal.GetReference(name), name.Length);
        _pos += n + name.Length;
    }

    /// <summary>Writes an unsigned integer.</summary>
    /// <param name="value">The value.</param>
    public void WriteNumber(ulong value)
    {
        // Reserve first, in its own statement: "_pos += WriteDigits(value, ref ReserveRef(20))" read _pos before the
        // reservation could move to a new chunk (and reset it to 0), so a number written there landed after garbage.
        ref byte dest = ref ReserveRef(20);
        _pos += WriteDigits(value, ref dest);
    }

    /// <summary>Writes a double in its shortest round-trip form. NaN and infinities are an error: RFC 8259 has no token for them.</summary>
    /// <param name="value">The value.</param>
    public void WriteNumber(double value)
    {
        if (!double.IsFinite(value))
        {
            ThrowNonFinite(value.ToString(CultureInfo.InvariantCulture));
        }

        Span<byte> dest = Reserve(32);
        value.TryFormat(dest, out int written, default, CultureInfo.InvariantCulture);
        _pos += written;
    }

    /// <summary>Writes a float in its shortest round-trip form. NaN and infinities are an error.</summary>
    /// <param name="value">The value.</param>
    public void WriteNumber(float value)
    {
        if (!float.IsFinite(value))
        {
            ThrowNonFinite(value.ToString(CultureInfo.InvariantCulture));
        }

        Span<byte> dest = Reserve(32);
        value.TryFormat(dest, out int written, default, CultureInfo.InvariantCulture);
        _pos += written;
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

    /// <summary>
    /// Writes a string (or <c>null</c>) and then the next member's pre-encoded name (with its leading comma) in one
    /// reservation: what <see cref="WriteString(string)"/> then <see cref="WritePreEncodedName"/> write.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="jmc1">The next name as JMC1 bytes.</param>
    /// <param name="json">The next name as JSON bytes.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public void WriteStringAndName(string? value, scoped ReadOnlySpan<byte> jmc1, scoped ReadOnlySpan<byte> json)
    {
        ReadOnlySpan<byte> name = EmitMetadata ? jmc1 : json;
        if (value is null)
        {
            ref byte dest = ref ReserveRef(4 + name.Length);
            Unsafe.WriteUnaligned(ref dest, NullBytes);
            CopyBytes(ref Unsafe.Add(ref dest, 4), ref MemoryMarshal.GetReference(name), name.Length);
            _pos += 4 + name.Length;
        }
        else
        {
            WriteStringThen(value.AsSpan(), name);
        }
    }

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
        int plain = NarrowPlainAscii(value, ref MemoryMarshal.GetReference(content));
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

    /// <summary>Writes bytes exactly as given (they must already be valid in the writer's format).</summary>
    /// <param name="raw">The bytes.</param>
    public void WriteRaw(scoped ReadOnlySpan<byte> raw)
    {
        ref byte dest = ref ReserveRef(raw.Length);
        CopyBytes(ref dest, ref MemoryMarshal.GetReference(raw), raw.Length);
        _pos += raw.Length;
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

    /// <summary>The length comment with the element count (JMC1, when it can be encoded), then the opening bracket, in one reservation.</summary>
    private void WriteCountedStart(int count, byte bracket)
    {
        ref byte dest = ref ReserveRef(Jmc1.LengthCommentSize + 1);
        int comment = 0;
        if (EmitMetadata && Jmc1.CanEncodeLength(count))
        {
            WriteLengthCommentUnchecked(ref dest, count);
            comment = Jmc1.LengthCommentSize;
        }

        Unsafe.Add(ref dest, comment) = bracket;
        _pos += comment + 1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WriteByte(byte b)
    {
        int pos = _pos;
        Span<byte> span = _span;
        if ((uint)pos < (uint)span.Length)
        {
            Unsafe.Add(ref MemoryMarshal.GetReference(span), (nint)(uint)pos) = b; // checked just above
            _pos = pos + 1;
        }
        else
        {
            Reserve(1)[0] = b;
            _pos++;
        }
    }

    /// <summary>
    /// Makes room for <paramref name="size"/> bytes and returns a reference to the first: for callers that write a
    /// fixed number of bytes (or a formatted number of at most <paramref name="size"/>) with no per-byte bounds checks.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref byte ReserveRef(int size)
    {
        if (_span.Length - _pos < size)
        {
            Grow(size);
        }

        return ref Unsafe.Add(ref MemoryMarshal.GetReference(_span), (nint)(uint)_pos);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Span<byte> Reserve(int size)
    {
        if (_span.Length - _pos < size)
        {
            Grow(size);
        }

        return _span.Slice(_pos);
    }

    private void Grow(int size)
    {
        if (_pos > 0)
        {
            _output.Advance(_pos);
            _committed += _pos;
            _pos = 0;
        }

        _span = _output.GetSpan(Math.Max(size, MinimumChunk));
        if (_span.Length < size)
        {
            throw new InvalidOperationException("The output buffer writer returned a span smaller than requested.");
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Enter()
    {
        if (++_depth > _maxDepth)
        {
            ThrowTooDeep();
        }

        if ((_depth & 31) == 0)
        {
            // Generated writers recurse once per level: a deep MaxDepth on a small stack still fails cleanly.
            RuntimeHelpers.EnsureSufficientExecutionStack();
        }
    }

    /// <summary>
    /// Narrows the leading run of <paramref name="value"/> that is printable ASCII needing no escape (no quote, backslash,
    /// control or non-ASCII char) into <paramref name="to"/>, eight chars per vector compare and store: one pass where a
    /// scan for chars to escape and a transcode would make two. Bytes past the run may be written too (the caller's room
    /// holds the whole string, and what it writes next overwrites them).
    /// </summary>
    /// <returns>The length of the run: <c>value.Length</c> when the whole string is plain.</returns>
    private static int NarrowPlainAscii(scoped ReadOnlySpan<char> value, ref byte to)
    {
        ref ushort from = ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(value));
        int length = value.Length;
        if (!Vector128.IsHardwareAccelerated || length < Vector128<ushort>.Count)
        {
            for (int i = 0; i < length; i++)
            {
                ushort c = Unsafe.Add(ref from, i);
                if ((uint)(c - 0x20) >= 0x60 || c == '"' || c == '\\')
                {
                    return i;
                }

                Unsafe.Add(ref to, i) = (byte)c;
            }

            return length;
        }

        int at = 0;
        while (true)
        {
            // The last step overlaps the one before it rather than leaving a scalar tail.
            if (at > length - Vector128<ushort>.Count)
            {
                at = length - Vector128<ushort>.Count;
            }

            Vector128<ushort> chars = Vector128.LoadUnsafe(ref from, (nuint)at);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, at), Vector128.Narrow(chars, chars).AsUInt64().ToScalar());
            Vector128<ushort> stop = Vector128.GreaterThanOrEqual(chars - Vector128.Create((ushort)0x20), Vector128.Create((ushort)0x60))
                | Vector128.Equals(chars, Vector128.Create((ushort)'"'))
                | Vector128.Equals(chars, Vector128.Create((ushort)'\\'));
            if (stop != Vector128<ushort>.Zero)
            {
                return at + BitOperations.TrailingZeroCount(stop.ExtractMostSignificantBits());
            }

            at += Vector128<ushort>.Count;
            if (at == length)
            {
                return length;
            }
        }
    }

    /// <summary><c>null</c> as the 4-byte value that stores it in one write.</summary>
    private static uint NullBytes => BitConverter.IsLittleEndian ? 0x6C6C756EU : 0x6E756C6CU;

    /// <summary><c>true</c> and four zero bytes, as the 8-byte value that stores it in one write.</summary>
    private static ulong TrueBytes => BitConverter.IsLittleEndian ? 0x65757274UL : 0x7472756500000000UL;

    /// <summary><c>false</c> and three zero bytes, as the 8-byte value that stores it in one write.</summary>
    private static ulong FalseBytes => BitConverter.IsLittleEndian ? 0x65736C6166UL : 0x66616C7365000000UL;

    /// <summary><c>/*JMC1*/</c> as the little-endian 8-byte value that stores it in one write.</summary>
    private static ulong Jmc1HeaderBytes => BitConverter.IsLittleEndian ? 0x2F2A31434D4A2A2FUL : 0x2F2A4A4D43312A2FUL;

    /// <summary><c>/*</c>, the length 0 (<see cref="Jmc1.LengthBias"/>, low byte first), <c>*/[]</c> as the little-endian 8-byte value that stores it in one write.</summary>
    private static ulong EmptyArrayJmc1Bytes
    {
        get
        {
            const ulong LittleEndian = 0x2A2FUL | ((ulong)Jmc1.LengthBias << 16) | (0x2F2AUL << 32) | (0x5D5BUL << 48);
            return BitConverter.IsLittleEndian ? LittleEndian : BinaryPrimitives.ReverseEndianness(LittleEndian);
        }
    }

    /// <summary>Writes a 6-byte length comment (the caller has checked <see cref="Jmc1.CanEncodeLength"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteLengthCommentUnchecked(ref byte dest, int n)
    {
        uint encoded = (uint)(n + Jmc1.LengthBias);
        if (BitConverter.IsLittleEndian)
        {
            // "/*", the count low byte first, "*/": one 4-byte and one 2-byte store.
            Unsafe.WriteUnaligned(ref dest, 0x2A2Fu | (encoded << 16));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref dest, 4), (ushort)0x2F2A);
        }
        else
        {
            dest = (byte)'/';
            Unsafe.Add(ref dest, 1) = (byte)'*';
            Unsafe.Add(ref dest, 2) = (byte)encoded;
            Unsafe.Add(ref dest, 3) = (byte)(encoded >> 8);
            Unsafe.Add(ref dest, 4) = (byte)'*';
            Unsafe.Add(ref dest, 5) = (byte)'/';
        }
    }

    /// <summary>
    /// Copies <paramref name="length"/> bytes; the short runs generated code writes most (pre-encoded member names,
    /// literals) with two overlapping loads and stores instead of a call to memmove.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyBytes(ref byte dest, ref byte source, int length)
    {
        if ((uint)(length - 8) <= 8)
        {
            ulong head = Unsafe.ReadUnaligned<ulong>(ref source);
            ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, length - 8));
            Unsafe.WriteUnaligned(ref dest, head);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref dest, length - 8), tail);
        }
        else if ((uint)(length - 16) <= 16)
        {
            Vector128<byte> head = Vector128.LoadUnsafe(ref source);
            Vector128<byte> tail = Vector128.LoadUnsafe(ref source, (nuint)(length - 16));
            head.StoreUnsafe(ref dest);
            tail.StoreUnsafe(ref dest, (nuint)(length - 16));
        }
        else if ((uint)(length - 4) <= 4)
        {
            uint head = Unsafe.ReadUnaligned<uint>(ref source);
            uint tail = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, length - 4));
            Unsafe.WriteUnaligned(ref dest, head);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref dest, length - 4), tail);
        }
        else
        {
            Unsafe.CopyBlockUnaligned(ref dest, ref source, (uint)length);
        }
    }

    /// <summary>Writes the decimal digits of <paramref name="value"/> (room for 20 bytes).</summary>
    /// <returns>The number of digits.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int WriteDigits(ulong value, ref byte dest) =>
        value <= uint.MaxValue ? WriteDigits32((uint)value, ref dest) : WriteDigits64(value, ref dest);

    /// <summary>
    /// <see cref="WriteDigits"/> for a value that fits 32 bits (ids, counts, prices: nearly every integer on the wire):
    /// the last eight digits are made at once in one 64-bit register (<see cref="EightDigits"/>: no loop, no table,
    /// no dependent chain of divisions) and stored in one 8-byte write; the one or two above them, if any, from the pair table.
    /// </summary>
    private static int WriteDigits32(uint value, ref byte dest)
    {
        if (value < 10)
        {
            dest = (byte)('0' + value);
            return 1;
        }

        if (!BitConverter.IsLittleEndian)
        {
            return WriteDigits64(value, ref dest);
        }

        if (value < 100_000_000)
        {
            // Leading zero digits are the low bytes that are 0 (the most significant digit is stored first): shift them out.
            ulong digits = EightDigits(value);
            int leadingZeros = BitOperations.TrailingZeroCount(digits) >> 3;
            Unsafe.WriteUnaligned(ref dest, (digits + 0x3030_3030_3030_3030UL) >> (leadingZeros * 8));
            return 8 - leadingZeros;
        }

        uint high = value / 100_000_000; // 1..42
        ulong low = EightDigits(value - (high * 100_000_000)) + 0x3030_3030_3030_3030UL;
        if (high < 10)
        {
            dest = (byte)('0' + high);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref dest, 1), low);
            return 9;
        }

        Unsafe.WriteUnaligned(ref dest, Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref MemoryMarshal.GetReference(TwoDigits), (nint)(high * 2))));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref dest, 2), low);
        return 10;
    }

    /// <summary>
    /// The eight decimal digits of <paramref name="value"/> (below 10^8, leading zeros included) as the values 0–9, one a
    /// byte, most significant in the lowest byte (the order they are stored in on a little-endian machine). Split by
    /// 10^4 into two 32-bit lanes, then each lane by 100 into 16-bit lanes, then each by 10 into bytes: the divisions of
    /// all lanes at a step are one multiply and shift (exact for these ranges: x × 5243 >> 19 is x / 100 below 43,699,
    /// x × 103 >> 10 is x / 10 below 179).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong EightDigits(uint value)
    {
        uint upper = value / 10_000;
        ulong x = upper | ((ulong)(value - (upper * 10_000)) << 32);
        ulong hundreds = ((x * 5243) >> 19) & 0x0000_007F_0000_007FUL;
        x = hundreds | ((x - (hundreds * 100)) << 16);
        ulong tens = ((x * 103) >> 10) & 0x000F_000F_000F_000FUL;
        return tens | ((x - (tens * 10)) << 8);
    }

    /// <summary><see cref="WriteDigits"/> for any value of 10 or more: two digits at a time, from the right.</summary>
    private static int WriteDigits64(ulong value, ref byte dest)
    {
        int digits = CountDigits(value);
        ref byte pairs = ref MemoryMarshal.GetReference(TwoDigits);
        int at = digits;
        while (value >= 100)
        {
            ulong quotient = value / 100;
            int pair = (int)(value - (quotient * 100)) * 2;
            value = quotient;
            at -= 2;
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref dest, at), Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref pairs, pair)));
        }

        if (value >= 10)
        {
            Unsafe.WriteUnaligned(ref dest, Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref pairs, (int)value * 2)));
        }
        else
        {
            dest = (byte)('0' + value);
        }

        return digits;
    }

    /// <summary>The number of decimal digits of a value of at least 1: from its bit length, corrected by one power of ten.</summary>
    private static int CountDigits(ulong value)
    {
        int bits = 64 - BitOperations.LeadingZeroCount(value | 1);
        int guess = (bits * 1233) >> 12; // bits × log10(2)
        return guess + 1 - (value < PowersOfTen[guess] ? 1 : 0);
    }

    private static ReadOnlySpan<ulong> PowersOfTen =>
    [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ];

    private static ReadOnlySpan<byte> TwoDigits =>
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"u8;

    private readonly void ThrowTooDeep() => throw new JsonableException(
        $"The value is nested deeper than the maximum depth of {_maxDepth}; is there a cycle in the object graph?",
        BytesWritten);

    private readonly void ThrowInvalidUtf8() => throw new JsonableException(
        "The string cannot be written: its bytes are not valid UTF-8, and JSON text must be.",
        BytesWritten);

    private readonly void ThrowNonFinite(string text) => throw new JsonableException(
        $"{text} cannot be written: JSON (RFC 8259) has no token for NaN or infinity.",
        BytesWritten);
}
