using System.Text.Json.Serialization;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>A generated type with the shapes a request body has: scalars, a nested object, a list of objects.</summary>
[ToJson, FromJson]
public partial class Order
{
    public string? Name { get; set; }

    public int Count { get; set; }

    public decimal Total { get; set; }

    public Line? Primary { get; set; }

    public List<Line>? Lines { get; set; }
}

/// <summary>A nested generated type.</summary>
[ToJson, FromJson]
public partial class Line
{
    public string? Sku { get; set; }

    public int Quantity { get; set; }
}

/// <summary>A type no generator saw: System.Text.Json serves it, Jsonable must leave it alone.</summary>
public sealed class NotGenerated
{
    [JsonPropertyName("value")]
    public int Value { get; set; }
}

/// <summary>Instances shared by the suites.</summary>
public static class Orders
{
    /// <summary>An order with every member set, non-ASCII text included.</summary>
    public static Order Sample() => new()
    {
        Name = "Grüße \"quoted\" 😀",
        Count = 3,
        Total = 12.50m,
        Primary = new Line { Sku = "A-1", Quantity = 1 },
        Lines = [new Line { Sku = "A-1", Quantity = 1 }, new Line { Sku = "B-2", Quantity = 2 }],
    };

    /// <summary>A list long enough to pass the 32 KiB response buffer and to span many pipe segments.</summary>
    public static List<Order> Many(int count) => Enumerable.Range(0, count).Select(i => new Order
    {
        Name = "order " + i + " ünïcødé",
        Count = i,
        Total = i * 1.25m,
        Lines = [new Line { Sku = "S" + i, Quantity = i % 7 }],
    }).ToList();

    /// <summary>Asserts two orders hold the same data.</summary>
    public static void AssertSame(Order expected, Order? actual)
    {
        Assert.NotNull(actual);
        Assert.Equal(expected.Name, actual.Name);
        Assert.Equal(expected.Count, actual.Count);
        Assert.Equal(expected.Total, actual.Total);
        Assert.Equal(expected.Primary?.Sku, actual.Primary?.Sku);
        Assert.Equal(expected.Primary?.Quantity, actual.Primary?.Quantity);
        Assert.Equal(expected.Lines?.Select(l => (l.Sku, l.Quantity)), actual.Lines?.Select(l => (l.Sku, l.Quantity)));
    }
}

/// <summary>A generated base type with no polymorphism declared: what an action may declare while returning a derived type.</summary>
[ToJson, FromJson]
public partial class SimpleModel
{
    public int Id { get; set; }

    public string? Name { get; set; }

    public string? StreetName { get; set; }
}

/// <summary>A generated type derived from <see cref="SimpleModel"/>: its own members must not be lost behind the base.</summary>
[ToJson, FromJson]
public partial class DerivedModel : SimpleModel
{
    public string? Address { get; set; }
}

/// <summary>A subclass of a generated type that no generator saw: System.Text.Json writes it, with all its members.</summary>
public sealed class NotGeneratedDerivedModel : SimpleModel
{
    public string? Extra { get; set; }
}

/// <summary>A generated type whose second member throws when read: a failure in the middle of writing.</summary>
[ToJson]
public partial class ThrowingModel
{
    public string Name => "Robert";

    public int Age => throw new NotSupportedException("Age has no value.");
}
