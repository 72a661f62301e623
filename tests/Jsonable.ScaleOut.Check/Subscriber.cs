using System.Diagnostics;
using System.Globalization;
using System.Text;
using Jsonable.AspNetCore.SignalR;
using Jsonable.Http;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR.Client;

namespace Jsonable.ScaleOut.Check;

/// <summary>One clock for every timestamp of a run.</summary>
internal static class Clock
{
    private static readonly Stopwatch s_watch = Stopwatch.StartNew();

    public static TimeSpan Now => s_watch.Elapsed;
}

/// <summary>How a subscriber reaches the hub through the proxy.</summary>
internal enum Transport
{
    /// <summary>WebSockets without the negotiate request: one request, any instance.</summary>
    WebSocketsSkipNegotiation,

    /// <summary>Negotiate, then a WebSocket: the proxy's affinity cookie keeps both on one instance.</summary>
    NegotiatedWebSockets,

    /// <summary>Negotiate, then long polls: every poll on the negotiating instance, by the same cookie.</summary>
    LongPolling,
}

/// <summary>
/// A .NET SignalR client with the Jsonable protocol following the transform's feed (<c>TransformHub.Subscribe</c>)
/// into a <see cref="JsonableFeedFollower{T}"/>: whenever its connection or stream fails, it connects again through the
/// proxy and resubscribes from the version its copy holds. It records every item the hub sent.
/// </summary>
internal sealed class Subscriber(int index, Uri proxy, long id, Transport transport)
{
    private readonly JsonableFeedFollower<Transform> _follower = new();
    private readonly List<(long Version, bool Snapshot, JsonableFeedApplyResult Result, TimeSpan At)> _items = [];
    private readonly List<(TimeSpan At, int ProcessId)> _connections = [];
    private readonly List<(TimeSpan At, string Why)> _breaks = [];
    private long _version = -1;
    private int _processId;

    public int Index => index;

    public Transport Transport => transport;

    /// <summary>The process of the instance serving the current connection.</summary>
    public int CurrentProcessId => Volatile.Read(ref _processId);

    public async Task RunAsync(CancellationToken ct)
    {
        while (!ct.IsCancellationRequested)
        {
            HubConnection? connection = null;
            try
            {
                connection = Build();
                await connection.StartAsync(ct);
                string instance = await connection.InvokeAsync<string>("Instance", ct);
                int processId = int.Parse(instance[(instance.LastIndexOf('/') + 1)..], CultureInfo.InvariantCulture);
                lock (_items)
                {
                    _connections.Add((Clock.Now, processId));
                }

                Volatile.Write(ref _processId, processId);
                // The resume: from the version the copy holds (0 when it has none, which asks for a snapshot).
                long from = _follower.Version ?? 0;
                await foreach (TransformFeedItem item in connection.StreamAsync<TransformFeedItem>("Subscribe", id, from, ct))
                {
                    byte[] json = Encoding.UTF8.GetBytes(item.Json);
                    JsonableFeedApplyResult result = item.Snapshot ? _follower.ApplySnapshot(item.Version, json) : _follower.ApplyDelta(item.Version, json);
                    lock (_items)
                    {
                        _items.Add((item.Version, item.Snapshot, result, Clock.Now));
                    }

                    Volatile.Write(ref _version, _follower.Version ?? -1);
                    if (result == JsonableFeedApplyResult.Gap)
                    {
                        break; // the follower forgot its version: subscribe again for a snapshot, as a client should
                    }
                }

                Break("the stream completed");
            }
            catch (OperationCanceledException) when (ct.IsCancellationRequested)
            {
                break;
            }
            catch (Exception e)
            {
                Break($"{e.GetType().Name}: {e.Message}");
            }
            finally
            {
                if (connection is not null)
                {
                    await connection.DisposeAsync();
                }
            }

            try
            {
                await Task.Delay(100, ct);
            }
            catch (OperationCanceledException)
            {
                break;
            }
        }
    }

