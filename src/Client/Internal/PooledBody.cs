using System;
using System.Buffers;
using System.IO;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Internal;

namespace Jsonable.Http.Internal;

/// <summary>
/// A whole response body read from the response stream into an array rented from the shared pool — bytes as they came,
/// never decoded to text (a JMC1 body is bytes, not UTF-8). Dispose to return the array.
/// </summary>
internal sealed class PooledBody : IDisposable
{
    private const int UnknownLengthInitialSize = 16 * 1024;

    private byte[] _buffer;

    private PooledBody(byte[] buffer, int length, bool truncated)
    {
        _buffer = buffer;
        Length = length;
        Truncated = truncated;
    }

    public int Length { get; }

    /// <summary>Whether the body went on past the limit and only its first bytes were kept.</summary>
    public bool Truncated { get; }

    public ReadOnlySpan<byte> Span => _buffer.AsSpan(0, Length);

    public ReadOnlyMemory<byte> Memory => _buffer.AsMemory(0, Length);

    /// <summary>Reads <paramref name="content"/> to its end.</summary>
    /// <param name="content">The response content.</param>
    /// <param name="limit">The most bytes to keep.</param>
    /// <param name="truncateAtLimit">
    /// Past <paramref name="limit"/>: keep the first bytes and stop (an error body, kept for the exception) rather than fail.
    /// </param>
    /// <param name="cancellationToken">Stops reading.</param>
    public static async Task<PooledBody> ReadAsync(HttpContent content, long limit, bool truncateAtLimit, CancellationToken cancellationToken)
    {
        long? declared = content.Headers.ContentLength;
        if (declared > limit && !truncateAtLimit)
        {
            throw TooLarge(limit, declared);
        }

        // Honour Content-Length: one rent of the right size (one byte more, to see the end without growing); else grow by doubling.
        long initial = declared is long length ? Math.Min(length, limit) + 1 : Math.Min(UnknownLengthInitialSize, limit + 1);
        byte[] buffer = ArrayPool<byte>.Shared.Rent((int)Math.Min(initial, Array.MaxLength));
        int written = 0;
        try
        {
            Stream stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
#if NET
            await using (stream.ConfigureAwait(false))
#else
            using (stream)
#endif
            {
                while (true)
                {
                    if (written == buffer.Length)
                    {
                        if (written > limit)
                        {
                            break;
                        }

                        PooledArrays.Grow(ArrayPool<byte>.Shared, ref buffer, written, needed: 1, cap: limit + 1);
                    }

                    // Never read more than one byte past the limit: enough to know the body is too large.
                    int room = (int)Math.Min(buffer.Length - written, limit + 1 - written);
                    int read = await stream.ReadAsync(buffer.AsMemory(written, room), cancellationToken).ConfigureAwait(false);
                    if (read == 0)
                    {
                        break;
                    }

                    written += read;
                    if (written > limit)
                    {
                        break;
                    }
                }
            }

            if (written > limit)
            {
                if (!truncateAtLimit)
                {
                    throw TooLarge(limit, declared);
                }

                return new PooledBody(buffer, (int)limit, truncated: true);
            }

            return new PooledBody(buffer, written, truncated: false);
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw;
        }
    }

    public byte[] ToArray() => Span.ToArray();

    public void Dispose()
    {
        byte[] buffer = _buffer;
        _buffer = [];
        if (buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private static HttpRequestException TooLarge(long limit, long? declared) => new(
#if NET
        HttpRequestError.ConfigurationLimitExceeded,
#endif
        declared is long length
            ? $"The response body ({length} bytes by its Content-Length) is larger than {nameof(JsonableHttpOptions)}.{nameof(JsonableHttpOptions.MaxResponseBytes)} ({limit} bytes)."
            : $"The response body is larger than {nameof(JsonableHttpOptions)}.{nameof(JsonableHttpOptions.MaxResponseBytes)} ({limit} bytes).");
}
