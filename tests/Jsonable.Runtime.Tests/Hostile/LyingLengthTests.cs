#nullable enable
using System;
using System.Collections.Generic;
using System.Text;
using static Jsonable.Tests.Shared.Jmc1Oracle;

namespace Jsonable.Runtime.Tests.Hostile;

/// <summary>JMC1 length comments are hints the reader checks: a lying one fails, it never shapes the data.</summary>
public sealed class LyingLengthTests
{
    [Fact]
    public void Jmc1_TruthfulLengths_Read()
    {
        byte[] doc = Build(ObjectWithMember("values"), 3, "[4,5,6]}");

        IntArrayHolder holder = IntArrayHolder.CreateFromJsonable(doc);

        Assert.Equal(new[] { 4, 5, 6 }, holder.values);
    }

    [Fact]
    public void Jmc1_TightlyPackedNestedCounts_Read()
    {
        // Every element is one byte: the counts are exactly what the bytes can back, at every level.
        byte[] doc = Build(ObjectWithMember("values"), 4, "[", 1, "[1],", 2, "[2,3],", 0, "[],", 3, "[4,5,6]]}");

        JaggedHolder holder = JaggedHolder.CreateFromJsonable(doc);

        Assert.Equal(new[] { new[] { 1 }, new[] { 2, 3 }, System.Array.Empty<int>(), new[] { 4, 5, 6 } }, holder.values);
    }

    [Fact]
    public void Jmc1_TightlyPackedDictionaryInsideCountedList_Reads()
    {
        byte[] doc = Build("/*JMC1*/", 2, "[/*JMC1*/{", 4, "\"tags\":", 2, "{", 0, "\"\":1,", 1, "\"a\":2}},/*JMC1*/{}]");

        List<Order>? orders = JsonableSerializer.Deserialize<List<Order>>(doc, JsonableFormat.Jmc1);

        Assert.NotNull(orders);
        Assert.Equal(2, orders.Count);
        Assert.Equal(new Dictionary<string, int> { [""] = 1, ["a"] = 2 }, orders[0].tags);
    }

    [Theory]
    [InlineData(3, "[4,5]")]
    [InlineData(1, "[4,5]")]
    [InlineData(2, "[4,5,6]")]
    [InlineData(3, "[0,5]")]
    [InlineData(1, "[]")]
    [InlineData(0, "[4]")]
    public void Jmc1_IntArrayCountLies_Throws(int claimed, string array)
    {
        byte[] doc = Build(ObjectWithMember("values"), claimed, array, "}");

        JsonableException ex = Assert.Throws<JsonableException>(() => IntArrayHolder.CreateFromJsonable(doc));

        Assert.Contains("length comment", ex.Reason, StringComparison.Ordinal);
        Assert.Equal("$.values", ex.Path);
    }

