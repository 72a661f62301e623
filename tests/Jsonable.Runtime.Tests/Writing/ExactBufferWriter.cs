using System;
using System.Buffers;
using System.Collections.Generic;

namespace Jsonable.Runtime.Tests.Writing;

/// <summary>An output that gives exactly the room asked for, in a new chunk each time: a writer that writes past what it reserved corrupts or throws here.</summary>
internal sealed class ExactBufferWriter : IBufferWriter<byte>
{
    private readonly List<byte> _written = [];
    private byte[] _chunk = [];

    public byte[] Written => [.. _written];

    public int Chunks { get; private set; }

    public void Advance(int count) => _written.AddRange(_chunk.AsSpan(0, count).ToArray());

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Chunks++;
        _chunk = new byte[Math.Max(sizeHint, 1)];
        return _chunk;
    }

    public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;
}
