using System.Collections.Generic;

namespace Jsonable.Runtime.Tests.Jmc1;

/// <summary>The type of the docs/jmc1.md example: <c>{"Name":"Hi","Nums":[1,2,3]}</c>.</summary>
[ToJson, FromJson]
public partial class Greeting
{
    public string? Name { get; set; }

    public int[]? Nums { get; set; }
}

/// <summary>The docs/jmc1.md example with a list instead of an array.</summary>
[ToJson, FromJson]
public partial class GreetingList
{
    public string? Name { get; set; }

    public List<int>? Nums { get; set; }
}

/// <summary>One string member, for length-comment vectors.</summary>
[ToJson, FromJson]
public partial class Note
{
    public string? Text { get; set; }
}

/// <summary>Three levels of nested objects, each of which carries its own header in JMC1.</summary>
[ToJson, FromJson]
public partial class Outer
{
    public string? Label { get; set; }

    public Inner? Child { get; set; }

    public List<Leaf>? Leaves { get; set; }
}

/// <summary>The middle level of <see cref="Outer"/>.</summary>
[ToJson, FromJson]
public partial class Inner
{
    public int Id { get; set; }

    public Leaf? Leaf { get; set; }
}

/// <summary>The innermost level of <see cref="Outer"/>.</summary>
[ToJson, FromJson]
public partial class Leaf
{
    public bool Flag { get; set; }
}

/// <summary>An element of root arrays.</summary>
[ToJson, FromJson]
public partial class Item
{
    public int Id { get; set; }

    public string? Name { get; set; }
}

/// <summary>A dictionary member: a JSON object without the JMC1 header.</summary>
[ToJson, FromJson]
public partial class Lookup
{
    public Dictionary<string, int>? Map { get; set; }

    public Dictionary<string, Leaf?>? Leaves { get; set; }
}
