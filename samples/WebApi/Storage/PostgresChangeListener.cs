using Npgsql;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// One connection that <c>LISTEN</c>s on a channel for as long as the instance runs, reconnecting after a loss: how the
/// PostgreSQL stores hear the writes of the other instances sharing their database. Notifications that fell between a
/// lost connection and the next one are gone, so <c>reconnected</c> runs after each reconnection: whatever the store
/// keeps must be read again then.
/// </summary>
internal sealed class PostgresChangeListener : IDisposable
{
    private readonly NpgsqlDataSource _dataSource;
    private readonly string _channel;
    private readonly Action<string> _notified;
    private readonly Action _reconnected;
    private readonly ILogger? _logger;
    private readonly CancellationTokenSource _stop = new();
    private readonly TaskCompletionSource _started = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly Task _listening;

    /// <summary>Returns once the channel is listened to (a write after that is notified); throws if the first connection fails.</summary>
    /// <param name="dataSource">The database.</param>
    /// <param name="channel">The channel's name (any text: it is quoted).</param>
    /// <param name="notified">Gets each notification's payload, on the listening thread, one at a time, in commit order.</param>
    /// <param name="reconnected">Runs after a lost connection is listening again.</param>
    /// <param name="logger">Where a lost connection is logged.</param>
    public PostgresChangeListener(NpgsqlDataSource dataSource, string channel, Action<string> notified, Action reconnected, ILogger? logger)
    {
        _dataSource = dataSource;
        _channel = channel;
        _notified = notified;
        _reconnected = reconnected;
        _logger = logger;
        _listening = Task.Run(ListenAsync);
        _started.Task.GetAwaiter().GetResult();
    }

    /// <summary>A channel name of its own for each schema: notifications are per database, and tests share one database by schema.</summary>
    public static string ChannelFor(NpgsqlConnection connection, NpgsqlTransaction? tx, string prefix)
    {
        using var schema = new NpgsqlCommand("SELECT current_schema()", connection, tx);
        return prefix + ":" + (string)schema.ExecuteScalar()!;
    }

    public void Dispose()
    {
        _stop.Cancel();
        try
        {
            _listening.Wait(TimeSpan.FromSeconds(5));
        }
        catch (AggregateException)
        {
            // Stopping is all that was asked; ListenAsync logged anything unexpected.
        }

        _stop.Dispose();
    }

    private async Task ListenAsync()
    {
        CancellationToken stop = _stop.Token;
        bool reconnecting = false;
        while (!stop.IsCancellationRequested)
        {
            try
            {
                await using NpgsqlConnection connection = await _dataSource.OpenConnectionAsync(stop);
                connection.Notification += (_, e) => _notified(e.Payload);
                await using (var listen = new NpgsqlCommand($"LISTEN \"{_channel.Replace("\"", "\"\"", StringComparison.Ordinal)}\"", connection))
                {
                    await listen.ExecuteNonQueryAsync(stop);
                }

                _started.TrySetResult();
                if (reconnecting)
                {
                    _reconnected();
                    reconnecting = false;
                }

                while (true)
                {
                    await connection.WaitAsync(stop);
                }
            }
            catch (OperationCanceledException) when (stop.IsCancellationRequested)
            {
                return;
            }
            catch (Exception e) when (e is NpgsqlException or InvalidOperationException or IOException)
            {
                if (!_started.Task.IsCompleted)
                {
                    _started.TrySetException(e);
                    return;
                }

                _logger?.LogWarning(e, "Lost the notification connection on {Channel}; reconnecting and reading again", _channel);
                reconnecting = true;
                await Task.Delay(TimeSpan.FromSeconds(1), stop).ContinueWith(_ => { }, TaskScheduler.Default);
            }
        }
    }
}
