using System;
using System.Buffers;
using System.Text.Json;
using Jsonable.AspNetCore.SignalR.Internal;
using Jsonable.Internal;
using Jsonable.SystemTextJson;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.Options;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.SignalR;

/// <summary>
/// The <c>jmc1</c> hub protocol: binary, for .NET and Unity clients. Each message is a frame: its length as a varint
/// (7 bits a byte, low first, as SignalR's MessagePack protocol prefixes its frames), a message type byte (SignalR's
/// numbers: 1 invocation … 9 sequence), then the message's fields; every argument, result and stream item is a value:
/// a tag byte (0 null, 1 a JMC1 document written by the generated code, 2 UTF-8 JSON written by
/// <see cref="JsonableJmc1HubProtocolOptions.PayloadSerializerOptions"/>), its length as a varint, and its bytes. A
/// reader never trusts a length past the frame, and a value it cannot bind fails that one invocation, as with SignalR's
/// own protocols. docs/realtime.md in the repository has the full layout.
/// </summary>
public sealed partial class JsonableJmc1HubProtocol : IHubProtocol
{
    /// <summary>The protocol's name in the SignalR handshake.</summary>
    public const string ProtocolName = "jmc1";

    // Version 2, as SignalR's own protocols since ASP.NET Core 8: the ack and sequence messages of stateful reconnect,
    // without which SignalR turns stateful reconnect off for the connection. Version 1 clients are still accepted.
    private const int ProtocolVersion = 2;

    // Message type numbers, as SignalR's HubProtocolConstants number them.
    private const byte InvocationType = 1;
    private const byte StreamItemType = 2;
    private const byte CompletionType = 3;
    private const byte StreamInvocationType = 4;
    private const byte CancelInvocationType = 5;
    private const byte PingType = 6;
    private const byte CloseType = 7;
    private const byte AckType = 8;
    private const byte SequenceType = 9;

    // Value tags.
    private const byte NullValue = 0;
    private const byte Jmc1Value = 1;
    private const byte JsonValue = 2;

    // Completion kinds.
    private const byte ErrorResult = 1;
    private const byte VoidResult = 2;
    private const byte NonVoidResult = 3;

    private readonly JsonSerializerOptions _payload;
    private readonly JsonSerializerOptions _payloadSkippingComments;
    private readonly JsonableReaderOptions? _readerOptions;
    private readonly JsonableWriterOptions? _writerOptions;

    /// <summary>Creates the protocol with default options.</summary>
    public JsonableJmc1HubProtocol()
        : this(Options.Create(new JsonableJmc1HubProtocolOptions()))
    {
    }

    /// <summary>Creates the protocol with <paramref name="options"/>.</summary>
    /// <param name="options">The protocol's options.</param>
    public JsonableJmc1HubProtocol(IOptions<JsonableJmc1HubProtocolOptions> options)
    {
        if (options is null)
        {
            throw new ArgumentNullException(nameof(options));
        }

        JsonableJmc1HubProtocolOptions value = options.Value;
        _payload = value.PayloadSerializerOptions.AddJsonable();
        // A JMC1 value bound to a type that is not a Jsonable type (an object parameter): JMC1 is JSON with comments.
        _payloadSkippingComments = new JsonSerializerOptions(_payload) { ReadCommentHandling = JsonCommentHandling.Skip };
        _readerOptions = value.ReaderOptions;
        _writerOptions = value.WriterOptions;
    }

    /// <inheritdoc />
    public string Name => ProtocolName;

    /// <inheritdoc />
    public int Version => ProtocolVersion;

    /// <inheritdoc />
    public TransferFormat TransferFormat => TransferFormat.Binary;

    /// <inheritdoc />
    public bool IsVersionSupported(int version) => version <= Version;

    /// <inheritdoc />
    public ReadOnlyMemory<byte> GetMessageBytes(HubMessage message)
    {
        using var output = new PooledByteBufferWriter(512);
        WriteMessage(message, output);
        return output.WrittenSpan.ToArray();
    }

    /// <inheritdoc />
    public void WriteMessage(HubMessage message, IBufferWriter<byte> output)
    {
        if (message is null || output is null)
        {
            throw new ArgumentNullException(message is null ? nameof(message) : nameof(output));
        }

        using var body = new PooledByteBufferWriter(512);
        using var scratch = new PooledByteBufferWriter(512);
        WriteBody(message, body, scratch);
        Jmc1FrameWriter.WriteVarInt(output, (ulong)body.WrittenSpan.Length);
        Span<byte> destination = output.GetSpan(body.WrittenSpan.Length);
        body.WrittenSpan.CopyTo(destination);
        output.Advance(body.WrittenSpan.Length);
    }

