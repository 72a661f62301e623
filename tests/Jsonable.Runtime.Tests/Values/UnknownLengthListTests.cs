using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using Xunit;

namespace Jsonable.Runtime.Tests.Values;

[ToJson, FromJson]
public sealed partial class UnknownLengthLists
{
    public List<string> Names { get; set; } = [];

    public string[] Tags { get; set; } = [];

    public List<int> Counts { get; set; } = [];

    public int[] Ids { get; set; } = [];

    public List<UnknownLengthItem> Items { get; set; } = [];
}

[ToJson, FromJson]
public sealed partial class UnknownLengthItem
{
    public string Name { get; set; } = "";
}

// Plain JSON carries no counts, so generated readers collect these lists first in a builder that holds the first
// elements itself and moves to pooled storage past them: every length around that change must read whole and in order.
public sealed class UnknownLengthListTests
{
    public static TheoryData<int> Lengths => new() { 0, 1, 7, 8, 9, 15, 16, 17, 33, 100 };

    [Theory]
    [MemberData(nameof(Lengths))]
    public void ListsOfEveryLength_ReadAsSystemTextJsonReadsThem(int length)
    {
        string json = Json(length);

        UnknownLengthLists read = UnknownLengthLists.CreateFromJson(Encoding.UTF8.GetBytes(json));
        UnknownLengthLists expected = JsonSerializer.Deserialize<UnknownLengthLists>(json, JsonSerializerOptions.Web)!;

        Assert.Equal(expected.Names, read.Names);
        Assert.Equal(expected.Tags, read.Tags);
        Assert.Equal(expected.Counts, read.Counts);
        Assert.Equal(expected.Ids, read.Ids);
        Assert.Equal(expected.Items.Select(i => i.Name), read.Items.Select(i => i.Name));
        Assert.Equal(length, read.Items.Count);
    }

    private static string Json(int length)
    {
        IEnumerable<int> range = Enumerable.Range(0, length);
        string strings = string.Join(",", range.Select(i => $"\"s{i}\""));
        string numbers = string.Join(",", range.Select(i => (i * 7 - 3).ToString(System.Globalization.CultureInfo.InvariantCulture)));
        string items = string.Join(",", range.Select(i => $"{{\"name\":\"item{i}\"}}"));
        return $"{{\"names\":[{strings}],\"tags\":[{strings}],\"counts\":[{numbers}],\"ids\":[{numbers}],\"items\":[{items}]}}";
    }
}
