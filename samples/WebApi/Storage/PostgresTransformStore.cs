using System.Globalization;
using Jsonable.Samples.RealData;
using Npgsql;
using NpgsqlTypes;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// Transforms in PostgreSQL, one row per transform with a version column: the same optimistic compare-and-swap as
/// <see cref="SqliteTransformStore"/> (<c>UPDATE ... WHERE version = @v</c>, re-read and retry on a miss), so ETags are
/// the same <c>"version"</c> strings and any number of instances can share the table. A PATCH costs two round trips
/// (read, conditional write) plus two more per writer that got there first. Every write also sends a <c>NOTIFY</c> of
/// the transform's id and new version in the same statement, so that the live feeds (<see cref="TransformChangeFeed"/>)
/// of the other instances hear of it (<see cref="WrittenElsewhere"/>).
/// </summary>
public sealed class PostgresTransformStore : ITransformStore, ISharedTransformStore, IDisposable
{
    private const int MaxAttempts = 1000;

    // Every write's notification, its payload built by PostgreSQL from the row written: "id:version:instance".
    private const string Notify = "pg_notify($3, written.id || ':' || written.version || ':' || $4)";

    private readonly NpgsqlDataSource _dataSource;
    private readonly ILogger? _logger;
    private readonly string _channel;
    private readonly string _instance = Guid.NewGuid().ToString("N");
    private readonly PostgresChangeListener _listener;
    private readonly int _versionLogLength;
    private long _updates;
    private long _conflicts;

    /// <summary>Creates (once, whichever instance comes first) and seeds the tables, and listens for the other instances' writes.</summary>
    /// <param name="dataSource">The database.</param>
    /// <param name="logger">Where lost notification connections and the write counts go.</param>
    /// <param name="versionLogLength">Versions of each transform whose deltas the version log keeps.</param>
    public PostgresTransformStore(NpgsqlDataSource dataSource, ILogger<PostgresTransformStore>? logger = null, int versionLogLength = TransformVersionLog.DefaultLength)
    {
        _dataSource = dataSource;
        _versionLogLength = versionLogLength;
        _logger = logger;
        using (NpgsqlConnection connection = dataSource.OpenConnection())
        {
            using NpgsqlTransaction tx = connection.BeginTransaction();

            // Instances starting together would race on CREATE TABLE IF NOT EXISTS (it is not atomic in PostgreSQL).
            PostgresSchema.Lock(connection, tx);
            _channel = PostgresChangeListener.ChannelFor(connection, tx, "jsonable_transforms");
            // transform_versions is the version log: the delta that led to each of the last versions of a transform,
            // written by the statement that writes the transform, so that any instance can resume a feed from it.
            using (var create = new NpgsqlCommand("""
                CREATE TABLE IF NOT EXISTS transforms (id bigint PRIMARY KEY, version bigint NOT NULL, json bytea NOT NULL);
                CREATE TABLE IF NOT EXISTS transform_versions (id bigint NOT NULL, version bigint NOT NULL, delta bytea NOT NULL, written_at timestamptz NOT NULL, PRIMARY KEY (id, version));
                """, connection, tx))
            {
                create.ExecuteNonQuery();
            }

            foreach (Transform seed in SqliteTransformStore.Seeds())
            {
                using var insert = new NpgsqlCommand("INSERT INTO transforms (id, version, json) VALUES ($1, 1, $2) ON CONFLICT (id) DO NOTHING", connection, tx);
                insert.Parameters.Add(new NpgsqlParameter<long> { TypedValue = seed.Id });
                insert.Parameters.Add(Bytes(SqliteTransformStore.Json(seed)));
                insert.ExecuteNonQuery();
            }

            tx.Commit();
        }

        // After a lost connection any transform may have changed unheard: say so, and the feed reads all it keeps.
        _listener = new PostgresChangeListener(dataSource, _channel, OnNotification, () => WrittenElsewhere?.Invoke(new TransformWrittenElsewhere(null, 0)), logger);
    }

    /// <inheritdoc />
    public event Action<TransformWrittenElsewhere>? WrittenElsewhere;

    /// <summary>Updates written by this instance.</summary>
    public long Updates => Interlocked.Read(ref _updates);

