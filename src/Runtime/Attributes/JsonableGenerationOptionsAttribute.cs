using System;
using System.Text.Json.Serialization;

namespace Jsonable;

/// <summary>
/// Compile-time options for the generated code of one type, or (on the assembly) of every type in it.
/// A type's setting wins over the assembly's, which wins over the MSBuild property <c>JsonableNamingPolicy</c>.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Assembly, AllowMultiple = false, Inherited = false)]
public sealed class JsonableGenerationOptionsAttribute : Attribute
{
    /// <summary>How member names become wire names. <see cref="JsonableNamingPolicy.Default"/> inherits.</summary>
    public JsonableNamingPolicy NamingPolicy { get; set; }

    /// <summary>
    /// How numbers are read and written, for members that carry no <see cref="JsonNumberHandlingAttribute"/> of their own
    /// and whose type carries none either (System.Text.Json's attribute cannot be put on an assembly; this can).
    /// Left unset, generated readers use ASP.NET Core's web default, <see cref="JsonNumberHandling.AllowReadingFromString"/>.
    /// </summary>
    public JsonNumberHandling NumberHandling { get; set; }
}
