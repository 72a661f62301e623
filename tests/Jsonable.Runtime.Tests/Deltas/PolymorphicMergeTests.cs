#nullable enable
using System;
using System.Collections.Generic;
using System.Text;
using Jsonable.Runtime.Tests.PartialUpdates;
using Jsonable.Runtime.Tests.Polymorphism;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.Deltas;

/// <summary>
/// A merge patch into a stored polymorphic value merges by the value's runtime type (docs/polymorphism.md): the derived
/// type's members, its own discriminator accepted and skipped, another refused with the advice to replace the value;
/// null rules, read-only members and atomicity as for any nested object, in JSON and JMC1.
/// </summary>
public sealed class PolymorphicMergeTests
{
    private static readonly JsonableReaderOptions s_refuse = new() { RefuseReadOnlyMemberChanges = true };

    public static TheoryData<JsonableFormat> Formats => new() { JsonableFormat.Json, JsonableFormat.Jmc1 };

    private static Garden Stored() => new()
    {
        Main = new Circle { Color = "red", Radius = 2 },
        ByName = new() { ["sq"] = new Square { Color = "blue", Side = 3 }, ["big"] = new BigCircle { Radius = 1, Extra = 4 } },
        Plant = new Tree { Tag = 1, Name = "oak", Height = 10, Crown = new MergeDimensions { Width = 1, Height = 2, Depth = 3 } },
    };

    [Theory]
    [MemberData(nameof(Formats))]
    public void DerivedMembers_MergeIntoTheStoredValue_ByItsRuntimeType(JsonableFormat format)
    {
        Garden garden = Stored();
        Shape main = garden.Main!;

        Merge(garden, """{"main":{"radius":5},"byName":{"sq":{"side":4},"big":{"extra":9,"color":"green"}},"plant":{"height":12,"crown":{"Depth":8}}}""", format);

        Assert.Same(main, garden.Main); // merged in place, not replaced
        Assert.Equal("""{"main":{"$type":"circle","radius":5,"color":"red"},"byName":{"sq":{"$type":2,"side":4,"color":"blue"},"big":{"$type":"bigcircle","extra":9,"radius":1,"color":"green"}},"plant":{"$type":"tree","height":12,"bark":"smooth","crown":{"Width":1,"Height":2,"Depth":8},"tag":1,"name":"oak"}}""", garden.ToJson());
    }

    [Theory]
    [InlineData("""{"main":{"$type":"circle","radius":5}}""")]
    [InlineData("""{"byName":{"sq":{"$type":2,"side":5}}}""")]
    [InlineData("""{"plant":{"$type":"tree","height":5}}""")]
    public void TheStoredValuesOwnDiscriminator_IsAcceptedAndIgnored(string patch)
    {
        Garden garden = Stored();

        Merge(garden, patch, JsonableFormat.Json);

        Assert.Contains("5", garden.ToJson(), StringComparison.Ordinal);
        Assert.IsType<Circle>(garden.Main);
        Assert.IsType<Square>(garden.ByName!["sq"]);
        Assert.IsType<Tree>(garden.Plant);
    }

    [Theory]
    [InlineData("""{"main":{"$type":2,"side":5}}""", "$.main.$type", "2", "\"circle\"")]
    [InlineData("""{"main":{"$type":"bigcircle","extra":5}}""", "$.main.$type", "\"bigcircle\"", "\"circle\"")]
    [InlineData("""{"byName":{"sq":{"$type":"circle"}}}""", "$.byName.sq.$type", "\"circle\"", "2")]
    [InlineData("""{"plant":{"$type":7,"colors":["red"]}}""", "$.plant.$type", "7", "\"tree\"")]
    public void AnotherDiscriminator_IsRefusedWithItsPath_AdvisingToReplaceTheValue_AndNothingChanges(string patch, string path, string sent, string stored)
    {
        foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
        {
            Garden garden = Stored();
            string before = garden.ToJson();

            JsonableException error = Assert.Throws<JsonableException>(() => Merge(garden, patch, format));

            Assert.Equal(path, error.Path);
            Assert.Contains($"The type discriminator {sent} is not the stored value's ({stored})", error.Reason, StringComparison.Ordinal);
            Assert.Contains("PUT", error.Reason, StringComparison.Ordinal);
            Assert.Equal(before, garden.ToJson());
        }
    }