    /// <summary>Compare-and-swaps of this instance that missed because another writer had changed the row (each one retried).</summary>
    public long Conflicts => Interlocked.Read(ref _conflicts);

    public IReadOnlyList<StoredTransform> List()
    {
        using NpgsqlCommand command = _dataSource.CreateCommand("SELECT json, version FROM transforms ORDER BY id");
        using NpgsqlDataReader reader = command.ExecuteReader();
        var list = new List<StoredTransform>();
        while (reader.Read())
        {
            list.Add(new StoredTransform(Transform.CreateFromJson(reader.GetFieldValue<byte[]>(0)), reader.GetInt64(1)));
        }

        return list;
    }

    public StoredTransform? Get(long id)
    {
        using NpgsqlConnection connection = _dataSource.OpenConnection();
        return Read(connection, id);
    }

    public StoredTransform? Create(Transform transform)
    {
        using NpgsqlConnection connection = _dataSource.OpenConnection();
        bool pickId = transform.Id == 0;
        for (int attempt = 0; attempt < MaxAttempts; attempt++)
        {
            if (pickId)
            {
                using var next = new NpgsqlCommand("SELECT COALESCE(MAX(id), 0) + 1 FROM transforms", connection);
                transform.Id = (long)next.ExecuteScalar()!;
            }

            using NpgsqlCommand insert = Written(
                "INSERT INTO transforms (id, version, json) VALUES ($1, 1, $2) ON CONFLICT (id) DO NOTHING RETURNING id, version",
                connection, transform.Id, transform);
            if (insert.ExecuteScalar() is not null)
            {
                return new StoredTransform(transform, 1);
            }

            if (!pickId)
            {
                return null;
            }

            // Another instance took the id this one picked: pick again.
        }

        throw new InvalidOperationException($"No free transform id found in {MaxAttempts} attempts.");
    }

    public (StoredTransform Stored, bool Created) Replace(Transform transform)
    {
        using NpgsqlConnection connection = _dataSource.OpenConnection();
        for (int attempt = 0; attempt < MaxAttempts; attempt++)
        {
            if (Read(connection, transform.Id) is not { } current)
            {
                using NpgsqlCommand insert = Written(
                    "INSERT INTO transforms (id, version, json) VALUES ($1, 1, $2) ON CONFLICT (id) DO NOTHING RETURNING id, version",
                    connection, transform.Id, transform);
                if (insert.ExecuteScalar() is not null)
                {
                    return (new StoredTransform(transform, 1), true);
                }

                continue; // another instance created it since the read: replace what it wrote
            }

            if (Swap(connection, current, transform) is { } swapped)
            {
                return (swapped, false);
            }

            Interlocked.Increment(ref _conflicts);
        }

        throw new InvalidOperationException($"Transform {transform.Id} changed under every one of {MaxAttempts} attempts to replace it.");
    }

    public StoredTransform? Update(long id, Action<StoredTransform> change)
    {
        using NpgsqlConnection connection = _dataSource.OpenConnection();
        for (int attempt = 0; attempt < MaxAttempts; attempt++)
        {
            if (Read(connection, id) is not { } current)
            {
                return null;
            }

            Transform before = Transform.CreateFromJson(SqliteTransformStore.Json(current.Value)); // change works on current in place
            change(current);
            if (Swap(connection, current with { Value = before }, current.Value) is { } swapped)
            {
                Interlocked.Increment(ref _updates);
                return swapped;
            }

            // Another writer, in this instance or another, changed the row since it was read: apply the change again.
            Interlocked.Increment(ref _conflicts);
        }

        throw new InvalidOperationException($"Transform {id} changed under every one of {MaxAttempts} attempts to update it.");
    }

