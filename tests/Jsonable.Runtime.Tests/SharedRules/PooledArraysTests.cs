#nullable enable
using System;
using System.Buffers;
using System.Collections.Generic;
using Jsonable.Internal;

namespace Jsonable.Runtime.Tests.SharedRules;

/// <summary>The one growth rule of pooled byte buffers (request bodies, responses, client bodies).</summary>
public sealed class PooledArraysTests
{
    [Fact]
    public void Grow_KeepsTheWrittenBytes_DoublesAndReturnsTheOldArray()
    {
        var pool = new CountingPool();
        byte[] buffer = pool.Rent(16);
        byte[] first = buffer;
        "0123456789"u8.CopyTo(buffer);

        PooledArrays.Grow(pool, ref buffer, used: 10, needed: 1);

        Assert.Equal(32, buffer.Length);
        Assert.Equal("0123456789"u8.ToArray(), buffer.AsSpan(0, 10).ToArray());
        Assert.Equal([first], pool.Returned);
    }

    [Fact]
    public void Grow_ByMoreThanDouble_AndNeverPastTheCap()
    {
        var pool = new CountingPool();
        byte[] buffer = pool.Rent(16);

        PooledArrays.Grow(pool, ref buffer, used: 16, needed: 100);
        Assert.Equal(116, buffer.Length);

        PooledArrays.Grow(pool, ref buffer, used: 116, needed: 1, cap: 150);
        Assert.Equal(150, buffer.Length);
    }

    /// <summary>Rents exact sizes and records what comes back.</summary>
    private sealed class CountingPool : ArrayPool<byte>
    {
        public List<byte[]> Returned { get; } = [];

        public override byte[] Rent(int minimumLength) => new byte[minimumLength];

        public override void Return(byte[] array, bool clearArray = false) => Returned.Add(array);
    }
}