    [Theory]
    [InlineData("""{"main":{"side":5}}""", "$.main")] // a Square's member on a stored Circle
    [InlineData("""{"byName":{"sq":{"radius":1}}}""", "$.byName.sq")]
    [InlineData("""{"plant":{"colors":["red"]}}""", "$.plant")] // a Flower's member on a stored Tree
    [InlineData("""{"main":{"radius":5,"$type":"circle"}}""", "$.main")] // the discriminator counts only first
    public void MembersTheStoredTypeDoesNotHave_AreRefused_AndNothingChanges(string patch, string pathStart)
    {
        Garden garden = Stored();
        string before = garden.ToJson();

        JsonableException error = Assert.Throws<JsonableException>(() => Merge(garden, patch, JsonableFormat.Json));

        Assert.StartsWith(pathStart, error.Path, StringComparison.Ordinal);
        Assert.Equal(before, garden.ToJson());
    }

    [Theory]
    [InlineData("""{"main":{"radius":null}}""", "$.main.radius", "cannot be cleared with null: it is a non-nullable")]
    [InlineData("""{"plant":{"bark":null}}""", "$.plant.bark", "cannot be cleared with null: it is declared non-nullable")]
    public void NullForADerivedMemberThatCannotBeCleared_IsRefusedAsInAnyNestedObject(string patch, string path, string why)
    {
        Garden garden = Stored();
        string before = garden.ToJson();

        JsonableException error = Assert.Throws<JsonableException>(() => Merge(garden, patch, JsonableFormat.Json));

        Assert.Equal(path, error.Path);
        Assert.Contains(why, error.Reason, StringComparison.Ordinal);
        Assert.Equal(before, garden.ToJson());
    }

    [Fact]
    public void NullClearsADerivedMember_AndTheWholeValue()
    {
        Garden garden = Stored();

        Merge(garden, """{"plant":{"crown":null,"name":null},"byName":{"big":null}}""", JsonableFormat.Json);
        Assert.Null(((Tree)garden.Plant!).Crown);
        Assert.Null(garden.Plant.Name);
        Assert.False(garden.ByName!.ContainsKey("big"));

        Merge(garden, """{"main":null}""", JsonableFormat.Json);
        Assert.Null(garden.Main);
    }

    [Fact]
    public void ANullMember_TakesTheWholeValueOfAnyType_AsBefore()
    {
        var garden = new Garden();

        Merge(garden, """{"main":{"$type":2,"side":3},"plant":{"$type":7,"tag":5,"species":"rosa"}}""", JsonableFormat.Json);

        Assert.Equal(3, Assert.IsType<Square>(garden.Main).Side);
        Assert.Equal("rosa", Assert.IsType<Flower>(garden.Plant).Species);
        Assert.Equal(5, garden.Plant.Tag);
    }

    [Theory]
    [InlineData("""{"plant":{"tag":2}}""", "$.plant.tag")] // the base's read-only member, in a stored derived value
    [InlineData("""{"plant":{"$type":"tree","name":"elm","tag":2}}""", "$.plant.tag")]
    public void ReadOnlyMembers_OfAStoredDerivedValue_AreRefusedWhereJsonablePatchRefusesThem(string patch, string path)
    {
        Garden garden = Stored();
        string before = garden.ToJson();

        JsonableException error = Assert.Throws<JsonableException>(() => Info.Merge(Encoding.UTF8.GetBytes(patch), JsonableFormat.Json, ref garden, s_refuse));

        Assert.Equal(path, error.Path);
        Assert.Contains("cannot be changed by a PATCH", error.Reason, StringComparison.Ordinal);
        Assert.Equal(before, garden.ToJson());
    }

    [Fact]
    public void ADerivedTypesOwnReadOnlyMember_IsRefused_ButSetInAValueThePatchCreates()
    {
        var garden = new Garden { Plant = new Flower { Species = "rosa" } };

        JsonableException error = Assert.Throws<JsonableException>(() => Info.Merge("""{"plant":{"species":"tulipa"}}"""u8, JsonableFormat.Json, ref garden, s_refuse));
        Assert.Equal("$.plant.species", error.Path);

        garden.Plant = null;
        Info.Merge("""{"plant":{"$type":7,"species":"tulipa"}}"""u8, JsonableFormat.Json, ref garden, s_refuse);
        Assert.Equal("tulipa", ((Flower)garden.Plant!).Species);
    }

