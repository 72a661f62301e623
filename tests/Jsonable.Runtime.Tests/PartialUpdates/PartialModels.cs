#nullable enable
using System.Collections.Generic;
using Jsonable;

namespace Jsonable.Runtime.Tests.PartialUpdates;

/// <summary>A game-state transform with a partial writer for <see cref="Position"/> (DESIGN §3).</summary>
[ToJson, FromJson, ToJson(Property = nameof(Position))]
public partial class Transform
{
    public float[]? Position { get; set; }
    public float[]? Rotation { get; set; }
    public string? Name { get; set; }
}

/// <summary>A transform with partial writers for two members, one of them a nested object.</summary>
[ToJson, FromJson, ToJson(Property = nameof(Rotation)), ToJson(Property = nameof(Payload))]
public partial class Body
{
    public float[]? Position { get; set; }
    public float[]? Rotation { get; set; }
    public Payload? Payload { get; set; }
}

/// <summary>Something a <see cref="Body"/> carries.</summary>
[ToJson, FromJson]
public partial class Payload
{
    public string? Kind { get; set; }
    public int Mass { get; set; }
    public Payload? Inner { get; set; }
}

/// <summary>Every kind of member the reuse rules treat differently.</summary>
[ToJson, FromJson]
public partial class Inventory
{
    public int[]? Slots { get; set; }
    public byte[]? Blob { get; set; }
    public List<string>? Log { get; set; }
    public HashSet<int>? Seen { get; set; }
    public IList<int>? Ids { get; set; }
    public Dictionary<string, int>? Counts { get; set; }
    public IDictionary<string, int>? Limits { get; set; }
    public Payload? Payload { get; set; }
    public List<Payload>? Payloads { get; set; }
    public int[][]? Grid { get; set; }
}
