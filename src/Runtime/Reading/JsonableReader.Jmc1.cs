using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
#if !NET
using System.Runtime.InteropServices;
#endif
using Jsonable.Internal;

namespace Jsonable;

/// <summary>JMC1 comments: the header and the length comments before a value, checked for placement and range.</summary>
public ref partial struct JsonableReader
{
    /// <summary>Skips whitespace and, in JMC1, the comment before a value (see <see cref="SkipToValueSlow"/>).</summary>
    /// <returns>The length hint of the length comment; -1 when there is none, -2 when only a header preceded the value.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int SkipToValue()
    {
        if (_pos < _buffer.Length)
        {
            byte b = _buffer[_pos];
            if (b > (byte)' ' && b != (byte)'/')
            {
                return -1;
            }
        }

        return SkipCommentOrWhitespace();
    }

    // "/*" and "*/" read as little-endian 16-bit words, and the header "/*JMC1*/" as a 64-bit one.
    private const ushort CommentOpen = 0x2A2F;
    private const ushort CommentClose = 0x2F2A;
    private static readonly ulong s_header = BinaryPrimitives.ReadUInt64LittleEndian(Jmc1.Header);

    /// <summary>
    /// The common JMC1 cases, decided from a few fixed-position bytes: a well-formed length comment directly followed
    /// by <c>"</c>, <c>[</c> or <c>{</c> (what a writer puts before every string, name, array and dictionary), and a
    /// header directly followed by <c>{</c> inside the document. Everything else (whitespace, the document header, a
    /// misplaced, out-of-range or doubled comment, the input ending) goes to <see cref="SkipToValueSlow"/>, which knows
    /// every rule and error; the results are the same as its.
    /// </summary>
    private int SkipCommentOrWhitespace()
    {
        int p = _pos;
        ReadOnlySpan<byte> buf = _buffer;
        if (IsJmc)
        {
            if (TryReadLengthComment(buf, p, out int n))
            {
                byte next = buf[p + Jmc1.LengthCommentSize];
                if (next == (byte)'"' || next == (byte)'[' || next == (byte)'{')
                {
                    _pos = p + Jmc1.LengthCommentSize;
                    return n;
                }
            }
            else if (IsNestedHeaderAt(p))
            {
                _pos = p + Jmc1.Header.Length;
                return HeaderOnly;
            }
        }

        return SkipToValueSlow();
    }

    /// <summary>Whether a header that is not the document's (the depth is above 0) directly followed by <c>{</c> starts at <paramref name="p"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
#if NET
    private readonly bool IsNestedHeaderAt(int p) =>
        _depth > 0 && (uint)(p + Jmc1.Header.Length) < (uint)_buffer.Length
        && BinaryPrimitives.ReadUInt64LittleEndian(_buffer.Slice(p)) == s_header && _buffer[p + Jmc1.Header.Length] == (byte)'{';
#else
    private readonly bool IsNestedHeaderAt(int p)
    {
        // netstandard2.0: the header's length as a constant and one read in place, as Jmc1.Header and every slice of the
        // portable span are calls on Mono and IL2CPP.
        if (_depth <= 0 || (uint)(p + HeaderSize) >= (uint)_buffer.Length)
        {
            return false;
        }

        ref byte at = ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), p);
        return LittleEndian(Unsafe.ReadUnaligned<ulong>(ref at)) == s_header && Unsafe.Add(ref at, HeaderSize) == (byte)'{';
    }

    // The length of Jmc1.Header, "/*JMC1*/".
    private const int HeaderSize = 8;

    private static ulong LittleEndian(ulong value) => BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);

    private static uint LittleEndian(uint value) => BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
