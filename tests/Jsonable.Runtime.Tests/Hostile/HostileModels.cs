#nullable enable
using System.Collections.Generic;
using Jsonable;

namespace Jsonable.Runtime.Tests.Hostile;

/// <summary>A realistic nested document: objects, arrays, lists, dictionaries, strings with escapes, numbers.</summary>
[ToJson, FromJson]
public partial class Order
{
    public string? id { get; set; }
    public int count { get; set; }
    public long? customer { get; set; }
    public double price { get; set; }
    public float discount { get; set; }
    public bool paid { get; set; }
    public string? note { get; set; }
    public int[]? codes { get; set; }
    public List<OrderItem>? items { get; set; }
    public Dictionary<string, int>? tags { get; set; }
    public Dictionary<string, OrderItem>? byName { get; set; }
    public OrderItem? primary { get; set; }
    public byte[]? blob { get; set; }
}

/// <summary>An element of <see cref="Order.items"/>.</summary>
[ToJson, FromJson]
public partial class OrderItem
{
    public string? sku { get; set; }
    public int count { get; set; }
    public double[]? weights { get; set; }
    public List<string>? labels { get; set; }
}

/// <summary>Holds an <c>int[]</c>.</summary>
[ToJson, FromJson]
public partial class IntArrayHolder
{
    public int[]? values { get; set; }
}

/// <summary>Holds a <c>List&lt;int&gt;</c>.</summary>
[ToJson, FromJson]
public partial class IntListHolder
{
    public List<int>? values { get; set; }
}

/// <summary>Holds a <c>Dictionary&lt;string, int&gt;</c>.</summary>
[ToJson, FromJson]
public partial class IntDictionaryHolder
{
    public Dictionary<string, int>? values { get; set; }
}

/// <summary>Holds a jagged <c>int[][]</c>.</summary>
[ToJson, FromJson]
public partial class JaggedHolder
{
    public int[][]? values { get; set; }
}

/// <summary>A recursive type: nesting depth is up to the document (or the object graph).</summary>
[ToJson, FromJson]
public partial class Node
{
    public int value { get; set; }
    public Node? child { get; set; }
    public List<Node>? children { get; set; }
}
