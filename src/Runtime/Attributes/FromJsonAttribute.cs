using System;

namespace Jsonable;

/// <summary>
/// Asks the Jsonable source generator to give a <c>partial</c> type its own JSON and JMC1 readers
/// (<c>FromJson</c>, <c>FromJsonable</c>, <c>CreateFromJson</c>, <c>CreateFromJsonable</c>).
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = false, Inherited = false)]
public sealed class FromJsonAttribute : Attribute
{
}
