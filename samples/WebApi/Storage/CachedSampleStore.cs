using System.Collections.Concurrent;
using Jsonable.Samples.RealData;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// What the SQLite and PostgreSQL sample stores share: statuses and events served from memory (each with its JSON as
/// written by Jsonable), so that the routes compare serializers rather than database round trips, and the two data
/// files whole. A store writes through to its database and keeps these dictionaries in step.
/// </summary>
public abstract class CachedSampleStore : ISampleStore
{
    /// <summary>Reads the whole data files (twitter.json, citm_catalog.json) from <paramref name="dataDirectory"/>.</summary>
    private protected CachedSampleStore(string dataDirectory)
    {
        TwitterSearch = TwitterRoot.CreateFromJson(File.ReadAllBytes(Path.Combine(dataDirectory, "twitter.json")));
        Catalog = CitmCatalog.CreateFromJson(File.ReadAllBytes(Path.Combine(dataDirectory, "citm_catalog.json")));
    }

    public TwitterRoot TwitterSearch { get; }

    public CitmCatalog Catalog { get; }

    /// <summary>The statuses by id; a value is replaced whole, never changed in place (readers may hold it).</summary>
    private protected ConcurrentDictionary<long, (Status Value, byte[] Json)> Statuses { get; } = new();

    /// <summary>The events by id, replaced whole like <see cref="Statuses"/>.</summary>
    private protected ConcurrentDictionary<long, (CitmEvent Value, byte[] Json)> Events { get; } = new();

    /// <summary>Invalidated by the store after every change of <see cref="Statuses"/>.</summary>
    private protected StatusListJsonCache StatusListJson { get; } = new();

    public IReadOnlyList<Status> ListStatuses(int limit) =>
        FirstByKey(Statuses, limit).Select(p => p.Value.Value).ToList();

    public Status? GetStatus(long id) => Statuses.TryGetValue(id, out var s) ? s.Value : null;

    public byte[]? GetStatusJson(long id) => Statuses.TryGetValue(id, out var s) ? s.Json : null;

    public byte[] ListStatusesJson(int limit) =>
        StatusListJson.Get(limit, () => FirstByKey(Statuses, int.MaxValue).Select(p => p.Value.Json));

    public IReadOnlyList<CitmEvent> ListEvents(int limit) =>
        FirstByKey(Events, limit).Select(p => p.Value.Value).ToList();

    public CitmEvent? GetEvent(long id) => Events.TryGetValue(id, out var e) ? e.Value : null;

    public byte[]? GetEventJson(long id) => Events.TryGetValue(id, out var e) ? e.Json : null;

    public abstract bool UpsertStatus(Status status);

    public abstract Status? UpdateStatus(long id, Action<Status> change);

    public abstract bool UpsertEvent(CitmEvent citmEvent);

    /// <summary>
    /// The first <paramref name="limit"/> items by id, from an atomic snapshot. LINQ over the live dictionary sizes
    /// its sort buffer from <c>Count</c> and then copies into it, which throws when a POST adds a key in between.
    /// </summary>
    private static IEnumerable<KeyValuePair<long, TValue>> FirstByKey<TValue>(ConcurrentDictionary<long, TValue> items, int limit) =>
        items.ToArray().OrderBy(p => p.Key).Take(limit);
}