    /// <inheritdoc />
    public IReadOnlyList<LoggedDelta>? ReadDeltasAfter(long id, long version)
    {
        // One statement, so one snapshot: the row's version and the log entries after the client's.
        using NpgsqlCommand command = _dataSource.CreateCommand("""
            SELECT t.version, v.version, v.delta FROM transforms t
            LEFT JOIN transform_versions v ON v.id = t.id AND v.version > $2 AND v.version <= t.version
            WHERE t.id = $1 ORDER BY v.version
            """);
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = id });
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = version });
        using NpgsqlDataReader reader = command.ExecuteReader();
        long? current = null;
        var deltas = new List<LoggedDelta>();
        while (reader.Read())
        {
            current = reader.GetInt64(0);
            if (!reader.IsDBNull(1))
            {
                deltas.Add(new LoggedDelta(reader.GetInt64(1), reader.GetFieldValue<byte[]>(2)));
            }
        }

        return current is { } now && version <= now && TransformVersionLog.Covers(deltas, version, now) ? deltas : null;
    }

    /// <summary>
    /// Writes <paramref name="next"/> over <paramref name="current"/> if the row is still at its version, logs the delta
    /// between them at the new version and trims the log, in one statement (which also notifies); null when the row had moved on.
    /// </summary>
    private StoredTransform? Swap(NpgsqlConnection connection, StoredTransform current, Transform next)
    {
        byte[] delta = TransformVersionLog.Delta(current.Value, next);
        using NpgsqlCommand swap = Written(
            "UPDATE transforms SET json = $2, version = version + 1 WHERE id = $1 AND version = $5 RETURNING id, version",
            connection, current.Value.Id, next,
            """
            , logged AS (INSERT INTO transform_versions (id, version, delta, written_at) SELECT id, version, $6, now() FROM written
                ON CONFLICT (id, version) DO UPDATE SET delta = excluded.delta, written_at = excluded.written_at)
            , trimmed AS (DELETE FROM transform_versions v USING written WHERE v.id = written.id AND v.version <= written.version - $7)
            """);
        swap.Parameters.Add(new NpgsqlParameter<long> { TypedValue = current.Version });
        swap.Parameters.Add(Bytes(delta));
        swap.Parameters.Add(new NpgsqlParameter<long> { TypedValue = _versionLogLength });
        return swap.ExecuteScalar() is long version ? new StoredTransform(next, version) { Delta = delta } : null;
    }

    /// <summary>Stops listening, and logs what this instance wrote so that a scale-out run can count the retries of every instance.</summary>
    public void Dispose()
    {
        _listener.Dispose();
        _logger?.LogInformation("Transform store: updates written {Updates}, compare-and-swap conflicts retried {Conflicts}", Updates, Conflicts);
    }

    /// <summary>
    /// A write (<paramref name="write"/> takes the id as $1 and the JSON as $2 and returns the row's id and version) that
    /// notifies in the same statement: the version it selects, or null when it wrote no row (then nothing is notified).
    /// <paramref name="alsoWith"/> adds common table expressions that read <c>written</c> (", name AS (...)").
    /// </summary>
    private NpgsqlCommand Written(string write, NpgsqlConnection connection, long id, Transform transform, string alsoWith = "")
    {
        var command = new NpgsqlCommand($"WITH written AS ({write}){alsoWith} SELECT written.version, {Notify} FROM written", connection);
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = id });
        command.Parameters.Add(Bytes(SqliteTransformStore.Json(transform)));
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = _channel });
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = _instance });
        return command;
    }

    /// <summary>Passes on another instance's write; this instance's own writes are published where they are made.</summary>
    private void OnNotification(string payload)
    {
        string[] parts = payload.Split(':');
        if (parts.Length == 3 && parts[2] != _instance
            && long.TryParse(parts[0], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long id)
            && long.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out long version))
        {
            WrittenElsewhere?.Invoke(new TransformWrittenElsewhere(id, version));
        }
    }

    private static StoredTransform? Read(NpgsqlConnection connection, long id)
    {
        using var command = new NpgsqlCommand("SELECT json, version FROM transforms WHERE id = $1", connection);
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = id });
        using NpgsqlDataReader reader = command.ExecuteReader();
        return reader.Read() ? new StoredTransform(Transform.CreateFromJson(reader.GetFieldValue<byte[]>(0)), reader.GetInt64(1)) : null;
    }

    private static NpgsqlParameter<byte[]> Bytes(byte[] json) => new() { TypedValue = json, NpgsqlDbType = NpgsqlDbType.Bytea };
}
