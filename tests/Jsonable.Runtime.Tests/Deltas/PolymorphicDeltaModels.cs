#nullable enable
using System.Collections.Generic;
using System.ComponentModel.DataAnnotations;
using System.Text.Json.Serialization;
using Jsonable.Runtime.Tests.PartialUpdates;
using Jsonable.Runtime.Tests.Polymorphism;

namespace Jsonable.Runtime.Tests.Deltas;

/// <summary>Polymorphic values where a patch meets them: a member, dictionary values, and a hierarchy with read-only and non-nullable members.</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Garden
{
    public Shape? Main { get; set; }

    public Dictionary<string, Shape>? ByName { get; set; }

    public Plant? Plant { get; set; }
}

/// <summary>An abstract base with a read-only member; one derived type has a string discriminator, the other an int.</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
[JsonDerivedType(typeof(Tree), "tree")]
[JsonDerivedType(typeof(Flower), 7)]
public abstract partial class Plant
{
    [Editable(false)]
    public int Tag { get; set; }

    public string? Name { get; set; }
}

/// <summary>A derived type with a non-nullable member and a nested object (merged member by member).</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Tree : Plant
{
    public int Height { get; set; }

    public string Bark { get; set; } = "smooth";

    public MergeDimensions? Crown { get; set; }
}

/// <summary>A derived type with its own read-only member and a list (replaced whole).</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Flower : Plant
{
    [Editable(false)]
    public string? Species { get; set; }

    public List<string>? Colors { get; set; }
}

/// <summary>A member whose runtime type may be unlisted (FallBackToNearestAncestor): merged as it is written.</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class FallbackHolder
{
    public Fallback? Value { get; set; }
}
