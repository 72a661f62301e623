#nullable enable
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.PartialUpdates;

/// <summary>
/// RFC 7396 merge patches through the generated merge reader, in JSON and JMC1 (the JMC1 patch is the JSON patch
/// re-written by the generated writer of an equivalent document, so both formats carry the same data).
/// </summary>
public sealed class MergePatchTests
{
    public static TheoryData<JsonableFormat> Formats => new() { JsonableFormat.Json, JsonableFormat.Jmc1 };

    private static MergeTarget Seed() => new()
    {
        Name = "crate",
        Count = 3,
        Score = 1.5,
        Position = [1, 2, 3],
        Tags = ["a", "b"],
        Seen = [1, 2],
        Counters = new() { ["x"] = 1, ["y"] = 2 },
        Parts = new Dictionary<string, MergeDimensions> { ["lid"] = new() { Width = 1, Height = 2, Depth = 3 } },
        Dimensions = new() { Width = 10, Height = 20, Depth = 30 },
        Point = new MergePoint { X = 5, Y = 6 },
        Owner = "ann",
    };

    [Theory]
    [MemberData(nameof(Formats))]
    public void AbsentMembers_AreUnchanged_AndTheChangedSetNamesOnlyThePatchedOnes(JsonableFormat format)
    {
        MergeTarget target = Seed();
        string before = target.ToJson();

        JsonableMemberSet changed = Merge(target, """{"count":4}""", format);

        Assert.Equal(before.Replace("\"Count\":3", "\"Count\":4"), target.ToJson());
        Assert.Equal(["$.Count"], changed.ToPaths());
        Assert.True(changed.Contains(nameof(MergeTarget.Count)));
        Assert.False(changed.Contains(nameof(MergeTarget.Name)));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Null_ClearsNullableMembers(JsonableFormat format)
    {
        MergeTarget target = Seed();

        JsonableMemberSet changed = Merge(target, """{"name":null,"score":null,"tags":null,"dimensions":null}""", format);

        Assert.Null(target.Name);
        Assert.Null(target.Score);
        Assert.Null(target.Tags);
        Assert.Null(target.Dimensions);
        Assert.Equal(["$.Name", "$.Score", "$.Tags", "$.Dimensions"], changed.ToPaths());
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Null_ForANonNullableValueType_IsAnErrorNamingTheMember_AndChangesNothing(JsonableFormat format)
    {
        MergeTarget target = Seed();
        string before = target.ToJson();

        var error = Assert.Throws<JsonableException>(() => Merge(target, """{"name":"changed","count":null}""", format));

        Assert.Contains("'Count'", error.Reason);
        Assert.Contains("non-nullable", error.Reason);
        Assert.Equal("$.count", error.Path);
        Assert.Equal(before, target.ToJson());
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Null_ForARequiredMember_IsAnError(JsonableFormat format)
    {
        MergeTarget target = Seed();

        var error = Assert.Throws<JsonableException>(() => Merge(target, """{"owner":null}""", format));

        Assert.Contains("'Owner'", error.Reason);
        Assert.Contains("required", error.Reason);
        Assert.Equal("ann", target.Owner);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void ArraysListsAndSets_AreReplacedWhole(JsonableFormat format)
    {
        MergeTarget target = Seed();
        List<string> tags = target.Tags!;

        Merge(target, """{"position":[9],"tags":["z"],"seen":[7]}""", format);

        Assert.Equal(new float[] { 9 }, target.Position);
        Assert.Equal(["z"], target.Tags);
        Assert.Equal(["a", "b"], tags); // the old list was not appended to nor cleared
        Assert.Equal([7], target.Seen!.ToArray());
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void NestedObjects_AreMergedMemberByMember(JsonableFormat format)
    {
        MergeTarget target = Seed();
        MergeDimensions dimensions = target.Dimensions!;

        JsonableMemberSet changed = Merge(target, """{"dimensions":{"width":9},"point":{"y":60}}""", format);

        Assert.Same(dimensions, target.Dimensions);
        Assert.Equal((9d, 20d, 30d), (dimensions.Width, dimensions.Height, dimensions.Depth));
        Assert.Equal(new MergePoint { X = 5, Y = 60 }, target.Point);
        Assert.Equal(["$.Dimensions", "$.Point"], changed.ToPaths());
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void NestedObject_WhereThereWasNone_IsCreatedFromThePatch(JsonableFormat format)
    {
        MergeTarget target = Seed();
        target.Dimensions = null;

        Merge(target, """{"dimensions":{"depth":4}}""", format);

        Assert.Equal((0d, 0d, 4d), (target.Dimensions!.Width, target.Dimensions.Height, target.Dimensions.Depth));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Dictionaries_AreMergedByKey_AndNullRemovesAKey(JsonableFormat format)
    {
        MergeTarget target = Seed();

        Merge(target, """{"counters":{"x":null,"z":3},"parts":{"lid":{"depth":9},"base":{"width":1}}}""", format);

        Assert.Equal(new Dictionary<string, int> { ["y"] = 2, ["z"] = 3 }, target.Counters);
        Assert.Equal((1d, 2d, 9d), (target.Parts!["lid"].Width, target.Parts["lid"].Height, target.Parts["lid"].Depth));
        Assert.Equal(1d, target.Parts["base"].Width);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void AValueOfTheWrongKind_WhereAnObjectWas_IsAnError(JsonableFormat format)
    {
        MergeTarget target = Seed();

        var error = Assert.Throws<JsonableException>(() => Merge(target, """{"dimensions":[1]}""", format));

        Assert.Equal("$.dimensions", error.Path);
        Assert.Equal(10d, target.Dimensions!.Width);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void UnknownMember_IsAnErrorNamingIt_EvenWhenReadsSkipUnknownMembers(JsonableFormat format)
    {
        MergeTarget target = Seed();

        var error = Assert.Throws<JsonableException>(() => Merge(target, """{"nmae":"typo"}""", format));

        Assert.Contains("'nmae'", error.Reason);
        Assert.Equal("$.nmae", error.Path);
        Assert.Equal("crate", target.Name);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void UnknownNestedMember_IsAnErrorWithItsPath(JsonableFormat format)
    {
        MergeTarget target = Seed();

        var error = Assert.Throws<JsonableException>(() => Merge(target, """{"dimensions":{"widht":1}}""", format));

        Assert.Equal("$.dimensions.widht", error.Path);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void ABodyBadInItsLastMember_LeavesTheTargetUntouched(JsonableFormat format)
    {
        MergeTarget target = Seed();
        string before = target.ToJson();

        Assert.Throws<JsonableException>(() => Merge(
            target,
            """{"name":"new","position":[0,0,0],"tags":["q"],"counters":{"x":null},"dimensions":{"width":1},"point":{"x":1},"count":"not a number"}""",
            format));

        Assert.Equal(before, target.ToJson());
    }

    [Fact]
    public void AJmc1LengthCommentThatLies_IsAnError_AndChangesNothing()
    {
        MergeTarget target = Seed();
        byte[] honest = Jmc1Oracle.FromJson(Encoding.UTF8.GetBytes("""{"name":"abc"}"""));
        byte[] lying = (byte[])honest.Clone();
        int valueComment = lying.Length - "}".Length - "\"abc\"".Length - 6; // the length comment before "abc"
        Assert.Equal((byte)'/', lying[valueComment]);
        Assert.Equal(0x30 + 3, lying[valueComment + 2]);
        lying[valueComment + 2] = 0x30 + 2; // claims 2 bytes (the low byte of 2 + 0x130)

        target.MergeFromJsonable(honest);
        target.Name = "crate";
        var error = Assert.Throws<JsonableException>(() => target.MergeFromJsonable(lying));

        Assert.Equal("$.name", error.Path);
        Assert.Equal("crate", target.Name);
    }

    [Fact]
    public void AMemberNamedTwice_IsAnError()
    {
        MergeTarget target = Seed();

        var error = Assert.Throws<JsonableException>(() => target.MergeFromJson("""{"name":"a","name":"b"}"""u8));

        Assert.Contains("more than once", error.Reason);
        Assert.Equal("crate", target.Name);
    }

    [Fact]
    public void ARootThatIsNotAnObject_IsAnError()
    {
        MergeTarget target = Seed();

        Assert.Throws<JsonableException>(() => target.MergeFromJson("null"u8));
        Assert.Throws<JsonableException>(() => target.MergeFromJson("[1]"u8));
    }

    [Fact]
    public void InitOnlyMembers_ArePatched()
    {
        var target = new MergeImmutable { Code = "A", Label = "old" };

        target.MergeFromJson("""{"label":"new"}"""u8);

        Assert.Equal(("A", "new"), (target.Code, target.Label));
    }

    [Fact]
    public void TheTypeInfo_MergesAndValidates_ForAnyRegisteredType()
    {
        JsonableTypeInfo<MergeTarget> info = JsonableRegistry.GetTypeInfo<MergeTarget>()!;
        MergeTarget target = Seed();

        JsonableMemberSet validated = info.ValidatePatch("""{"tags":["v"]}"""u8, JsonableFormat.Json);
        JsonableMemberSet applied = info.Merge("""{"tags":["v"]}"""u8, JsonableFormat.Json, ref target);
        var invalid = Assert.Throws<JsonableException>(() => info.ValidatePatch("""{"count":null}"""u8, JsonableFormat.Json));

        Assert.True(info.CanMerge);
        Assert.Equal(["$.Tags"], validated.ToPaths());
        Assert.Equal(["$.Tags"], applied.ToPaths());
        Assert.Equal(["v"], target.Tags);
        Assert.Equal("$.count", invalid.Path);
    }

    [Fact]
    public void ASampleTransform_PatchedWithItsOwnPartialWriter_ChangesOnlyThatMember()
    {
        var stored = new Jsonable.Samples.RealData.Transform { Id = 1, Name = "box", Position = [1, 2, 3], Rotation = [0, 0, 0, 1], Tags = ["t"] };
        var moved = new Jsonable.Samples.RealData.Transform { Position = [4, 5, 6] };
        var patch = new System.Buffers.ArrayBufferWriter<byte>();
        moved.ToJsonUtf8_Position(patch);
        string before = stored.ToJson();

        JsonableMemberSet changed = stored.MergeFromJsonable(patch.WrittenSpan);

        Assert.Equal(["$.position"], changed.ToPaths());
        Assert.Equal(before.Replace("[1,2,3]", "[4,5,6]"), stored.ToJson());
    }

    [Fact]
    public void MemberSet_AddsContainsAndEnumerates_WithoutAllocating()
    {
        JsonableMember[] members = JsonableRegistry.GetTypeInfo<MergeTarget>()!.Members.ToArray();
        int Exercise()
        {
            var set = new JsonableMemberSet(members);
            set.Add(1);
            set.Add(9);
            bool again = set.Add(9);
            int seen = 0;
            foreach (JsonableMember member in set)
            {
                seen += member.Id;
            }

            return seen + (again ? 100 : 0) + (set.Contains(1) ? 1000 : 0) + set.Count;
        }

        Exercise(); // JIT first
        long before = GC.GetAllocatedBytesForCurrentThread();
        int result = Exercise();
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(1 + 9 + 1000 + 2, result);
        Assert.Equal(0, allocated);
    }

    [Fact]
    public void MemberSet_HoldsIdsPast128()
    {
        var set = new JsonableMemberSet(null);

        Assert.True(set.Add(3));
        Assert.True(set.Add(70));
        Assert.True(set.Add(200));
        Assert.False(set.Add(200));

        Assert.Equal(3, set.Count);
        Assert.True(set.Contains(200));
        Assert.False(set.Contains(201));
        Assert.False(set.Contains(-1));
    }

    private static JsonableMemberSet Merge(MergeTarget target, string json, JsonableFormat format)
    {
        byte[] patch = Encoding.UTF8.GetBytes(json);
        if (format == JsonableFormat.Jmc1)
        {
            patch = Jmc1Oracle.FromJson(patch);
        }

        return format == JsonableFormat.Json ? target.MergeFromJson(patch) : target.MergeFromJsonable(patch);
    }
}
