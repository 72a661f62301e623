#nullable enable
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;
using Jsonable.Runtime.Tests.Incremental;

namespace Jsonable.Runtime.Tests.Hostile;

/// <summary>
/// Dense documents System.Text.Json accepts read (no limit on how many containers a body holds), and what reading them
/// allocates stays bounded by the bytes that back it: every object, array and dictionary materializes one instance
/// from at least two bytes, a count hint never sizes more than the bytes left, and growth is bounded by elements read.
/// </summary>
public sealed class DenseContainerTests
{
    [Fact]
    public async Task TwentyThousandWaypoints_Read_InEveryReader_AsSystemTextJsonReadsThem()
    {
        byte[] body = Waypoints(20_000);
        Assert.True(body.Length > 120_000);

        Route? stj = await JsonSerializer.DeserializeAsync<Route>(new MemoryStream(body), JsonSerializerOptions.Web);
        Route plain = Route.CreateFromJson(body);
        Route? pieces = await JsonableSerializer.DeserializeAsync<Route>(TricklePipeReader.Chunked(body, 4096));
        Route fromJmc1 = Route.CreateFromJsonable(plain.ToJsonable().Span);

        Assert.Equal(20_000, stj!.Waypoints!.Count);
        foreach (Route route in new[] { plain, pieces!, fromJmc1 })
        {
            Assert.Equal(20_000, route.Waypoints!.Count);
            Assert.Equal([19_999f, 19_999f], route.Waypoints[^1]);
        }
    }

    [Theory]
    [InlineData(2_000)]
    [InlineData(100_000)]
    public async Task EmptyObjects_Read_AsSystemTextJsonReadsThem(int count)
    {
        byte[] body = Inventory(count);

        Route? stj = await JsonSerializer.DeserializeAsync<Route>(new MemoryStream(body), JsonSerializerOptions.Web);
        Route plain = Route.CreateFromJson(body);
        Route? pieces = await JsonableSerializer.DeserializeAsync<Route>(TricklePipeReader.Chunked(body, 4096));

        Assert.Equal(count, stj!.Inventory!.Count);
        Assert.Equal(count, plain.Inventory!.Count);
        Assert.Equal(count, pieces!.Inventory!.Count);
        Assert.Equal(count, Route.CreateFromJsonable(plain.ToJsonable().Span).Inventory!.Count);
    }

    [Fact]
    public void SkippedContainers_Read()
    {
        byte[] body = Encoding.UTF8.GetBytes("{\"unknown\":[" + string.Join(",", Enumerable.Repeat("[]", 40_000)) + "],\"waypoints\":[]}");

        Assert.Empty(Route.CreateFromJson(body).Waypoints!);
    }

    /// <summary>
    /// The densest bodies there are, <c>[{},{},…]</c> and <c>[[],[],…]</c> (3 bytes an instance): what reading allocates grows
    /// with the body, within a fixed factor of its size, and no more than System.Text.Json allocates for the same body.
    /// </summary>
    [Theory]
    [InlineData("{}")]
    [InlineData("[]")]
    public void DenseBodies_AllocateInProportionToTheirBytes(string item)
    {
        byte[] small = Dense(item, 10_000);
        byte[] large = Dense(item, 100_000);
        Read(small); // warm up: first-call allocations are not the body's

        double smallPerByte = (double)Allocated(() => Read(small)) / small.Length;
        double largePerByte = (double)Allocated(() => Read(large)) / large.Length;
        long stj = Allocated(() => JsonSerializer.Deserialize<Route>(large, JsonSerializerOptions.Web));
        long jsonable = Allocated(() => Read(large));

        // An empty object or list of a few dozen bytes, and a reference (a list's doubling and pooled growth included),
        // per 3 bytes: the same bound for a body ten times larger.
        Assert.InRange(smallPerByte, 0, 64);
        Assert.InRange(largePerByte, 0, 64);
        Assert.True(jsonable <= stj, $"Jsonable allocated {jsonable} bytes, System.Text.Json {stj}, for {large.Length} bytes");

        static void Read(byte[] body) => Route.CreateFromJson(body);
    }

    [Fact]
    public void ALyingCountHint_AllocatesNothingItClaims()
    {
        // A JMC1 array that claims 32,207 elements in a 30-byte body: refused before anything is sized from the claim.
        byte[] body = Encoding.Latin1.GetBytes("/*JMC1*/{\"waypoints\":/*" + (char)0xEF + (char)0x7E + "*/[]}");
        long allocated = Allocated(() => Assert.Throws<JsonableException>(() => Route.CreateFromJsonable(body)));

        Assert.InRange(allocated, 0, 16 * 1024); // the exception and its message, not 32,207 references
    }

    private static long Allocated(Action action)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        action();
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }

    private static byte[] Waypoints(int count) =>
        Encoding.UTF8.GetBytes("{\"waypoints\":[" + string.Join(",", Enumerable.Range(0, count).Select(i => $"[{i},{i}]")) + "]}");

    private static byte[] Inventory(int count) =>
        Encoding.UTF8.GetBytes("{\"inventory\":[" + string.Join(",", Enumerable.Repeat("{}", count)) + "]}");

    private static byte[] Dense(string item, int count) =>
        Encoding.UTF8.GetBytes((item == "{}" ? "{\"inventory\":[" : "{\"waypoints\":[") + string.Join(",", Enumerable.Repeat(item, count)) + "]}");
}

/// <summary>A game backend's payload: waypoints as coordinate pairs, and sparse inventory items.</summary>
[ToJson, FromJson]
public partial class Route
{
    public List<float[]>? Waypoints { get; set; }

    public List<RouteItem>? Inventory { get; set; }
}

/// <summary>An inventory item; most are sent empty.</summary>
[ToJson, FromJson]
public partial class RouteItem
{
    public string? Sku { get; set; }

    public int Count { get; set; }
}
