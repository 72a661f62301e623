#nullable enable
using System;
using System.Buffers;
using System.ComponentModel.DataAnnotations;
using System.Text;
using Jsonable.Runtime.Tests.Polymorphism;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.Deltas;

/// <summary>
/// <c>JsonableReaderOptions.RefuseReadOnlyMemberChanges</c>, the rule <c>JsonablePatch&lt;T&gt;</c> and the client's
/// deltas apply: a read-only member of an object that exists is refused at any depth with its path, one of a nested
/// object the patch creates is set, and merges without the option (in-process <c>MergeFromJson</c>) are unchanged.
/// <c>CheckPatch</c> runs the same check and changes nothing; it also shows which deltas of a polymorphic member can be
/// sent (the same derived type, or a value that appears) and which cannot (a change of derived type).
/// </summary>
public sealed class ReadOnlyMergeTests
{
    private static readonly JsonableReaderOptions s_refuse = new() { RefuseReadOnlyMemberChanges = true };

    [Theory]
    [InlineData("""{"id":5}""", "$.id")]
    [InlineData("""{"name":"n","child":{"id":5}}""", "$.child.id")]
    [InlineData("""{"child":{"child":{"id":5}}}""", "$.child.child.id")]
    public void ReadOnlyMember_OfAnObjectThatExists_IsRefusedWithItsPath_AndNothingChanges(string patch, string path)
    {
        ReadOnlyNode node = Tree();
        string before = node.ToJson();

        JsonableException error = Assert.Throws<JsonableException>(() => Info.Merge(Encoding.UTF8.GetBytes(patch), JsonableFormat.Json, ref node, s_refuse));

        Assert.Equal(path, error.Path);
        Assert.Contains("cannot be changed by a PATCH", error.Reason, StringComparison.Ordinal);
        Assert.Equal(before, node.ToJson());
    }

    [Fact]
    public void ReadOnlyMember_OfANestedObjectThePatchCreates_IsSet()
    {
        ReadOnlyNode node = Tree();
        node.Child!.Child = null;

        Info.Merge("""{"child":{"name":"c","child":{"id":9,"name":"new"}}}"""u8, JsonableFormat.Json, ref node, s_refuse);

        Assert.Equal(9, node.Child!.Child!.Id);
        Assert.Equal("new", node.Child.Child.Name);
        Assert.Equal("c", node.Child.Name);
    }

    [Fact]
    public void WithoutTheOption_MergesSetReadOnlyMembers_AsBefore()
    {
        ReadOnlyNode node = Tree();

        node.MergeFromJson("""{"id":5,"child":{"id":6}}"""u8);

        Assert.Equal(5, node.Id);
        Assert.Equal(6, node.Child!.Id);
    }

    [Fact]
    public void CheckPatch_FindsTheSameRefusal_AndChangesNothing()
    {
        ReadOnlyNode previous = Tree();
        ReadOnlyNode current = ReadOnlyNode.CreateFromJson(Encoding.UTF8.GetBytes(previous.ToJson()));
        current.Child!.Id = 3;
        current.Name = "renamed";
        var delta = new ArrayBufferWriter<byte>();
        ReadOnlyNode.WriteMergePatch(previous, current, delta, emitMetadataComments: false);
        string before = previous.ToJson();

        JsonableException error = Assert.Throws<JsonableException>(() => Info.CheckPatch(delta.WrittenSpan, JsonableFormat.Json, previous, s_refuse));

        Assert.Equal("$.Child.Id", error.Path); // the writer's names: this model has no naming policy
        Assert.Equal(before, previous.ToJson());
        Info.CheckPatch("""{"name":"renamed"}"""u8, JsonableFormat.Json, previous, s_refuse); // a change it may make passes
    }

    [Fact]
    public void DeltaOfAPolymorphicMember_OfTheSameTypeOrThatAppears_Passes_ButATypeChangeIsRefusedByTheCheck()
    {
        var previous = new DeltaShapes { Outline = new Circle { Color = "red", Radius = 2 } };
        var current = new DeltaShapes { Outline = new Circle { Color = "red", Radius = 3 } };
        var delta = new ArrayBufferWriter<byte>();
        JsonableTypeInfo<DeltaShapes> info = JsonableRegistry.GetTypeInfo<DeltaShapes>()!;
        DeltaShapes.WriteMergePatch(previous, current, delta, emitMetadataComments: false);
        info.CheckPatch(delta.WrittenSpan, JsonableFormat.Json, previous, s_refuse);

        current.Outline = new Square { Color = "red", Side = 3 };
        delta.Clear();
        DeltaShapes.WriteMergePatch(previous, current, delta, emitMetadataComments: false);
        JsonableException error = Assert.Throws<JsonableException>(() => info.CheckPatch(delta.WrittenSpan, JsonableFormat.Json, previous, s_refuse));
        Assert.Equal("$.outline.$type", error.Path);

        previous.Outline = null;
        delta.Clear();
        DeltaShapes.WriteMergePatch(previous, current, delta, emitMetadataComments: false);
        info.CheckPatch(delta.WrittenSpan, JsonableFormat.Json, previous, s_refuse);
    }

    private static JsonableTypeInfo<ReadOnlyNode> Info => JsonableRegistry.GetTypeInfo<ReadOnlyNode>()!;

    private static ReadOnlyNode Tree() => new() { Id = 1, Name = "root", Child = new() { Id = 2, Name = "child", Child = new() { Id = 3, Name = "leaf" } } };
}

/// <summary>A type that nests itself, with a read-only id (as the sample's Status nests its retweeted status).</summary>
[ToJson, FromJson]
public partial class ReadOnlyNode
{
    [Editable(false)]
    public int Id { get; set; }

    public string? Name { get; set; }

    public ReadOnlyNode? Child { get; set; }
}
