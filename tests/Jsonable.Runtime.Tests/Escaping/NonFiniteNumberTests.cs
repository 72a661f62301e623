using System;
using System.Buffers;
using System.Text;

namespace Jsonable.Runtime.Tests.Escaping;

/// <summary>NaN and ±Infinity have no JSON token (RFC 8259): writing one is a <see cref="JsonableException"/> in both formats.</summary>
public class NonFiniteNumberTests
{
    /// <summary>Every floating-point member shape with every non-finite value.</summary>
    public static TheoryData<string, string> Cases
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (string member in new[] { "Double", "Single", "NullableDouble", "NullableSingle", "Doubles", "Singles" })
            {
                foreach (string value in new[] { "NaN", "+Infinity", "-Infinity" })
                {
                    data.Add(member, value);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void NonFiniteValue_Write_ThrowsJsonableExceptionAndNeverWritesTheToken(string member, string value)
    {
        Floats floats = Create(member, value);

        foreach (bool jmc1 in new[] { false, true })
        {
            var output = new ArrayBufferWriter<byte>();
            JsonableException ex = Assert.Throws<JsonableException>(() => floats.ToJsonUtf8(output, emitMetadataComments: jmc1));
            Assert.True(ex.BytePosition >= 0, "The exception should say how far the writer got.");
            string written = Encoding.UTF8.GetString(output.WrittenSpan);
            Assert.DoesNotContain("NaN", written, StringComparison.Ordinal);
            Assert.DoesNotContain("Infinity", written, StringComparison.Ordinal);

            JsonableFormat format = jmc1 ? JsonableFormat.Jmc1 : JsonableFormat.Json;
            Assert.Throws<JsonableException>(() => JsonableSerializer.SerializeToUtf8Bytes(floats, format));
            Assert.Throws<JsonableException>(() => JsonableSerializer.SerializeToUtf8Bytes(new[] { floats }, format));
        }

        Assert.Throws<JsonableException>(() => floats.ToJson());
        Assert.Throws<JsonableException>(() => floats.ToJson(prettyPrint: true));
        Assert.Throws<JsonableException>(() => floats.ToJsonable());
    }

    [Theory]
    [InlineData("NaN")]
    [InlineData("Infinity")]
    [InlineData("-Infinity")]
    // A quoted "NaN" is read, as ASP.NET Core's web defaults read it (and rejected under Strict): see NumberHandlingParityTests.
    public void NonFiniteToken_Read_ThrowsJsonableException(string token)
    {
        Assert.Throws<JsonableException>(() => Floats.CreateFromJson(Encoding.UTF8.GetBytes("{\"Double\":" + token + "}")));
        Assert.Throws<JsonableException>(() => Floats.CreateFromJsonable(Encoding.UTF8.GetBytes("/*JMC1*/{\"Single\":" + token + "}")));
    }

    private static Floats Create(string member, string value)
    {
        double d = value switch
        {
            "NaN" => double.NaN,
            "+Infinity" => double.PositiveInfinity,
            _ => double.NegativeInfinity,
        };
        float f = (float)d;
        return member switch
        {
            "Double" => new Floats { Double = d },
            "Single" => new Floats { Single = f },
            "NullableDouble" => new Floats { NullableDouble = d },
            "NullableSingle" => new Floats { NullableSingle = f },
            "Doubles" => new Floats { Doubles = [1.5, d] },
            _ => new Floats { Singles = [1.5f, f] },
        };
    }
}
