using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

namespace Jsonable.AspNetCore.SignalR.Internal;

/// <summary>
/// Reads the envelope of one whole jmc1 frame (its length already checked): every read is bounds-checked and a frame
/// that ends early, overflows a varint or claims more bytes than it holds is an <see cref="InvalidDataException"/>,
/// which SignalR answers by closing the connection with that error.
/// </summary>
internal ref struct Jmc1FrameReader
{
    private readonly ReadOnlySpan<byte> _frame;
    private int _pos;

    public Jmc1FrameReader(ReadOnlySpan<byte> frame)
    {
        _frame = frame;
        _pos = 0;
    }

    public readonly bool End => _pos == _frame.Length;

    public readonly int Position => _pos;

    public byte ReadByte()
    {
        if (_pos >= _frame.Length)
        {
            throw Truncated();
        }

        return _frame[_pos++];
    }

    public ulong ReadVarInt()
    {
        ulong value = 0;
        for (int shift = 0; shift < 64; shift += 7)
        {
            byte b = ReadByte();
            value |= (ulong)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                if (shift == 63 && b > 1)
                {
                    break;
                }

                return value;
            }
        }

        throw new InvalidDataException("A varint in the jmc1 frame is longer than 64 bits.");
    }

    public int ReadLength(string what)
    {
        ulong length = ReadVarInt();
        if (length > (ulong)(_frame.Length - _pos))
        {
            throw new InvalidDataException($"The jmc1 frame claims {length} bytes of {what} but holds {_frame.Length - _pos}.");
        }

        return (int)length;
    }

    public ReadOnlySpan<byte> ReadBytes(int length)
    {
        ReadOnlySpan<byte> bytes = _frame.Slice(_pos, length);
        _pos += length;
        return bytes;
    }

    public string? ReadString(string what)
    {
        ulong prefix = ReadVarInt();
        if (prefix == 0)
        {
            return null;
        }

        if (prefix - 1 > (ulong)(_frame.Length - _pos))
        {
            throw new InvalidDataException($"The jmc1 frame claims {prefix - 1} bytes of {what} but holds {_frame.Length - _pos}.");
        }

        ReadOnlySpan<byte> utf8 = ReadBytes((int)(prefix - 1));
        try
        {
#if NET
            return StrictUtf8.GetString(utf8);
#else
            return StrictUtf8.GetString(utf8.ToArray());
#endif
        }
        catch (DecoderFallbackException exception)
        {
            throw new InvalidDataException($"The {what} in the jmc1 frame is not valid UTF-8.", exception);
        }
    }

    public string ReadRequiredString(string what) =>
        ReadString(what) ?? throw new InvalidDataException($"The jmc1 frame has no {what}.");

    public Dictionary<string, string>? ReadHeaders()
    {
        int count = ReadCount("headers");
        if (count == 0)
        {
            return null;
        }

        var headers = new Dictionary<string, string>(count, StringComparer.Ordinal);
        for (int i = 0; i < count; i++)
        {
            headers[ReadRequiredString("header name")] = ReadRequiredString("header value");
        }

        return headers;
    }

    public string[]? ReadStreamIds()
    {
        int count = ReadCount("stream ids");
        if (count == 0)
        {
            return null;
        }

        var ids = new string[count];
        for (int i = 0; i < count; i++)
        {
            ids[i] = ReadRequiredString("stream id");
        }

        return ids;
    }

    /// <summary>A count of entries, each at least one byte: a count the rest of the frame cannot hold allocates nothing.</summary>
    public int ReadCount(string what)
    {
        ulong count = ReadVarInt();
        if (count > (ulong)(_frame.Length - _pos))
        {
            throw new InvalidDataException($"The jmc1 frame claims {count} {what} but holds {_frame.Length - _pos} bytes.");
        }

        return (int)count;
    }

    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private static InvalidDataException Truncated() => new("The jmc1 frame ends before its message does.");
}
