using Jsonable.Samples.RealData;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>Where the sample keeps the twitter statuses and citm events; every route set reads the same data.</summary>
public interface ISampleStore
{
    /// <summary>Statuses in id order, at most <paramref name="limit"/>.</summary>
    IReadOnlyList<Status> ListStatuses(int limit);

    /// <summary>One status, or null.</summary>
    Status? GetStatus(long id);

    /// <summary>Inserts or replaces a status; true when it was new.</summary>
    bool UpsertStatus(Status status);

    /// <summary>
    /// Changes a stored status: <paramref name="change"/> gets a copy (so a change that throws leaves nothing changed)
    /// and the copy replaces the stored one. Null when there is no such status.
    /// </summary>
    Status? UpdateStatus(long id, Action<Status> change);

    /// <summary>The stored JSON of a status (pre-serialized bytes), or null.</summary>
    byte[]? GetStatusJson(long id);

    /// <summary>The stored JSON of the first <paramref name="limit"/> statuses as one JSON array.</summary>
    byte[] ListStatusesJson(int limit);

    /// <summary>Events in id order, at most <paramref name="limit"/>.</summary>
    IReadOnlyList<CitmEvent> ListEvents(int limit);

    /// <summary>One event, or null.</summary>
    CitmEvent? GetEvent(long id);

    /// <summary>Inserts or replaces an event; true when it was new.</summary>
    bool UpsertEvent(CitmEvent citmEvent);

    /// <summary>The stored JSON of an event, or null.</summary>
    byte[]? GetEventJson(long id);

    /// <summary>The whole twitter search result (the original file's shape).</summary>
    TwitterRoot TwitterSearch { get; }

    /// <summary>The whole citm catalog (the original file's shape).</summary>
    CitmCatalog Catalog { get; }
}
