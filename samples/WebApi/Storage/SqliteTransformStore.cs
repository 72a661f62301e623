using Jsonable.Samples.RealData;
using Microsoft.Data.Sqlite;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// Transforms in SQLite, one row per transform with a version column. Nothing is cached: every read goes to the
/// database and every update is an optimistic compare-and-swap (<c>UPDATE ... WHERE version = @v</c>, re-read and retry
/// on a miss), so concurrent PATCHes of different members are all applied even when several server instances share the
/// database file. Within one process, updates take turns on a lock first: SQLite has one writer at a time anyway, and
/// writers that collide inside SQLite are retried by Microsoft.Data.Sqlite after a fixed 150 ms sleep, which made the
/// tail of concurrent PATCHes (docs/partial-updates.md#patch-under-contention). SQLite cannot notify another process,
/// so once a live feed listens (<see cref="WrittenElsewhere"/>) the store of a database file polls
/// <c>PRAGMA data_version</c>, which changes when any other connection commits, every <see cref="PollInterval"/>.
/// </summary>
public sealed class SqliteTransformStore : ITransformStore, ISharedTransformStore, IDisposable
{
    /// <summary>How often a listened-to store asks SQLite whether another connection wrote: the longest a change of another instance waits.</summary>
    public static readonly TimeSpan PollInterval = TimeSpan.FromMilliseconds(100);

    private const int MaxAttempts = 1000;

    private readonly string _connectionString;
    private readonly SqliteConnection _keepAlive; // an in-memory shared-cache database lives while one connection is open
    private readonly Lock _writeLock = new();
    private readonly Lock _watchLock = new();
    private readonly CancellationTokenSource _stopWatching = new();
    private Action<TransformWrittenElsewhere>? _writtenElsewhere;
    private Task? _watching;

    private readonly int _versionLogLength;

    /// <summary>Opens (and creates, and on first use seeds) the tables.</summary>
    /// <param name="connectionString">The database.</param>
    /// <param name="versionLogLength">Versions of each transform whose deltas the version log keeps.</param>
    public SqliteTransformStore(string connectionString, int versionLogLength = TransformVersionLog.DefaultLength)
    {
        _connectionString = connectionString;
        _versionLogLength = versionLogLength;
        _keepAlive = new SqliteConnection(connectionString);
        _keepAlive.Open();
        using SqliteCommand create = _keepAlive.CreateCommand();

        // WAL lets readers of a database file go on while another instance writes (an in-memory database ignores it).
        // transform_versions is the version log: the delta (merge patch) that led to each of the last versions of a
        // transform, written in the transaction that writes the transform, so any instance can resume a feed from it.
        create.CommandText = """
            PRAGMA journal_mode=WAL;
            CREATE TABLE IF NOT EXISTS transforms (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, json BLOB NOT NULL);
            CREATE TABLE IF NOT EXISTS transform_versions (id INTEGER NOT NULL, version INTEGER NOT NULL, delta BLOB NOT NULL, written_at TEXT NOT NULL, PRIMARY KEY (id, version));
            """;
        create.ExecuteNonQuery();
        foreach (Transform seed in Seeds())
        {
            using SqliteCommand insert = _keepAlive.CreateCommand();
            insert.CommandText = "INSERT OR IGNORE INTO transforms (id, version, json) VALUES ($id, 1, $json)"; // another instance may have seeded
            insert.Parameters.AddWithValue("$id", seed.Id);
            insert.Parameters.AddWithValue("$json", Json(seed));
            insert.ExecuteNonQuery();
        }
    }

    public IReadOnlyList<StoredTransform> List()
    {
        using SqliteConnection connection = Open();
        using SqliteCommand command = connection.CreateCommand();
        command.CommandText = "SELECT json, version FROM transforms ORDER BY id";
        using SqliteDataReader reader = command.ExecuteReader();
        var list = new List<StoredTransform>();
        while (reader.Read())
        {
            list.Add(new StoredTransform(Transform.CreateFromJson((byte[])reader[0]), reader.GetInt64(1)));
        }

        return list;
    }

    public StoredTransform? Get(long id)
    {
        using SqliteConnection connection = Open();
        return Read(connection, id);
    }

    public StoredTransform? Create(Transform transform)
    {
        using SqliteConnection connection = Open();
        lock (_writeLock)
        {
            return Create(connection, transform, pickId: transform.Id == 0);
        }
    }

    public (StoredTransform Stored, bool Created) Replace(Transform transform)
    {
        using SqliteConnection connection = Open();
        lock (_writeLock)
        {
            return Replace(connection, transform);
        }
    }

