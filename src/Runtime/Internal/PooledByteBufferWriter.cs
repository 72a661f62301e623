using System;
using System.Buffers;

namespace Jsonable.Internal;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> over arrays rented from the shared pool; dispose to return them. Shared source: compiled
/// into each Jsonable package that stages bytes (netstandard2.0 has no ArrayBufferWriter to pool).
/// </summary>
internal sealed class PooledByteBufferWriter : IBufferWriter<byte>, IDisposable
{
    private byte[] _buffer;
    private int _written;

    public PooledByteBufferWriter(int initialCapacity = 4096)
    {
        _buffer = ArrayPool<byte>.Shared.Rent(initialCapacity);
    }

    public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

    public ReadOnlyMemory<byte> WrittenMemory => _buffer.AsMemory(0, _written);

    /// <summary>The bytes written, as the array they are in (for APIs that take arrays).</summary>
    public ArraySegment<byte> WrittenSegment => new(_buffer, 0, _written);

    /// <summary>Forgets what was written and keeps the array, to stage the next piece of a stream in it.</summary>
    public void Reset() => _written = 0;

    public void Advance(int count)
    {
        if ((uint)count > (uint)(_buffer.Length - _written))
        {
            throw new ArgumentOutOfRangeException(nameof(count));
        }

        _written += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_written);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_written);
    }

    public void Dispose()
    {
        byte[] buffer = _buffer;
        _buffer = [];
        if (buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private void Ensure(int sizeHint)
    {
        sizeHint = Math.Max(sizeHint, 1);
        if (_buffer.Length - _written >= sizeHint)
        {
            return;
        }

        PooledArrays.Grow(ArrayPool<byte>.Shared, ref _buffer, _written, sizeHint);
    }
}
