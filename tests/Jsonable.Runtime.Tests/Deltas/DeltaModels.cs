#nullable enable
using System;
using System.Collections.Generic;
using System.Text.Json.Serialization;
using Jsonable;
using Jsonable.Runtime.Tests.PartialUpdates;
using Jsonable.Runtime.Tests.Polymorphism;

namespace Jsonable.Runtime.Tests.Deltas;

/// <summary>Members whose comparison or naming a delta must get right (camelCase here; the nested types keep their C# names).</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class DeltaShapes
{
    [JsonNumberHandling(JsonNumberHandling.AllowNamedFloatingPointLiterals)]
    public double Ratio { get; set; }

    public decimal Price { get; set; }

    public DateTime When { get; set; }

    public DateTimeOffset At { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Note { get; set; }

    /// <summary>Written, never read: derived data a delta leaves out (the merge would refuse it).</summary>
    public string Derived => "ratio " + Ratio;

    [JsonPropertyName("renamed")]
    public int Original { get; set; }

    public MergePoint Point { get; set; }

    public Dictionary<string, MergeDimensions>? Parts { get; set; }

    public HashSet<int>? Seen { get; set; }

    public Shape? Outline { get; set; }
}