    /// <summary>Inserts at version 1; a new id when <paramref name="pickId"/> (a create whose id is 0; a replace keeps the id it names, 0 too).</summary>
    private static StoredTransform? Create(SqliteConnection connection, Transform transform, bool pickId)
    {
        using SqliteTransaction tx = connection.BeginTransaction();
        if (pickId)
        {
            using SqliteCommand next = connection.CreateCommand();
            next.Transaction = tx;
            next.CommandText = "SELECT COALESCE(MAX(id), 0) + 1 FROM transforms";
            transform.Id = (long)next.ExecuteScalar()!;
        }

        using SqliteCommand insert = connection.CreateCommand();
        insert.Transaction = tx;
        insert.CommandText = "INSERT OR IGNORE INTO transforms (id, version, json) VALUES ($id, 1, $json)";
        insert.Parameters.AddWithValue("$id", transform.Id);
        insert.Parameters.AddWithValue("$json", Json(transform));
        bool inserted = insert.ExecuteNonQuery() == 1;
        tx.Commit();
        return inserted ? new StoredTransform(transform, 1) : null;
    }

    /// <summary>Inserts, or swaps in place of what is read (logging the delta), retried from a fresh read when another writer got there first.</summary>
    private (StoredTransform Stored, bool Created) Replace(SqliteConnection connection, Transform transform)
    {
        for (int attempt = 0; attempt < MaxAttempts; attempt++)
        {
            if (Read(connection, transform.Id) is not { } current)
            {
                if (Create(connection, transform, pickId: false) is { } created)
                {
                    return (created, true);
                }

                continue; // another instance created it since the read: replace what it wrote
            }

            if (Swap(connection, current, transform) is { } swapped)
            {
                return (swapped, false);
            }
        }

        throw new InvalidOperationException($"Transform {transform.Id} changed under every one of {MaxAttempts} attempts to replace it.");
    }

    public StoredTransform? Update(long id, Action<StoredTransform> change)
    {
        using SqliteConnection connection = Open();
        lock (_writeLock)
        {
            return Update(connection, id, change);
        }
    }

    /// <inheritdoc />
    /// <remarks>
    /// SQLite cannot say which row changed, nor tell this process's writes from another's: every commit of another
    /// connection is one event with no id, and the feed reads again the transforms it keeps (versions it has sent are dropped).
    /// </remarks>
    public event Action<TransformWrittenElsewhere>? WrittenElsewhere
    {
        add
        {
            lock (_watchLock)
            {
                _writtenElsewhere += value;

                // An in-memory database is this process's own: nobody else can write it.
                if (_watching is null && new SqliteConnectionStringBuilder(_connectionString) is not ({ DataSource: ":memory:" } or { Mode: SqliteOpenMode.Memory }))
                {
                    _watching = Task.Run(WatchAsync);
                }
            }
        }

        remove
        {
            lock (_watchLock)
            {
                _writtenElsewhere -= value;
            }
        }
    }

    public void Dispose()
    {
        _stopWatching.Cancel();
        try
        {
            _watching?.Wait(TimeSpan.FromSeconds(5));
        }
        catch (AggregateException)
        {
            // Stopping is all that was asked.
        }

        _stopWatching.Dispose();
        _keepAlive.Dispose();
    }

    private async Task WatchAsync()
    {
        // data_version is per connection: this one is used for nothing else, so every change it sees is another's commit.
        await using SqliteConnection connection = Open();
        await using SqliteCommand version = connection.CreateCommand();
        version.CommandText = "PRAGMA data_version";
        long last = (long)version.ExecuteScalar()!;
        using var timer = new PeriodicTimer(PollInterval);
        try
        {
            while (await timer.WaitForNextTickAsync(_stopWatching.Token))
            {
                long now = (long)version.ExecuteScalar()!;
                if (now != last)
                {
                    last = now;
                    _writtenElsewhere?.Invoke(new TransformWrittenElsewhere(null, 0));
                }
            }
        }
        catch (OperationCanceledException)
        {
        }
    }

    /// <summary>Read, change, compare-and-swap; only another process's write makes it go round again.</summary>
    private StoredTransform? Update(SqliteConnection connection, long id, Action<StoredTransform> change)
    {
        for (int attempt = 0; attempt < MaxAttempts; attempt++)
        {
            if (Read(connection, id) is not { } current)
            {
                return null;
            }

            Transform before = Transform.CreateFromJson(Json(current.Value)); // change works on current in place
            change(current);
            if (Swap(connection, current with { Value = before }, current.Value) is { } swapped)
            {
                return swapped;
            }

            // Another writer changed the row since it was read: apply the change again to what it wrote.
        }

        throw new InvalidOperationException($"Transform {id} changed under every one of {MaxAttempts} attempts to update it.");
    }

