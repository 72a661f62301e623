using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Jsonable.Internal;

namespace Jsonable.Runtime.Tests.Writing;

/// <summary>
/// <see cref="IntegerFormatter"/> writes exactly what <c>long.ToString</c>/<c>ulong.ToString</c> write with the invariant
/// culture, for every digit count and both sides of each power of ten (where its digit counting and its 32-bit
/// eight-digits-at-once path change), and never touches a byte past <see cref="IntegerFormatter.MaxLength"/>.
/// </summary>
public class IntegerFormatterTests
{
    private const byte Sentinel = 0xEE;

    public static IEnumerable<object[]> Edges()
    {
        var values = new SortedSet<ulong> { 0, 1, 9, uint.MaxValue - 1, uint.MaxValue, (ulong)uint.MaxValue + 1, long.MaxValue, (ulong)long.MaxValue + 1, ulong.MaxValue - 1, ulong.MaxValue };
        for (ulong power = 1; ; power *= 10)
        {
            values.Add(power - 1);
            values.Add(power);
            values.Add(power + 1);
            if (power > ulong.MaxValue / 10)
            {
                break;
            }
        }

        foreach (ulong value in values)
        {
            yield return [value];
        }
    }

    [Theory]
    [MemberData(nameof(Edges))]
    public void Unsigned_AtEveryPowerOfTen_IsWhatToStringWrites(ulong value) =>
        Assert.Equal(value.ToString(CultureInfo.InvariantCulture), FormatUnsigned(value));

    [Theory]
    [MemberData(nameof(Edges))]
    public void Signed_AtEveryPowerOfTen_BothSigns_IsWhatToStringWrites(ulong magnitude)
    {
        long value = (long)Math.Min(magnitude, long.MaxValue);
        Assert.Equal(value.ToString(CultureInfo.InvariantCulture), FormatSigned(value));
        Assert.Equal((-value).ToString(CultureInfo.InvariantCulture), FormatSigned(-value));
    }

    [Fact]
    public void Signed_MinValue_IsWhatToStringWrites() =>
        Assert.Equal(long.MinValue.ToString(CultureInfo.InvariantCulture), FormatSigned(long.MinValue));

    [Fact]
    public void RandomValues_OfEveryBitLength_AreWhatToStringWrites()
    {
        var random = new Random(20261126);
        Span<byte> bytes = stackalloc byte[8];
        for (int i = 0; i < 20_000; i++)
        {
            random.NextBytes(bytes);
            ulong value = BitConverter.ToUInt64(bytes) >> random.Next(64); // every bit length, not just 64-bit values
            Assert.Equal(value.ToString(CultureInfo.InvariantCulture), FormatUnsigned(value));
            Assert.Equal(((long)value).ToString(CultureInfo.InvariantCulture), FormatSigned((long)value));
        }
    }

    private static string FormatUnsigned(ulong value)
    {
        byte[] buffer = NewBuffer();
        int n = IntegerFormatter.Format(value, ref buffer[0]);
        return Finish(buffer, n);
    }

    private static string FormatSigned(long value)
    {
        byte[] buffer = NewBuffer();
        int n = IntegerFormatter.Format(value, ref buffer[0]);
        return Finish(buffer, n);
    }

    private static byte[] NewBuffer()
    {
        byte[] buffer = new byte[IntegerFormatter.MaxLength + 8];
        buffer.AsSpan().Fill(Sentinel);
        return buffer;
    }

    private static string Finish(byte[] buffer, int n)
    {
        // The formatter may overwrite bytes past the number within MaxLength (the writer writes over them next), never beyond.
        Assert.All(buffer[IntegerFormatter.MaxLength..], b => Assert.Equal(Sentinel, b));
        return Encoding.ASCII.GetString(buffer, 0, n);
    }
}
