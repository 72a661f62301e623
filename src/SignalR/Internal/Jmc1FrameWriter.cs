using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;

namespace Jsonable.AspNetCore.SignalR.Internal;

/// <summary>The envelope primitives of the jmc1 hub protocol (see <see cref="JsonableJmc1HubProtocol"/>): varints, strings, headers.</summary>
internal static class Jmc1FrameWriter
{
    public const int MaxVarIntLength = 10;

    public static void WriteVarInt(IBufferWriter<byte> output, ulong value)
    {
        Span<byte> span = output.GetSpan(MaxVarIntLength);
        int i = 0;
        while (value >= 0x80)
        {
            span[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        span[i++] = (byte)value;
        output.Advance(i);
    }

    public static void WriteByte(IBufferWriter<byte> output, byte value)
    {
        output.GetSpan(1)[0] = value;
        output.Advance(1);
    }

    /// <summary>A string: varint (UTF-8 length + 1), then the bytes; 0 alone is <see langword="null"/>.</summary>
    public static void WriteString(IBufferWriter<byte> output, string? value)
    {
        if (value is null)
        {
            WriteByte(output, 0);
            return;
        }

        int length = Encoding.UTF8.GetByteCount(value);
        WriteVarInt(output, (ulong)length + 1);
        Span<byte> span = output.GetSpan(length);
#if NET
        int written = Encoding.UTF8.GetBytes(value, span);
#else
        byte[] bytes = Encoding.UTF8.GetBytes(value);
        bytes.CopyTo(span);
        int written = bytes.Length;
#endif
        output.Advance(written);
    }

    public static void WriteHeaders(IBufferWriter<byte> output, IDictionary<string, string>? headers)
    {
        if (headers is null || headers.Count == 0)
        {
            WriteByte(output, 0);
            return;
        }

        WriteVarInt(output, (ulong)headers.Count);
        foreach (KeyValuePair<string, string> header in headers)
        {
            WriteString(output, header.Key);
            WriteString(output, header.Value);
        }
    }

    public static void WriteStreamIds(IBufferWriter<byte> output, string[]? streamIds)
    {
        if (streamIds is null)
        {
            WriteByte(output, 0);
            return;
        }

        WriteVarInt(output, (ulong)streamIds.Length);
        foreach (string streamId in streamIds)
        {
            WriteString(output, streamId);
        }
    }
}