#endif

    /// <summary>
    /// Whether a well-formed, in-range length comment other than the forbidden n = 11770 starts at <paramref name="p"/>
    /// with at least one byte after it; reads nothing else and moves nothing.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryReadLengthComment(ReadOnlySpan<byte> buf, int p, out int n)
    {
        if ((uint)(p + Jmc1.LengthCommentSize) < (uint)buf.Length)
        {
#if NET
            ReadOnlySpan<byte> comment = buf.Slice(p, Jmc1.LengthCommentSize);
            if (BinaryPrimitives.ReadUInt16LittleEndian(comment) == CommentOpen && BinaryPrimitives.ReadUInt16LittleEndian(comment.Slice(4)) == CommentClose)
            {
                n = BinaryPrimitives.ReadUInt16LittleEndian(comment.Slice(2)) - Jmc1.LengthBias;
                return (uint)n <= Jmc1.MaxLength && n != Jmc1.UnencodableLength;
            }
#else
            // netstandard2.0: read in place (slices of the portable span are calls on Mono and IL2CPP): "/*" and the two
            // length bytes as one word, then "*/".
            ref byte at = ref Unsafe.Add(ref MemoryMarshal.GetReference(buf), p);
            uint head = LittleEndian(Unsafe.ReadUnaligned<uint>(ref at));
            if ((ushort)head == CommentOpen && (Unsafe.Add(ref at, 4) | (Unsafe.Add(ref at, 5) << 8)) == CommentClose)
            {
                n = (int)(head >> 16) - Jmc1.LengthBias;
                return (uint)n <= Jmc1.MaxLength && n != Jmc1.UnencodableLength;
            }
#endif
        }

        n = NoHint;
        return false;
    }

    // What SkipToValueSlow returns besides a length: no comment preceded the value, or only a (non-document) header.
    private const int NoHint = -1;
    private const int HeaderOnly = -2;

    /// <summary>
    /// Skips whitespace and at most one JMC1 comment (docs/jmc1.md: never two in a row, except the document
    /// header followed by the root's length comment), and checks that the comment may precede the value that follows:
    /// a length comment only a string, property name, dictionary key, array or dictionary; a header only an object.
    /// The checks run only here, where comments are parsed, so plain JSON pays nothing for them.
    /// </summary>
    private int SkipToValueSlow()
    {
        int hint = NoHint;
        int commentAt = -1;
        bool documentHeader = false;
        while (_pos < _buffer.Length)
        {
            byte b = _buffer[_pos];
            if (IsWhitespace(b))
            {
                SkipWhitespaceRun();
                continue;
            }

            if (b != (byte)'/' || !IsJmc)
            {
                break;
            }

            ReadOnlySpan<byte> rest = _buffer.Slice(_pos);
            if (rest.Length >= Jmc1.LengthCommentSize && rest[1] == (byte)'*' && rest[4] == (byte)'*' && rest[5] == (byte)'/')
            {
                if (commentAt >= 0 && !(documentHeader && hint == HeaderOnly))
                {
                    ThrowAt(_pos, "Two JMC1 comments in a row: a value carries at most one length comment.");
                }

                hint = JmcLength.Read(rest);
                if (hint < 0)
                {
                    ThrowAt(_pos, "The length comment is out of range.");
                }

                if (hint == Jmc1.UnencodableLength)
                {
                    ThrowAt(_pos, "The length comment for 11770 reads /**/*/, which ends the comment early in every JSONC parser; JMC1 forbids it.");
                }

                commentAt = _pos;
                _pos += Jmc1.LengthCommentSize;
            }
            else if (rest.StartsWith(Jmc1.Header))
            {
                if (commentAt >= 0)
                {
                    ThrowAt(_pos, "Two JMC1 comments in a row: a header cannot follow another comment.");
                }

                // The header before the root value is the document's, which may precede any value.
                documentHeader = _depth == 0;
                hint = HeaderOnly;
                commentAt = _pos;
                _pos += Jmc1.Header.Length;
            }
            else
            {
                ThrowAt(_pos, rest.Length < Jmc1.LengthCommentSize
                    ? "The input ends inside a comment."
                    : "Only JMC1 headers and length comments may appear in a JMC1 document.");
            }
        }

        if (commentAt < 0)
        {
            return NoHint;
        }

        byte next = _pos < _buffer.Length ? _buffer[_pos] : (byte)0;
        if (hint >= 0)
        {
            if (next is not ((byte)'"' or (byte)'[' or (byte)'{'))
            {
                ThrowAt(commentAt, $"A JMC1 length comment may only precede a string, a property name, an array or a dictionary, not {Describe(_pos)}.");
            }

            return hint;
        }

        if (documentHeader)
        {
            return NoHint;
        }

        if (next != (byte)'{')
        {
            ThrowAt(commentAt, $"A JMC1 header may only precede an object, not {Describe(_pos)}.");
        }

        return HeaderOnly;
    }
}
