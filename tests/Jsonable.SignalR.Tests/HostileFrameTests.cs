using System.Buffers;
using System.Net.WebSockets;
using System.Text;
using Jsonable.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;

namespace Jsonable.SignalR.Tests;

/// <summary>
/// Hostile frames: malformed, truncated, lying lengths, wrong argument types, 1 MB of <c>[</c>, lone surrogates, over
/// <c>MaximumReceiveMessageSize</c>. Each ends in a completion with an error or a clean close, never a crash: the
/// server keeps serving other connections.
/// </summary>
public sealed class HostileFrameTests : IAsyncLifetime
{
    private HubHost _host = null!;

    static HostileFrameTests() => Probe.Register();

    public async Task InitializeAsync() =>
        _host = await HubHost.StartAsync(static signalR => signalR.AddJsonableProtocol().AddJsonableJmc1Protocol(), maximumReceiveMessageSize: 64 * 1024);

    public async Task DisposeAsync() => await _host.DisposeAsync();

    private static readonly string OneMegabyteOfBrackets = new('[', 1024 * 1024);

    public static TheoryData<string, string, string> JsonFrames() => new()
    {
        // name, frame (without the separator), what the server answers: "error" (a completion with an error) or "close"
        { "malformed", "{\"type\":1,\"invocationId\":\"1\",\"target\":", "close" },
        { "not json", "hello", "close" },
        { "wrong argument type", "{\"type\":1,\"invocationId\":\"1\",\"target\":\"Move\",\"arguments\":[\"not a player\"]}", "error" },
        { "wrong member type", "{\"type\":1,\"invocationId\":\"1\",\"target\":\"Move\",\"arguments\":[{\"score\":\"ten\"}]}", "error" },
        { "too few arguments", "{\"type\":1,\"invocationId\":\"1\",\"target\":\"Greet\",\"arguments\":[\"a\"]}", "error" },
        { "unknown target", "{\"type\":1,\"invocationId\":\"1\",\"target\":\"Nope\",\"arguments\":[]}", "error" },
        { "deep nesting in a Jsonable argument", "{\"type\":1,\"invocationId\":\"1\",\"target\":\"Move\",\"arguments\":[{\"items\":" + new string('[', 5000) + "]}", "close" },
        { "lone surrogate in a Jsonable argument", "{\"type\":1,\"invocationId\":\"1\",\"target\":\"Move\",\"arguments\":[{\"name\":\"\\uD800x\"}]}", "error" },
        // SignalR's JSON protocol (which parses every json frame here) does not answer a message of a type it does not know,
        // as without Jsonable: the hostile connection gets no answer ("timeout" after the test's wait); others are served.
        { "unknown message type (no answer)", "{\"type\":99}", "timeout" },
        { "over MaximumReceiveMessageSize", "{\"type\":1,\"invocationId\":\"1\",\"target\":\"Greet\",\"arguments\":[\"" + new string('a', 70 * 1024) + "\",1]}", "close" },
        { "1 MB of [", OneMegabyteOfBrackets, "close" },
    };

    [Theory]
    [MemberData(nameof(JsonFrames))]
    public async Task Hostile_json_frames_end_in_an_error_or_a_clean_close(string name, string frame, string expected)
    {
        _ = name;
        await using var socket = await RawHubSocket.ConnectAsync(_host, "json", WebSocketMessageType.Text);
        await socket.SendAsync(Encoding.UTF8.GetBytes(frame + "\u001e"));
        string answer = await socket.ReceiveJsonAnswerAsync();
        Assert.Equal(expected, answer.Split(':')[0]);
        await AssertServerStillServesAsync();
    }

    [Fact]
    public async Task A_lone_surrogate_in_a_string_argument_fails_the_invocation()
    {
        // Greet's string goes through the payload options: System.Text.Json refuses the lone \uD800 as it reads it.
        await using var socket = await RawHubSocket.ConnectAsync(_host, "json", WebSocketMessageType.Text);
        await socket.SendAsync(Encoding.UTF8.GetBytes("{\"type\":1,\"invocationId\":\"1\",\"target\":\"Greet\",\"arguments\":[\"\\uD800\",1]}\u001e"));
        string answer = await socket.ReceiveJsonAnswerAsync();
        Assert.StartsWith("error:Failed to invoke 'Greet' due to an error on the server.", answer, StringComparison.Ordinal);
    }

