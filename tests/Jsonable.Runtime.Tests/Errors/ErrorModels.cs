#nullable enable
using System.Collections.Generic;
using Jsonable;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary>How a reading was taken.</summary>
public enum Unit
{
    Metre,
    Second,
}

/// <summary>One member of every scalar type, none of them nullable except <see cref="maybe"/>.</summary>
[ToJson, FromJson]
public partial class Reading
{
    public bool flag { get; set; }
    public sbyte i8 { get; set; }
    public byte u8 { get; set; }
    public short i16 { get; set; }
    public ushort u16 { get; set; }
    public int count { get; set; }
    public uint u32 { get; set; }
    public long i64 { get; set; }
    public ulong u64 { get; set; }
    public float f32 { get; set; }
    public double f64 { get; set; }
    public Unit unit { get; set; }
    public int? maybe { get; set; }
    public string? label { get; set; }
}

/// <summary>Readings in every kind of container, for error paths.</summary>
[ToJson, FromJson]
public partial class Station
{
    public string? name { get; set; }
    public List<Reading>? items { get; set; }
    public Dictionary<string, Reading>? byKey { get; set; }
    public Dictionary<string, int>? totals { get; set; }
    public int[][]? grid { get; set; }
    public Reading? latest { get; set; }
}
