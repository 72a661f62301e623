using System;

namespace Jsonable;

/// <summary>
/// Asks the Jsonable source generator to give a <c>partial</c> type its own JSON and JMC1 writers
/// (<c>ToJson</c>, <c>ToJsonUtf8</c>, <c>ToJsonable</c>).
/// </summary>
/// <remarks>
/// Apply it again with <see cref="Property"/> set to generate a partial writer
/// <c>ToJsonUtf8_X</c> that emits a document holding only that member.
/// </remarks>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = true, Inherited = false)]
public sealed class ToJsonAttribute : Attribute
{
    /// <summary>
    /// The member (use <c>nameof</c>) for which a partial writer <c>ToJsonUtf8_{Property}</c> is generated;
    /// <see langword="null"/> for the whole-object writer.
    /// </summary>
    public string? Property { get; set; }
}
