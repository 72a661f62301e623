using System;
using System.Buffers;
using System.Collections.Generic;
using System.Threading;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The arrays large request bodies are read into. A body's array that comes back is kept for the next large body for a
/// few seconds only: a burst of large requests reuses the same arrays (rather than leaving the garbage collector a new
/// body-sized array per request, which costs gen-2 collections), and once the burst is over nothing is kept, unlike
/// <see cref="ArrayPool{T}.Shared"/>, which keeps an array per size class per core for the life of the process.
/// </summary>
internal sealed class LargeBodyPool : ArrayPool<byte>
{
    private readonly int _maxArrays;
    private readonly long _idleMilliseconds;
    private readonly List<(byte[] Array, long ReturnedAt)> _arrays = [];
    private Timer? _trim;

    /// <param name="maxArrays">The most arrays kept.</param>
    /// <param name="idle">How long a returned array is kept unused before it is dropped.</param>
    public LargeBodyPool(int maxArrays, TimeSpan idle)
    {
        _maxArrays = maxArrays;
        _idleMilliseconds = (long)idle.TotalMilliseconds;
    }

    /// <summary>The pool request bodies use: up to four arrays per core, each kept 5 s.</summary>
    public static LargeBodyPool Instance { get; } = new(Environment.ProcessorCount * 4, TimeSpan.FromSeconds(5));

    /// <summary>How many arrays are kept right now.</summary>
    public int Count
    {
        get
        {
            lock (_arrays)
            {
                return _arrays.Count;
            }
        }
    }

    /// <summary>
    /// The smallest kept array that holds <paramref name="minimumLength"/> bytes and is at most twice that, else a new
    /// one (uninitialized: every byte a body uses is written before it is read).
    /// </summary>
    public override byte[] Rent(int minimumLength)
    {
        lock (_arrays)
        {
            int best = -1;
            for (int i = 0; i < _arrays.Count; i++)
            {
                int length = _arrays[i].Array.Length;
                if (length >= minimumLength && length / 2 <= minimumLength && (best < 0 || length < _arrays[best].Array.Length))
                {
                    best = i;
                }
            }

            if (best >= 0)
            {
                byte[] array = _arrays[best].Array;
                _arrays.RemoveAt(best);
                return array;
            }
        }

        return GC.AllocateUninitializedArray<byte>(minimumLength);
    }

    /// <summary>Keeps the array for a while, in place of the oldest one when the pool is full.</summary>
    public override void Return(byte[] array, bool clearArray = false)
    {
        if (clearArray)
        {
            array.AsSpan().Clear();
        }

        lock (_arrays)
        {
            if (_arrays.Count >= _maxArrays)
            {
                _arrays.RemoveAt(0);
            }

            _arrays.Add((array, Environment.TickCount64));
            if (_trim is null)
            {
                // The timer must not hold on to the request's execution context (its AsyncLocals) while it runs.
                using (ExecutionContext.SuppressFlow())
                {
                    _trim = new Timer(static pool => ((LargeBodyPool)pool!).Trim(), this, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(1));
                }
            }
        }
    }

    /// <summary>Drops the arrays unused for the idle time or longer; stops the timer once none is left.</summary>
    internal void Trim()
    {
        lock (_arrays)
        {
            long now = Environment.TickCount64;
            _arrays.RemoveAll(a => now - a.ReturnedAt >= _idleMilliseconds);
            if (_arrays.Count == 0 && _trim is { } trim)
            {
                _trim = null;
                trim.Dispose();
            }
        }
    }
}
