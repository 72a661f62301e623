using Jsonable.Samples.RealData;
using Npgsql;
using NpgsqlTypes;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// Transforms in PostgreSQL, one row per transform with a version column: the same optimistic compare-and-swap as
/// <see cref="SqliteTransformStore"/> (<c>UPDATE ... WHERE version = @v</c>, re-read and retry on a miss), so ETags are
/// the same <c>"version"</c> strings and any number of instances can share the table. A PATCH costs two round trips
/// (read, conditional write) plus two more per writer that got there first.
/// </summary>
public sealed class PostgresTransformStore : ITransformStore, IDisposable
{
    private const int MaxAttempts = 1000;

    private readonly NpgsqlDataSource _dataSource;
    private readonly ILogger? _logger;
    private long _updates;
    private long _conflicts;

    /// <summary>Creates (once, whichever instance comes first) and seeds the table.</summary>
    public PostgresTransformStore(NpgsqlDataSource dataSource, ILogger<PostgresTransformStore>? logger = null)
    {
        _dataSource = dataSource;
        _logger = logger;
        using NpgsqlConnection connection = dataSource.OpenConnection();
        using NpgsqlTransaction tx = connection.BeginTransaction();

        // Instances starting together would race on CREATE TABLE IF NOT EXISTS (it is not atomic in PostgreSQL).
        PostgresSchema.Lock(connection, tx);
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

            using var insert = new NpgsqlCommand("INSERT INTO transforms (id, version, json) VALUES ($1, 1, $2) ON CONFLICT (id) DO NOTHING", connection);
            insert.Parameters.Add(new NpgsqlParameter<long> { TypedValue = transform.Id });
            insert.Parameters.Add(Bytes(SqliteTransformStore.Json(transform)));
            if (insert.ExecuteNonQuery() == 1)
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
        using NpgsqlCommand command = _dataSource.CreateCommand("""
            INSERT INTO transforms (id, version, json) VALUES ($1, 1, $2)
            ON CONFLICT (id) DO UPDATE SET json = excluded.json, version = transforms.version + 1
            RETURNING version
            """);
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = transform.Id });
        command.Parameters.Add(Bytes(SqliteTransformStore.Json(transform)));
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
            using var swap = new NpgsqlCommand("UPDATE transforms SET json = $1, version = version + 1 WHERE id = $2 AND version = $3", connection);
            swap.Parameters.Add(Bytes(SqliteTransformStore.Json(current.Value)));
            swap.Parameters.Add(new NpgsqlParameter<long> { TypedValue = id });
            swap.Parameters.Add(new NpgsqlParameter<long> { TypedValue = current.Version });
            if (swap.ExecuteNonQuery() == 1)
            {
                Interlocked.Increment(ref _updates);
                return current with { Version = current.Version + 1 };
            }

            // Another writer, in this instance or another, changed the row since it was read: apply the change again.
            Interlocked.Increment(ref _conflicts);
        }

        throw new InvalidOperationException($"Transform {id} changed under every one of {MaxAttempts} attempts to update it.");
    }

    /// <summary>Logs what this instance wrote, so a scale-out run can count the retries of every instance.</summary>
    public void Dispose() =>
        _logger?.LogInformation("Transform store: updates written {Updates}, compare-and-swap conflicts retried {Conflicts}", Updates, Conflicts);

    private static StoredTransform? Read(NpgsqlConnection connection, long id)
    {
        using var command = new NpgsqlCommand("SELECT json, version FROM transforms WHERE id = $1", connection);
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = id });
        using NpgsqlDataReader reader = command.ExecuteReader();
        return reader.Read() ? new StoredTransform(Transform.CreateFromJson(reader.GetFieldValue<byte[]>(0)), reader.GetInt64(1)) : null;
    }

    private static NpgsqlParameter<byte[]> Bytes(byte[] json) => new() { TypedValue = json, NpgsqlDbType = NpgsqlDbType.Bytea };
}
