using System;
using System.Collections.Generic;
using System.Text.Json.Serialization;

namespace Jsonable.Runtime.Tests.Attributes;

// The same members under each number handling. STJ reads the same classes (it honours [JsonNumberHandling] on them),
// so each type is its own oracle.

/// <summary>No attribute: ASP.NET Core's web default (AllowReadingFromString).</summary>
[ToJson, FromJson]
public partial class WebNumbers
{
    public sbyte SByte { get; set; }

    public byte Byte { get; set; }

    public short Int16 { get; set; }

    public ushort UInt16 { get; set; }

    public int Int32 { get; set; }

    public uint UInt32 { get; set; }

    public long Int64 { get; set; }

    public ulong UInt64 { get; set; }

    public float Single { get; set; }

    public double Double { get; set; }

    public decimal Decimal { get; set; }

    public int? NullableInt32 { get; set; }

    public List<int>? List { get; set; }

    public double[]? Array { get; set; }

    public Dictionary<string, decimal>? Values { get; set; }

    public DayOfWeek Day { get; set; }
}

/// <summary>Strict on the type: quoted numbers are an error.</summary>
[ToJson, FromJson]
[JsonNumberHandling(JsonNumberHandling.Strict)]
public partial class StrictNumbers
{
    public int Int32 { get; set; }

    public ulong UInt64 { get; set; }

    public double Double { get; set; }

    public decimal Decimal { get; set; }

    public int? NullableInt32 { get; set; }

    public List<int>? List { get; set; }

    public Dictionary<string, decimal>? Values { get; set; }

    /// <summary>The member's attribute wins over the type's.</summary>
    [JsonNumberHandling(JsonNumberHandling.AllowReadingFromString)]
    public long Lenient { get; set; }
}

/// <summary>Written as strings (and read from them), as STJ writes <c>"9007199254740993"</c>; enums and nested objects are not affected.</summary>
[ToJson, FromJson]
[JsonNumberHandling(JsonNumberHandling.AllowReadingFromString | JsonNumberHandling.WriteAsString)]
public partial class StringNumbers
{
    public long Int64 { get; set; }

    public ulong UInt64 { get; set; }

    public byte Byte { get; set; }

    public double Double { get; set; }

    public float Single { get; set; }

    public decimal Decimal { get; set; }

    public int? NullableInt32 { get; set; }

    public int? Missing { get; set; }

    public List<int>? List { get; set; }

    public Dictionary<string, double>? Values { get; set; }

    public DayOfWeek Day { get; set; }

    public WebNumbers? Nested { get; set; }

    /// <summary>The member's attribute wins over the type's.</summary>
    [JsonNumberHandling(JsonNumberHandling.Strict)]
    public int Plain { get; set; }
}

/// <summary>NaN and the infinities as STJ's named literals, numbers otherwise.</summary>
[ToJson, FromJson]
public partial class NamedFloats
{
    [JsonNumberHandling(JsonNumberHandling.AllowNamedFloatingPointLiterals)]
    public double Double { get; set; }

    [JsonNumberHandling(JsonNumberHandling.AllowNamedFloatingPointLiterals)]
    public float Single { get; set; }

    [JsonNumberHandling(JsonNumberHandling.AllowNamedFloatingPointLiterals | JsonNumberHandling.WriteAsString)]
    public double AsString { get; set; }

    [JsonNumberHandling(JsonNumberHandling.AllowNamedFloatingPointLiterals)]
    public List<double>? List { get; set; }

    [JsonNumberHandling(JsonNumberHandling.AllowNamedFloatingPointLiterals)]
    public double? Nullable { get; set; }
}

/// <summary>Strict for a whole type through <c>[JsonableGenerationOptions]</c> (what the assembly-level form also sets).</summary>
[ToJson, FromJson]
[JsonableGenerationOptions(NumberHandling = JsonNumberHandling.Strict)]
public partial class OptionsStrictNumbers
{
    public int Int32 { get; set; }

    public double Double { get; set; }

    public List<decimal>? List { get; set; }
}
