using System;

namespace Jsonable;

/// <summary>netstandard2.0 stand-in for the members of <c>System.Text.Ascii</c> (.NET 8+) used here.</summary>
internal static class Ascii
{
    public static bool IsValid(ReadOnlySpan<byte> value)
    {
        foreach (byte b in value)
        {
            if (b >= 0x80)
            {
                return false;
            }
        }

        return true;
    }

    public static bool IsValid(ReadOnlySpan<char> value)
    {
        foreach (char c in value)
        {
            if (c >= 0x80)
            {
                return false;
            }
        }

        return true;
    }

    public static bool EqualsIgnoreCase(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        if (left.Length != right.Length)
        {
            return false;
        }

        for (int i = 0; i < left.Length; i++)
        {
            if (!EqualsIgnoreCase(left[i], right[i]))
            {
                return false;
            }
        }

        return true;
    }

    public static bool EqualsIgnoreCase(ReadOnlySpan<byte> left, ReadOnlySpan<char> right)
    {
        if (left.Length != right.Length)
        {
            return false;
        }

        for (int i = 0; i < left.Length; i++)
        {
            if (!EqualsIgnoreCase(left[i], right[i]))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Whether two ASCII characters are equal ignoring case; false when either is not ASCII.</summary>
    private static bool EqualsIgnoreCase(uint a, uint b) =>
        a == b || (a < 0x80 && b < 0x80 && (a | 0x20) == (b | 0x20) && (uint)((a | 0x20) - 'a') <= 'z' - 'a');
}
