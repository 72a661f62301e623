using System.ComponentModel;

namespace Jsonable.Metadata;

/// <summary>
/// How a generated merge reader (<see cref="JsonableMergeAction{T}"/>) treats its target. Applying a merge patch
/// reads the document twice: once to check it against the target without changing anything, then to apply it, so a
/// document that fails anywhere leaves the target untouched.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public enum JsonableMergeMode
{
    /// <summary>Check the document against the type alone: the target is neither read nor written.</summary>
    Validate,

    /// <summary>Check the document against the target's current values (which nested objects exist), writing nothing.</summary>
    Check,

    /// <summary>Apply the document to the target.</summary>
    Apply,
}
