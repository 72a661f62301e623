using System.Collections.Concurrent;
using Jsonable.Samples.RealData;
using Microsoft.Data.Sqlite;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// Persists statuses and events in SQLite (one row per item, its JSON as written by Jsonable) and serves reads from
/// memory, so that the routes compare serializers rather than database round trips.
/// </summary>
public sealed class SqliteSampleStore : ISampleStore, IDisposable
{
    private readonly SqliteConnection _connection;
    private readonly object _writeLock = new();
    private readonly ConcurrentDictionary<long, (Status Value, byte[] Json)> _statuses = new();
    private readonly ConcurrentDictionary<long, (CitmEvent Value, byte[] Json)> _events = new();
    private readonly StatusListJsonCache _statusListJson = new();

    /// <summary>Opens (and creates, and on first use seeds) the database.</summary>
    public SqliteSampleStore(string connectionString, string dataDirectory)
    {
        _connection = new SqliteConnection(connectionString);
        _connection.Open();
        Execute("CREATE TABLE IF NOT EXISTS statuses (id INTEGER PRIMARY KEY, json BLOB NOT NULL)");
        Execute("CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, json BLOB NOT NULL)");

        TwitterSearch = TwitterRoot.CreateFromJson(File.ReadAllBytes(Path.Combine(dataDirectory, "twitter.json")));
        Catalog = CitmCatalog.CreateFromJson(File.ReadAllBytes(Path.Combine(dataDirectory, "citm_catalog.json")));

        if (Count("statuses") == 0)
        {
            Seed();
        }

        Load();
    }

    public TwitterRoot TwitterSearch { get; }

    public CitmCatalog Catalog { get; }

    public IReadOnlyList<Status> ListStatuses(int limit) =>
        FirstByKey(_statuses, limit).Select(p => p.Value.Value).ToList();

    public Status? GetStatus(long id) => _statuses.TryGetValue(id, out var s) ? s.Value : null;

    public byte[]? GetStatusJson(long id) => _statuses.TryGetValue(id, out var s) ? s.Json : null;

    public byte[] ListStatusesJson(int limit) =>
        _statusListJson.Get(limit, () => FirstByKey(_statuses, int.MaxValue).Select(p => p.Value.Json));

    public bool UpsertStatus(Status status)
    {
        byte[] json = System.Text.Encoding.UTF8.GetBytes(status.ToJson());
        lock (_writeLock)
        {
            Upsert("statuses", status.id, json);
            bool added = !_statuses.ContainsKey(status.id);
            _statuses[status.id] = (status, json);
            _statusListJson.Invalidate();
            return added;
        }
    }

    public Status? UpdateStatus(long id, Action<Status> change)
    {
        lock (_writeLock)
        {
            if (!_statuses.TryGetValue(id, out var stored))
            {
                return null;
            }

            // Readers keep using the stored instance while the copy changes.
            Status copy = Status.CreateFromJson(stored.Json);
            change(copy);
            byte[] json = System.Text.Encoding.UTF8.GetBytes(copy.ToJson());
            Upsert("statuses", id, json);
            _statuses[id] = (copy, json);
            return copy;
        }
    }

    public IReadOnlyList<CitmEvent> ListEvents(int limit) =>
        FirstByKey(_events, limit).Select(p => p.Value.Value).ToList();

    public CitmEvent? GetEvent(long id) => _events.TryGetValue(id, out var e) ? e.Value : null;

    public byte[]? GetEventJson(long id) => _events.TryGetValue(id, out var e) ? e.Json : null;

    public bool UpsertEvent(CitmEvent citmEvent)
    {
        byte[] json = System.Text.Encoding.UTF8.GetBytes(citmEvent.ToJson());
        lock (_writeLock)
        {
            Upsert("events", citmEvent.id, json);
            bool added = !_events.ContainsKey(citmEvent.id);
            _events[citmEvent.id] = (citmEvent, json);
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
                _statuses[reader.GetInt64(0)] = (Status.CreateFromJson(json), json);
            }
        }

        using SqliteCommand events = _connection.CreateCommand();
        events.CommandText = "SELECT id, json FROM events";
        using (SqliteDataReader reader = events.ExecuteReader())
        {
            while (reader.Read())
            {
                byte[] json = (byte[])reader["json"];
                _events[reader.GetInt64(0)] = (CitmEvent.CreateFromJson(json), json);
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

    /// <summary>
    /// The first <paramref name="limit"/> items by id, from an atomic snapshot. LINQ over the live dictionary sizes
    /// its sort buffer from <c>Count</c> and then copies into it, which throws when a POST adds a key in between.
    /// </summary>
    private static IEnumerable<KeyValuePair<long, TValue>> FirstByKey<TValue>(ConcurrentDictionary<long, TValue> items, int limit) =>
        items.ToArray().OrderBy(p => p.Key).Take(limit);
}
