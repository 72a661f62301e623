using System;

namespace Jsonable.Internal;

/// <summary>
/// The nesting limits the reader and the writer share: one home, so that what one side writes the other can read back.
/// Shared source: Jsonable.AspNetCore compiles it too, for its options' default depth.
/// </summary>
internal static class JsonableLimits
{
    /// <summary>
    /// The deepest nesting a <c>MaxDepth</c> option may allow: generated readers and writers recurse once per level, and
    /// past this depth a stack could run out before the limit is reached. <see cref="JsonableReader.DepthCeiling"/> publishes it.
    /// </summary>
    public const int DepthCeiling = 1000;

    /// <summary>The default <c>MaxDepth</c> of <see cref="JsonableReaderOptions"/> and <see cref="JsonableWriterOptions"/> (System.Text.Json's).</summary>
    public const int DefaultMaxDepth = 64;

    /// <summary>
    /// Every this many levels a reader or writer checks that the stack has room
    /// (<see cref="System.Runtime.CompilerServices.RuntimeHelpers.EnsureSufficientExecutionStack"/>): a deep
    /// <c>MaxDepth</c> on a small stack still fails cleanly. A power of two, tested as a mask.
    /// </summary>
    public const int StackCheckInterval = 32;

    /// <summary>The depth limit applied for an option's <c>MaxDepth</c>: the option, capped at <see cref="DepthCeiling"/>.</summary>
    public static int EffectiveMaxDepth(int maxDepth) => Math.Min(maxDepth, DepthCeiling);
}
