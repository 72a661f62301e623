#nullable enable
using System;
using System.Collections.Generic;
using System.Text;

namespace Jsonable.Runtime.Tests.PartialUpdates;

/// <summary>
/// The reuse rules of <c>reuseInstance: true</c>: arrays overwritten in place when the length matches, lists and
/// other concrete collections appended to, dictionaries upserted, nested objects filled in place; without it,
/// every member the document has is replaced.
/// </summary>
public sealed class ReuseInstanceTests
{
    public static TheoryData<JsonableFormat> Formats => new() { JsonableFormat.Json, JsonableFormat.Jmc1 };

    [Theory]
    [MemberData(nameof(Formats))]
    public void Array_SameLength_IsOverwrittenInPlace(JsonableFormat format)
    {
        var target = new Inventory { Slots = [1, 2, 3] };
        int[] slots = target.Slots;

        Fill(target, new Inventory { Slots = [7, 8, 9] }, format, reuse: true);

        Assert.Same(slots, target.Slots);
        Assert.Equal(new[] { 7, 8, 9 }, slots);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Array_OtherLength_IsReplaced(JsonableFormat format)
    {
        var target = new Inventory { Slots = [1, 2, 3] };
        int[] slots = target.Slots;

        Fill(target, new Inventory { Slots = [7, 8] }, format, reuse: true);

        Assert.NotSame(slots, target.Slots);
        Assert.Equal(new[] { 7, 8 }, target.Slots);
        Assert.Equal(new[] { 1, 2, 3 }, slots);
    }

    [Fact]
    public void Array_SameLengthWithoutLengthComment_IsOverwrittenInPlace()
    {
        // Plain JSON has no count up front: the reader collects, then copies into the existing array.
        var target = new Inventory { Slots = [1, 2, 3] };
        int[] slots = target.Slots;

        target.FromJsonable("/*JMC1*/{\"Slots\":[4,5,6]}"u8, reuseInstance: true);

        Assert.Same(slots, target.Slots);
        Assert.Equal(new[] { 4, 5, 6 }, slots);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Array_WithoutReuse_IsReplaced(JsonableFormat format)
    {
        var target = new Inventory { Slots = [1, 2, 3] };
        int[] slots = target.Slots;

        Fill(target, new Inventory { Slots = [7, 8, 9] }, format, reuse: false);

        Assert.NotSame(slots, target.Slots);
        Assert.Equal(new[] { 7, 8, 9 }, target.Slots);
        Assert.Equal(new[] { 1, 2, 3 }, slots);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void JaggedArray_SameOuterLength_KeepsOuterArray(JsonableFormat format)
    {
        var target = new Inventory { Grid = [[1], [2]] };
        int[][] grid = target.Grid;

        Fill(target, new Inventory { Grid = [[3, 4], [5]] }, format, reuse: true);

        Assert.Same(grid, target.Grid);
        Assert.Equal(new[] { 3, 4 }, grid[0]);
        Assert.Equal(new[] { 5 }, grid[1]);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void List_IsAppendedTo(JsonableFormat format)
    {
        var target = new Inventory { Log = ["a", "b"], Ids = new List<int> { 1 }, Seen = [1, 2] };
        List<string> log = target.Log;
        IList<int> ids = target.Ids;
        HashSet<int> seen = target.Seen;

        Fill(target, new Inventory { Log = ["c"], Ids = new List<int> { 2, 3 }, Seen = [2, 3] }, format, reuse: true);

        Assert.Same(log, target.Log);
        Assert.Equal(new[] { "a", "b", "c" }, log);
        Assert.Same(ids, target.Ids);
        Assert.Equal(new[] { 1, 2, 3 }, ids);
        Assert.Same(seen, target.Seen);
        Assert.Equal(new HashSet<int> { 1, 2, 3 }, seen);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void ListOfObjects_IsAppendedTo(JsonableFormat format)
    {
        var first = new Payload { Kind = "a" };
        var target = new Inventory { Payloads = [first] };
        List<Payload> payloads = target.Payloads;

        Fill(target, new Inventory { Payloads = [new Payload { Kind = "b" }] }, format, reuse: true);

        Assert.Same(payloads, target.Payloads);
        Assert.Equal(2, payloads.Count);
        Assert.Same(first, payloads[0]);
        Assert.Equal("b", payloads[1].Kind);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void List_WithoutReuse_IsReplaced(JsonableFormat format)
    {
        var target = new Inventory { Log = ["a", "b"], Seen = [1] };
        List<string> log = target.Log;

        Fill(target, new Inventory { Log = ["c"], Seen = [2] }, format, reuse: false);

        Assert.NotSame(log, target.Log);
        Assert.Equal(new[] { "c" }, target.Log);
        Assert.Equal(new[] { "a", "b" }, log);
        Assert.Equal(new HashSet<int> { 2 }, target.Seen);
    }

    [Fact]
    public void ReadOnlyCollectionBehindInterface_IsReplacedNotAppended()
    {
        int[] fixedIds = [1];
        var target = new Inventory { Ids = fixedIds };

        target.FromJson("{\"Ids\":[2,3]}"u8, reuseInstance: true);

        Assert.Equal(new[] { 2, 3 }, target.Ids);
        Assert.Equal(new[] { 1 }, fixedIds);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Dictionary_IsUpserted(JsonableFormat format)
    {
        var target = new Inventory
        {
            Counts = new Dictionary<string, int> { ["keep"] = 1, ["change"] = 2 },
            Limits = new Dictionary<string, int> { ["keep"] = 10 },
        };
        Dictionary<string, int> counts = target.Counts;
        IDictionary<string, int> limits = target.Limits;

        Fill(target, new Inventory
        {
            Counts = new Dictionary<string, int> { ["change"] = 20, ["add"] = 30 },
            Limits = new Dictionary<string, int> { ["add"] = 40 },
        }, format, reuse: true);

        Assert.Same(counts, target.Counts);
        Assert.Equal(new Dictionary<string, int> { ["keep"] = 1, ["change"] = 20, ["add"] = 30 }, counts);
        Assert.Same(limits, target.Limits);
        Assert.Equal(new Dictionary<string, int> { ["keep"] = 10, ["add"] = 40 }, limits);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Dictionary_WithoutReuse_IsReplaced(JsonableFormat format)
    {
        var target = new Inventory { Counts = new Dictionary<string, int> { ["keep"] = 1 } };
        Dictionary<string, int> counts = target.Counts;

        Fill(target, new Inventory { Counts = new Dictionary<string, int> { ["add"] = 2 } }, format, reuse: false);

        Assert.NotSame(counts, target.Counts);
        Assert.Equal(new Dictionary<string, int> { ["add"] = 2 }, target.Counts);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void NestedObject_IsFilledInPlace_AndMembersItLacksAreKept(JsonableFormat format)
    {
        var inner = new Payload { Kind = "inner", Mass = 1 };
        var payload = new Payload { Kind = "old", Mass = 5, Inner = inner };
        var target = new Inventory { Payload = payload };
        byte[] doc = Doc(format, "{\"Payload\":{\"Mass\":6,\"Inner\":{\"Mass\":2}}}");

        Read(target, doc, format, reuse: true);

        Assert.Same(payload, target.Payload);
        Assert.Equal("old", payload.Kind);
        Assert.Equal(6, payload.Mass);
        Assert.Same(inner, payload.Inner);
        Assert.Equal("inner", inner.Kind);
        Assert.Equal(2, inner.Mass);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void NestedObject_WithoutReuse_IsReplaced(JsonableFormat format)
    {
        var payload = new Payload { Kind = "old", Mass = 5 };
        var target = new Inventory { Payload = payload };

        Read(target, Doc(format, "{\"Payload\":{\"Mass\":6}}"), format, reuse: false);

        Assert.NotSame(payload, target.Payload);
        Assert.Null(target.Payload!.Kind);
        Assert.Equal(6, target.Payload.Mass);
        Assert.Equal(5, payload.Mass);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void NullInDocument_ClearsTheMember_EvenWithReuse(JsonableFormat format)
    {
        var target = new Inventory { Payload = new Payload(), Slots = [1], Log = ["a"], Counts = new Dictionary<string, int>() };

        Read(target, Doc(format, "{\"Payload\":null,\"Slots\":null,\"Log\":null,\"Counts\":null}"), format, reuse: true);

        Assert.Null(target.Payload);
        Assert.Null(target.Slots);
        Assert.Null(target.Log);
        Assert.Null(target.Counts);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void MissingMembers_AreLeftUntouched(JsonableFormat format)
    {
        var target = new Inventory { Slots = [1], Log = ["a"], Payload = new Payload { Mass = 1 } };

        Read(target, Doc(format, "{}"), format, reuse: false);

        Assert.Equal(new[] { 1 }, target.Slots);
        Assert.Equal(new[] { "a" }, target.Log);
        Assert.Equal(1, target.Payload!.Mass);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Base64_ReaderWithReuse_DecodesIntoExistingArrayOfSameLength(JsonableFormat format)
    {
        // The runtime half of the byte[] rule; generated readers call ReadBase64() for byte[] members today.
        byte[] existing = [1, 2, 3];
        byte[] doc = Doc(format, "\"BAUG\"");
        var reader = new JsonableReader(doc, format, reuseInstance: true);

        byte[]? result = reader.ReadBase64(existing);

        Assert.Same(existing, result);
        Assert.Equal(new byte[] { 4, 5, 6 }, existing);
    }

    [Theory]
    [InlineData("\"BAUGBw==\"", true)]
    [InlineData("\"BAUG\"", false)]
    public void Base64_ReaderWithoutReuseOrOtherLength_ReturnsNewArray(string json, bool reuse)
    {
        byte[] existing = [1, 2, 3];
        var reader = new JsonableReader(Encoding.UTF8.GetBytes(json), JsonableFormat.Json, reuseInstance: reuse);

        byte[]? result = reader.ReadBase64(existing);

        Assert.NotSame(existing, result);
        Assert.Equal(new byte[] { 1, 2, 3 }, existing);
        Assert.Equal(reuse ? new byte[] { 4, 5, 6, 7 } : new byte[] { 4, 5, 6 }, result);
    }

    private static void Fill(Inventory target, Inventory source, JsonableFormat format, bool reuse) =>
        Read(target, JsonableSerializer.SerializeToUtf8Bytes(source, format), format, reuse);

    private static void Read(Inventory target, byte[] doc, JsonableFormat format, bool reuse)
    {
        if (format == JsonableFormat.Jmc1)
        {
            target.FromJsonable(doc, reuse);
        }
        else
        {
            target.FromJson(doc, reuse);
        }
    }

    private static byte[] Doc(JsonableFormat format, string json) =>
        Encoding.UTF8.GetBytes(format == JsonableFormat.Jmc1 ? "/*JMC1*/" + json : json);
}
