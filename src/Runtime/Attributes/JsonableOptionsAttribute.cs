using System;

namespace Jsonable;

/// <summary>
/// Compile-time options for the generated code of one type, or (on the assembly) of every type in it.
/// A type's setting wins over the assembly's, which wins over the MSBuild property <c>JsonableNamingPolicy</c>.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Assembly, AllowMultiple = false, Inherited = false)]
public sealed class JsonableOptionsAttribute : Attribute
{
    /// <summary>How member names become wire names. <see cref="JsonableNamingPolicy.Default"/> inherits.</summary>
    public JsonableNamingPolicy NamingPolicy { get; set; }
}
