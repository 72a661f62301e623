#nullable enable
using System;
using System.Text;

namespace Jsonable.Runtime.Tests.Hostile;

/// <summary>
/// Deep input and cyclic graphs end in a <see cref="JsonableException"/>, never a stack overflow (which would kill
/// the test host: that these tests return at all is part of what they prove).
/// </summary>
public sealed class DepthTests
{
    private const int Deep = 100_000;

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void DeepArrays_InUnknownMember_ThrowDepthError(JsonableFormat format)
    {
        byte[] doc = Document(format, "{\"unknown\":" + new string('[', Deep) + new string(']', Deep) + "}");

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Node>(doc, format));

        Assert.Contains("depth", ex.Reason, StringComparison.Ordinal);
        Assert.Equal("$.unknown", ex.Path); // System.Text.Json keys a depth error inside a member it skips by the member
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void DeepObjects_InUnknownMember_ThrowDepthError(JsonableFormat format)
    {
        var text = new StringBuilder("{\"unknown\":");
        for (int i = 0; i < Deep; i++)
        {
            text.Append("{\"a\":");
        }

        text.Append('1').Append('}', Deep).Append('}');
        byte[] doc = Document(format, text.ToString());

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Node>(doc, format));

        Assert.Contains("depth", ex.Reason, StringComparison.Ordinal);
        Assert.Equal("$.unknown", ex.Path);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void DeepNestedClass_ThrowsDepthError(JsonableFormat format)
    {
        byte[] doc = Document(format, Chain(Deep, "child"));

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Node>(doc, format));