    /// <summary>
    /// Writes <paramref name="next"/> over <paramref name="current"/> if the row is still at its version, and logs the
    /// delta between them at the new version in the same transaction (trimming the log to its length); null when the
    /// row had moved on.
    /// </summary>
    private StoredTransform? Swap(SqliteConnection connection, StoredTransform current, Transform next)
    {
        byte[] delta = TransformVersionLog.Delta(current.Value, next);
        long version = current.Version + 1;
        using SqliteTransaction tx = connection.BeginTransaction();
        using SqliteCommand swap = connection.CreateCommand();
        swap.Transaction = tx;
        swap.CommandText = "UPDATE transforms SET json = $json, version = $version WHERE id = $id AND version = $previous";
        swap.Parameters.AddWithValue("$id", current.Value.Id);
        swap.Parameters.AddWithValue("$previous", current.Version);
        swap.Parameters.AddWithValue("$version", version);
        swap.Parameters.AddWithValue("$json", Json(next));
        if (swap.ExecuteNonQuery() != 1)
        {
            return null;
        }

        using SqliteCommand log = connection.CreateCommand();
        log.Transaction = tx;
        log.CommandText = """
            INSERT OR REPLACE INTO transform_versions (id, version, delta, written_at) VALUES ($id, $version, $delta, $at);
            DELETE FROM transform_versions WHERE id = $id AND version <= $version - $length;
            """;
        log.Parameters.AddWithValue("$id", current.Value.Id);
        log.Parameters.AddWithValue("$version", version);
        log.Parameters.AddWithValue("$delta", delta);
        log.Parameters.AddWithValue("$at", DateTimeOffset.UtcNow.ToString("O", System.Globalization.CultureInfo.InvariantCulture));
        log.Parameters.AddWithValue("$length", _versionLogLength);
        log.ExecuteNonQuery();
        tx.Commit();
        return new StoredTransform(next, version) { Delta = delta };
    }

    /// <inheritdoc />
    public IReadOnlyList<LoggedDelta>? ReadDeltasAfter(long id, long version)
    {
        using SqliteConnection connection = Open();
        using SqliteTransaction tx = connection.BeginTransaction(deferred: true); // one snapshot for both reads
        using SqliteCommand command = connection.CreateCommand();
        command.Transaction = tx;
        command.CommandText = "SELECT version FROM transforms WHERE id = $id";
        command.Parameters.AddWithValue("$id", id);
        if (command.ExecuteScalar() is not long current || version > current)
        {
            return null;
        }

        command.CommandText = "SELECT version, delta FROM transform_versions WHERE id = $id AND version > $after AND version <= $current ORDER BY version";
        command.Parameters.AddWithValue("$after", version);
        command.Parameters.AddWithValue("$current", current);
        using SqliteDataReader reader = command.ExecuteReader();
        var deltas = new List<LoggedDelta>();
        while (reader.Read())
        {
            deltas.Add(new LoggedDelta(reader.GetInt64(0), (byte[])reader[1]));
        }

        return TransformVersionLog.Covers(deltas, version, current) ? deltas : null;
    }

    private SqliteConnection Open()
    {
        var connection = new SqliteConnection(_connectionString);
        connection.Open();
        return connection;
    }

    private static StoredTransform? Read(SqliteConnection connection, long id)
    {
        using SqliteCommand command = connection.CreateCommand();
        command.CommandText = "SELECT json, version FROM transforms WHERE id = $id";
        command.Parameters.AddWithValue("$id", id);
        using SqliteDataReader reader = command.ExecuteReader();
        return reader.Read() ? new StoredTransform(Transform.CreateFromJson((byte[])reader[0]), reader.GetInt64(1)) : null;
    }

    internal static byte[] Json(Transform transform)
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        transform.ToJsonUtf8(buffer, emitMetadataComments: false);
        return buffer.WrittenSpan.ToArray();
    }

    internal static IEnumerable<Transform> Seeds() =>
        Enumerable.Range(1, 3).Select(i => new Transform
        {
            Id = i,
            Name = $"crate-{i}",
            Position = [i, 0, -i],
            Rotation = [0, 0, 0, 1],
            Scale = [1, 1, 1],
            Payload = new TransformPayload { Kind = "crate", Mass = 10 * i, Dimensions = new TransformDimensions { Width = 1, Height = 2, Depth = 3 } },
            Tags = ["seed", $"t{i}"],
            Counters = new Dictionary<string, int> { ["hits"] = 0 },
        });
}
