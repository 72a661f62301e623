using Jsonable.Samples.RealData;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>A transform as stored, with the version of its row (bumped by every write).</summary>
/// <param name="Value">The transform.</param>
/// <param name="Version">The row's version.</param>
public sealed record StoredTransform(Transform Value, long Version)
{
    /// <summary>The strong entity tag of this version, as sent in <c>ETag</c> and compared with <c>If-Match</c>.</summary>
    public string ETag => $"\"{Version}\"";

    /// <summary>The merge patch from the version before, when the write that returned this made one (empty otherwise: a read, or a creation).</summary>
    public ReadOnlyMemory<byte> Delta { get; init; }
}
