using System;
using System.Buffers.Binary;

namespace Jsonable.Internal;

/// <summary>Encodes and decodes the 6-byte JMC1 length comment <c>/* lo hi */</c>.</summary>
internal static class JmcLength
{
    public static void Write(Span<byte> dest, int n)
    {
        dest[0] = (byte)'/';
        dest[1] = (byte)'*';
        BinaryPrimitives.WriteUInt16LittleEndian(dest.Slice(2), (ushort)(n + Jmc1.LengthBias));
        dest[4] = (byte)'*';
        dest[5] = (byte)'/';
    }

    /// <summary>Decodes the length in a 6-byte comment that starts with <c>/*</c> and ends with <c>*/</c>; -1 if the value is out of range.</summary>
    public static int Read(ReadOnlySpan<byte> comment)
    {
        int n = BinaryPrimitives.ReadUInt16LittleEndian(comment.Slice(2)) - Jmc1.LengthBias;
        return (uint)n <= Jmc1.MaxLength ? n : -1;
    }
}
