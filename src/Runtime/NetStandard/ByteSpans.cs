using System;
using System.Runtime.CompilerServices;

namespace Jsonable;

/// <summary>
/// Byte comparisons for the netstandard2.0 hot paths: System.Memory's portable <c>SequenceEqual</c>/<c>StartsWith</c>
/// go through <c>Vector&lt;T&gt;</c>, which Mono's JIT does not turn into SIMD instructions; eight bytes at a time
/// through pointers is faster there (and plain C++ under IL2CPP).
/// </summary>
internal static unsafe class ByteSpans
{
    public static bool StartsWith(ReadOnlySpan<byte> span, ReadOnlySpan<byte> prefix)
    {
        int length = prefix.Length;
        if (length > span.Length)
        {
            return false;
        }

        fixed (byte* a = span)
        fixed (byte* b = prefix)
        {
            int i = 0;
            for (; i + sizeof(ulong) <= length; i += sizeof(ulong))
            {
                if (Unsafe.ReadUnaligned<ulong>(a + i) != Unsafe.ReadUnaligned<ulong>(b + i))
                {
                    return false;
                }
            }

            for (; i < length; i++)
            {
                if (a[i] != b[i])
                {
                    return false;
                }
            }
        }

        return true;
    }
}
