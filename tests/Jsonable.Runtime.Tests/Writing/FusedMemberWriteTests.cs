#nullable enable
using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Jsonable.Runtime.Tests.Jmc1;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.Writing;

/// <summary>
/// Generated writers put an integer, bool or string member's value and the next member's name out in one call
/// (<see cref="JsonableWriter.WriteNumberAndName(long, ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>,
/// <see cref="JsonableWriter.WriteBooleanAndName"/>, <see cref="JsonableWriter.WriteStringAndName"/>) when the next member is always written. The bytes must be exactly what the separate calls write: in JSON, what System.Text.Json writes for the
/// same object; in JMC1, that JSON with its header and a length comment before each name — around members left out by
/// <c>[JsonIgnore(Condition = ...)]</c>, number handling, enums and every integer width and digit count.
/// </summary>
public class FusedMemberWriteTests
{
    public static TheoryData<long> Values()
    {
        var values = new SortedSet<long> { 0, 1, -1, 9, 10, 99, 100, 9_999, 10_000, 99_999, 205_705_993, int.MaxValue, int.MinValue, uint.MaxValue, (long)uint.MaxValue + 1, long.MaxValue, long.MinValue };
        for (long power = 10; power <= 1_000_000_000_000_000_000; power *= 10)
        {
            values.Add(power - 1);
            values.Add(power);
            values.Add(-power);
        }

        return new TheoryData<long>(values);
    }

    [Theory]
    [MemberData(nameof(Values))]
    public void IntegersOfEveryWidth_AreWhatSystemTextJsonWrites(long seed)
    {
        var value = new FusedIntegers
        {
            Int = unchecked((int)seed),
            Long = seed,
            UInt = unchecked((uint)seed),
            ULong = unchecked((ulong)seed),
            Byte = unchecked((byte)seed),
            Short = unchecked((short)seed),
            Text = seed % 3 == 0 ? null : "t" + seed.ToString(System.Globalization.CultureInfo.InvariantCulture),
            On = seed % 2 == 0,
            Color = (FusedColor)unchecked((int)seed),
            Flags = (FusedFlags)unchecked((ulong)seed),
            SkippedWhenZero = unchecked((int)(seed & 1)),
            AfterSkipped = unchecked((int)(seed >> 3)),
            Quoted = unchecked((int)seed),
            Last = unchecked((sbyte)seed),
        };

        byte[] json = Write(value, jmc1: false);
        Assert.Equal(JsonSerializer.Serialize(value), Encoding.UTF8.GetString(json));

        byte[] jmc1 = Write(value, jmc1: true);
        Assert.Equal(ExpectedJmc1(json), jmc1);
        Jmc1Bytes.AssertConsistent(jmc1, json);
    }

    [Theory]
    [InlineData(0, 0)]
    [InlineData(7, 0)]
    [InlineData(0, -123456789)]
    [InlineData(42, 1_000_000_000)]
    public void AfterAMemberLeftOut_TheFusedNameKeepsItsComma(int first, int second)
    {
        var value = new FusedAfterOptional { First = first, Second = second, Third = second + 1, Fourth = -second };

        byte[] json = Write(value, jmc1: false);
        Assert.Equal(JsonSerializer.Serialize(value), Encoding.UTF8.GetString(json));
        Assert.Equal(first == 0, !Encoding.UTF8.GetString(json).Contains("\"First\"", StringComparison.Ordinal));

        byte[] jmc1 = Write(value, jmc1: true);
        Assert.Equal(ExpectedJmc1(json), jmc1);
    }

    [Fact]
    public void ALongListOfSmallObjects_IntoABufferThatGivesExactlyTheRoomAskedFor_IsTheSameBytes()
    {
        var list = new FusedList { Items = [.. Enumerable.Range(0, 2000).Select(i => new FusedPair { Id = (i * 104_729L) - 1_000_000, Count = i })] };
        foreach (bool jmc1 in new[] { false, true })
        {
            var roomy = new ArrayBufferWriter<byte>();
            list.ToJsonUtf8(roomy, jmc1);

            var tight = new ExactBufferWriter();
            list.ToJsonUtf8(tight, jmc1);

            Assert.True(tight.Chunks > 1, "The document spans several chunks of the output.");
            Assert.Equal(roomy.WrittenSpan.ToArray(), tight.Written);
            if (!jmc1)
            {
                Assert.Equal(JsonSerializer.Serialize(list), Encoding.UTF8.GetString(roomy.WrittenSpan));
            }
        }
    }

    private static byte[] Write<T>(T value, bool jmc1)
        where T : IJsonableWritable<T>
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new JsonableWriter(output, jmc1);
        T.WriteJsonable(ref writer, value);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    /// <summary>
    /// A flat object's JMC1, built from its JSON independently of the writer: the header before <c>{</c>, a length
    /// comment before every name (names here are ASCII and every other value is a number or a number as a string).
    /// </summary>
    private static byte[] ExpectedJmc1(byte[] json)
    {
        var bytes = new List<byte>("/*JMC1*/"u8.ToArray());
        bool inString = false;
        for (int i = 0; i < json.Length; i++)
        {
            byte b = json[i];
            if (b == (byte)'"' && !inString)
            {
                // A name, or a number written as a string: both carry the length of what is between the quotes.
                int end = Array.IndexOf(json, (byte)'"', i + 1);
                bytes.AddRange(Jmc1Oracle.LengthComment(end - i - 1));
                inString = true;
            }
            else if (b == (byte)'"')
            {
                inString = false;
            }

            bytes.Add(b);
        }

        return [.. bytes];
    }
}

public enum FusedColor
{
    Red = 1,
}

[Flags]
#pragma warning disable CA1028 // an unsigned underlying type on purpose: it is written through the ulong overload
public enum FusedFlags : ulong
#pragma warning restore CA1028
{
    None = 0,
}

/// <summary>Every integer shape a generated writer fuses with the next name, and the members it must not fuse.</summary>
[ToJson]
public partial class FusedIntegers
{
    public int Int { get; set; }

    public long Long { get; set; }

    public uint UInt { get; set; }

    public ulong ULong { get; set; }

    public byte Byte { get; set; }

    public short Short { get; set; }

    // A string (or null) followed by a member always written: fused with its name too.
    public string? Text { get; set; }

    // A bool followed by a member always written: fused with its name too.
    public bool On { get; set; }

    public FusedColor Color { get; set; }

    // Followed by a member that may be left out: written alone, and that member's name decides its own comma.
    public FusedFlags Flags { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public int SkippedWhenZero { get; set; }

    public int AfterSkipped { get; set; }

    // Written as a string: never fused.
    [JsonNumberHandling(JsonNumberHandling.WriteAsString)]
    public int Quoted { get; set; }

    // The last member: no next name to fuse.
    public sbyte Last { get; set; }
}

/// <summary>The first member may be left out, so no name after it is known at compile time to need a comma.</summary>
[ToJson]
public partial class FusedAfterOptional
{
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public int First { get; set; }

    public int Second { get; set; }

    public long Third { get; set; }

    public int Fourth { get; set; }
}

[ToJson]
public partial class FusedPair
{
    public long Id { get; set; }

    public int Count { get; set; }
}

[ToJson]
public partial class FusedList
{
    public List<FusedPair> Items { get; set; } = [];
}