    [Fact]
    public void AnErrorAfterAPolymorphicMerge_LeavesTheStoredValueUntouched()
    {
        Garden garden = Stored();
        string before = garden.ToJson();

        Assert.Throws<JsonableException>(() => Merge(garden, """{"main":{"radius":9},"byName":{"sq":{"side":"x"}}}""", JsonableFormat.Json));

        Assert.Equal(before, garden.ToJson());
    }

    [Fact]
    public void ValidatingWithoutAStoredValue_ChecksAgainstTheTypeADiscriminatorNames_AndLeavesTheRestToTheMerge()
    {
        Info.ValidatePatch("""{"main":{"radius":5},"plant":{"colors":["red"]}}"""u8, JsonableFormat.Json); // which members exist depends on the stored type
        Info.ValidatePatch("""{"main":{"$type":"circle","radius":5}}"""u8, JsonableFormat.Json);

        JsonableException unknown = Assert.Throws<JsonableException>(() => Info.ValidatePatch("""{"main":{"$type":"circle","side":5}}"""u8, JsonableFormat.Json));
        JsonableException discriminator = Assert.Throws<JsonableException>(() => Info.ValidatePatch("""{"plant":{"$type":"cactus"}}"""u8, JsonableFormat.Json));

        Assert.StartsWith("$.main", unknown.Path, StringComparison.Ordinal);
        Assert.Equal("$.plant.$type", discriminator.Path);
    }

    private static JsonableTypeInfo<Garden> Info => JsonableRegistry.GetTypeInfo<Garden>()!;

    private static void Merge(Garden garden, string json, JsonableFormat format)
    {
        if (format == JsonableFormat.Json)
        {
            garden.MergeFromJson(Encoding.UTF8.GetBytes(json));
        }
        else
        {
            garden.MergeFromJsonable(Jmc1Of(json));
        }
    }

    /// <summary>The same patch as JMC1, built by the tests' own encoder.</summary>
    private static byte[] Jmc1Of(string json) => Jmc1Oracle.FromJson(Encoding.UTF8.GetBytes(json));
}

/// <summary>An unlisted runtime type merges as the writer writes it: as its nearest listed ancestor (FallBackToNearestAncestor).</summary>
public sealed class PolymorphicFallbackMergeTests
{
    [Fact]
    public void AnUnlistedRuntimeType_MergesAsItsNearestListedAncestor_WithThatDiscriminator()
    {
        var holder = new FallbackHolder { Value = new FallbackTwo { A = 1, B = 2, C = 3 } };
        Assert.Equal("""{"value":{"$type":"fb1","b":2,"a":1}}""", holder.ToJson()); // how it is written

        holder.MergeFromJson("""{"value":{"$type":"fb1","b":5}}"""u8);
        holder.MergeFromJson("""{"value":{"a":6}}"""u8);
        JsonableException own = Assert.Throws<JsonableException>(() => holder.MergeFromJson("""{"value":{"c":9}}"""u8)); // not written, so not patched
        JsonableException other = Assert.Throws<JsonableException>(() => holder.MergeFromJson("""{"value":{"$type":"fb","a":9}}"""u8));

        FallbackTwo two = Assert.IsType<FallbackTwo>(holder.Value);
        Assert.Equal((6, 5, 3), (two.A, two.B, two.C));
        Assert.StartsWith("$.value", own.Path, StringComparison.Ordinal);
        Assert.Equal("$.value.$type", other.Path);
    }

    [Fact]
    public void DeltaOfAnUnlistedRuntimeType_IsWrittenWhole_AndMergesBackIntoIt()
    {
        var previous = new FallbackHolder { Value = new FallbackThree { A = 1, D = 4 } };
        var current = new FallbackHolder { Value = new FallbackThree { A = 2, D = 4 } };
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();

        FallbackHolder.WriteMergePatch(previous, current, buffer, emitMetadataComments: false);
        previous.MergeFromJson(buffer.WrittenSpan);

        Assert.Equal("""{"value":{"$type":"fb","a":2}}""", Encoding.UTF8.GetString(buffer.WrittenSpan));
        Assert.Equal(2, Assert.IsType<FallbackThree>(previous.Value).A);
    }
}
