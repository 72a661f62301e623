#nullable enable
using System;
using Jsonable.Samples.RealData;

namespace Jsonable.Runtime.Tests.Hostile;

/// <summary>A valid document cut short anywhere fails with <see cref="JsonableException"/> and nothing else.</summary>
public sealed class TruncationTests
{
    [Fact]
    public void Order_Jmc1TruncatedAtEveryOffset_ThrowsOnlyJsonableException()
    {
        byte[] doc = HostileDocuments.OrderJmc1();
        Assert.InRange(doc.Length, 300, 2000);
        Order.CreateFromJsonable(doc); // the whole document is valid

        for (int length = 0; length < doc.Length; length++)
        {
            AssertFailsCleanly(doc.AsSpan(0, length), length, static s => Order.CreateFromJsonable(s));
        }
    }

    [Fact]
    public void Order_JsonTruncatedAtEveryOffset_ThrowsOnlyJsonableException()
    {
        byte[] doc = HostileDocuments.OrderJson();
        Assert.InRange(doc.Length, 300, 2000);
        Order.CreateFromJson(doc);

        for (int length = 0; length < doc.Length; length++)
        {
            AssertFailsCleanly(doc.AsSpan(0, length), length, static s => Order.CreateFromJson(s));
        }
    }

    [Fact]
    public void Order_Jmc1TruncatedAtEveryOffset_FromJsonableIntoExistingThrowsOnlyJsonableException()
    {
        byte[] doc = HostileDocuments.OrderJmc1();
        for (int length = 0; length < doc.Length; length++)
        {
            AssertFailsCleanly(doc.AsSpan(0, length), length, static s => HostileDocuments.CreateOrder().FromJsonable(s, reuseInstance: true));
        }
    }

    [Fact]
    public void TwitterHead_Jmc1TruncatedEvery7Bytes_ThrowsOnlyJsonableException()
    {
        byte[] doc = HostileDocuments.TwitterHeadJmc1();
        TwitterRoot.CreateFromJsonable(doc);
        for (int length = 0; length < doc.Length; length += 7)
        {
            AssertFailsCleanly(doc.AsSpan(0, length), length, static s => TwitterRoot.CreateFromJsonable(s));
        }
    }

    [Fact]
    public void TwitterHead_JsonTruncatedEvery7Bytes_ThrowsOnlyJsonableException()
    {
        byte[] doc = HostileDocuments.TwitterHeadJson();
        TwitterRoot.CreateFromJson(doc);
        for (int length = 0; length < doc.Length; length += 7)
        {
            AssertFailsCleanly(doc.AsSpan(0, length), length, static s => TwitterRoot.CreateFromJson(s));
        }
    }

    [Fact]
    public void Twitter_Jmc1TruncatedAtStrideAndEnd_ThrowsOnlyJsonableException()
    {
        byte[] doc = HostileDocuments.TwitterJmc1;
        foreach (int length in Offsets(doc.Length))
        {
            AssertFailsCleanly(doc.AsSpan(0, length), length, static s => TwitterRoot.CreateFromJsonable(s));
        }
    }

    [Fact]
    public void Twitter_JsonTruncatedAtStrideAndEnd_ThrowsOnlyJsonableException()
    {
        byte[] doc = HostileDocuments.TwitterJson;
        int end = doc.AsSpan().TrimEnd(" \t\r\n"u8).Length; // cutting only trailing whitespace leaves a valid document
        Assert.True(end < doc.Length);
        foreach (int length in Offsets(end))
        {
            AssertFailsCleanly(doc.AsSpan(0, length), length, static s => TwitterRoot.CreateFromJson(s));
        }
    }

    [Fact]
    public void OrderList_Jmc1RootArrayTruncatedAtEveryOffset_ThrowsOnlyJsonableException()
    {
        byte[] doc = JsonableSerializer.SerializeToUtf8Bytes(
            new[] { HostileDocuments.CreateOrder(), new Order { id = "second" } }, JsonableFormat.Jmc1);
        for (int length = 0; length < doc.Length; length++)
        {
            AssertFailsCleanly(doc.AsSpan(0, length), length, static s => JsonableSerializer.Deserialize<Order[]>(s, JsonableFormat.Jmc1));
        }
    }

    /// <summary>
    /// Every 9,973rd offset of the whole document (a prime stride, so the cuts land on every kind of token) and
    /// the last 64. Each cut re-reads up to 600 KB, so a denser stride would take minutes; the dense cuts are
    /// done on the first three statuses above.
    /// </summary>
    private static int[] Offsets(int length)
    {
        var offsets = new System.Collections.Generic.List<int>();
        for (int i = 0; i < length - 64; i += 9973)
        {
            offsets.Add(i);
        }

        for (int i = Math.Max(0, length - 64); i < length; i++)
        {
            offsets.Add(i);
        }

        return offsets.ToArray();
    }

    private delegate void SpanAction(ReadOnlySpan<byte> input);

    private static void AssertFailsCleanly(ReadOnlySpan<byte> input, int length, SpanAction read)
    {
        JsonableException? caught = null;
        try
        {
            read(input);
        }
        catch (JsonableException ex)
        {
            caught = ex;
        }
        catch (Exception ex)
        {
            Assert.Fail($"Truncated at {length}: {ex.GetType().Name} escaped: {ex}");
        }

        Assert.True(caught is not null, $"Truncated at {length}: the read succeeded.");
        Assert.InRange(caught!.BytePosition, 0, length);
        Assert.NotNull(caught.Path);
        Assert.StartsWith("$", caught.Path, StringComparison.Ordinal);
        Assert.False(string.IsNullOrWhiteSpace(caught.Reason));
        Assert.True(caught.InnerException is null, $"Truncated at {length}: the reader hit {caught.InnerException}");
    }
}
