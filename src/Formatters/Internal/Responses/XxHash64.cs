using System;
using System.Buffers.Binary;
using System.Numerics;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// XXH64 (the xxHash 64-bit algorithm, by its published specification), for entity tags computed from a response body.
/// Written here rather than taken from System.IO.Hashing so the package needs no dependency beyond ASP.NET Core for
/// one small function; it is not cryptographic, and an entity tag does not need it to be.
/// </summary>
internal static class XxHash64
{
    private const ulong Prime1 = 0x9E3779B185EBCA87UL;
    private const ulong Prime2 = 0xC2B2AE3D27D4EB4FUL;
    private const ulong Prime3 = 0x165667B19E3779F9UL;
    private const ulong Prime4 = 0x85EBCA77C2B2AE63UL;
    private const ulong Prime5 = 0x27D4EB2F165667C5UL;

    /// <summary>The XXH64 hash of <paramref name="data"/> with <paramref name="seed"/>.</summary>
    public static ulong Hash(ReadOnlySpan<byte> data, ulong seed = 0)
    {
        int length = data.Length;
        int offset = 0;
        ulong hash;
        if (length >= 32)
        {
            ulong v1 = seed + Prime1 + Prime2;
            ulong v2 = seed + Prime2;
            ulong v3 = seed;
            ulong v4 = seed - Prime1;
            for (; offset <= length - 32; offset += 32)
            {
                v1 = Round(v1, BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(offset)));
                v2 = Round(v2, BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(offset + 8)));
                v3 = Round(v3, BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(offset + 16)));
                v4 = Round(v4, BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(offset + 24)));
            }

            hash = BitOperations.RotateLeft(v1, 1) + BitOperations.RotateLeft(v2, 7) + BitOperations.RotateLeft(v3, 12) + BitOperations.RotateLeft(v4, 18);
            hash = MergeRound(hash, v1);
            hash = MergeRound(hash, v2);
            hash = MergeRound(hash, v3);
            hash = MergeRound(hash, v4);
        }
        else
        {
            hash = seed + Prime5;
        }

        hash += (ulong)length;
        for (; offset + 8 <= length; offset += 8)
        {
            hash ^= Round(0, BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(offset)));
            hash = (BitOperations.RotateLeft(hash, 27) * Prime1) + Prime4;
        }

        if (offset + 4 <= length)
        {
            hash ^= BinaryPrimitives.ReadUInt32LittleEndian(data.Slice(offset)) * Prime1;
            hash = (BitOperations.RotateLeft(hash, 23) * Prime2) + Prime3;
            offset += 4;
        }

        for (; offset < length; offset++)
        {
            hash ^= data[offset] * Prime5;
            hash = BitOperations.RotateLeft(hash, 11) * Prime1;
        }

        hash ^= hash >> 33;
        hash *= Prime2;
        hash ^= hash >> 29;
        hash *= Prime3;
        hash ^= hash >> 32;
        return hash;
    }

    private static ulong Round(ulong accumulator, ulong input)
    {
        accumulator += input * Prime2;
        accumulator = BitOperations.RotateLeft(accumulator, 31);
        return accumulator * Prime1;
    }

    private static ulong MergeRound(ulong accumulator, ulong value)
    {
        accumulator ^= Round(0, value);
        return (accumulator * Prime1) + Prime4;
    }
}
