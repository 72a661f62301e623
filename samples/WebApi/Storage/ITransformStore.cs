using Jsonable.Samples.RealData;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>Where the sample keeps transforms, the partial-update resource; safe for several servers sharing one database.</summary>
public interface ITransformStore
{
    /// <summary>All transforms in id order.</summary>
    IReadOnlyList<StoredTransform> List();

    /// <summary>One transform, or null.</summary>
    StoredTransform? Get(long id);

    /// <summary>Inserts a transform (a new id when its id is 0); null when the id is taken.</summary>
    StoredTransform? Create(Transform transform);

    /// <summary>Inserts or replaces a transform; <c>Created</c> is true when it was new.</summary>
    (StoredTransform Stored, bool Created) Replace(Transform transform);

    /// <summary>
    /// Changes a stored transform by read, <paramref name="change"/>, compare-and-swap on the row version, retried from a
    /// fresh read when another writer (in this process or another) got there first. <paramref name="change"/> may run
    /// more than once and may throw to abort (nothing is written then). Null when there is no such transform.
    /// </summary>
    StoredTransform? Update(long id, Action<StoredTransform> change);

    /// <summary>
    /// The version log's deltas after <paramref name="version"/>, oldest first, one per version up to the transform's
    /// current version (none when it is at <paramref name="version"/>); null when the log cannot bring a copy at
    /// <paramref name="version"/> up to date (the delta after it was trimmed, the version is ahead, or no such transform).
    /// </summary>
    IReadOnlyList<LoggedDelta>? ReadDeltasAfter(long id, long version);
}

/// <summary>One entry of a transform's version log.</summary>
/// <param name="Version">The version the delta leads to.</param>
/// <param name="Json">The merge patch from the version before, UTF-8 JSON.</param>
public sealed record LoggedDelta(long Version, byte[] Json);

/// <summary>
/// A transform store whose database other processes write too (several instances behind a balancer): it tells when one
/// of them may have written a transform, so that what this process keeps of it (the live feed's last state) is read again.
/// </summary>
public interface ISharedTransformStore
{
    /// <summary>Raised on a background thread, one at a time, in the order the database committed the writes.</summary>
    event Action<TransformWrittenElsewhere>? WrittenElsewhere;
}

/// <summary>Another process wrote a transform.</summary>
/// <param name="Id">The transform, or null when any of them may have changed (after notifications were lost, or a store that cannot tell which).</param>
/// <param name="Version">The version written (0 when not known): a copy at this version or later is up to date.</param>
public readonly record struct TransformWrittenElsewhere(long? Id, long Version);
