#nullable enable
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary>
/// A body cut short is keyed where System.Text.Json keys it (read from a stream, as ASP.NET Core reads a body), so a
/// 400's <c>errors</c> name the same JSON path on both stacks: in particular a body that ends right after a complete
/// string, a member name or a member's string value, is the enclosing object's error, and one that ends right after a
/// nested object or array closes is keyed past that value (the object it was a member of, the array's next element),
/// whether it is read as a body or as a merge patch.
/// </summary>
public sealed class TruncatedPathTests
{
    private const string Document = """{"id":42,"reference":"A-42","customer":{"name":"Ada","email":"ada@example.com"},"lines":[{"sku":"A-1","quantity":2},{"sku":"B-2","quantity":1}],"note":"fragile"}""";

    public static TheoryData<int> CutsAfterCompleteStrings()
    {
        var cuts = new TheoryData<int>();
        for (int cut = 1; cut < Document.Length; cut++)
        {
            string prefix = Document[..cut];
            if (prefix[^1] == '"' && prefix.Count(c => c == '"') % 2 == 0)
            {
                cuts.Add(cut);
            }
        }

        return cuts;
    }

    [Theory]
    [MemberData(nameof(CutsAfterCompleteStrings))]
    public async Task ABodyEndingAfterACompleteString_IsKeyedAsSystemTextJsonKeysIt(int cut)
    {
        byte[] body = Encoding.UTF8.GetBytes(Document[..cut]);

        JsonableException jsonable = Assert.Throws<JsonableException>(() => TruncatedOrder.CreateFromJson(body));
        JsonException stj = await Assert.ThrowsAsync<JsonException>(async () =>
            await JsonSerializer.DeserializeAsync<TruncatedOrder>(new MemoryStream(body), JsonSerializerOptions.Web));

        Assert.Equal(stj.Path, jsonable.Path);
    }

    /// <summary>Cuts right after a nested object or array closes, with containers still open.</summary>
    public static TheoryData<int> CutsAfterAClose()
    {
        var cuts = new TheoryData<int>();
        for (int cut = 1; cut < Document.Length; cut++)
        {
            string prefix = Document[..cut];
            if (prefix[^1] is '}' or ']' && prefix.Count(c => c is '{' or '[') > prefix.Count(c => c is '}' or ']'))
            {
                cuts.Add(cut);
            }
        }

        return cuts;
    }

    [Theory]
    [MemberData(nameof(CutsAfterAClose))]
    public async Task ABodyEndingAfterAClosedValue_IsKeyedPastThatValue_AsSystemTextJsonKeysIt(int cut)
    {
        byte[] body = Encoding.UTF8.GetBytes(Document[..cut] + (cut % 2 == 0 ? " " : string.Empty));

        JsonableException jsonable = Assert.Throws<JsonableException>(() => TruncatedOrder.CreateFromJson(body));
        JsonException stj = await Assert.ThrowsAsync<JsonException>(async () =>
            await JsonSerializer.DeserializeAsync<TruncatedOrder>(new MemoryStream(body), JsonSerializerOptions.Web));

        Assert.Equal(stj.Path, jsonable.Path);
    }

    [Theory]
    [MemberData(nameof(CutsAfterAClose))]
    public async Task APatchEndingAfterAClosedValue_IsKeyedAsTheBodyIs_AndChangesNothing(int cut)
    {
        byte[] patch = Encoding.UTF8.GetBytes(Document[..cut]);
        var target = new TruncatedOrder { Id = 1, Reference = "R", Customer = new TruncatedCustomer { Name = "Bo" }, Lines = [new TruncatedLine { Sku = "Z" }] };

        JsonableException merge = Assert.Throws<JsonableException>(() => target.MergeFromJson(patch));
        JsonableException validate = Assert.Throws<JsonableException>(() => JsonableRegistry.GetTypeInfo<TruncatedOrder>()!.ValidatePatch(patch, JsonableFormat.Json));
        JsonException stj = await Assert.ThrowsAsync<JsonException>(async () =>
            await JsonSerializer.DeserializeAsync<TruncatedOrder>(new MemoryStream(patch), JsonSerializerOptions.Web));

        Assert.Equal(stj.Path, merge.Path);
        Assert.Equal(stj.Path, validate.Path);
        Assert.Equal((1, "R", "Bo", "Z"), (target.Id, target.Reference, target.Customer.Name, Assert.Single(target.Lines).Sku));
    }

    [Fact]
    public void TheCutsAfterAClose_EndAnObjectMemberAndArrayElements()
    {
        // The customer (a member: $), the first line (an element: $.lines[1]), the second line, and the lines array (a member: $).
        Assert.Equal(
            ["$", "$.lines[1]", "$.lines[2]", "$"],
            ((IEnumerable<object[]>)CutsAfterAClose()).Select(c => Assert.Throws<JsonableException>(() => TruncatedOrder.CreateFromJson(Encoding.UTF8.GetBytes(Document[..(int)c[0]]))).Path));
    }

    [Fact]
    public void TheCutsCoverNamesAndValuesAtEveryDepth()
    {
        // Every name and string value of the document: in the root object, a nested object and objects inside an array.
        Assert.Equal(17, ((IEnumerable<object[]>)CutsAfterCompleteStrings()).Count());
    }
}

[FromJson]
public sealed partial class TruncatedOrder
{
    public int Id { get; set; }

    public string? Reference { get; set; }

    public TruncatedCustomer? Customer { get; set; }

    public List<TruncatedLine>? Lines { get; set; }

    public string? Note { get; set; }
}

[FromJson]
public sealed partial class TruncatedCustomer
{
    public string? Name { get; set; }

    public string? Email { get; set; }
}

[FromJson]
public sealed partial class TruncatedLine
{
    public string? Sku { get; set; }

    public int Quantity { get; set; }
}
