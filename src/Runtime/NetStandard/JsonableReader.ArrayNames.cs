using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Jsonable;

/// <summary>
/// The expected-name checks of JsonableReader.cs taking the names as arrays, which the generator's netstandard2.0 shape
/// holds them in (see JsonableWriter.ArrayNames.cs): one reference instead of two portable spans built by calls, and a
/// comparison of overlapping 8- or 4-byte words.
/// </summary>
public ref partial struct JsonableReader
{
    /// <summary>Moves past the next member name if the input holds exactly the expected bytes (see the span overload).</summary>
    /// <param name="encodedJmc1">The name as the JMC1 writer encodes it.</param>
    /// <param name="encodedJson">The name as the JSON writer encodes it.</param>
    /// <returns>Whether the expected name was read.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public bool TryReadExpectedName(byte[] encodedJmc1, byte[] encodedJson)
    {
        byte[] expected = IsJmc ? encodedJmc1 : encodedJson;
        int length = expected.Length;
        int p = _pos;
        if (_buffer.Length - p < length || !EqualBytes(ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), p), ref expected[0], length))
        {
            return false;
        }

        _pos = p + length;
        return true;
    }

    /// <summary>
    /// Moves past the first member name if the input holds exactly the expected bytes past their leading comma (see the
    /// span overload of <see cref="TryReadExpectedName(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>, which generated readers
    /// call with the names sliced): the arrays as they are, with no span built and sliced around them.
    /// </summary>
    /// <param name="encodedJmc1">The name as the JMC1 writer encodes it after a previous member: <c>,/*n*/"name":</c>.</param>
    /// <param name="encodedJson">The name as the JSON writer encodes it after a previous member: <c>,"name":</c>.</param>
    /// <returns>Whether the expected name was read.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public bool TryReadExpectedFirstName(byte[] encodedJmc1, byte[] encodedJson)
    {
        byte[] expected = IsJmc ? encodedJmc1 : encodedJson;
        int length = expected.Length - 1;
        int p = _pos;
        if (length <= 0 || _buffer.Length - p < length || !EqualBytes(ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), p), ref expected[1], length))
        {
            return false;
        }

        _pos = p + length;
        return true;
    }

    /// <summary>Moves past the next member name if the input holds exactly the expected bytes (see the span overload).</summary>
    /// <param name="first"><see langword="true"/> before the first member (no comma is expected then); cleared on success.</param>
    /// <param name="encodedJmc1">The name as the JMC1 writer encodes it after a previous member.</param>
    /// <param name="encodedJson">The name as the JSON writer encodes it after a previous member.</param>
    /// <returns>Whether the expected name was read.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public bool TryReadExpectedPropertyName(ref bool first, byte[] encodedJmc1, byte[] encodedJson)
    {
        byte[] expected = IsJmc ? encodedJmc1 : encodedJson;
        int length = expected.Length;
        if (length < 4 || expected[0] != (byte)',' || expected[length - 1] != (byte)':')
        {
            return false; // not a writer's encoding of a member name: let the general path judge the input
        }

        int skip = first ? 1 : 0;
        length -= skip;
        int p = _pos;
        if (_buffer.Length - p < length || !EqualBytes(ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), p), ref expected[skip], length))
        {
            return false;
        }

        _pos = p + length;
        first = false;
        return true;
    }

    /// <summary>Whether <paramref name="length"/> bytes at <paramref name="a"/> and <paramref name="b"/> are equal.</summary>
    private static bool EqualBytes(ref byte a, ref byte b, int length)
    {
        if (length >= 8)
        {
            int i = 0;
            for (; i < length - 8; i += 8)
            {
                if (Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref a, i)) != Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref b, i)))
                {
                    return false;
                }
            }

            // The last eight bytes, overlapping what the loop compared.
            return Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref a, length - 8)) == Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref b, length - 8));
        }

        if (length >= 4)
        {
            return Unsafe.ReadUnaligned<uint>(ref a) == Unsafe.ReadUnaligned<uint>(ref b)
                && Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref a, length - 4)) == Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref b, length - 4));
        }

        for (int i = 0; i < length; i++)
        {
            if (Unsafe.Add(ref a, i) != Unsafe.Add(ref b, i))
            {
                return false;
            }
        }

        return true;
    }
}
