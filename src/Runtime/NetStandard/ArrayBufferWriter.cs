namespace System.Buffers;

/// <summary>
/// netstandard2.0 stand-in for <c>System.Buffers.ArrayBufferWriter&lt;T&gt;</c> (public from .NET Core 3.0; System.Memory's
/// copy is internal): a growable array that hands out its free space.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class ArrayBufferWriter<T> : IBufferWriter<T>
{
    private T[] _buffer;
    private int _index;

    public ArrayBufferWriter()
        : this(256)
    {
    }

    public ArrayBufferWriter(int initialCapacity) => _buffer = new T[Math.Max(initialCapacity, 1)];

    public ReadOnlyMemory<T> WrittenMemory => _buffer.AsMemory(0, _index);

    public ReadOnlySpan<T> WrittenSpan => _buffer.AsSpan(0, _index);

    public int WrittenCount => _index;

    public int Capacity => _buffer.Length;

    public int FreeCapacity => _buffer.Length - _index;

    public void Clear()
    {
        _buffer.AsSpan(0, _index).Clear();
        _index = 0;
    }

    public void ResetWrittenCount() => _index = 0;

    public void Advance(int count)
    {
        if (count < 0 || _index > _buffer.Length - count)
        {
            throw new ArgumentOutOfRangeException(nameof(count));
        }

        _index += count;
    }

    public Memory<T> GetMemory(int sizeHint = 0)
    {
        Grow(sizeHint);
        return _buffer.AsMemory(_index);
    }

    public Span<T> GetSpan(int sizeHint = 0)
    {
        Grow(sizeHint);
        return _buffer.AsSpan(_index);
    }

    private void Grow(int sizeHint)
    {
        if (sizeHint < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(sizeHint));
        }

        sizeHint = Math.Max(sizeHint, 1);
        if (sizeHint <= FreeCapacity)
        {
            return;
        }

        int size = Math.Max(_buffer.Length * 2, _index + sizeHint);
        Array.Resize(ref _buffer, size);
    }
}
