using System;
using System.Buffers;
using System.Collections.Generic;
using System.ComponentModel;

namespace Jsonable.Metadata;

/// <summary>
/// Collects the elements of an array or list whose length is not known in advance (plain JSON has no count) in
/// pooled storage, so that only the final array or list is allocated. Generated readers use it.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public struct ArrayBuilder<T>
{
#if NET
    // The first elements live in the builder itself (a local of the generated reader): most lists of unknown length are
    // short, and renting and returning pooled storage (two thread-static lookups, and clearing an array of references)
    // cost more than reading them. Sixteen keeps lists of a dozen or so items (ids, tags, the rows of a small table)
    // out of the pool for a few more bytes of the reader's frame to zero.
    private const int InlineCount = 16;
    private InlineItems _inline;

    [System.Runtime.CompilerServices.InlineArray(InlineCount)]
    private struct InlineItems
    {
        private T _element;
    }
#endif

    private T[]? _items;
    private int _count;

    /// <summary>The number of elements added.</summary>
    public readonly int Count => _count;

    /// <summary>Adds an element.</summary>
    /// <param name="item">The element.</param>
    public void Add(T item)
    {
#if NET
        if (_items is null && _count < InlineCount)
        {
            _inline[_count++] = item;
            return;
        }
#endif
        if (_items is null || _count == _items.Length)
        {
            Grow();
        }

        _items![_count++] = item;
    }

    /// <summary>The elements added, wherever they are held.</summary>
    private Span<T> Items
    {
#if NET
        [System.Diagnostics.CodeAnalysis.UnscopedRef]
#endif
        get
        {
#if NET
            if (_items is null)
            {
                return ((Span<T>)_inline).Slice(0, _count);
            }
#endif
            return _items.AsSpan(0, _count);
        }
    }

    /// <summary>Copies the elements into a new array and returns the pooled storage.</summary>
    public T[] ToArray()
    {
        if (_count == 0)
        {
            Release();
            return [];
        }

#if !NET
        var result = new T[_count];
        Array.Copy(_items!, result, _count);
#else
        T[] result = Items.ToArray();
#endif
        Release();
        return result;
    }

    /// <summary>
    /// Copies the elements into a new list whose capacity is exactly <see cref="Count"/> and returns the pooled
    /// storage: reading a list of unknown length this way allocates only the final list, not every size it grows
    /// through (4, 8, 16, ...).
    /// </summary>
    public List<T> ToList()
    {
#if !NET
        // netstandard2.0 (Mono, IL2CPP): no span between the pooled array and the list, and none at all for an empty one.
        if (_count == 0)
        {
            return new List<T>();
        }

        var copy = new List<T>(_count);
        T[] items = _items!;
        for (int i = 0; i < _count; i++)
        {
            copy.Add(items[i]);
        }

        Release();
        return copy;
#else
        var list = new List<T>(_count);
        list.AddRange(Items);
        Release();
        return list;
#endif
    }

    /// <summary>Copies the elements into <paramref name="destination"/>, which must have exactly <see cref="Count"/> slots, and returns it.</summary>
    /// <param name="destination">The array to overwrite in place.</param>
    public T[] CopyTo(T[] destination)
    {
        ArgumentNullException.ThrowIfNull(destination);
        Items.CopyTo(destination);
        Release();
        return destination;
    }

    private void Grow()
    {
        T[] larger = ArrayPool<T>.Shared.Rent(_items is null ? Math.Max(_count * 2, 8) : _items.Length * 2);
#if NET
        if (_items is null)
        {
            Items.CopyTo(larger); // the inline elements
        }
#endif
        if (_items is not null)
        {
            _items.AsSpan(0, _count).CopyTo(larger);
            ArrayPool<T>.Shared.Return(_items, clearArray: System.Runtime.CompilerServices.RuntimeHelpers.IsReferenceOrContainsReferences<T>());
        }

        _items = larger;
    }

    private void Release()
    {
        if (_items is not null)
        {
            ArrayPool<T>.Shared.Return(_items, clearArray: System.Runtime.CompilerServices.RuntimeHelpers.IsReferenceOrContainsReferences<T>());
            _items = null;
        }

        _count = 0;
    }
}
