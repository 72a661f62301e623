using System.Buffers;
using System.Text;
using Jsonable.AspNetCore.SignalR.Internal;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.Options;

namespace Jsonable.SignalR.Tests;

/// <summary>The Jsonable json protocol's frames against SignalR's own JsonHubProtocol's, byte for byte, for every message type.</summary>
public sealed class JsonFrameTests
{
    static JsonFrameTests() => Probe.Register();

    internal static JsonHubProtocol Plain() => new(Options.Create(new JsonHubProtocolOptions()));

    internal static JsonHubProtocol Jsonable()
    {
        var options = new JsonHubProtocolOptions();
        new JsonableHubProtocolOptionsSetup().PostConfigure(Options.DefaultName, options);
        return new JsonHubProtocol(Options.Create(options));
    }

    private static PlayerState Tricky() => new()
    {
        // Text each encoder treats its own way: quotes, controls, HTML-sensitive ASCII, non-ASCII, an emoji.
        Name = "\"q\" \\ \n\t <a href='x'>&amp; é 日本 😀 \u0001",
        X = 0.1,
        Y = -1e-7,
        Score = int.MinValue,
        Alive = true,
        Items = [],
    };

    public static TheoryData<string> MessageNames() => new(Messages().Keys);

    private static Dictionary<string, HubMessage> Messages() => new()
    {
        ["invocation"] = new InvocationMessage("1", "Move", [Samples.Player(1), Tricky()]) { Headers = new Dictionary<string, string> { ["h"] = "v" } },
        ["invocation, non-blocking"] = new InvocationMessage("Tick", [Samples.Game(3), 5, "text", null]),
        ["invocation with stream ids"] = new InvocationMessage("2", "Upload", [], ["7"]),
        ["stream invocation"] = new StreamInvocationMessage("3", "Follow", [Samples.Player(2)], ["8"]),
        ["stream item"] = new StreamItemMessage("3", Samples.Game(2)),
        ["completion with result"] = CompletionMessage.WithResult("1", Tricky()),
        ["completion with null result"] = CompletionMessage.WithResult("1", null),
        ["completion with error"] = CompletionMessage.WithError("1", "no room 😀"),
        ["completion, void"] = CompletionMessage.Empty("1"),
        ["cancel invocation"] = new CancelInvocationMessage("3"),
        ["ping"] = PingMessage.Instance,
        ["close"] = CloseMessage.Empty,
        ["close with error"] = new CloseMessage("bye", allowReconnect: true),
        ["ack"] = new AckMessage(42),
        ["sequence"] = new SequenceMessage(43),
    };

    [Theory]
    [MemberData(nameof(MessageNames))]
    public void Every_message_type_is_written_as_signalrs_json_protocol_writes_it(string name)
    {
        HubMessage message = Messages()[name];
        string expected = Encoding.UTF8.GetString(Plain().GetMessageBytes(message).Span);
        string actual = Encoding.UTF8.GetString(Jsonable().GetMessageBytes(message).Span);
        Assert.Equal(expected, actual);
        Assert.EndsWith("\u001e", actual, StringComparison.Ordinal);
    }

    [Fact]
    public void The_protocol_keeps_signalrs_name_version_and_transfer_format()
    {
        JsonHubProtocol protocol = Jsonable();
        Assert.Equal("json", protocol.Name);
        Assert.Equal(2, protocol.Version);
        Assert.Equal(TransferFormat.Text, protocol.TransferFormat);
    }

    [Fact]
    public void Handshakes_are_signalrs()
    {
        // The handshake is SignalR's HandshakeProtocol whichever hub protocol is registered: shown here for the record.
        var writer = new ArrayBufferWriter<byte>();
        HandshakeProtocol.WriteRequestMessage(new HandshakeRequestMessage("json", 2), writer);
        Assert.Equal("{\"protocol\":\"json\",\"version\":2}\u001e", Encoding.UTF8.GetString(writer.WrittenSpan));
    }

    [Theory]
    [MemberData(nameof(MessageNames))]
    public void Every_message_type_parses_back_to_the_same_frame(string name)
    {
        HubMessage message = Messages()[name];
        JsonHubProtocol protocol = Jsonable();
        byte[] frame = protocol.GetMessageBytes(message).ToArray();
        var input = new ReadOnlySequence<byte>(frame);
        var binder = new TestBinder([typeof(PlayerState), typeof(PlayerState)], typeof(PlayerState), typeof(GameState));
        if (name == "invocation, non-blocking")
        {
            binder = new TestBinder([typeof(GameState), typeof(int), typeof(string), typeof(string)]);
        }
        else if (name is "invocation with stream ids")
        {
            binder = new TestBinder([]);
        }
        else if (name is "stream invocation")
        {
            binder = new TestBinder([typeof(PlayerState)]);
        }

        Assert.True(protocol.TryParseMessage(ref input, binder, out HubMessage? parsed));
        Assert.True(input.IsEmpty);
        Assert.Equal(Encoding.UTF8.GetString(frame), Encoding.UTF8.GetString(protocol.GetMessageBytes(parsed!).Span));
    }

    [Fact]
    public void Arguments_are_read_by_the_generated_code()
    {
        // Echo's Probe is a number on the wire only to its hand-registered reader (which adds one).
        byte[] frame = Encoding.UTF8.GetBytes("{\"type\":1,\"target\":\"Echo\",\"arguments\":[4]}\u001e");
        var binder = new TestBinder([typeof(Probe)]);

        var input = new ReadOnlySequence<byte>(frame);
        Assert.True(Jsonable().TryParseMessage(ref input, binder, out HubMessage? parsed));
        Assert.Equal(5, Assert.IsType<Probe>(Assert.IsType<InvocationMessage>(parsed).Arguments[0]).Value);

        input = new ReadOnlySequence<byte>(frame);
        Assert.True(Plain().TryParseMessage(ref input, binder, out parsed));
        Assert.IsType<InvocationBindingFailureMessage>(parsed);
    }

    [Fact]
    public void Results_are_written_by_the_generated_code()
    {
        HubMessage message = CompletionMessage.WithResult("1", new Probe { Value = 4 });
        Assert.Equal("{\"type\":3,\"invocationId\":\"1\",\"result\":40}\u001e", Encoding.UTF8.GetString(Jsonable().GetMessageBytes(message).Span));
        Assert.Equal("{\"type\":3,\"invocationId\":\"1\",\"result\":{\"value\":4}}\u001e", Encoding.UTF8.GetString(Plain().GetMessageBytes(message).Span));
    }
}
