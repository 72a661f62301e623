#nullable enable
using System.Collections.Generic;
using System.Text.Json.Serialization;
using Jsonable;

namespace Jsonable.Runtime.Tests.PartialUpdates;

/// <summary>A resource with every kind of member a merge patch treats differently.</summary>
[ToJson, FromJson]
public partial class MergeTarget
{
    public string? Name { get; set; }
    public int Count { get; set; }
    public double? Score { get; set; }
    public float[]? Position { get; set; }
    public List<string>? Tags { get; set; }
    public HashSet<int>? Seen { get; set; }
    public Dictionary<string, int>? Counters { get; set; }
    public IReadOnlyDictionary<string, MergeDimensions>? Parts { get; set; }
    public MergeDimensions? Dimensions { get; set; }
    public MergePoint Point { get; set; }

    [JsonRequired]
    public string? Owner { get; set; }
}

/// <summary>A nested object merged member by member.</summary>
[ToJson, FromJson]
public partial class MergeDimensions
{
    public double Width { get; set; }
    public double Height { get; set; }
    public double Depth { get; set; }
}

/// <summary>A nested struct merged member by member.</summary>
[ToJson, FromJson]
public partial struct MergePoint
{
    public int X { get; set; }
    public int Y { get; set; }
}

/// <summary>A type with an init-only member (set through its generated accessor).</summary>
[ToJson, FromJson]
public partial class MergeImmutable
{
    public string? Code { get; init; }

    public string? Label { get; init; }
}
