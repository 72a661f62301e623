#nullable enable
using System;
using System.Text;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary>Numbers follow RFC 8259's grammar exactly, and must fit the member's type.</summary>
public sealed class NumberStrictnessTests
{
    [Theory]
    [InlineData("01")]
    [InlineData("-01")]
    [InlineData("00")]
    [InlineData("1.")]
    [InlineData(".5")]
    [InlineData("+1")]
    [InlineData("1e")]
    [InlineData("1e+")]
    [InlineData("1.e5")]
    [InlineData("-")]
    [InlineData("- 1")]
    [InlineData("0x10")]
    [InlineData("1_000")]
    [InlineData("NaN")]
    [InlineData("Infinity")]
    [InlineData("-Infinity")]
    // A quoted "1" is read, as ASP.NET Core's web defaults read it: see NumberHandlingParityTests.
    public void InvalidNumber_IntoDouble_Throws(string number)
    {
        AssertRejected("f64", number, JsonableFormat.Json);
        AssertRejected("f64", number, JsonableFormat.Jmc1);
    }

    [Theory]
    [InlineData("01")]
    [InlineData("1.")]
    [InlineData(".5")]
    [InlineData("+1")]
    [InlineData("1e")]
    [InlineData("-")]
    [InlineData("1.5")]
    [InlineData("1e2")]
    [InlineData("1.0")]
    [InlineData("2147483648")]
    [InlineData("-2147483649")]
    [InlineData("99999999999999999999999")]
    public void InvalidNumber_IntoInt_Throws(string number)
    {
        AssertRejected("count", number, JsonableFormat.Json);
        AssertRejected("count", number, JsonableFormat.Jmc1);
    }

    [Theory]
    [InlineData("2147483648", "does not fit Int32")]
    [InlineData("-2147483649", "does not fit Int32")]
    [InlineData("1.5", "not an integer")]
    [InlineData("1e2", "not an integer")]
    public void IntOutOfRangeOrFractional_ReasonSaysWhy(string number, string reason)
    {
        JsonableException ex = AssertRejected("count", number, JsonableFormat.Json);

        Assert.Contains(reason, ex.Reason, StringComparison.Ordinal);
        Assert.Equal("$.count", ex.Path);
        Assert.Equal("{\"count\":".Length, ex.BytePosition);
    }

    [Theory]
    [InlineData("u8", "256")]
    [InlineData("u8", "-1")]
    [InlineData("i8", "128")]
    [InlineData("i8", "-129")]
    [InlineData("i16", "32768")]
    [InlineData("u16", "65536")]
    [InlineData("u32", "4294967296")]
    [InlineData("u32", "-1")]
    [InlineData("i64", "9223372036854775808")]
    [InlineData("u64", "18446744073709551616")]
    [InlineData("u64", "-1")]
    public void OutOfRange_ForEachType_Throws(string member, string number)
    {
        JsonableException ex = AssertRejected(member, number, JsonableFormat.Json);

        Assert.Contains("does not fit", ex.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("count", "2147483647", "2147483647")]
    [InlineData("count", "-2147483648", "-2147483648")]
    [InlineData("count", "-0", "0")]
    [InlineData("u64", "18446744073709551615", "18446744073709551615")]
    [InlineData("i64", "-9223372036854775808", "-9223372036854775808")]
    [InlineData("f64", "-0.0", "-0")]
    [InlineData("f64", "1E-2", "0.01")]
    [InlineData("f64", "1e+2", "100")]
    [InlineData("f64", "123456789012345678901234567890", "1.2345678901234568E+29")]
    [InlineData("f64", "5e-324", "5E-324")]
    public void ValidNumbers_Read(string member, string number, string expected)
    {
        byte[] doc = Encoding.UTF8.GetBytes("{\"" + member + "\":" + number + "}");

        Reading reading = Reading.CreateFromJson(doc);

        string actual = member switch
        {
            "count" => reading.count.ToString(System.Globalization.CultureInfo.InvariantCulture),
            "u64" => reading.u64.ToString(System.Globalization.CultureInfo.InvariantCulture),
            "i64" => reading.i64.ToString(System.Globalization.CultureInfo.InvariantCulture),
            _ => reading.f64.ToString("R", System.Globalization.CultureInfo.InvariantCulture),
        };
        Assert.Equal(expected, actual);
    }

    private static JsonableException AssertRejected(string member, string number, JsonableFormat format)
    {
        byte[] doc = Encoding.UTF8.GetBytes((format == JsonableFormat.Jmc1 ? "/*JMC1*/" : "") + "{\"" + member + "\":" + number + "}");

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Reading>(doc, format));

        Assert.NotNull(ex.Path);
        Assert.InRange(ex.BytePosition, 0, doc.Length);
        return ex;
    }
}
