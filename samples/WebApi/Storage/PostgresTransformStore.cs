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
    private long _updates;
    private long _conflicts;

    /// <summary>Creates (once, whichever instance comes first) and seeds the table, and listens for the other instances' writes.</summary>
    public PostgresTransformStore(NpgsqlDataSource dataSource, ILogger<PostgresTransformStore>? logger = null)
    {
        _dataSource = dataSource;
        _logger = logger;
        using (NpgsqlConnection connection = dataSource.OpenConnection())
        {
            using NpgsqlTransaction tx = connection.BeginTransaction();

            // Instances starting together would race on CREATE TABLE IF NOT EXISTS (it is not atomic in PostgreSQL).
            PostgresSchema.Lock(connection, tx);
            _channel = PostgresChangeListener.ChannelFor(connection, tx, "jsonable_transforms");
            using (var create = new NpgsqlCommand("CREATE TABLE IF NOT EXISTS transforms (id bigint PRIMARY KEY, version bigint NOT NULL, json bytea NOT NULL)", connection, tx))
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
        using NpgsqlCommand command = Written(
            "INSERT INTO transforms (id, version, json) VALUES ($1, 1, $2) ON CONFLICT (id) DO UPDATE SET json = excluded.json, version = transforms.version + 1 RETURNING id, version",
            connection, transform.Id, transform);
        long version = (long)command.ExecuteScalar()!;
        return (new StoredTransform(transform, version), version == 1);
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

            change(current);
            using NpgsqlCommand swap = Written(
                "UPDATE transforms SET json = $2, version = version + 1 WHERE id = $1 AND version = $5 RETURNING id, version",
                connection, id, current.Value);
            swap.Parameters.Add(new NpgsqlParameter<long> { TypedValue = current.Version });
            if (swap.ExecuteScalar() is not null)
            {
                Interlocked.Increment(ref _updates);
                return current with { Version = current.Version + 1 };
            }

            // Another writer, in this instance or another, changed the row since it was read: apply the change again.
            Interlocked.Increment(ref _conflicts);
        }

        throw new InvalidOperationException($"Transform {id} changed under every one of {MaxAttempts} attempts to update it.");
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
    /// </summary>
    private NpgsqlCommand Written(string write, NpgsqlConnection connection, long id, Transform transform)
    {
        var command = new NpgsqlCommand($"WITH written AS ({write}) SELECT written.version, {Notify} FROM written", connection);
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
