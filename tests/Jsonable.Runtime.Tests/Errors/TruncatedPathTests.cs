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
/// string, a member name or a member's string value, is the enclosing object's error.
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
