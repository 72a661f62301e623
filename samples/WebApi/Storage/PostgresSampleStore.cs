using System.Globalization;
using Jsonable.Samples.RealData;
using Npgsql;
using NpgsqlTypes;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// Statuses and events in PostgreSQL (one row per item, its JSON as written by Jsonable), served from memory
/// (<see cref="CachedSampleStore"/>) like <see cref="SqliteSampleStore"/>. Unlike it,
/// several instances can share the database: every write also sends a <c>NOTIFY</c>, and each instance LISTENs and
/// re-reads the rows that another one wrote, so a status POSTed through one instance is served by all of them
/// (a few milliseconds later).
/// </summary>
public sealed class PostgresSampleStore : CachedSampleStore, IDisposable
{
    private readonly NpgsqlDataSource _dataSource;
    private readonly string _channel;
    private readonly string _instance = Guid.NewGuid().ToString("N");
    private readonly object _writeLock = new();
    private readonly PostgresChangeListener _listener;

    /// <summary>Creates (once, whichever instance comes first) and seeds the tables, then loads them and starts listening.</summary>
    public PostgresSampleStore(NpgsqlDataSource dataSource, string dataDirectory, ILogger<PostgresSampleStore>? logger = null)
        : base(dataDirectory)
    {
        _dataSource = dataSource;

        using (NpgsqlConnection connection = dataSource.OpenConnection())
        {
            using NpgsqlTransaction tx = connection.BeginTransaction();
            PostgresSchema.Lock(connection, tx);

            _channel = PostgresChangeListener.ChannelFor(connection, tx, "jsonable_sample");

            using (var create = new NpgsqlCommand(
                "CREATE TABLE IF NOT EXISTS statuses (id bigint PRIMARY KEY, json bytea NOT NULL); CREATE TABLE IF NOT EXISTS events (id bigint PRIMARY KEY, json bytea NOT NULL)",
                connection, tx))
            {
                create.ExecuteNonQuery();
            }

            if (!HasRows(connection, tx))
            {
                Seed(connection, tx);
            }

            tx.Commit();
        }

        // Listen before loading: a write between the two is then both loaded and notified, never neither. Whatever was
        // written while the connection was lost is only in the database: load everything again then.
        _listener = new PostgresChangeListener(dataSource, _channel, OnNotification, Load, logger);
        Load();
    }

    public override bool UpsertStatus(Status status)
    {
        byte[] json = System.Text.Encoding.UTF8.GetBytes(status.ToJson());
        lock (_writeLock)
        {
            bool added = Upsert("statuses", status.id, json);
            Statuses[status.id] = (status, json);
            StatusListJson.Invalidate();
            return added;
        }
    }

    public override Status? UpdateStatus(long id, Action<Status> change)
    {
        lock (_writeLock)
        {
            // The row lock, not the in-process lock, is what keeps two instances' PATCHes of one status from losing one.
            using NpgsqlConnection connection = _dataSource.OpenConnection();
            using NpgsqlTransaction tx = connection.BeginTransaction();
            using var read = new NpgsqlCommand("SELECT json FROM statuses WHERE id = $1 FOR UPDATE", connection, tx);
            read.Parameters.Add(new NpgsqlParameter<long> { TypedValue = id });
            if (read.ExecuteScalar() is not byte[] stored)
            {
                return null;
            }

            Status copy = Status.CreateFromJson(stored);
            change(copy);
            byte[] json = System.Text.Encoding.UTF8.GetBytes(copy.ToJson());
            using var write = new NpgsqlCommand("WITH written AS (UPDATE statuses SET json = $1 WHERE id = $2 RETURNING id) SELECT pg_notify($3, $4) FROM written", connection, tx);
            write.Parameters.Add(Bytes(json));
            write.Parameters.Add(new NpgsqlParameter<long> { TypedValue = id });
            write.Parameters.Add(new NpgsqlParameter<string> { TypedValue = _channel });
            write.Parameters.Add(new NpgsqlParameter<string> { TypedValue = Payload("statuses", id) });
            write.ExecuteNonQuery();
            tx.Commit();
            Statuses[id] = (copy, json);
            StatusListJson.Invalidate();
            return copy;
        }
    }

