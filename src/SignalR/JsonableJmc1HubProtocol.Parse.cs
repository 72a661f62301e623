using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Runtime.ExceptionServices;
using System.Text.Json;
using Jsonable.AspNetCore.SignalR.Internal;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.SignalR;

/// <summary>Parsing: framing errors close the connection (<see cref="InvalidDataException"/>); binding errors fail one message.</summary>
public sealed partial class JsonableJmc1HubProtocol
{
    // A frame length is at most int.MaxValue: five varint bytes.
    private const int MaxLengthPrefix = 5;

    /// <inheritdoc />
    public bool TryParseMessage(ref ReadOnlySequence<byte> input, IInvocationBinder binder, [NotNullWhen(true)] out HubMessage? message)
    {
        if (binder is null)
        {
            throw new ArgumentNullException(nameof(binder));
        }

        message = null;
        if (!TryReadFrameLength(input, out int length, out int prefix) || input.Length - prefix < length)
        {
            return false;
        }

        ReadOnlySequence<byte> frame = input.Slice(prefix, length);
        byte[]? rented = null;
        try
        {
            ReadOnlySpan<byte> span;
            if (frame.IsSingleSegment)
            {
                span = frame.First.Span;
            }
            else
            {
                rented = ArrayPool<byte>.Shared.Rent(length);
                frame.CopyTo(rented);
                span = rented.AsSpan(0, length);
            }

            message = Parse(span, binder);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }

        input = input.Slice(frame.End);
        return true;
    }

    private static bool TryReadFrameLength(ReadOnlySequence<byte> input, out int length, out int prefix)
    {
        length = 0;
        prefix = 0;
        ulong value = 0;
        Span<byte> head = stackalloc byte[MaxLengthPrefix];
        int available = (int)Math.Min(input.Length, MaxLengthPrefix);
        input.Slice(0, available).CopyTo(head);
        for (int i = 0; i < available; i++)
        {
            byte b = head[i];
            value |= (ulong)(b & 0x7F) << (7 * i);
            if (b < 0x80)
            {
                if (value > int.MaxValue)
                {
                    break;
                }

                length = (int)value;
                prefix = i + 1;
                return true;
            }
        }

        if (available < MaxLengthPrefix && value <= int.MaxValue)
        {
            return false; // the prefix itself has not all arrived
        }

        throw new InvalidDataException("The jmc1 frame's length prefix is longer than 5 bytes or above 2 GB.");
    }

    private HubMessage Parse(ReadOnlySpan<byte> frame, IInvocationBinder binder)
    {
        var reader = new Jmc1FrameReader(frame);
        byte type = reader.ReadByte();
        HubMessage message = type switch
        {
            InvocationType => ParseInvocation(frame, ref reader, binder, stream: false),
            StreamInvocationType => ParseInvocation(frame, ref reader, binder, stream: true),
            StreamItemType => ParseStreamItem(frame, ref reader, binder),
            CompletionType => ParseCompletion(frame, ref reader, binder),
            CancelInvocationType => ParseCancel(ref reader),
            PingType => PingMessage.Instance,
            CloseType => ParseClose(ref reader),
            AckType => new AckMessage(ReadSequenceId(ref reader)),
            SequenceType => new SequenceMessage(ReadSequenceId(ref reader)),
            _ => throw new InvalidDataException($"Unknown jmc1 message type {type}."),
        };

        if (!reader.End)
        {
            throw new InvalidDataException("The jmc1 frame has bytes after its message.");
        }

        return message;
    }

    private HubMessage ParseInvocation(ReadOnlySpan<byte> frame, ref Jmc1FrameReader reader, IInvocationBinder binder, bool stream)
    {
        Dictionary<string, string>? headers = reader.ReadHeaders();
        string? invocationId = reader.ReadString("invocation id");
        if (stream && string.IsNullOrEmpty(invocationId))
        {
            throw new InvalidDataException("A jmc1 stream invocation has no invocation id.");
        }

        string target = reader.ReadRequiredString("target");
        int count = reader.ReadCount("arguments");
        var values = new RawValue[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = ReadRawValue(ref reader);
        }

        string[]? streamIds = reader.ReadStreamIds();
        object?[] arguments;
        try
        {
            IReadOnlyList<Type> types = binder.GetParameterTypes(target);
            if (types.Count != count)
            {
                throw new InvalidDataException($"Invocation provides {count} argument(s) but target expects {types.Count}.");
            }

            arguments = new object?[count];
            for (int i = 0; i < count; i++)
            {
                arguments[i] = Bind(frame, values[i], types[i]);
            }
        }
        catch (Exception exception)
        {
            return new InvocationBindingFailureMessage(invocationId, target, ExceptionDispatchInfo.Capture(exception));
        }

        HubMethodInvocationMessage message = stream
            ? new StreamInvocationMessage(invocationId!, target, arguments, streamIds)
            : new InvocationMessage(invocationId, target, arguments, streamIds);
        message.Headers = headers;
        return message;
    }

