#nullable enable
using System.Collections.Generic;
using System.Linq;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.TypeSystem;

/// <summary>
/// <see cref="ArrayBuilder{T}"/>, which generated readers use for a collection of unknown length (plain JSON): the
/// result holds every element in order, and a list is allocated once at its final size.
/// </summary>
public sealed class ArrayBuilderTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(8)]
    [InlineData(9)]
    [InlineData(16)] // the last held in the builder itself (netstandard2.0: pooled from the first)
    [InlineData(17)] // past them: pooled storage
    [InlineData(33)] // the pooled storage grown
    [InlineData(1000)]
    public void ToList_HoldsEveryElementInOrder_AtExactlyItsCount(int count)
    {
        var builder = default(ArrayBuilder<string>);
        for (int i = 0; i < count; i++)
        {
            builder.Add("item" + i);
        }

        List<string> list = builder.ToList();

        Assert.Equal(Enumerable.Range(0, count).Select(i => "item" + i), list);
        Assert.Equal(count, list.Capacity);
        Assert.Equal(0, builder.Count); // the pooled storage went back; the builder is empty again
    }

    [Theory]
    [InlineData(0)]
    [InlineData(9)]
    [InlineData(16)]
    [InlineData(17)]
    public void ToArray_HoldsEveryElementInOrder(int count)
    {
        var builder = default(ArrayBuilder<int>);
        for (int i = 0; i < count; i++)
        {
            builder.Add(i * 3);
        }

        Assert.Equal(Enumerable.Range(0, count).Select(i => i * 3), builder.ToArray());
    }
}
