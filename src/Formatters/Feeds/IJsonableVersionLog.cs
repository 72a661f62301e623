using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace Jsonable.AspNetCore.Feeds;

/// <summary>
/// An append-only, bounded log of a kind of resource's versions: each write of a resource bumps its version by one and
/// appends the delta from the version before; the log keeps the last few deltas of each resource. Implemented by the
/// app over its store (the sample's SQLite and PostgreSQL stores keep it in a table beside the resources, so that every
/// instance sharing the database can resume any client); read by <see cref="JsonableVersionFeed"/>.
/// </summary>
public interface IJsonableVersionLog
{
    /// <summary>The resource as it is now and its version, read together; <see langword="null"/> when there is no such resource.</summary>
    /// <param name="resourceId">The resource.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns>A <see cref="JsonableFeedEventKind.Snapshot"/> event, or <see langword="null"/>.</returns>
    ValueTask<JsonableFeedEvent?> ReadSnapshotAsync(string resourceId, CancellationToken cancellationToken);

    /// <summary>
    /// The deltas after <paramref name="version"/>, oldest first, each one version after the one before, up to the newest
    /// the log holds (none when <paramref name="version"/> is the newest); <see langword="null"/> when the log cannot
    /// bring a copy at <paramref name="version"/> up to date: the delta after it was trimmed, the version is ahead of
    /// the resource's, or there is no such resource.
    /// </summary>
    /// <param name="resourceId">The resource.</param>
    /// <param name="version">The version the receiver holds.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns><see cref="JsonableFeedEventKind.Delta"/> events, or <see langword="null"/>.</returns>
    ValueTask<IReadOnlyList<JsonableFeedEvent>?> ReadDeltasAfterAsync(string resourceId, long version, CancellationToken cancellationToken);

    /// <summary>
    /// Calls <paramref name="appended"/> for each change of the resource from now until the result is disposed, on any
    /// thread: with the appended delta when it is known, or with <see langword="null"/> when only the fact of a change is
    /// (another instance wrote): the feed then reads the log. Calls may repeat, come out of order or miss versions; the
    /// feed reads the log for any gap, so a watch only has to call at least once after each change.
    /// </summary>
    /// <param name="resourceId">The resource.</param>
    /// <param name="appended">What to call.</param>
    /// <returns>Ends the watch.</returns>
    IDisposable Watch(string resourceId, Action<JsonableFeedEvent?> appended);
}
