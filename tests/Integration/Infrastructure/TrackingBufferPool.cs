using System.Buffers;
using System.Collections.Concurrent;
using Jsonable.AspNetCore.Internal;

namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// Stands in for the pool request bodies are copied into (<see cref="RequestBodyReader.BufferPool"/>, or that of large
/// bodies) while a test runs:
/// it records every array handed out and taken back, and overwrites each returned array with 0xFF, so a value that
/// still pointed into a returned buffer would show garbage instead of the data sent. Tests using it are in
/// <see cref="RequestBodyPoolCollection"/>, which runs alone (the pool is process-wide).
/// </summary>
public sealed class TrackingBufferPool : ArrayPool<byte>, IDisposable
{
    private readonly ArrayPool<byte> _previous;
    private readonly bool _largeBodies;
    private readonly ConcurrentDictionary<byte[], byte> _outstanding = new(ReferenceEqualityComparer.Instance);
    private readonly ConcurrentQueue<int> _sizes = new();
    private readonly TaskCompletionSource _firstRent = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private int _rented;
    private int _returnedTwice;

    /// <summary>Installs this pool until disposed.</summary>
    /// <param name="largeBodies">Stand in for the pool of large bodies (<see cref="RequestBodyReader.LargeBufferPool"/>) instead.</param>
    public TrackingBufferPool(bool largeBodies = false)
    {
        _largeBodies = largeBodies;
        if (largeBodies)
        {
            _previous = RequestBodyReader.LargeBufferPool;
            RequestBodyReader.LargeBufferPool = this;
        }
        else
        {
            _previous = RequestBodyReader.BufferPool;
            RequestBodyReader.BufferPool = this;
        }
    }

    /// <summary>How many arrays were rented.</summary>
    public int Rented => Volatile.Read(ref _rented);

    /// <summary>The length of each array handed out, in order.</summary>
    public int[] RentedSizes => [.. _sizes];

    /// <summary>Completes when the first array has been handed out.</summary>
    public Task FirstRent => _firstRent.Task;

    /// <summary>How many rented arrays have not come back.</summary>
    public int Outstanding => _outstanding.Count;

    /// <summary>How many times an array came back that was not out (a double return).</summary>
    public int ReturnedTwice => Volatile.Read(ref _returnedTwice);

    /// <inheritdoc />
    public override byte[] Rent(int minimumLength)
    {
        byte[] array = new byte[Math.Max(minimumLength, 1)];
        _outstanding[array] = 0;
        _sizes.Enqueue(array.Length);
        Interlocked.Increment(ref _rented);
        _firstRent.TrySetResult();
        return array;
    }

    /// <inheritdoc />
    public override void Return(byte[] array, bool clearArray = false)
    {
        if (!_outstanding.TryRemove(array, out _))
        {
            Interlocked.Increment(ref _returnedTwice);
        }

        array.AsSpan().Fill(0xFF);
    }

    /// <summary>Puts the previous pool back.</summary>
    public void Dispose()
    {
        if (_largeBodies)
        {
            RequestBodyReader.LargeBufferPool = _previous;
        }
        else
        {
            RequestBodyReader.BufferPool = _previous;
        }
    }
}

/// <summary>Tests that swap the process-wide request-body pool: run alone, so no other request rents from it meanwhile.</summary>
[CollectionDefinition(nameof(RequestBodyPoolCollection), DisableParallelization = true)]
public sealed class RequestBodyPoolCollection;
