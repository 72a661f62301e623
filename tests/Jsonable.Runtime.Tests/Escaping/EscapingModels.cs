using System.Collections.Generic;

namespace Jsonable.Runtime.Tests.Escaping;

/// <summary>One string member, for escaping tests.</summary>
[ToJson, FromJson]
public partial class Text
{
    public string? Value { get; set; }
}

/// <summary>Floating-point members of every shape, for the NaN/infinity tests.</summary>
[ToJson, FromJson]
public partial class Floats
{
    public double Double { get; set; }

    public float Single { get; set; }

    public double? NullableDouble { get; set; }

    public float? NullableSingle { get; set; }

    public double[]? Doubles { get; set; }

    public float[]? Singles { get; set; }
}

/// <summary>Members at the edges of every number type.</summary>
[ToJson, FromJson]
public partial class Numbers
{
    public sbyte SByte { get; set; }

    public byte Byte { get; set; }

    public short Int16 { get; set; }

    public ushort UInt16 { get; set; }

    public int Int32 { get; set; }

    public uint UInt32 { get; set; }

    public long Int64 { get; set; }

    public ulong UInt64 { get; set; }

    public double Double { get; set; }

    public float Single { get; set; }
}

/// <summary>A string-keyed dictionary, for key escaping.</summary>
[ToJson, FromJson]
public partial class Keyed
{
    public Dictionary<string, string?>? Map { get; set; }
}
