namespace Jsonable;

/// <summary>netstandard2.0 stand-in for the members of <c>System.Numerics.BitOperations</c> (.NET Core 3.0+) used here.</summary>
internal static class BitOperations
{
    public static int TrailingZeroCount(uint value)
    {
        if (value == 0)
        {
            return 32;
        }

        int n = 0;
        while ((value & 1) == 0)
        {
            value >>= 1;
            n++;
        }

        return n;
    }

    public static int TrailingZeroCount(ulong value) =>
        (uint)value != 0 ? TrailingZeroCount((uint)value) : 32 + TrailingZeroCount((uint)(value >> 32));

    public static int LeadingZeroCount(ulong value)
    {
        if (value == 0)
        {
            return 64;
        }

        int n = 0;
        while ((value & 0x8000_0000_0000_0000UL) == 0)
        {
            value <<= 1;
            n++;
        }

        return n;
    }

    public static int PopCount(ulong value)
    {
        value -= (value >> 1) & 0x5555555555555555UL;
        value = (value & 0x3333333333333333UL) + ((value >> 2) & 0x3333333333333333UL);
        value = (value + (value >> 4)) & 0x0F0F0F0F0F0F0F0FUL;
        return (int)((value * 0x0101010101010101UL) >> 56);
    }
}
