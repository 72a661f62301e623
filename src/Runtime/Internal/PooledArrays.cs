using System;
using System.Buffers;

namespace Jsonable.Internal;

/// <summary>
/// The one way a pooled byte buffer grows: rent a larger array, copy what is written, return the old one. Shared source:
/// compiled into each Jsonable package that grows pooled buffers (docs/architecture.md, "How packages share code").
/// </summary>
internal static class PooledArrays
{
#if NETSTANDARD2_0
    private const int MaxArrayLength = 0x7FFFFFC7; // Array.MaxLength, which netstandard2.0 does not have
#else
    private static int MaxArrayLength => Array.MaxLength;
#endif

    /// <summary>
    /// Replaces <paramref name="buffer"/> with an array from <paramref name="pool"/> of at least twice its size (at least
    /// <paramref name="used"/> + <paramref name="needed"/>, at most <paramref name="cap"/> and <c>Array.MaxLength</c>)
    /// holding its first <paramref name="used"/> bytes, and returns the old array to the pool.
    /// </summary>
    /// <param name="pool">Where both arrays come from and go back to.</param>
    /// <param name="buffer">The buffer; a larger one afterwards.</param>
    /// <param name="used">How many bytes at its start are kept.</param>
    /// <param name="needed">How many more bytes must fit after them.</param>
    /// <param name="cap">The largest size asked for.</param>
    public static void Grow(ArrayPool<byte> pool, ref byte[] buffer, int used, int needed, long cap = long.MaxValue)
    {
        long size = Math.Min(Math.Min(cap, MaxArrayLength), Math.Max((long)buffer.Length * 2, (long)used + needed));
        byte[] larger = pool.Rent((int)size);
        buffer.AsSpan(0, used).CopyTo(larger);
        byte[] old = buffer;
        buffer = larger;
        pool.Return(old);
    }
}
