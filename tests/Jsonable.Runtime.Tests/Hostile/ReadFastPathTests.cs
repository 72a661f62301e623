#nullable enable
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using static Jsonable.Tests.Shared.Jmc1Oracle;

namespace Jsonable.Runtime.Tests.Hostile;

/// <summary>
/// The read fast paths (members read in declaration order straight through, each name one comparison; array elements
/// and dictionary entries stepped over without a call) are taken only on input exactly as the writers produce it.
/// Each test reads writer-form input, which takes them, and the same data in a form that does not (indented, reordered,
/// a space before a comma), and checks that values, error messages, paths and the token an error points at agree.
/// </summary>
public sealed class ReadFastPathTests
{
    private static Order Sample() => new()
    {
        id = "o-1",
        count = 3,
        customer = 42,
        price = 9.5,
        discount = 0.25f,
        paid = true,
        note = "hi \"there\"",
        codes = [1, 2, 3],
        items =
        [
            new OrderItem { sku = "a", count = 1, weights = [1.5, 2], labels = ["x", "y"] },
            new OrderItem { sku = "b", count = 0, weights = [], labels = [] },
        ],
        tags = new Dictionary<string, int> { ["k"] = 1, ["l"] = 2 },
        byName = new Dictionary<string, OrderItem> { ["a"] = new OrderItem { sku = "a" } },
        primary = new OrderItem { sku = "p", count = 7 },
        blob = [1, 2, 3],
    };

