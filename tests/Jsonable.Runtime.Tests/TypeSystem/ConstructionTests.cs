using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace Jsonable.Runtime.Tests.TypeSystem;

/// <summary>Types without a usable parameterless constructor or setters are read through constructors and init accessors.</summary>
public sealed class ConstructionTests
{
    public static TheoryData<JsonableFormat> Formats => new() { JsonableFormat.Json, JsonableFormat.Jmc1 };

    [Theory]
    [MemberData(nameof(Formats))]
    public void PositionalRecord_ReadsThroughItsConstructor(JsonableFormat format)
    {
        var point = new Point(3, -4, "p");

        Point back = JsonableSerializer.Deserialize<Point>(JsonableSerializer.SerializeToUtf8Bytes(point, format), format)!;

        Assert.Equal(point, back);
    }

    [Fact]
    public void PositionalRecord_MissingParameter_GetsItsDefaultValue()
    {
        Point point = Point.CreateFromJson("""{"X":1,"Y":2}"""u8);

        Assert.Equal(new Point(1, 2, "origin"), point);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void RequiredInitMembers_Read_AndUnsentInitMembersKeepTheirInitializer(JsonableFormat format)
    {
        var order = new Order { Id = "A-1", Quantity = 2, Tags = ["x"] };
        byte[] bytes = JsonableSerializer.SerializeToUtf8Bytes(order, format);

        Order back = JsonableSerializer.Deserialize<Order>(bytes, format)!;
        Order partial = Order.CreateFromJson("""{"Id":"B","Quantity":1}"""u8);

        Assert.Equal(("A-1", 2, "none", "x"), (back.Id, back.Quantity, back.Note, back.Tags[0]));
        Assert.Equal("none", partial.Note);
    }

    [Fact]
    public void RequiredMemberMissing_FailsNamingTheMember()
    {
        JsonableException error = Assert.Throws<JsonableException>(() => Order.CreateFromJson("""{"Id":"A"}"""u8));

        Assert.Contains("'Quantity'", error.Reason, System.StringComparison.Ordinal);
        Assert.Equal("$", error.Path);
    }

    [Fact]
    public void JsonRequiredMissing_FailsNamingTheMember_ButFillingAnExistingInstanceIsAPartialUpdate()
    {
        JsonableException error = Assert.Throws<JsonableException>(() => Attributed.CreateFromJson("""{"display_name":"n"}"""u8));
        var existing = new Attributed { Must = 5 };
        existing.FromJson("""{"display_name":"n"}"""u8);

        Assert.Contains("'Must'", error.Reason, System.StringComparison.Ordinal);
        Assert.Equal(("n", 5), (existing.Name, existing.Must));
    }

    [Fact]
    public void InitMembers_AreFilledInPlace_ByFromJson()
    {
        var order = new Order { Id = "A", Quantity = 1 };

        order.FromJson("""{"Note":"rush"}"""u8);

        Assert.Equal(("A", 1, "rush"), (order.Id, order.Quantity, order.Note));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Structs_ReadFromBothFormats(JsonableFormat format)
    {
        var vector = new Vector { X = 1.5, Y = -2 };
        var size = new Size(640, 480);

        Assert.Equal(vector, JsonableSerializer.Deserialize<Vector>(JsonableSerializer.SerializeToUtf8Bytes(vector, format), format));
        Assert.Equal(size, JsonableSerializer.Deserialize<Size>(JsonableSerializer.SerializeToUtf8Bytes(size, format), format));
    }

    [Fact]
    public void Struct_FromJson_FillsItselfInPlace()
    {
        var vector = new Vector { X = 1, Y = 2 };

        vector.FromJson("""{"Y":9}"""u8);

        Assert.Equal(new Vector { X = 1, Y = 9 }, vector);
    }

    [Fact]
    public void JsonConstructor_IsPreferredOverTheParameterlessOne()
    {
        Money money = Money.CreateFromJson("""{"Amount":1.50,"Currency":"eur"}"""u8);

        Assert.Equal((1.50m, "EUR"), (money.Amount, money.Currency));
        Assert.Equal("{\"Amount\":1.50,\"Currency\":\"EUR\"}", money.ToJson());
    }

    [Theory]
    [InlineData("""{"X":1,"Y":2,"Label":"L"}""")]
    [InlineData("""{"Label":null,"Y":2,"X":1}""")]
    public void PositionalRecord_ReadsWhatStjReads(string json)
    {
        var stj = new JsonSerializerOptions { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };

        Assert.Equal(JsonSerializer.Deserialize<Point>(json, stj), Point.CreateFromJson(Encoding.UTF8.GetBytes(json)));
    }
}