    public static TheoryData<string, byte[], string> Jmc1Frames()
    {
        var protocol = new JsonableJmc1HubProtocol();
        byte[] valid = protocol.GetMessageBytes(new InvocationMessage("1", "Move", [Samples.Player(1)])).ToArray();
        byte[] wrongType = protocol.GetMessageBytes(new InvocationMessage("1", "Move", ["not a player"])).ToArray();
        byte[] wrongCount = protocol.GetMessageBytes(new InvocationMessage("1", "Greet", ["a"])).ToArray();
        byte[] surrogate = protocol.GetMessageBytes(new InvocationMessage("1", "Move", [new PlayerState { Name = "\ud800" }])).ToArray();
        byte[] brackets = Frame([1, 0, 2, (byte)'1', 5, .. "Move"u8, 1, 2, .. VarInt(1024 * 1024), .. Enumerable.Repeat((byte)'[', 1024 * 1024), 0]);
        return new()
        {
            { "truncated (length says more, connection ends)", valid[..^3], "close-on-end" },
            { "lying value length", Frame([1, 0, 2, (byte)'1', 5, .. "Move"u8, 1, 1, 100, .. "{}"u8, 0]), "close" },
            { "lying argument count", Frame([1, 0, 2, (byte)'1', 5, .. "Move"u8, 0x7F, 0]), "close" },
            { "unknown message type", Frame([99]), "close" },
            { "unknown value tag", Frame([1, 0, 2, (byte)'1', 5, .. "Move"u8, 1, 7, 0, 0]), "close" },
            { "bytes after the message", Frame([6, 0]), "close" },
            { "invalid UTF-8 target", Frame([1, 0, 2, (byte)'1', 3, 0xC3, 0x28, 0, 0]), "close" },
            { "varint too long", [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], "close" },
            { "wrong argument type", wrongType, "error" },
            { "too few arguments", wrongCount, "error" },
            { "lone surrogate in a Jsonable argument", surrogate, "result" },
            { "1 MB of [ (over MaximumReceiveMessageSize)", brackets, "close" },
            { "garbage JMC1 in a Jsonable argument", Frame([1, 0, 2, (byte)'1', 5, .. "Move"u8, 1, 1, 4, .. "/*J{"u8, 0]), "error" },
        };
    }

    [Theory]
    [MemberData(nameof(Jmc1Frames))]
    public async Task Hostile_jmc1_frames_end_in_an_error_or_a_clean_close(string name, byte[] frame, string expected)
    {
        _ = name;
        await using var socket = await RawHubSocket.ConnectAsync(_host, "jmc1", WebSocketMessageType.Binary);
        await socket.SendAsync(frame);
        if (expected == "close-on-end")
        {
            await socket.CloseOutputAsync();
            expected = "close";
        }

        string answer = await socket.ReceiveJmc1AnswerAsync();
        Assert.Equal(expected, answer.Split(':')[0]);
        await AssertServerStillServesAsync();
    }

    [Fact]
    public void A_lone_surrogate_written_by_the_hub_is_an_error_not_invalid_utf8()
    {
        // What the generated writer does with a lone surrogate decides what a hub can put on the wire.
        var protocol = new JsonableJmc1HubProtocol();
        Exception? error = Record.Exception(() => protocol.GetMessageBytes(CompletionMessage.WithResult("1", new PlayerState { Name = "\udc00" })));
        if (error is null)
        {
            byte[] frame = protocol.GetMessageBytes(CompletionMessage.WithResult("1", new PlayerState { Name = "\udc00" })).ToArray();
            var input = new ReadOnlySequence<byte>(frame);
            Assert.True(protocol.TryParseMessage(ref input, new TestBinder(returnType: typeof(PlayerState)), out HubMessage? parsed));
            Assert.Null(Assert.IsType<CompletionMessage>(parsed).Error);
        }
    }

    private async Task AssertServerStillServesAsync()
    {
        await using var socket = await RawHubSocket.ConnectAsync(_host, "json", WebSocketMessageType.Text);
        await socket.SendAsync(Encoding.UTF8.GetBytes("{\"type\":1,\"invocationId\":\"9\",\"target\":\"Greet\",\"arguments\":[\"ok\",1]}\u001e"));
        Assert.Equal("result:\"hi ok;\"", await socket.ReceiveJsonAnswerAsync());
    }

    private static byte[] Frame(byte[] body) => [.. VarInt(body.Length), .. body];

    private static byte[] VarInt(int value)
    {
        var bytes = new List<byte>();
        uint v = (uint)value;
        while (v >= 0x80)
        {
            bytes.Add((byte)(v | 0x80));
            v >>= 7;
        }

        bytes.Add((byte)v);
        return [.. bytes];
    }
}
