using System;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Runtime.Tests.Jmc1;

namespace Jsonable.Runtime.Tests.Escaping;

/// <summary>
/// Numbers are written in shortest round-trip form (docs/types.md), read back bit-for-bit in both formats, and equal
/// as data to what System.Text.Json writes.
/// </summary>
public class NumberTextTests
{
    private static readonly JsonSerializerOptions s_stj = new() { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };

    [Fact]
    public void IntegerMinimums_HaveExactTextAndRoundTrip()
    {
        var value = new Numbers
        {
            SByte = sbyte.MinValue,
            Byte = byte.MinValue,
            Int16 = short.MinValue,
            UInt16 = ushort.MinValue,
            Int32 = int.MinValue,
            UInt32 = uint.MinValue,
            Int64 = long.MinValue,
            UInt64 = ulong.MinValue,
        };

        AssertNumbers(
            value,
            "{\"SByte\":-128,\"Byte\":0,\"Int16\":-32768,\"UInt16\":0,\"Int32\":-2147483648,\"UInt32\":0,"
            + "\"Int64\":-9223372036854775808,\"UInt64\":0,\"Double\":0,\"Single\":0}");
    }

    [Fact]
    public void IntegerMaximums_HaveExactTextAndRoundTrip()
    {
        var value = new Numbers
        {
            SByte = sbyte.MaxValue,
            Byte = byte.MaxValue,
            Int16 = short.MaxValue,
            UInt16 = ushort.MaxValue,
            Int32 = int.MaxValue,
            UInt32 = uint.MaxValue,
            Int64 = long.MaxValue,
            UInt64 = ulong.MaxValue,
        };

        AssertNumbers(
            value,
            "{\"SByte\":127,\"Byte\":255,\"Int16\":32767,\"UInt16\":65535,\"Int32\":2147483647,\"UInt32\":4294967295,"
            + "\"Int64\":9223372036854775807,\"UInt64\":18446744073709551615,\"Double\":0,\"Single\":0}");
    }

    [Theory]
    [InlineData(-0.0, "-0")]
    [InlineData(0.0, "0")]
    [InlineData(0.1, "0.1")]
    [InlineData(1e300, "1E+300")]
    [InlineData(-1.5e-300, "-1.5E-300")]
    [InlineData(double.MaxValue, "1.7976931348623157E+308")]
    [InlineData(double.MinValue, "-1.7976931348623157E+308")]
    [InlineData(double.Epsilon, "5E-324")]
    [InlineData(1.0 / 3.0, "0.3333333333333333")]
    [InlineData(123456789012345680.0, "1.2345678901234568E+17")]
    [InlineData(9007199254740993.0, "9007199254740992")]
    public void Double_IsShortestRoundTripText_AndReadsBackBitForBit(double number, string text)
    {
        AssertNumbers(
            new Numbers { Double = number },
            "{\"SByte\":0,\"Byte\":0,\"Int16\":0,\"UInt16\":0,\"Int32\":0,\"UInt32\":0,\"Int64\":0,\"UInt64\":0,\"Double\":" + text + ",\"Single\":0}");
    }

    [Theory]
    [InlineData(3.4028235E+38f, "3.4028235E+38")]
    [InlineData(-3.4028235E+38f, "-3.4028235E+38")]
    [InlineData(float.Epsilon, "1E-45")]
    [InlineData(0.1f, "0.1")]
    [InlineData(-0.0f, "-0")]
    [InlineData(1.0f / 3.0f, "0.33333334")]
    [InlineData(16777216f, "16777216")]
    public void Single_IsShortestRoundTripText_AndReadsBackBitForBit(float number, string text)
    {
        AssertNumbers(
            new Numbers { Single = number },
            "{\"SByte\":0,\"Byte\":0,\"Int16\":0,\"UInt16\":0,\"Int32\":0,\"UInt32\":0,\"Int64\":0,\"UInt64\":0,\"Double\":0,\"Single\":" + text + "}");
    }

    [Theory]
    [InlineData("1e300", 1e300)]
    [InlineData("1E+300", 1e300)]
    [InlineData("1.0E-2", 0.01)]
    [InlineData("-0.0", -0.0)]
    [InlineData("-0", -0.0)]
    [InlineData("100", 100.0)]
    [InlineData("0.30000000000000004", 0.30000000000000004)]
    public void Double_ReadsEveryJsonSpelling(string text, double expected)
    {
        double json = Numbers.CreateFromJson(Encoding.UTF8.GetBytes("{\"Double\":" + text + "}")).Double;
        double jmc1 = Numbers.CreateFromJsonable(Encoding.UTF8.GetBytes("/*JMC1*/{\"Double\":" + text + "}")).Double;

        Assert.Equal(BitConverter.DoubleToInt64Bits(expected), BitConverter.DoubleToInt64Bits(json));
        Assert.Equal(BitConverter.DoubleToInt64Bits(expected), BitConverter.DoubleToInt64Bits(jmc1));
    }

    private static void AssertNumbers(Numbers value, string expectedJson)
    {
        byte[] json = JsonableSerializer.SerializeToUtf8Bytes(value, JsonableFormat.Json);
        byte[] jmc1 = value.ToJsonable().ToArray();

        Jmc1Bytes.AssertEqual(Encoding.UTF8.GetBytes(expectedJson), json);
        Jmc1Bytes.AssertConsistent(jmc1, json);
        JsonData.AssertEqual(JsonSerializer.SerializeToUtf8Bytes(value, s_stj), json);
        AssertSame(value, JsonSerializer.Deserialize<Numbers>(json, s_stj)!);
        AssertSame(value, Numbers.CreateFromJson(json));
        AssertSame(value, Numbers.CreateFromJsonable(jmc1));
    }

    private static void AssertSame(Numbers expected, Numbers actual)
    {
        Assert.Equal(expected.SByte, actual.SByte);
        Assert.Equal(expected.Byte, actual.Byte);
        Assert.Equal(expected.Int16, actual.Int16);
        Assert.Equal(expected.UInt16, actual.UInt16);
        Assert.Equal(expected.Int32, actual.Int32);
        Assert.Equal(expected.UInt32, actual.UInt32);
        Assert.Equal(expected.Int64, actual.Int64);
        Assert.Equal(expected.UInt64, actual.UInt64);
        Assert.Equal(BitConverter.DoubleToInt64Bits(expected.Double), BitConverter.DoubleToInt64Bits(actual.Double));
        Assert.Equal(BitConverter.SingleToInt32Bits(expected.Single), BitConverter.SingleToInt32Bits(actual.Single));
    }
}
