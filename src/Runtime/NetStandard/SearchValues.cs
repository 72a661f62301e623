using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace System.Buffers;

/// <summary>
/// netstandard2.0 stand-in for .NET 8's <c>SearchValues</c>: a 256-entry table per set (every set here is ASCII),
/// searched with a scalar loop over a pointer, or with System.Memory's <c>IndexOfAny</c> when the set has at most three
/// values. (Mono's JIT neither inlines the portable span's indexer nor removes a generic box, so the loops read
/// through pointers and index the table directly.)
/// </summary>
internal static class SearchValues
{
    public static SearchValues<byte> Create(ReadOnlySpan<byte> values) => new(values.ToArray());

    public static SearchValues<char> Create(string values) => new(values.ToCharArray());
}

/// <summary>A set of values to search for (see <see cref="SearchValues"/>).</summary>
/// <typeparam name="T"><see cref="byte"/> or <see cref="char"/>.</typeparam>
internal sealed class SearchValues<T>
    where T : struct, IEquatable<T>
{
    internal readonly T[] Values;
    internal readonly bool[] Table = new bool[256];

    internal SearchValues(T[] values)
    {
        Values = values;
        foreach (T value in values)
        {
            int index = ToInt(value);
            if (index > 255)
            {
                throw new ArgumentOutOfRangeException(nameof(values), "Only values below 256 are supported.");
            }

            Table[index] = true;
        }
    }

    internal bool Contains(T value)
    {
        int index = ToInt(value);
        return index < 256 && Table[index];
    }

    private static int ToInt(T value) => typeof(T) == typeof(byte) ? Unsafe.As<T, byte>(ref value) : Unsafe.As<T, char>(ref value);
}

/// <summary>The searches that <c>MemoryExtensions</c> offers for <c>SearchValues</c> on .NET 8 and later.</summary>
internal static unsafe class SearchValuesExtensions
{
    public static int IndexOfAny(this ReadOnlySpan<byte> span, SearchValues<byte> values)
    {
        byte[] set = values.Values;
        switch (set.Length)
        {
            case 1: return span.IndexOf(set[0]);
            case 2: return span.IndexOfAny(set[0], set[1]);
            case 3: return span.IndexOfAny(set[0], set[1], set[2]);
        }

        bool[] table = values.Table;
        fixed (byte* p = span)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (table[p[i]])
                {
                    return i;
                }
            }
        }

        return -1;
    }

    public static int IndexOfAny(this ReadOnlySpan<char> span, SearchValues<char> values)
    {
        bool[] table = values.Table;
        fixed (char* p = span)
        {
            for (int i = 0; i < span.Length; i++)
            {
                char c = p[i];
                if (c < 256 && table[c])
                {
                    return i;
                }
            }
        }

        return -1;
    }

    public static int IndexOfAnyExcept(this ReadOnlySpan<byte> span, SearchValues<byte> values)
    {
        bool[] table = values.Table;
        fixed (byte* p = span)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (!table[p[i]])
                {
                    return i;
                }
            }
        }

        return -1;
    }
}
