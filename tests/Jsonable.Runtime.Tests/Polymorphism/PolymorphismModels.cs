using System.Collections.Generic;
using System.Text.Json.Serialization;

namespace Jsonable.Runtime.Tests.Polymorphism;

// The shapes of the polymorphism tests: every [JsonPolymorphic]/[JsonDerivedType] feature STJ has, on Jsonable types,
// named in camelCase as JsonSerializerOptions.Web names them (the assembly default here is as-declared).

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
[JsonDerivedType(typeof(Circle), "circle")]
[JsonDerivedType(typeof(Square), 2)]
[JsonDerivedType(typeof(Triangle))]
[JsonDerivedType(typeof(BigCircle), "bigcircle")]
[JsonDerivedType(typeof(Negative), -1)]
[JsonDerivedType(typeof(Group), "group")]
public partial class Shape
{
    public string? Color { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
[JsonDerivedType(typeof(BigCircle), "big")]
public partial class Circle : Shape
{
    public double Radius { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class BigCircle : Circle
{
    public int Extra { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Square : Shape
{
    public int Side { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Triangle : Shape
{
    public int Corners { get; set; } = 3;
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Negative : Shape
{
}

/// <summary>A shape that holds shapes: polymorphic objects inside a polymorphic object.</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Group : Shape
{
    public List<Shape>? Children { get; set; }
}

/// <summary>Derives from Square but is not listed: writing it as a Shape fails (FailSerialization).</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class UnlistedSquare : Square
{
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
[JsonDerivedType(typeof(Cat), "cat")]
[JsonDerivedType(typeof(Dog), "dog")]
public abstract partial class Animal
{
    public string? Name { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Cat : Animal
{
    public int Lives { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Dog : Animal
{
    public bool Good { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
[JsonPolymorphic(IgnoreUnrecognizedTypeDiscriminators = true)]
[JsonDerivedType(typeof(Ferry), "ferry")]
public abstract partial class Vessel
{
    public int Length { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Ferry : Vessel
{
    public int Cars { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind", IgnoreUnrecognizedTypeDiscriminators = true, UnknownDerivedTypeHandling = JsonUnknownDerivedTypeHandling.FallBackToBaseType)]
[JsonDerivedType(typeof(KindOne), "k1")]
public partial class Kind
{
    public int N { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class KindOne : Kind
{
    public int X { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class KindTwo : Kind
{
    public int Y { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class KindThree : KindOne
{
    public int Z { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
[JsonPolymorphic(UnknownDerivedTypeHandling = JsonUnknownDerivedTypeHandling.FallBackToNearestAncestor)]
[JsonDerivedType(typeof(Fallback), "fb")]
[JsonDerivedType(typeof(FallbackOne), "fb1")]
public partial class Fallback
{
    public int A { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class FallbackOne : Fallback
{
    public int B { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class FallbackTwo : FallbackOne
{
    public int C { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class FallbackThree : Fallback
{
    public int D { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
[JsonDerivedType(typeof(MixedOne), 1)]
[JsonDerivedType(typeof(MixedTwo), "m")]
public partial class Mixed
{
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class MixedOne : Mixed
{
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class MixedTwo : Mixed
{
}

/// <summary>Where a polymorphic value occurs: a member, list and array elements, dictionary values.</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Drawing
{
    public Shape? Main { get; set; }

    public List<Shape>? Layers { get; set; }

    public Animal[]? Pets { get; set; }

    public Dictionary<string, Shape>? ByName { get; set; }
}

/// <summary>Positional records: constructor-based reading of the derived types, an abstract record as the base.</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
[JsonDerivedType(typeof(Deposit), "deposit")]
[JsonDerivedType(typeof(Withdrawal), "withdrawal")]
public abstract partial record Transaction(decimal Amount);

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial record Deposit(decimal Amount, string Source) : Transaction(Amount);

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial record Withdrawal(decimal Amount) : Transaction(Amount)
{
    public required string Atm { get; init; }
}

/// <summary>FallBackToBaseType where the base lists itself: an unlisted runtime type gets the base's discriminator.</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
[JsonPolymorphic(UnknownDerivedTypeHandling = JsonUnknownDerivedTypeHandling.FallBackToBaseType)]
[JsonDerivedType(typeof(ListedBase), "base")]
[JsonDerivedType(typeof(ListedBaseOne), "one")]
public partial class ListedBase
{
    public int A { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class ListedBaseOne : ListedBase
{
    public int B { get; set; }
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class ListedBaseTwo : ListedBaseOne
{
    public int C { get; set; }
}
