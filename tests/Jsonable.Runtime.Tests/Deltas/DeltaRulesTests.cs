#nullable enable
using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using Jsonable.Runtime.Tests.PartialUpdates;
using Jsonable.Runtime.Tests.Polymorphism;

namespace Jsonable.Runtime.Tests.Deltas;

/// <summary>What a delta holds for each kind of member, in bytes, and that the generated merge turns it back into the value.</summary>
public sealed class DeltaRulesTests
{
    private static DeltaShapes Seed() => new()
    {
        Ratio = 0.0,
        Price = 1.0m,
        When = new DateTime(2026, 11, 26, 12, 0, 0, DateTimeKind.Utc),
        At = new DateTimeOffset(2026, 11, 26, 12, 0, 0, TimeSpan.FromHours(1)),
        Note = "note",
        Original = 1,
        Point = new MergePoint { X = 1, Y = 2 },
        Parts = new() { ["lid"] = new() { Width = 1, Height = 2, Depth = 3 }, ["gone"] = new() { Width = 9 } },
        Seen = [1, 2, 3],
        Outline = new Circle { Color = "red", Radius = 2 },
    };

    [Fact]
    public void NegativeZero_DiffersFromZero_AsTheWriterWritesThemDifferently() =>
        AssertDelta(s => s.Ratio = -0.0, """{"ratio":-0}""");

    [Fact]
    public void NaNs_WithDifferentPayloads_AreTheSame_AsTheWriterWritesEveryNaNAlike()
    {
        DeltaShapes previous = Seed();
        previous.Ratio = BitConverter.Int64BitsToDouble(0x7FF8_0000_0000_0001);
        DeltaShapes current = Copy(previous);
        current.Ratio = double.NaN;

        Assert.True(JsonableDelta.AreEqual(previous, current));
        Assert.Equal("{}", Write(previous, current, out bool changed));
        Assert.False(changed);
    }

    [Fact]
    public void DecimalScale_IsAChange() => AssertDelta(s => s.Price = 1.00m, """{"price":1.00}""");

    [Fact]
    public void DateTimeKind_IsAChange() =>
        AssertDelta(s => s.When = DateTime.SpecifyKind(s.When, DateTimeKind.Unspecified), """{"when":"2026-11-26T12:00:00"}""");

    [Fact]
    public void DateTimeOffset_SameInstantOtherOffset_IsAChange() =>
        AssertDelta(s => s.At = s.At.ToOffset(TimeSpan.Zero), """{"at":"2026-11-26T11:00:00+00:00"}""");

    [Fact]
    public void ClearedMember_IsNull_EvenWhereTheWriterLeavesNullOut() => AssertDelta(s => s.Note = null, """{"note":null}""");

    [Fact]
    public void GetOnlyMember_IsLeftOut_AndJsonPropertyNameIsTheNameOnTheWire() =>
        AssertDelta(s => { s.Ratio = 1.5; s.Original = 5; }, """{"ratio":1.5,"renamed":5}""");

    [Fact]
    public void NestedStruct_IsANestedPatch() => AssertDelta(s => s.Point = new MergePoint { X = 7, Y = 2 }, """{"point":{"X":7}}""");

    [Fact]
    public void Dictionary_IsANestedPatchByKey_NestedObjectsPatched_RemovedKeysNull() =>
        AssertDelta(
            s =>
            {
                s.Parts!["lid"].Width = 4;
                s.Parts.Remove("gone");
                s.Parts["new"] = new MergeDimensions { Width = 5 };
            },
            """{"parts":{"lid":{"Width":4},"new":{"Width":5,"Height":0,"Depth":0},"gone":null}}""");

    [Fact]
    public void Set_IsWrittenWhole_WhenAnElementDiffers() => AssertDelta(s => s.Seen!.Add(4), """{"seen":[1,2,3,4]}""");

    [Fact]
    public void PolymorphicMember_OfTheSameDerivedType_IsANestedPatch_AndAppearingIsWrittenWhole_WithItsDiscriminator()
    {
        AssertDelta(s => ((Circle)s.Outline!).Radius = 3, """{"outline":{"radius":3}}""");

        // null to a value: the whole value, which the merge takes where none is stored (docs/polymorphism.md).
        DeltaShapes previous = Seed();
        DeltaShapes current = Copy(previous);
        previous.Outline = null;
        string delta = Write(previous, current, out _);
        DeltaShapes target = Copy(previous);
        target.MergeFromJson(Encoding.UTF8.GetBytes(delta));
        Assert.Equal("""{"outline":{"$type":"circle","radius":2,"color":"red"}}""", delta);
        Assert.Equal(current.ToJson(), target.ToJson());
    }

    [Fact]
    public void PolymorphicMember_OfAnotherDerivedTypeWithTheSameMembers_Differs()
    {
        DeltaShapes previous = Seed();
        previous.Outline = new Shape { Color = "red" };
        DeltaShapes current = Copy(previous);
        current.Outline = new Triangle { Color = "red" };

        Assert.False(JsonableDelta.AreEqual(previous, current));
        Assert.Equal("""{"outline":{"corners":3,"color":"red"}}""", Write(previous, current, out bool changed));
        Assert.True(changed);
    }

    [Fact]
    public void JsonAndJmc1Deltas_CarryTheSameData()
    {
        DeltaShapes previous = Seed();
        DeltaShapes current = Copy(previous);
        current.Parts!["lid"].Depth = 8;
        current.Note = null;
        var jmc1 = new ArrayBufferWriter<byte>();
        DeltaShapes.WriteMergePatch(previous, current, jmc1);
        DeltaShapes target = Copy(previous);

        target.MergeFromJsonable(jmc1.WrittenSpan);

        Assert.StartsWith("/*JMC1*/{", Encoding.Latin1.GetString(jmc1.WrittenSpan), StringComparison.Ordinal);
        Assert.Equal(current.ToJson(), target.ToJson());
    }

    private static void AssertDelta(Action<DeltaShapes> change, string expected)
    {
        DeltaShapes previous = Seed();
        DeltaShapes current = Copy(previous);
        change(current);

        string delta = Write(previous, current, out bool changed);
        DeltaShapes target = Copy(previous);
        target.MergeFromJson(Encoding.UTF8.GetBytes(delta));

        Assert.Equal(expected, delta);
        Assert.True(changed);
        Assert.Equal(current.ToJson(), target.ToJson());
    }

    private static string Write(DeltaShapes previous, DeltaShapes current, out bool changed)
    {
        var buffer = new ArrayBufferWriter<byte>();
        changed = DeltaShapes.WriteMergePatch(previous, current, buffer, emitMetadataComments: false);
        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    private static DeltaShapes Copy(DeltaShapes value) => DeltaShapes.CreateFromJson(Encoding.UTF8.GetBytes(value.ToJson()));
}