    public override bool UpsertEvent(CitmEvent citmEvent)
    {
        byte[] json = System.Text.Encoding.UTF8.GetBytes(citmEvent.ToJson());
        lock (_writeLock)
        {
            bool added = Upsert("events", citmEvent.id, json);
            Events[citmEvent.id] = (citmEvent, json);
            return added;
        }
    }

    public void Dispose() => _listener.Dispose();

    /// <summary>Inserts or replaces a row and tells the other instances, in one round trip; true when the row is new.</summary>
    private bool Upsert(string table, long id, byte[] json, NpgsqlConnection? connection = null, NpgsqlTransaction? tx = null)
    {
        // xmax is 0 on a row version that an INSERT made, and set on one that ON CONFLICT DO UPDATE made.
        string sql = $"""
            WITH written AS (
                INSERT INTO {table} (id, json) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET json = excluded.json
                RETURNING xmax = 0 AS inserted)
            SELECT inserted, pg_notify($3, $4) FROM written
            """;
        using NpgsqlCommand command = connection is null ? _dataSource.CreateCommand(sql) : new NpgsqlCommand(sql, connection, tx);
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = id });
        command.Parameters.Add(Bytes(json));
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = _channel });
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = Payload(table, id) });
        return (bool)command.ExecuteScalar()!;
    }

    private string Payload(string table, long id) => string.Create(CultureInfo.InvariantCulture, $"{table}:{id}:{_instance}");

    private static bool HasRows(NpgsqlConnection connection, NpgsqlTransaction tx)
    {
        using var command = new NpgsqlCommand("SELECT EXISTS (SELECT 1 FROM statuses)", connection, tx);
        return (bool)command.ExecuteScalar()!;
    }

    private void Seed(NpgsqlConnection connection, NpgsqlTransaction tx)
    {
        foreach (Status status in TwitterSearch.statuses ?? [])
        {
            Upsert("statuses", status.id, System.Text.Encoding.UTF8.GetBytes(status.ToJson()), connection, tx);
        }

        foreach (CitmEvent citmEvent in Catalog.events?.Values ?? Enumerable.Empty<CitmEvent>())
        {
            Upsert("events", citmEvent.id, System.Text.Encoding.UTF8.GetBytes(citmEvent.ToJson()), connection, tx);
        }
    }

    private void Load()
    {
        lock (_writeLock)
        {
            using NpgsqlConnection connection = _dataSource.OpenConnection();
            using (var statuses = new NpgsqlCommand("SELECT id, json FROM statuses", connection))
            using (NpgsqlDataReader reader = statuses.ExecuteReader())
            {
                while (reader.Read())
                {
                    byte[] json = reader.GetFieldValue<byte[]>(1);
                    Statuses[reader.GetInt64(0)] = (Status.CreateFromJson(json), json);
                }
            }

            using (var events = new NpgsqlCommand("SELECT id, json FROM events", connection))
            using (NpgsqlDataReader reader = events.ExecuteReader())
            {
                while (reader.Read())
                {
                    byte[] json = reader.GetFieldValue<byte[]>(1);
                    Events[reader.GetInt64(0)] = (CitmEvent.CreateFromJson(json), json);
                }
            }

            StatusListJson.Invalidate();
        }
    }

    /// <summary>Re-reads a row another instance wrote (under the write lock, so an older read never replaces a newer write of this instance).</summary>
    private void Reload(string table, long id)
    {
        lock (_writeLock)
        {
            using NpgsqlCommand command = _dataSource.CreateCommand($"SELECT json FROM {(table == "events" ? "events" : "statuses")} WHERE id = $1");
            command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = id });
            if (command.ExecuteScalar() is not byte[] json)
            {
                return;
            }

            if (table == "events")
            {
                Events[id] = (CitmEvent.CreateFromJson(json), json);
            }
            else
            {
                Statuses[id] = (Status.CreateFromJson(json), json);
                StatusListJson.Invalidate();
            }
        }
    }

    private void OnNotification(string payload)
    {
        string[] parts = payload.Split(':');
        if (parts.Length == 3 && parts[2] != _instance && long.TryParse(parts[1], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long id))
        {
            Reload(parts[0], id);
        }
    }

    private static NpgsqlParameter<byte[]> Bytes(byte[] json) => new() { TypedValue = json, NpgsqlDbType = NpgsqlDbType.Bytea };
}