    private void WriteBody(HubMessage message, PooledByteBufferWriter body, PooledByteBufferWriter scratch)
    {
        switch (message)
        {
            case InvocationMessage invocation:
                Jmc1FrameWriter.WriteByte(body, InvocationType);
                WriteInvocation(invocation, body, scratch);
                break;
            case StreamInvocationMessage streamInvocation:
                Jmc1FrameWriter.WriteByte(body, StreamInvocationType);
                WriteInvocation(streamInvocation, body, scratch);
                break;
            case StreamItemMessage item:
                Jmc1FrameWriter.WriteByte(body, StreamItemType);
                Jmc1FrameWriter.WriteHeaders(body, item.Headers);
                Jmc1FrameWriter.WriteString(body, item.InvocationId);
                WriteValue(item.Item, body, scratch);
                break;
            case CompletionMessage completion:
                Jmc1FrameWriter.WriteByte(body, CompletionType);
                Jmc1FrameWriter.WriteHeaders(body, completion.Headers);
                Jmc1FrameWriter.WriteString(body, completion.InvocationId);
                if (completion.Error is not null)
                {
                    Jmc1FrameWriter.WriteByte(body, ErrorResult);
                    Jmc1FrameWriter.WriteString(body, completion.Error);
                }
                else if (completion.HasResult)
                {
                    Jmc1FrameWriter.WriteByte(body, NonVoidResult);
                    WriteValue(completion.Result, body, scratch);
                }
                else
                {
                    Jmc1FrameWriter.WriteByte(body, VoidResult);
                }

                break;
            case CancelInvocationMessage cancel:
                Jmc1FrameWriter.WriteByte(body, CancelInvocationType);
                Jmc1FrameWriter.WriteHeaders(body, cancel.Headers);
                Jmc1FrameWriter.WriteString(body, cancel.InvocationId);
                break;
            case PingMessage:
                Jmc1FrameWriter.WriteByte(body, PingType);
                break;
            case CloseMessage close:
                Jmc1FrameWriter.WriteByte(body, CloseType);
                Jmc1FrameWriter.WriteString(body, close.Error);
                Jmc1FrameWriter.WriteByte(body, close.AllowReconnect ? (byte)1 : (byte)0);
                break;
            case AckMessage ack:
                Jmc1FrameWriter.WriteByte(body, AckType);
                Jmc1FrameWriter.WriteVarInt(body, (ulong)ack.SequenceId);
                break;
            case SequenceMessage sequence:
                Jmc1FrameWriter.WriteByte(body, SequenceType);
                Jmc1FrameWriter.WriteVarInt(body, (ulong)sequence.SequenceId);
                break;
            default:
                throw new InvalidOperationException($"The jmc1 hub protocol has no frame for {message.GetType().FullName}.");
        }
    }

    private void WriteInvocation(HubMethodInvocationMessage invocation, PooledByteBufferWriter body, PooledByteBufferWriter scratch)
    {
        Jmc1FrameWriter.WriteHeaders(body, invocation.Headers);
        Jmc1FrameWriter.WriteString(body, invocation.InvocationId);
        Jmc1FrameWriter.WriteString(body, invocation.Target);
        object?[] arguments = invocation.Arguments ?? [];
        Jmc1FrameWriter.WriteVarInt(body, (ulong)arguments.Length);
        foreach (object? argument in arguments)
        {
            WriteValue(argument, body, scratch);
        }

        Jmc1FrameWriter.WriteStreamIds(body, invocation.StreamIds);
    }

    private void WriteValue(object? value, PooledByteBufferWriter body, PooledByteBufferWriter scratch)
    {
        if (value is null)
        {
            Jmc1FrameWriter.WriteByte(body, NullValue);
            return;
        }

        Type type = value.GetType();
        scratch.Reset();
        byte tag;
        if (JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) && info.CanWrite)
        {
            JsonableSerializer.Serialize(scratch, value, type, JsonableFormat.Jmc1, _writerOptions);
            tag = Jmc1Value;
        }
        else
        {
            using var writer = new Utf8JsonWriter(scratch);
            JsonSerializer.Serialize(writer, value, _payload.GetTypeInfo(type));
            tag = JsonValue;
        }

        Jmc1FrameWriter.WriteByte(body, tag);
        Jmc1FrameWriter.WriteVarInt(body, (ulong)scratch.WrittenSpan.Length);
        scratch.WrittenSpan.CopyTo(body.GetSpan(scratch.WrittenSpan.Length));
        body.Advance(scratch.WrittenSpan.Length);
    }
}
