using System.Collections.Generic;

namespace System.Buffers;

/// <summary>
/// netstandard2.0 stand-in for .NET 8's <c>SearchValues</c>: a 256-entry table per set (every set here is ASCII),
/// searched with a scalar loop, or with System.Memory's vectorized <c>IndexOfAny</c> when the set has at most three values.
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
    private readonly bool[] _table = new bool[256];

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

            _table[index] = true;
        }
    }

    internal bool Contains(T value)
    {
        int index = ToInt(value);
        return index < 256 && _table[index];
    }

    private static int ToInt(T value) => typeof(T) == typeof(byte) ? (byte)(object)value : (char)(object)value;
}

/// <summary>The searches that <c>MemoryExtensions</c> offers for <c>SearchValues</c> on .NET 8 and later.</summary>
internal static class SearchValuesExtensions
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

        for (int i = 0; i < span.Length; i++)
        {
            if (values.Contains(span[i]))
            {
                return i;
            }
        }

        return -1;
    }

    public static int IndexOfAny(this ReadOnlySpan<char> span, SearchValues<char> values)
    {
        for (int i = 0; i < span.Length; i++)
        {
            if (values.Contains(span[i]))
            {
                return i;
            }
        }

        return -1;
    }

    public static int IndexOfAnyExcept(this ReadOnlySpan<byte> span, SearchValues<byte> values)
    {
        for (int i = 0; i < span.Length; i++)
        {
            if (!values.Contains(span[i]))
            {
                return i;
            }
        }

        return -1;
    }
}
