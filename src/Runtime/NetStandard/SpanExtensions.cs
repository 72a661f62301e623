using System;
using System.Buffers;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Jsonable;

/// <summary>netstandard2.0 stand-ins for the span overloads of <see cref="Encoding"/> and <see cref="Stream"/> (.NET Core 2.1+).</summary>
internal static class SpanExtensions
{
    extension(Encoding encoding)
    {
        public unsafe string GetString(ReadOnlySpan<byte> bytes)
        {
            fixed (byte* p = bytes)
            {
                return bytes.IsEmpty ? string.Empty : encoding.GetString(p, bytes.Length);
            }
        }

        public unsafe int GetBytes(ReadOnlySpan<char> chars, Span<byte> bytes)
        {
            fixed (char* c = chars)
            fixed (byte* b = bytes)
            {
                return chars.IsEmpty ? 0 : encoding.GetBytes(c, chars.Length, b, bytes.Length);
            }
        }

        public unsafe int GetBytes(string chars, Span<byte> bytes) => encoding.GetBytes(chars.AsSpan(), bytes);

        public unsafe int GetChars(ReadOnlySpan<byte> bytes, Span<char> chars)
        {
            fixed (byte* b = bytes)
            fixed (char* c = chars)
            {
                return bytes.IsEmpty ? 0 : encoding.GetChars(b, bytes.Length, c, chars.Length);
            }
        }

        public unsafe int GetByteCount(ReadOnlySpan<char> chars)
        {
            fixed (char* c = chars)
            {
                return chars.IsEmpty ? 0 : encoding.GetByteCount(c, chars.Length);
            }
        }

        public unsafe int GetCharCount(ReadOnlySpan<byte> bytes)
        {
            fixed (byte* b = bytes)
            {
                return bytes.IsEmpty ? 0 : encoding.GetCharCount(b, bytes.Length);
            }
        }
    }

    extension(Stream stream)
    {
        public void Write(ReadOnlySpan<byte> buffer)
        {
            byte[] rented = ArrayPool<byte>.Shared.Rent(buffer.Length);
            try
            {
                buffer.CopyTo(rented);
                stream.Write(rented, 0, buffer.Length);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }

        public int Read(Span<byte> buffer)
        {
            byte[] rented = ArrayPool<byte>.Shared.Rent(buffer.Length);
            try
            {
                int n = stream.Read(rented, 0, buffer.Length);
                rented.AsSpan(0, n).CopyTo(buffer);
                return n;
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }

        public ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (MemoryMarshal.TryGetArray(buffer, out ArraySegment<byte> segment))
            {
                return new ValueTask(stream.WriteAsync(segment.Array!, segment.Offset, segment.Count, cancellationToken));
            }

            return new ValueTask(stream.WriteAsync(buffer.ToArray(), 0, buffer.Length, cancellationToken));
        }

        public ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (MemoryMarshal.TryGetArray(buffer, out ArraySegment<byte> segment))
            {
                return new ValueTask<int>(stream.ReadAsync(segment.Array!, segment.Offset, segment.Count, cancellationToken));
            }

            return ReadIntoCopy(stream, buffer, cancellationToken);

            static async ValueTask<int> ReadIntoCopy(Stream stream, Memory<byte> buffer, CancellationToken cancellationToken)
            {
                byte[] array = new byte[buffer.Length];
                int n = await stream.ReadAsync(array, 0, array.Length, cancellationToken).ConfigureAwait(false);
                array.AsSpan(0, n).CopyTo(buffer.Span);
                return n;
            }
        }
    }
}
