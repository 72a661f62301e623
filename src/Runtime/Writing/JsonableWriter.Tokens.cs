using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>The structural tokens (objects, arrays, dictionaries, commas, the JMC1 header) and the literals <c>null</c>, <c>true</c>, <c>false</c>; the depth limit.</summary>
public ref partial struct JsonableWriter
{
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
    private void Enter()
    {
        if (++_depth > _maxDepth)
        {
            ThrowTooDeep();
        }

        if ((_depth & (JsonableLimits.StackCheckInterval - 1)) == 0)
        {
            // Generated writers recurse once per level: a deep MaxDepth on a small stack still fails cleanly.
            RuntimeHelpers.EnsureSufficientExecutionStack();
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

    private readonly void ThrowTooDeep() => throw new JsonableException(
        $"The value is nested deeper than the maximum depth of {_maxDepth}; is there a cycle in the object graph?",
        BytesWritten);
}