    private HubMessage ParseStreamItem(ReadOnlySpan<byte> frame, ref Jmc1FrameReader reader, IInvocationBinder binder)
    {
        Dictionary<string, string>? headers = reader.ReadHeaders();
        string invocationId = reader.ReadRequiredString("invocation id");
        RawValue value = ReadRawValue(ref reader);
        try
        {
            return new StreamItemMessage(invocationId, Bind(frame, value, binder.GetStreamItemType(invocationId))) { Headers = headers };
        }
        catch (Exception exception)
        {
            return new StreamBindingFailureMessage(invocationId, ExceptionDispatchInfo.Capture(exception));
        }
    }

    private HubMessage ParseCompletion(ReadOnlySpan<byte> frame, ref Jmc1FrameReader reader, IInvocationBinder binder)
    {
        Dictionary<string, string>? headers = reader.ReadHeaders();
        string invocationId = reader.ReadRequiredString("invocation id");
        CompletionMessage completion;
        switch (reader.ReadByte())
        {
            case ErrorResult:
                completion = CompletionMessage.WithError(invocationId, reader.ReadRequiredString("error"));
                break;
            case VoidResult:
                completion = CompletionMessage.Empty(invocationId);
                break;
            case NonVoidResult:
                RawValue value = ReadRawValue(ref reader);
                Type? returnType = null;
                try
                {
                    returnType = binder.GetReturnType(invocationId);
                    completion = CompletionMessage.WithResult(invocationId, Bind(frame, value, returnType));
                }
                catch (Exception exception)
                {
                    // As SignalR's protocols do: the invocation completes with the binding error instead.
                    completion = CompletionMessage.WithError(invocationId, $"Error trying to deserialize result to {returnType?.Name ?? "the return type"}. {exception.Message}");
                }

                break;
            default:
                throw new InvalidDataException("Unknown jmc1 completion kind.");
        }

        completion.Headers = headers;
        return completion;
    }

    private static CancelInvocationMessage ParseCancel(ref Jmc1FrameReader reader)
    {
        Dictionary<string, string>? headers = reader.ReadHeaders();
        return new CancelInvocationMessage(reader.ReadRequiredString("invocation id")) { Headers = headers };
    }

    private static CloseMessage ParseClose(ref Jmc1FrameReader reader)
    {
        string? error = reader.ReadString("error");
        bool allowReconnect = reader.ReadByte() switch
        {
            0 => false,
            1 => true,
            _ => throw new InvalidDataException("A jmc1 close message's reconnect flag is neither 0 nor 1."),
        };
        return error is null && !allowReconnect ? CloseMessage.Empty : new CloseMessage(error, allowReconnect);
    }

    private static long ReadSequenceId(ref Jmc1FrameReader reader)
    {
        ulong id = reader.ReadVarInt();
        return id <= long.MaxValue ? (long)id : throw new InvalidDataException("A jmc1 sequence id is above 2^63 - 1.");
    }

    private static RawValue ReadRawValue(ref Jmc1FrameReader reader)
    {
        byte tag = reader.ReadByte();
        if (tag == NullValue)
        {
            return new RawValue(tag, 0, 0);
        }

        if (tag is not (Jmc1Value or JsonValue))
        {
            throw new InvalidDataException($"Unknown jmc1 value tag {tag}.");
        }

        int length = reader.ReadLength("value");
        int start = reader.Position;
        reader.ReadBytes(length);
        return new RawValue(tag, start, length);
    }

    private object? Bind(ReadOnlySpan<byte> frame, RawValue value, Type type)
    {
        if (value.Tag == NullValue)
        {
            if (type.IsValueType && Nullable.GetUnderlyingType(type) is null)
            {
                throw new InvalidDataException($"null cannot be bound to {type.Name}.");
            }

            return null;
        }

        ReadOnlySpan<byte> bytes = frame.Slice(value.Start, value.Length);
        if (JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) && info.CanRead)
        {
            return JsonableSerializer.Deserialize(bytes, type, value.Tag == Jmc1Value ? JsonableFormat.Jmc1 : JsonableFormat.Json, _readerOptions);
        }

        JsonSerializerOptions options = value.Tag == Jmc1Value ? _payloadSkippingComments : _payload;
        return JsonSerializer.Deserialize(bytes, options.GetTypeInfo(type));
    }

    private readonly struct RawValue(byte tag, int start, int length)
    {
        public byte Tag { get; } = tag;

        public int Start { get; } = start;

        public int Length { get; } = length;
    }
}
