using System;
using System.Buffers;

namespace Jsonable.Mono.Tests
{
    /// <summary>A growable byte buffer (netstandard2.0 consumers, like Unity's, have no public ArrayBufferWriter).</summary>
    internal sealed class Output : IBufferWriter<byte>
    {
        private byte[] _buffer = new byte[256];
        private int _written;

        public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

        public void Advance(int count) => _written += count;

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            Grow(sizeHint);
            return _buffer.AsMemory(_written);
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            Grow(sizeHint);
            return _buffer.AsSpan(_written);
        }

        private void Grow(int sizeHint)
        {
            if (_buffer.Length - _written < Math.Max(sizeHint, 1))
            {
                Array.Resize(ref _buffer, Math.Max(_buffer.Length * 2, _written + sizeHint));
            }
        }
    }
}
