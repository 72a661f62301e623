using System.Net;
using System.Net.Sockets;

namespace Jsonable.Samples.GameServer.Tests;

/// <summary>
/// A loopback TCP relay in front of a server, for clients the test cannot reach into (node): <see cref="ResetAll"/>
/// drops every connection through it at once with a reset, as a lost network does; new connections are relayed as before.
/// </summary>
internal sealed class TcpRelay : IAsyncDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly int _targetPort;
    private readonly List<Socket> _open = [];
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _accepting;

    public TcpRelay(string targetUrl)
    {
        _targetPort = new Uri(targetUrl).Port;
        _listener.Start();
        Url = "http://127.0.0.1:" + ((IPEndPoint)_listener.LocalEndpoint).Port;
        _accepting = AcceptAsync();
    }

    public string Url { get; }

    /// <summary>How many connections the relay has accepted.</summary>
    public int Accepted { get; private set; }

    public void ResetAll()
    {
        lock (_open)
        {
            foreach (Socket socket in _open)
            {
                Reset(socket);
            }

            _open.Clear();
        }
    }

    private async Task AcceptAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            Socket client;
            try
            {
                client = await _listener.AcceptSocketAsync(_stop.Token);
            }
            catch (OperationCanceledException)
            {
                return;
            }

            var upstream = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            await upstream.ConnectAsync(IPAddress.Loopback, _targetPort);
            lock (_open)
            {
                Accepted++;
                _open.Add(client);
                _open.Add(upstream);
            }

            _ = PumpAsync(client, upstream);
            _ = PumpAsync(upstream, client);
        }
    }

    private static async Task PumpAsync(Socket from, Socket to)
    {
        var buffer = new byte[16384];
        try
        {
            while (true)
            {
                int n = await from.ReceiveAsync(buffer, SocketFlags.None);
                if (n == 0)
                {
                    to.Shutdown(SocketShutdown.Send);
                    return;
                }

                await to.SendAsync(buffer.AsMemory(0, n), SocketFlags.None);
            }
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
            // Reset by ResetAll, or by either end: the other side goes with it.
            Reset(to);
        }
    }

    private static void Reset(Socket socket)
    {
        try
        {
            socket.LingerState = new LingerOption(true, 0); // close with RST, not FIN
            socket.Close();
        }
        catch (ObjectDisposedException)
        {
            // Closed already (its other side was reset first).
        }
    }

    public async ValueTask DisposeAsync()
    {
        _stop.Cancel();
        _listener.Stop();
        ResetAll();
        await _accepting;
    }
}