    private static string Json(Order order) => Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(order, JsonableFormat.Json));

    private static string Indented(string json) => JsonNode.Parse(json)!.ToJsonString(new JsonSerializerOptions { WriteIndented = true });

    /// <summary>Every object's members in reverse order: no member is where the in-order run expects it.</summary>
    private static string Reversed(string json) => Reverse(JsonNode.Parse(json))!.ToJsonString();

    private static JsonNode? Reverse(JsonNode? node) => node switch
    {
        JsonObject o => new JsonObject(o.Reverse().Select(p => KeyValuePair.Create(p.Key, Reverse(p.Value?.DeepClone())))),
        JsonArray a => new JsonArray(a.Select(e => Reverse(e?.DeepClone())).ToArray()),
        _ => node?.DeepClone(),
    };

    private static string Reread(Order order) => Json(order);

    [Fact]
    public void WriterFormJson_ReadsAsIndentedAndReorderedJson()
    {
        string json = Json(Sample());
        Assert.DoesNotContain(" ", json.Replace("hi \\\"there\\\"", string.Empty, StringComparison.Ordinal), StringComparison.Ordinal);

        string fast = Reread(Order.CreateFromJson(Encoding.UTF8.GetBytes(json)));
        string indented = Reread(Order.CreateFromJson(Encoding.UTF8.GetBytes(Indented(json))));
        string reversed = Reread(Order.CreateFromJson(Encoding.UTF8.GetBytes(Reversed(json))));

        Assert.Equal(json, fast);
        Assert.Equal(json, indented);
        Assert.True(JsonNode.DeepEquals(JsonNode.Parse(json), JsonNode.Parse(reversed))); // dictionaries keep the reversed order
    }

    [Fact]
    public void WriterFormJmc1_ReadsAsJson()
    {
        Order order = Sample();
        byte[] jmc1 = JsonableSerializer.SerializeToUtf8Bytes(order, JsonableFormat.Jmc1);

        Assert.Equal(Json(order), Reread(Order.CreateFromJsonable(jmc1)));
    }

    [Fact]
    public void InOrderRun_MemberLeftOutOrUnknownOrDuplicated_ReadsEveryValue()
    {
        // A member left out (customer), an unknown one in the middle, and the first member again at the end: the run stops
        // at the first surprise and the loop reads the rest (duplicates: the last wins, as on the general path).
        string json = "{\"id\":\"a\",\"count\":2,\"extra\":[1,{\"x\":null}],\"price\":1.5,\"paid\":true,\"id\":\"b\"}";

        Order order = Order.CreateFromJson(Encoding.UTF8.GetBytes(json));
        Order indented = Order.CreateFromJson(Encoding.UTF8.GetBytes(SpaceOutStructure(json)));

        Assert.Equal("b", order.id);
        Assert.Equal(2, order.count);
        Assert.Null(order.customer);
        Assert.Equal(1.5, order.price);
        Assert.True(order.paid);
        Assert.Equal(Json(indented), Json(order));
    }

    public static TheoryData<string, string> MalformedJson() => new()
    {
        // document, the token the error must point at
        { "{\"id\":\"a\",\"count\":true}", "true" },
        { "{\"id\":\"a\",\"count\":1,\"customer\":\"x\"}", "\"x\"" },
        { "{\"id\":\"a\",\"count\":1 \"customer\":2}", "\"customer\"" },
        { "{\"codes\":[1,2,x]}", "x" },
        { "{\"codes\":[1,,2]}", ",2" },
        { "{\"codes\":[,1]}", ",1" },
        { "{\"codes\":[1,]}", "]}" },
        { "{\"codes\":[1 2]}", "2]" },
        { "{\"codes\":[1,2}", "}" },
        { "{\"tags\":{\"a\":1,,\"b\":2}}", ",\"b\"" },
        { "{\"tags\":{,\"a\":1}}", ",\"a\"" },
        { "{\"tags\":{\"a\":1,}}", "}}" },
        { "{\"items\":[{\"sku\":\"s\",\"count\":1,\"weights\":[1.5,null]}]}", "null" },
    };

    [Theory]
    [MemberData(nameof(MalformedJson))]
    public void MalformedJson_SameErrorWithAndWithoutTheFastPaths(string json, string token)
    {
        // Spaces before every comma, colon and closing bracket or brace take every structural step off the fast paths
        // and leave the tokens as they were.
        string spaced = SpaceOutStructure(json);

        JsonableException fast = Assert.Throws<JsonableException>(() => Order.CreateFromJson(Encoding.UTF8.GetBytes(json)));
        JsonableException general = Assert.Throws<JsonableException>(() => Order.CreateFromJson(Encoding.UTF8.GetBytes(spaced)));

        Assert.Equal(general.Reason, fast.Reason);
        Assert.Equal(general.Path, fast.Path);
        Assert.Equal(ByteOffsetOf(json, token), fast.BytePosition);
        Assert.Equal(ByteOffsetOf(spaced, SpaceOutStructure(token).TrimStart()), general.BytePosition);
    }

    public static TheoryData<int, string, string> LyingCounts() => new()
    {
        // claimed count, the array, the token the error must point at
        { 3, "[4,5]", "]" },
        { 1, "[4,5]", "5]" },
        { 2, "[4,5,6]", "6]" },
        { 0, "[4]", "4]" },
        { 1, "[]", "]" },
        { 2, "[4,]", "]" },
    };

    [Theory]
    [MemberData(nameof(LyingCounts))]
    public void Jmc1LyingCount_SameErrorWithAndWithoutTheFastPaths(int claimed, string array, string token)
    {
        byte[] fastDoc = Build(ObjectWithMember("values"), claimed, array + "}");
        byte[] generalDoc = Build(ObjectWithMember("values"), claimed, SpaceOutStructure(array + "}"));

        JsonableException fast = Assert.Throws<JsonableException>(() => IntArrayHolder.CreateFromJsonable(fastDoc));
        JsonableException general = Assert.Throws<JsonableException>(() => IntArrayHolder.CreateFromJsonable(generalDoc));

        Assert.Equal(general.Reason, fast.Reason);
        Assert.StartsWith("$.values", fast.Path, StringComparison.Ordinal);
        Assert.Equal(general.Path, fast.Path);
        Assert.Equal(LastIndexOf(fastDoc, token), fast.BytePosition);
        Assert.Equal(LastIndexOf(generalDoc, SpaceOutStructure(token).TrimStart()), general.BytePosition);
    }

    [Theory]
    [InlineData(3, "{\"a\":1000000,\"b\":2000000}", "}}")]
    [InlineData(1, "{\"a\":1,\"b\":2}", "\"b\"")]
    [InlineData(0, "{\"a\":1}", "\"a\"")]
    public void Jmc1LyingDictionaryCount_SameErrorWithAndWithoutTheFastPaths(int claimed, string dictionary, string token)
    {
        byte[] fastDoc = Build(ObjectWithMember("tags"), claimed, dictionary + "}");
        byte[] generalDoc = Build(ObjectWithMember("tags"), claimed, SpaceOutStructure(dictionary + "}"));

        JsonableException fast = Assert.Throws<JsonableException>(() => Order.CreateFromJsonable(fastDoc));
        JsonableException general = Assert.Throws<JsonableException>(() => Order.CreateFromJsonable(generalDoc));

        Assert.Equal(general.Reason, fast.Reason);
        Assert.Equal("$.tags", fast.Path);
        Assert.Equal(LastIndexOf(fastDoc, token), fast.BytePosition);
        Assert.Equal(LastIndexOf(generalDoc, SpaceOutStructure(token).TrimStart()), general.BytePosition);
    }

    [Fact]
    public void Jmc1TruthfulNestedCounts_ReadTheSameWithAndWithoutTheFastPaths()
    {
        // Counts that the bytes back exactly, at every level: the fast path must release what each element reserved, as
        // the general path does, or the last claims would look like lies.
        string jagged = "[[1],[2,3],[],[4,5,6]]";
        byte[] fastDoc = Build(ObjectWithMember("values"), 4, "[", 1, "[1],", 2, "[2,3],", 0, "[],", 3, "[4,5,6]]}");
        byte[] generalDoc = Build(ObjectWithMember("values"), 4, "[ ", 1, "[1 ] , ", 2, "[2 ,3 ] , ", 0, "[ ] , ", 3, "[4 ,5 ,6 ] ] }");

        int[][]? fast = JaggedHolder.CreateFromJsonable(fastDoc).values;
        int[][]? general = JaggedHolder.CreateFromJsonable(generalDoc).values;

        Assert.Equal(jagged, JsonSerializer.Serialize(fast));
        Assert.Equal(jagged, JsonSerializer.Serialize(general));
    }

    [Fact]
    public void TryReadExpectedName_ReadsOnlyTheExactEncoding()
    {
        byte[] json = Encoding.UTF8.GetBytes("{\"ab\":1,\"cd\":2}");
        var reader = new JsonableReader(json, JsonableFormat.Json);
        Assert.True(reader.TryReadObjectStart());

        Assert.False(reader.TryReadExpectedName("/*x*/\"ab\":"u8, "\"ac\":"u8)); // the JSON encoding is the one that counts
        Assert.Equal(1, reader.BytesConsumed);
        Assert.True(reader.TryReadExpectedName(","u8, "\"ab\":"u8));
        Assert.Equal(6, reader.BytesConsumed);
        Assert.Equal(1, reader.ReadInt32());
        Assert.False(reader.TryReadExpectedName(","u8, "\"cd\":"u8)); // the comma is part of the encoding
        Assert.True(reader.TryReadExpectedName(","u8, ",\"cd\":"u8));
        Assert.Equal(2, reader.ReadInt32());
        bool first = false;
        Assert.False(reader.TryReadPropertyName(ref first, out _));
        reader.ReadEndOfDocument();
    }

    [Fact]
    public void TryReadExpectedName_Jmc1_ChecksTheLengthCommentToo()
    {
        byte[] doc = Build("/*JMC1*/{", 2, "\"ab\":1}");
        var reader = new JsonableReader(doc, JsonableFormat.Jmc1);
        Assert.True(reader.TryReadObjectStart());
        int start = reader.BytesConsumed;

        Assert.False(reader.TryReadExpectedName(Build(3, "\"ab\":"), "\"ab\":"u8)); // a different length comment
        Assert.Equal(start, reader.BytesConsumed);
        Assert.True(reader.TryReadExpectedName(Build(2, "\"ab\":"), ",\"zz\":"u8));
        Assert.Equal(1, reader.ReadInt32());
        bool first = false;
        Assert.False(reader.TryReadPropertyName(ref first, out _));
        reader.ReadEndOfDocument();
    }

    /// <summary>A space before every <c>,</c>, <c>:</c>, <c>]</c> and <c>}</c> outside strings.</summary>
    private static string SpaceOutStructure(string text)
    {
        var result = new StringBuilder();
        bool inString = false;
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (inString)
            {
                if (c == '\\' && i + 1 < text.Length)
                {
                    result.Append(c).Append(text[++i]);
                    continue;
                }

                inString = c != '"';
            }
            else if (c == '"')
            {
                inString = true;
            }
            else if (c is ',' or ':' or ']' or '}')
            {
                result.Append(' ');
            }

            result.Append(c);
        }

        return result.ToString();
    }

    private static int ByteOffsetOf(string json, string token)
    {
        int index = json.LastIndexOf(token, StringComparison.Ordinal);
        Assert.True(index >= 0, $"'{token}' is not in '{json}'");
        return Encoding.UTF8.GetByteCount(json.AsSpan(0, index));
    }

    private static int LastIndexOf(byte[] doc, string token)
    {
        int index = doc.AsSpan().LastIndexOf(Encoding.UTF8.GetBytes(token));
        Assert.True(index >= 0, $"'{token}' is not in the document");
        return index;
    }
}
