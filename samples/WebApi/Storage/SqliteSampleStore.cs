using Jsonable.Samples.RealData;
using Microsoft.Data.Sqlite;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// Persists statuses and events in SQLite (one row per item, its JSON as written by Jsonable) and serves reads from
/// memory (<see cref="CachedSampleStore"/>).
/// </summary>
public sealed class SqliteSampleStore : CachedSampleStore, IDisposable
{
    private readonly SqliteConnection _connection;
    private readonly object _writeLock = new();

    /// <summary>Opens (and creates, and on first use seeds) the database.</summary>
    public SqliteSampleStore(string connectionString, string dataDirectory)
        : base(dataDirectory)
    {
        _connection = new SqliteConnection(connectionString);
        _connection.Open();
        Execute("CREATE TABLE IF NOT EXISTS statuses (id INTEGER PRIMARY KEY, json BLOB NOT NULL)");
        Execute("CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, json BLOB NOT NULL)");

        if (Count("statuses") == 0)
        {
            Seed();
        }

        Load();
    }

    public override bool UpsertStatus(Status status)
    {
        byte[] json = System.Text.Encoding.UTF8.GetBytes(status.ToJson());
        lock (_writeLock)
        {
            Upsert("statuses", status.id, json);
            bool added = !Statuses.ContainsKey(status.id);
            Statuses[status.id] = (status, json);
            StatusListJson.Invalidate();
            return added;
        }
    }

    public override Status? UpdateStatus(long id, Action<Status> change)
    {
        lock (_writeLock)
        {
            if (!Statuses.TryGetValue(id, out var stored))
            {
                return null;
            }

            // Readers keep using the stored instance while the copy changes.
            Status copy = Status.CreateFromJson(stored.Json);
            change(copy);
            byte[] json = System.Text.Encoding.UTF8.GetBytes(copy.ToJson());
            Upsert("statuses", id, json);
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
            Upsert("events", citmEvent.id, json);
            bool added = !Events.ContainsKey(citmEvent.id);
            Events[citmEvent.id] = (citmEvent, json);
            return added;
        }
    }

    public void Dispose() => _connection.Dispose();

    private void Seed()
    {
        using SqliteTransaction tx = _connection.BeginTransaction();
        foreach (Status status in TwitterSearch.statuses ?? [])
        {
            Upsert("statuses", status.id, System.Text.Encoding.UTF8.GetBytes(status.ToJson()), tx);
        }

        foreach (CitmEvent citmEvent in Catalog.events?.Values ?? Enumerable.Empty<CitmEvent>())
        {
            Upsert("events", citmEvent.id, System.Text.Encoding.UTF8.GetBytes(citmEvent.ToJson()), tx);
        }

        tx.Commit();
    }

    private void Load()
    {
        using SqliteCommand statuses = _connection.CreateCommand();
        statuses.CommandText = "SELECT id, json FROM statuses";
        using (SqliteDataReader reader = statuses.ExecuteReader())
        {
            while (reader.Read())
            {
                byte[] json = (byte[])reader["json"];
                Statuses[reader.GetInt64(0)] = (Status.CreateFromJson(json), json);
            }
        }

        using SqliteCommand events = _connection.CreateCommand();
        events.CommandText = "SELECT id, json FROM events";
        using (SqliteDataReader reader = events.ExecuteReader())
        {
            while (reader.Read())
            {
                byte[] json = (byte[])reader["json"];
                Events[reader.GetInt64(0)] = (CitmEvent.CreateFromJson(json), json);
            }
        }
    }

    private void Upsert(string table, long id, byte[] json, SqliteTransaction? tx = null)
    {
        using SqliteCommand command = _connection.CreateCommand();
        command.Transaction = tx;
        command.CommandText = $"INSERT INTO {table} (id, json) VALUES ($id, $json) ON CONFLICT(id) DO UPDATE SET json = excluded.json";
        command.Parameters.AddWithValue("$id", id);
        command.Parameters.AddWithValue("$json", json);
        command.ExecuteNonQuery();
    }

    private long Count(string table)
    {
        using SqliteCommand command = _connection.CreateCommand();
        command.CommandText = $"SELECT COUNT(*) FROM {table}";
        return (long)command.ExecuteScalar()!;
    }

    private void Execute(string sql)
    {
        using SqliteCommand command = _connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
