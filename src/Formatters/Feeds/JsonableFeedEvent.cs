using System;

namespace Jsonable.AspNetCore.Feeds;

/// <summary>What a <see cref="JsonableFeedEvent"/> carries.</summary>
public enum JsonableFeedEventKind
{
    /// <summary>The whole resource at the event's version: replaces whatever the receiver holds.</summary>
    Snapshot,

    /// <summary>The change from the version before the event's to the event's: a JSON merge patch (RFC 7396).</summary>
    Delta,
}

/// <summary>One event of a resource's version feed (<see cref="JsonableVersionFeed"/>).</summary>
/// <param name="Kind">Whether <paramref name="Data"/> is the whole resource or the change from the version before.</param>
/// <param name="Version">The version the receiver holds after applying the event; a delta's is one more than the version before it.</param>
/// <param name="Data">UTF-8 JSON: the resource (<see cref="JsonableFeedEventKind.Snapshot"/>) or the merge patch (<see cref="JsonableFeedEventKind.Delta"/>).</param>
public readonly record struct JsonableFeedEvent(JsonableFeedEventKind Kind, long Version, ReadOnlyMemory<byte> Data);
