using System.Globalization;
using System.Text;
using Jsonable.Http;
using Jsonable.Samples.RealData;

namespace Jsonable.ScaleOut.Check;

/// <summary>
/// The same feed as server-sent events (<c>GET /minimal/transforms/{id}/live</c>) through the proxy, followed by
/// <see cref="JsonableFeedFollower{T}.FollowAsync"/>, which reconnects with <c>Last-Event-ID</c> by itself.
/// </summary>
internal sealed class SseFollower(Uri proxy, long id)
{
    private readonly JsonableFeedFollower<Transform> _follower = new() { ReconnectDelay = TimeSpan.FromMilliseconds(250) };
    private readonly List<long> _versions = [];
    private long _version = -1;

    public async Task RunAsync(CancellationToken ct)
    {
        using var http = new HttpClient { BaseAddress = proxy, Timeout = Timeout.InfiniteTimeSpan };
        try
        {
            await _follower.FollowAsync(http, $"/minimal/transforms/{id}/live", f =>
            {
                lock (_versions)
                {
                    _versions.Add(f.Version ?? -1);
                }

                Volatile.Write(ref _version, f.Version ?? -1);
            }, ct);
        }
        catch (OperationCanceledException) when (ct.IsCancellationRequested)
        {
        }
    }

    public async Task WaitForVersionAsync(long version, CancellationToken ct)
    {
        while (Volatile.Read(ref _version) < version)
        {
            await Task.Delay(20, ct);
        }
    }

    public IEnumerable<string> Check(long firstVersion, long finalVersion, string serverCopy)
    {
        if (_versions.Count == 0 || _versions[0] != firstVersion)
        {
            yield return $"SSE follower: did not start from the snapshot at version {firstVersion}";
        }

        for (int i = 1; i < _versions.Count; i++)
        {
            if (_versions[i] != _versions[i - 1] + 1)
            {
                yield return $"SSE follower: version {_versions[i]} after version {_versions[i - 1]}";
            }
        }

        if (_follower.SnapshotsApplied != 1)
        {
            yield return $"SSE follower: {_follower.SnapshotsApplied} snapshots applied (a resume the log should have served)";
        }

        if (_follower.Version != finalVersion || _follower.Current is null
            || Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(_follower.Current, JsonableFormat.Json)) != serverCopy)
        {
            yield return $"SSE follower: its copy (version {_follower.Version?.ToString(CultureInfo.InvariantCulture) ?? "none"}) differs from the server's at version {finalVersion}";
        }
    }

    public string Summary() =>
        $"SSE follower: {_versions.Count} versions applied ({_follower.SnapshotsApplied} snapshot + {_follower.DeltasApplied} deltas), {_follower.Connections} connection(s)";
}
