#nullable enable
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace Jsonable.Runtime.Tests.TypeSystem;

/// <summary>Lists and the interfaces read into a list, from plain JSON (no count) and JMC1 (a count), at the sizes around the builder's first block.</summary>
[ToJson, FromJson]
public partial class ListShapes
{
    public List<int>? Ints { get; set; }
    public IList<string>? Names { get; set; }
    public IReadOnlyList<int>? ReadOnly { get; set; }
    public IEnumerable<long>? Sequence { get; set; }
    public List<List<int>>? Nested { get; set; }
}

public sealed class ListReadTests
{
    private static readonly JsonSerializerOptions s_stj = new() { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };

    private static ListShapes Make(int count) => new()
    {
        Ints = Enumerable.Range(0, count).ToList(),
        Names = Enumerable.Range(0, count).Select(i => "n" + i).ToList(),
        ReadOnly = Enumerable.Range(0, count).Select(i => -i).ToList(),
        Sequence = Enumerable.Range(0, count).Select(i => (long)i << 40).ToList(),
        Nested = Enumerable.Range(0, count).Select(i => Enumerable.Range(0, i % 11).ToList()).ToList(),
    };

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(8)]
    [InlineData(9)]
    [InlineData(100)]
    public void PlainJson_ReadsEveryElement_IntoAListOfExactlyItsCount(int count)
    {
        // Spaced JSON as a client might send it, parsed by STJ for the expected values.
        string json = JsonSerializer.Serialize(Make(count), new JsonSerializerOptions(s_stj) { WriteIndented = true });
        ListShapes expected = JsonSerializer.Deserialize<ListShapes>(json, s_stj)!;

        ListShapes read = ListShapes.CreateFromJson(Encoding.UTF8.GetBytes(json));

        Assert.Equal(expected.Ints, read.Ints);
        Assert.Equal(expected.Names, read.Names);
        Assert.Equal(expected.ReadOnly, read.ReadOnly);
        Assert.Equal(expected.Sequence, read.Sequence);
        Assert.Equal(expected.Nested!.Count, read.Nested!.Count);
        for (int i = 0; i < count; i++)
        {
            Assert.Equal(expected.Nested[i], read.Nested[i]);
            Assert.Equal(expected.Nested[i].Count, read.Nested[i].Capacity);
        }

        // One allocation at the final size, not the 4, 8, 16, ... a growing list passes through.
        Assert.Equal(count, read.Ints!.Capacity);
        Assert.Equal(count, ((List<string>)read.Names!).Capacity);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(9)]
    public void Jmc1_RoundTrips(int count)
    {
        ListShapes value = Make(count);

        ListShapes read = ListShapes.CreateFromJsonable(value.ToJsonable().Span);

        Assert.Equal(value.Ints, read.Ints);
        Assert.Equal(value.Names, read.Names);
        Assert.Equal(value.ReadOnly, read.ReadOnly);
        Assert.Equal(value.Sequence, read.Sequence);
        Assert.Equal(value.Nested, read.Nested);
    }

    [Fact]
    public void PlainJson_WithReuse_AppendsToTheExistingList()
    {
        var names = new List<string> { "kept" };
        var target = new ListShapes { Names = names };

        target.FromJson("{\"Names\":[\"a\",\"b\"]}"u8, reuseInstance: true);

        Assert.Same(names, target.Names);
        Assert.Equal(new[] { "kept", "a", "b" }, names);
    }
}
