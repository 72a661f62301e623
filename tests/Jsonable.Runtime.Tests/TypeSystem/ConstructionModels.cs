using System.Collections.Generic;
using System.Text.Json.Serialization;

namespace Jsonable.Runtime.Tests.TypeSystem;

/// <summary>A positional record: read through its primary constructor.</summary>
[ToJson, FromJson]
public partial record Point(int X, int Y, string? Label = "origin");

/// <summary>A class with required and init members and no setters.</summary>
[ToJson, FromJson]
public partial class Order
{
    public required string Id { get; init; }
    public required int Quantity { get; init; }
    public string Note { get; init; } = "none";
    public List<string> Tags { get; set; } = [];
}

/// <summary>A mutable struct.</summary>
[ToJson, FromJson]
public partial struct Vector
{
    public double X { get; set; }
    public double Y { get; set; }
}

/// <summary>A readonly record struct (init-only members).</summary>
[ToJson, FromJson]
public readonly partial record struct Size(int Width, int Height);

/// <summary>A class whose [JsonConstructor] wins over its parameterless one.</summary>
[ToJson, FromJson]
public partial class Money
{
    public Money()
    {
        Currency = "XXX";
    }

    [JsonConstructor]
    public Money(decimal amount, string currency)
    {
        Amount = amount;
        Currency = currency.ToUpperInvariant();
    }

    public decimal Amount { get; private set; }

    public string Currency { get; private set; }
}

/// <summary>STJ attributes users already have on their DTOs.</summary>
[ToJson, FromJson]
public partial class Attributed
{
    [JsonPropertyName("display_name")]
    public string? Name { get; set; }

    [JsonIgnore]
    public string? Secret { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Optional { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public int Count { get; set; }

    [JsonPropertyOrder(-1)]
    public int First { get; set; }

    [JsonRequired]
    public int Must { get; set; }

    [JsonInclude]
    internal string? Internal { get; set; }
}

/// <summary>The default policy (camelCase) without the test assembly's AsDeclared override.</summary>
[ToJson, FromJson]
[JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class WebNamed
{
    public string? FirstName { get; set; }
    public int URLCount { get; set; }
    public bool IsActive { get; set; }
}

/// <summary>snake_case_lower.</summary>
[ToJson, FromJson]
[JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.SnakeCaseLower)]
public partial class SnakeNamed
{
    public string? FirstName { get; set; }
    public int URLCount { get; set; }
    public bool IsActive2 { get; set; }
}

/// <summary>kebab-case-upper.</summary>
[ToJson, FromJson]
[JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.KebabCaseUpper)]
public partial class KebabNamed
{
    public string? FirstName { get; set; }
    public int URLCount { get; set; }
}
