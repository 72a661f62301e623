using System.Buffers;
using System.Net.WebSockets;
using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;

namespace Jsonable.SignalR.Tests;

/// <summary>A WebSocket to the hub that sends whatever bytes a test gives it, as a hostile client would.</summary>
internal sealed class RawHubSocket : IAsyncDisposable
{
    private readonly ClientWebSocket _socket;
    private readonly WebSocketMessageType _type;

    private RawHubSocket(ClientWebSocket socket, WebSocketMessageType type)
    {
        _socket = socket;
        _type = type;
    }

    public static async Task<RawHubSocket> ConnectAsync(HubHost host, string protocol, WebSocketMessageType type)
    {
        var socket = new ClientWebSocket();
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        await socket.ConnectAsync(new Uri("ws" + host.HubUrl[4..]), timeout.Token);
        var raw = new RawHubSocket(socket, type);
        await raw.SendAsync(Encoding.UTF8.GetBytes("{\"protocol\":\"" + protocol + "\",\"version\":1}\u001e"));
        byte[]? handshake = await raw.ReceiveAsync();
        Assert.Equal("{}\u001e", Encoding.UTF8.GetString(handshake!));
        return raw;
    }

    /// <summary>Sends one message; a server that closed while it was being sent (a frame past its limit) ends the send, not the test.</summary>
    public async Task SendAsync(byte[] bytes)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        try
        {
            await _socket.SendAsync(bytes, _type, endOfMessage: true, timeout.Token);
        }
        catch (Exception ex) when (ex is WebSocketException or OperationCanceledException)
        {
            // The answer to look for is the close that follows.
        }
    }

    public Task CloseOutputAsync() => _socket.CloseOutputAsync(WebSocketCloseStatus.NormalClosure, null, CancellationToken.None);

    /// <summary>One WebSocket message, or <see langword="null"/> once the server closed.</summary>
    public async Task<byte[]?> ReceiveAsync()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        var buffer = new ArrayBufferWriter<byte>();
        while (true)
        {
            ValueWebSocketReceiveResult result;
            try
            {
                result = await _socket.ReceiveAsync(buffer.GetMemory(4096), timeout.Token);
            }
            catch (Exception ex) when (ex is WebSocketException or OperationCanceledException)
            {
                return null; // the server dropped the connection (or the socket was aborted): a close, if not a polite one
            }

            if (result.MessageType == WebSocketMessageType.Close)
            {
                return null;
            }

            buffer.Advance(result.Count);
            if (result.EndOfMessage)
            {
                return buffer.WrittenSpan.ToArray();
            }
        }
    }

    /// <summary>"error:…" for a completion with an error, "result:…" for one with a result, "close:…" for a close message or a closed socket; pings are skipped.</summary>
    public async Task<string> ReceiveJsonAnswerAsync()
    {
        // Pings keep coming while the server has nothing else to say: an answer that never comes fails the test, not the run.
        DateTime deadline = DateTime.UtcNow + AnswerTimeout;
        while (DateTime.UtcNow < deadline)
        {
            byte[]? message = await ReceiveAsync();
            if (message is null)
            {
                return "close:socket";
            }

            foreach (string record in Encoding.UTF8.GetString(message).Split('\u001e', StringSplitOptions.RemoveEmptyEntries))
            {
                using JsonDocument document = JsonDocument.Parse(record);
                JsonElement root = document.RootElement;
                switch (root.GetProperty("type").GetInt32())
                {
                    case 3 when root.TryGetProperty("error", out JsonElement error):
                        return "error:" + error.GetString();
                    case 3:
                        return "result:" + root.GetProperty("result").GetRawText();
                    case 7:
                        return "close:" + (root.TryGetProperty("error", out JsonElement reason) ? reason.GetString() : "");
                }
            }
        }

        return "timeout:no completion or close";
    }

    /// <summary>As <see cref="ReceiveJsonAnswerAsync"/>, for jmc1 frames.</summary>
    public async Task<string> ReceiveJmc1AnswerAsync()
    {
        var protocol = new JsonableJmc1HubProtocol();
        DateTime deadline = DateTime.UtcNow + AnswerTimeout;
        while (DateTime.UtcNow < deadline)
        {
            byte[]? message = await ReceiveAsync();
            if (message is null)
            {
                return "close:socket";
            }

            var input = new ReadOnlySequence<byte>(message);
            while (protocol.TryParseMessage(ref input, new TestBinder(returnType: typeof(PlayerState)), out HubMessage? parsed))
            {
                switch (parsed)
                {
                    case CompletionMessage { Error: { } error }:
                        return "error:" + error;
                    case CompletionMessage completion:
                        return "result:" + completion.Result;
                    case CloseMessage close:
                        return "close:" + close.Error;
                }
            }
        }

        return "timeout:no completion or close";
    }

    /// <summary>How long a test waits for the server's answer to a frame (pings may arrive meanwhile).</summary>
    private static readonly TimeSpan AnswerTimeout = TimeSpan.FromSeconds(20);

    public async ValueTask DisposeAsync()
    {
        if (_socket.State == WebSocketState.Open)
        {
            // A server that never answers the close (a test that failed before it) must not hang the run: give up after a while.
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
            try
            {
                await _socket.CloseAsync(WebSocketCloseStatus.NormalClosure, null, timeout.Token);
            }
            catch (Exception ex) when (ex is WebSocketException or OperationCanceledException)
            {
                _socket.Abort(); // already gone, or not answering
            }
        }

        _socket.Dispose();
    }
}
