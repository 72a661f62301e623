using System;
using System.Buffers;
using System.IO.Pipelines;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// A whole request body as one UTF-8 (or JMC1) span: either a view of the request pipe's single segment or a pooled
/// copy. Parse it, then dispose it; nothing may keep the span (the generated readers materialize every value).
/// </summary>
internal sealed class RequestBody : IDisposable
{
    private PipeReader? _pipe;
    private ReadOnlySequence<byte> _inPipe;
    private byte[]? _pooled;
    private ArrayPool<byte>? _pool;
    private int _length;
    private bool _parsed;
    private object? _value;
    private System.Runtime.ExceptionServices.ExceptionDispatchInfo? _error;

    private RequestBody()
    {
    }

    /// <summary>The body's bytes; valid until <see cref="Dispose"/>.</summary>
    public ReadOnlySpan<byte> Span
    {
        get
        {
            ObjectDisposedException.ThrowIf(_pipe is null && _pooled is null, this);
            return _pooled is not null ? _pooled.AsSpan(0, _length) : _inPipe.FirstSpan;
        }
    }

    /// <summary>The number of bytes.</summary>
    public int Length => _length;

    /// <summary>Whether the body was read piece by piece as it arrived (<see cref="Value"/>), so there are no bytes to parse.</summary>
    public bool IsParsed => _parsed;

    /// <summary>The value read piece by piece; throws the reading's error (a <see cref="JsonableException"/>) where the caller handles errors.</summary>
    public object? Value
    {
        get
        {
            _error?.Throw();
            return _value;
        }
    }

    internal static RequestBody Parsed(object? value, System.Runtime.ExceptionServices.ExceptionDispatchInfo? error) =>
        new() { _parsed = true, _value = value, _error = error, _length = int.MaxValue };

    internal static RequestBody InPipe(PipeReader pipe, ReadOnlySequence<byte> body) =>
        new() { _pipe = pipe, _inPipe = body, _length = (int)body.Length };

    internal static RequestBody Pooled(byte[] buffer, int length, ArrayPool<byte> pool) =>
        new() { _pooled = buffer, _length = length, _pool = pool };

    /// <summary>Returns the pooled copy, or tells the pipe the bytes are consumed.</summary>
    public void Dispose()
    {
        if (_pipe is { } pipe)
        {
            _pipe = null;
            pipe.AdvanceTo(_inPipe.End);
            _inPipe = default;
        }

        if (_pooled is { } pooled)
        {
            _pooled = null;
            _pool!.Return(pooled);
        }
    }
}