    [Theory]
    [InlineData(3, "[4,5]")]
    [InlineData(1, "[4,5]")]
    [InlineData(2, "[4,5,6]")]
    public void Jmc1_ListCountLies_Throws(int claimed, string array)
    {
        byte[] doc = Build(ObjectWithMember("values"), claimed, array, "}");

        JsonableException ex = Assert.Throws<JsonableException>(() => IntListHolder.CreateFromJsonable(doc));

        Assert.Contains("length comment", ex.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(3)]
    [InlineData(1)]
    [InlineData(0)]
    public void Jmc1_DictionaryCountLies_Throws(int claimed)
    {
        byte[] doc = Build(ObjectWithMember("values"), claimed, "{", 1, "\"a\":1,", 1, "\"b\":2}}");

        JsonableException ex = Assert.Throws<JsonableException>(() => IntDictionaryHolder.CreateFromJsonable(doc));

        Assert.Contains("length comment", ex.Reason, StringComparison.Ordinal);
        Assert.StartsWith("$.values", ex.Path, StringComparison.Ordinal);
    }

    [Fact]
    public void Jmc1_ObjectListCountHigh_ThrowsInsteadOfPadding()
    {
        byte[] doc = Build(ObjectWithMember("items"), 3, "[/*JMC1*/{", 3, "\"sku\":", 1, "\"a\"},/*JMC1*/{}]}");

        JsonableException ex = Assert.Throws<JsonableException>(() => Order.CreateFromJsonable(doc));

        Assert.Contains("claims 3", ex.Reason, StringComparison.Ordinal);
        Assert.Equal("$.items", ex.Path);
    }

    [Fact]
    public void Jmc1_NestedArrayCountLow_ThrowsWithElementPath()
    {
        byte[] doc = Build(ObjectWithMember("values"), 2, "[", 1, "[1],", 1, "[2,3]]}");

        JsonableException ex = Assert.Throws<JsonableException>(() => JaggedHolder.CreateFromJsonable(doc));

        Assert.Equal("$.values[1]", ex.Path); // the inner array whose count lies
    }

    [Theory]
    [InlineData(3)] // short
    [InlineData(5)] // long
    [InlineData(0)]
    [InlineData(32207)]
    public void Jmc1_StringValueLengthLies_Throws(int claimed)
    {
        byte[] doc = Build(ObjectWithMember("id"), claimed, "\"abcd\"}");

        JsonableException ex = Assert.Throws<JsonableException>(() => Order.CreateFromJsonable(doc));

        Assert.Contains($"claims {claimed} bytes", ex.Reason, StringComparison.Ordinal);
        Assert.Equal("$.id", ex.Path);
        Assert.Equal(Encoding.UTF8.GetByteCount("/*JMC1*/{\"id\":") + 6 + 6, ex.BytePosition); // the opening quote
    }

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    public void Jmc1_StringLengthPointingAtAnEscapedQuote_Throws(int claimed)
    {
        // The content is a\"b\"c: byte 1 and byte 3 hold a backslash-escaped quote, not the end of the string.
        byte[] doc = Build(ObjectWithMember("id"), claimed, "\"a\\\"b\\\"c\"}");

        JsonableException ex = Assert.Throws<JsonableException>(() => Order.CreateFromJsonable(doc));

        Assert.Contains($"claims {claimed} bytes", ex.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(5)]
    [InlineData(7)]
    public void Jmc1_MemberNameLengthLies_Throws(int claimed)
    {
        byte[] doc = Build("/*JMC1*/{", claimed, "\"values\":", 0, "[]}");

        JsonableException ex = Assert.Throws<JsonableException>(() => IntArrayHolder.CreateFromJsonable(doc));

        Assert.Contains($"claims {claimed} bytes", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Jmc1_DictionaryKeyLengthLies_Throws()
    {
        byte[] doc = Build(ObjectWithMember("values"), 1, "{", 2, "\"abc\":1}}");

        JsonableException ex = Assert.Throws<JsonableException>(() => IntDictionaryHolder.CreateFromJsonable(doc));

        Assert.Contains("claims 2 bytes", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Jmc1_LyingLengthInSkippedUnknownMember_Throws()
    {
        byte[] doc = Build(ObjectWithMember("unknown"), 5, "[1,2]}");

        JsonableException ex = Assert.Throws<JsonableException>(() => IntArrayHolder.CreateFromJsonable(doc));

        Assert.Contains("claims 5", ex.Reason, StringComparison.Ordinal);
        Assert.Equal("$.unknown", ex.Path);
    }

    [Theory]
    [InlineData(0x7F00)] // n = 32208: one past the largest length
    [InlineData(0x0000)]
    [InlineData(0x012F)] // n = -1
    [InlineData(0xFFFF)]
    public void Jmc1_LengthCommentOutOfRange_Throws(int encoded)
    {
        byte[] comment = [(byte)'/', (byte)'*', (byte)(encoded & 0xFF), (byte)(encoded >> 8), (byte)'*', (byte)'/'];
        byte[] doc = Build(ObjectWithMember("values"), comment, "[]}");

        JsonableException ex = Assert.Throws<JsonableException>(() => IntArrayHolder.CreateFromJsonable(doc));

        Assert.Contains("out of range", ex.Reason, StringComparison.Ordinal);
        Assert.Equal(Encoding.UTF8.GetByteCount("/*JMC1*/{") + 6 + 8 + 1, ex.BytePosition);
    }

    [Fact]
    public void Jmc1_ValuesWithoutLengthComments_AreReadByScanning()
    {
        byte[] doc = Encoding.UTF8.GetBytes("/*JMC1*/{\"values\":[4,5,6]}");

        Assert.Equal(new[] { 4, 5, 6 }, IntArrayHolder.CreateFromJsonable(doc).values);
    }

    [Fact]
    public void Jmc1_HugeArrayCountInTinyBody_DoesNotAllocateTheClaimedElements()
    {
        byte[] doc = Build(ObjectWithMember("values"), 32207, "[1,2]}");
        Assert.InRange(doc.Length, 20, 40);

        long allocated = AllocatedByFailingRead(doc, static d => IntArrayHolder.CreateFromJsonable(d));

        Assert.True(allocated < 16 * 1024, $"A failing read of a {doc.Length}-byte body allocated {allocated} bytes (32207 ints are {32207 * 4}).");
    }

    [Fact]
    public void Jmc1_HugeListCountInTinyBody_DoesNotAllocateTheClaimedElements()
    {
        byte[] doc = Build(ObjectWithMember("values"), 32207, "[1,2]}");

        long allocated = AllocatedByFailingRead(doc, static d => IntListHolder.CreateFromJsonable(d));

        Assert.True(allocated < 16 * 1024, $"A failing read of a {doc.Length}-byte body allocated {allocated} bytes.");
    }

    [Fact]
    public void Jmc1_HugeDictionaryCountInTinyBody_DoesNotAllocateTheClaimedEntries()
    {
        byte[] doc = Build(ObjectWithMember("values"), 32207, "{", 1, "\"a\":1}}");

        long allocated = AllocatedByFailingRead(doc, static d => IntDictionaryHolder.CreateFromJsonable(d));

        Assert.True(allocated < 16 * 1024, $"A failing read of a {doc.Length}-byte body allocated {allocated} bytes.");
    }

    [Fact]
    public void Jmc1_HugeRootListCountInTinyBody_DoesNotAllocateTheClaimedElements()
    {
        byte[] doc = Build("/*JMC1*/", 32207, "[/*JMC1*/{}]");

        long allocated = AllocatedByFailingRead(doc, static d => JsonableSerializer.Deserialize<List<Order>>(d, JsonableFormat.Jmc1));

        Assert.True(allocated < 16 * 1024, $"A failing read of a {doc.Length}-byte body allocated {allocated} bytes.");
    }

    [Fact]
    public void Jmc1_NestedCountsEachWithinTheBody_DoNotAllocateMoreThanTheBodyCanBack()
    {
        // Every level claims as many children as the bytes left could hold on their own, so each claim passes a
        // per-container check, but together they promise far more elements than the body has bytes.
        const int Levels = 60;
        byte[] open = Build("/*JMC1*/{", 8, "\"children\":");
        int bodyLength = Levels * (open.Length + 6 + 1 + 2);
        var parts = new List<object>();
        for (int level = 0; level < Levels; level++)
        {
            int remaining = bodyLength - (level * (open.Length + 6 + 1)) - open.Length;
            parts.Add(open);
            parts.Add(Math.Min(remaining / 2 - Levels, 32207));
            parts.Add("[");
        }

        for (int level = 0; level < Levels; level++)
        {
            parts.Add("]}");
        }

        byte[] doc = Build(parts.ToArray());
        Assert.Equal(bodyLength, doc.Length);

        long allocated = AllocatedByFailingRead(doc, static d => Node.CreateFromJsonable(d));

        // A List<Node> slot is 8 bytes; honouring claims that add up to the body size would cost about 4 bytes per body byte.
        Assert.True(allocated < (16 * 1024) + (8L * doc.Length), $"A failing read of a {doc.Length}-byte body allocated {allocated} bytes.");
    }

    private delegate void SpanAction(ReadOnlySpan<byte> input);

    private static long AllocatedByFailingRead(byte[] doc, SpanAction read)
    {
        // Warm up: JIT compilation and first-use caches allocate too, and are not what is measured.
        Assert.Throws<JsonableException>(() => read(doc));

        long before = GC.GetAllocatedBytesForCurrentThread();
        try
        {
            read(doc);
        }
        catch (JsonableException)
        {
            long after = GC.GetAllocatedBytesForCurrentThread();
            return after - before;
        }

        Assert.Fail("The read succeeded.");
        return 0;
    }
}
