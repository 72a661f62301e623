using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using Jsonable.Internal;
using Jsonable.Metadata;

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
        options ??= JsonableWriterOptions.Default;
        _maxDepth = JsonableLimits.EffectiveMaxDepth(options.MaxDepth);
        EnumNames = options.EnumNames;
        EmitMetadata = emitMetadataComments;
    }

    /// <summary>The enum names the options ask for (<see cref="JsonableWriterOptions.EnumNames"/>); <see langword="null"/> writes enums as numbers.</summary>
    public JsonableEnumNames? EnumNames { get; }

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

    /// <summary>Writes bytes exactly as given (they must already be valid in the writer's format).</summary>
    /// <param name="raw">The bytes.</param>
    public void WriteRaw(scoped ReadOnlySpan<byte> raw)
    {
        ref byte dest = ref ReserveRef(raw.Length);
        CopyBytes(ref dest, ref MemoryMarshal.GetReference(raw), raw.Length);
        _pos += raw.Length;
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
            WriteByteGrowing(b);
        }
    }

    /// <summary>The rare half of <see cref="WriteByte"/>, apart so that the inlined half stays small.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteByteGrowing(byte b)
    {
        Reserve(1)[0] = b;
        _pos++;
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
#if NET
            Vector128<byte> head = Vector128.LoadUnsafe(ref source);
            Vector128<byte> tail = Vector128.LoadUnsafe(ref source, (nuint)(length - 16));
            head.StoreUnsafe(ref dest);
            tail.StoreUnsafe(ref dest, (nuint)(length - 16));
#else
            Unsafe.CopyBlockUnaligned(ref dest, ref source, (uint)length);
#endif
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
}