        Assert.Contains("depth", ex.Reason, StringComparison.Ordinal);
        Assert.StartsWith("$.child.child.child", ex.Path, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void DeepListOfNestedClass_ThrowsDepthError(JsonableFormat format)
    {
        var text = new StringBuilder();
        for (int i = 0; i < Deep; i++)
        {
            text.Append("{\"children\":[");
        }

        for (int i = 0; i < Deep; i++)
        {
            text.Append("]}");
        }

        byte[] doc = Document(format, text.ToString());

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Node>(doc, format));

        Assert.Contains("depth", ex.Reason, StringComparison.Ordinal);
        Assert.StartsWith("$.children[0].children[0]", ex.Path, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void DeepArrays_IntoJaggedMember_Throw(JsonableFormat format)
    {
        byte[] doc = Document(format, "{\"values\":" + new string('[', Deep) + new string(']', Deep) + "}");

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<JaggedHolder>(doc, format));

        // int[][] holds two levels of arrays; the third '[' is where a number must be.
        Assert.Equal("$.values[0][0]", ex.Path);
        Assert.Equal(Encoding.UTF8.GetByteCount("{\"values\":[[") + (format == JsonableFormat.Jmc1 ? 8 : 0), ex.BytePosition);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void DefaultMaxDepth_64Reads_65Fails(JsonableFormat format)
    {
        Node? node = JsonableSerializer.Deserialize<Node>(Document(format, Chain(64, "child")), format);
        Assert.Equal(64, ChainLength(node));

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Node>(Document(format, Chain(65, "child")), format));
        Assert.Contains("maximum depth of 64", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void DefaultMaxDepth_CountsArraysAsLevels()
    {
        // 32 objects and 32 arrays: depth 64.
        var ok = new StringBuilder();
        var tooDeep = new StringBuilder("[");
        for (int i = 0; i < 32; i++)
        {
            ok.Append("{\"children\":[");
            tooDeep.Append("{\"children\":[");
        }

        ok.Append(']', 1).Append('}', 1);
        for (int i = 1; i < 32; i++)
        {
            ok.Append("]}");
        }

        tooDeep.Append(ok.ToString(ok.Length - (2 * 32), 2 * 32)).Append(']');
        Assert.NotNull(JsonableSerializer.Deserialize<Node>(Encoding.UTF8.GetBytes(ok.ToString())));

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<System.Collections.Generic.List<Node>>(Encoding.UTF8.GetBytes(tooDeep.ToString())));
        Assert.Contains("depth", ex.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(JsonableFormat.Json, 10)]
    [InlineData(JsonableFormat.Jmc1, 10)]
    [InlineData(JsonableFormat.Json, 500)]
    [InlineData(JsonableFormat.Jmc1, 500)]
    public void ReaderMaxDepth_IsConfigurable(JsonableFormat format, int maxDepth)
    {
        var options = new JsonableReaderOptions { MaxDepth = maxDepth };

        Node? node = JsonableSerializer.Deserialize<Node>(Document(format, Chain(maxDepth, "child")), format, options);
        Assert.Equal(maxDepth, ChainLength(node));

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Node>(Document(format, Chain(maxDepth + 1, "child")), format, options));
        Assert.Contains($"maximum depth of {maxDepth}", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void ReaderMaxDepth_FarAboveWhatTheStackHolds_StillFailsCleanly()
    {
        var options = new JsonableReaderOptions { MaxDepth = int.MaxValue };
        byte[] doc = Encoding.UTF8.GetBytes(Chain(Deep, "child"));

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Node>(doc, JsonableFormat.Json, options));

        Assert.Contains("deep", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void ReaderMaxDepth_AboveTheCeiling_IsCappedAtTheCeiling()
    {
        var options = new JsonableReaderOptions { MaxDepth = int.MaxValue };

        Node? node = JsonableSerializer.Deserialize<Node>(Encoding.UTF8.GetBytes(Chain(JsonableReader.DepthCeiling, "child")), JsonableFormat.Json, options);
        Assert.Equal(JsonableReader.DepthCeiling, ChainLength(node));

        JsonableException ex = Assert.Throws<JsonableException>(() =>
            JsonableSerializer.Deserialize<Node>(Encoding.UTF8.GetBytes(Chain(JsonableReader.DepthCeiling + 1, "child")), JsonableFormat.Json, options));
        Assert.Contains($"maximum depth of {JsonableReader.DepthCeiling}", ex.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    public void ReaderMaxDepth_NotPositive_IsRejected(int maxDepth) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new JsonableReaderOptions { MaxDepth = maxDepth });

    [Fact]
    public void CyclicGraph_ToJson_ThrowsDepthOrCycleError()
    {
        var node = new Node { value = 1 };
        node.child = node;

        JsonableException ex = Assert.Throws<JsonableException>(() => node.ToJson());

        Assert.Contains("depth", ex.Reason, StringComparison.Ordinal);
        Assert.Contains("cycle", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void CyclicGraph_ToJsonable_ThrowsDepthOrCycleError()
    {
        var node = new Node { value = 1 };
        node.children = [new Node { child = node }];

        JsonableException ex = Assert.Throws<JsonableException>(() => node.ToJsonable());

        Assert.Contains("cycle", ex.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void CyclicGraph_SerializeByType_ThrowsDepthOrCycleError(JsonableFormat format)
    {
        var node = new Node { value = 1 };
        node.child = node;

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.SerializeToUtf8Bytes(node, format));

        Assert.Contains("maximum depth of 64", ex.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void WriterMaxDepth_IsHonoured(JsonableFormat format)
    {
        var options = new JsonableWriterOptions { MaxDepth = 10 };

        byte[] written = JsonableSerializer.SerializeToUtf8Bytes(Graph(10), format, options);
        Assert.Equal(10, ChainLength(JsonableSerializer.Deserialize<Node>(written, format)));

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.SerializeToUtf8Bytes(Graph(11), format, options));
        Assert.Contains("maximum depth of 10", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void WriterDefaultMaxDepth_64Writes_65Fails()
    {
        Assert.NotEmpty(JsonableSerializer.SerializeToUtf8Bytes(Graph(64), JsonableFormat.Jmc1));
        Assert.Throws<JsonableException>(() => JsonableSerializer.SerializeToUtf8Bytes(Graph(65), JsonableFormat.Jmc1));
    }

    private static Node Graph(int depth)
    {
        var root = new Node { value = 1 };
        Node current = root;
        for (int i = 1; i < depth; i++)
        {
            current.child = new Node { value = i + 1 };
            current = current.child;
        }

        return root;
    }

    private static int ChainLength(Node? node)
    {
        int length = 0;
        for (; node is not null; node = node.child)
        {
            length++;
        }

        return length;
    }

    /// <summary><paramref name="depth"/> objects nested through <paramref name="member"/>: <c>{"child":{"child":{}}}</c>.</summary>
    private static string Chain(int depth, string member)
    {
        var text = new StringBuilder();
        for (int i = 1; i < depth; i++)
        {
            text.Append("{\"").Append(member).Append("\":");
        }

        text.Append("{}").Append('}', depth - 1);
        return text.ToString();
    }

    /// <summary>The JSON text as is, or behind a JMC1 document header (readers accept values without length comments).</summary>
    private static byte[] Document(JsonableFormat format, string json) =>
        Encoding.UTF8.GetBytes(format == JsonableFormat.Jmc1 ? "/*JMC1*/" + json : json);
}
