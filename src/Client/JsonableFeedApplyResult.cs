namespace Jsonable.Http;

/// <summary>What <see cref="JsonableFeedFollower{T}"/> did with an event.</summary>
public enum JsonableFeedApplyResult
{
    /// <summary>The copy is now at the event's version.</summary>
    Applied,

    /// <summary>The copy already holds the event's version or a later one: nothing changed (a delta is never applied twice).</summary>
    AlreadyApplied,

    /// <summary>
    /// The delta does not follow the copy's version (a version was skipped, or there is no copy yet), or it does not fit
    /// the type: nothing changed, and the copy's version is forgotten so that the next connection asks for a snapshot.
    /// </summary>
    Gap,
}