    public async Task WaitForVersionAsync(long version, CancellationToken ct)
    {
        while (Volatile.Read(ref _version) < version)
        {
            await Task.Delay(20, ct);
        }
    }

    /// <summary>What went wrong: every version from the first snapshot to the last exactly once, in order, applied.</summary>
    public IEnumerable<string> Check(long firstVersion, long finalVersion, string serverCopy, int killed, bool moved, TimeSpan killedAt)
    {
        string name = $"subscriber {index} ({transport})";
        if (_items.Count == 0 || !_items[0].Snapshot || _items[0].Version != firstVersion)
        {
            yield return $"{name}: the first item was not the snapshot at version {firstVersion}";
        }

        for (int i = 1; i < _items.Count; i++)
        {
            if (_items[i].Snapshot)
            {
                yield return $"{name}: a snapshot at version {_items[i].Version} after version {_items[i - 1].Version} (a resume the log should have served)";
            }
            else if (_items[i].Version != _items[i - 1].Version + 1)
            {
                yield return $"{name}: version {_items[i].Version} after version {_items[i - 1].Version} ({(_items[i].Version <= _items[i - 1].Version ? "seen twice" : "missed")})";
            }
        }

        var unapplied = _items.Where(item => item.Result != JsonableFeedApplyResult.Applied).ToList();
        if (unapplied.Count > 0)
        {
            yield return $"{name}: {unapplied.Count} item(s) not applied, first version {unapplied[0].Version} ({unapplied[0].Result})";
        }

        if (_follower.Version != finalVersion)
        {
            yield return $"{name}: ended at version {_follower.Version?.ToString(CultureInfo.InvariantCulture) ?? "none"}, the server at {finalVersion}";
        }
        else if (_follower.Current is null || Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(_follower.Current, JsonableFormat.Json)) != serverCopy)
        {
            yield return $"{name}: its copy differs from the server's GET at version {finalVersion}";
        }

        if (moved && !_connections.Any(c => c.At > killedAt && c.ProcessId != killed))
        {
            yield return $"{name}: was on the killed instance and never connected to another";
        }
    }

    public string Summary(TimeSpan killedAt)
    {
        int snapshots = _items.Count(i => i.Snapshot);
        string text = $"subscriber {index} ({transport}): {_items.Count} versions seen ({snapshots} snapshot + {_items.Count - snapshots} deltas), "
            + $"{_connections.Count} connection(s) on process(es) {string.Join(" then ", _connections.Select(c => c.ProcessId))}";
        (TimeSpan At, string Why) broke = _breaks.FirstOrDefault(b => b.At > killedAt);
        (TimeSpan At, int ProcessId) again = _connections.FirstOrDefault(c => c.At > killedAt);
        if (broke != default && again != default)
        {
            TimeSpan firstItem = _items.FirstOrDefault(i => i.At > again.At).At;
            text += $"; after the kill: stream broke at +{Ms(broke.At - killedAt)} ms ({broke.Why}), reconnected at +{Ms(again.At - killedAt)} ms"
                + (firstItem > again.At ? $", next version at +{Ms(firstItem - killedAt)} ms" : "");
        }

        return text;
    }

    private static string Ms(TimeSpan t) => t.TotalMilliseconds.ToString("0", CultureInfo.InvariantCulture);

    private void Break(string why)
    {
        lock (_items)
        {
            _breaks.Add((Clock.Now, why));
        }

        if (Environment.GetEnvironmentVariable("FAULT_CHECK_VERBOSE") == "1")
        {
            Console.Error.WriteLine($"fault-check: {Clock.Now.TotalMilliseconds:0} ms: subscriber {index} ({transport}): {why}");
        }
    }

    private HubConnection Build() => new HubConnectionBuilder()
        .WithUrl(new Uri(proxy, "hubs/transforms"), o =>
        {
            o.Transports = transport == Transport.LongPolling ? HttpTransportType.LongPolling : HttpTransportType.WebSockets;
            o.SkipNegotiation = transport == Transport.WebSocketsSkipNegotiation;
        })
        .AddJsonableProtocol()
        .Build();
}
