using System.Buffers;

namespace System.Text.Unicode;

/// <summary>
/// netstandard2.0 stand-in for <c>System.Text.Unicode.Utf8</c> (.NET Core 3.0+), with its strictness: overlong forms,
/// surrogate code points (ED A0..BF), values above U+10FFFF and truncated sequences are invalid. Scalar, through
/// pointers (Mono's JIT calls the portable span's indexer for every element).
/// </summary>
internal static unsafe class Utf8
{
    public static bool IsValid(ReadOnlySpan<byte> value)
    {
        fixed (byte* p = value)
        {
            int i = 0;
            while (i < value.Length)
            {
                if (p[i] < 0x80)
                {
                    i++;
                    continue;
                }

                int n = Decode(p + i, value.Length - i, out _);
                if (n <= 0)
                {
                    return false;
                }

                i += n;
            }
        }

        return true;
    }

    public static OperationStatus ToUtf16(ReadOnlySpan<byte> source, Span<char> destination, out int bytesRead, out int charsWritten, bool replaceInvalidSequences = true, bool isFinalBlock = true)
    {
        fixed (byte* src = source)
        fixed (char* dest = destination)
        {
            return ToUtf16(src, source.Length, dest, destination.Length, out bytesRead, out charsWritten, replaceInvalidSequences);
        }
    }

    private static OperationStatus ToUtf16(byte* source, int sourceLength, char* destination, int destinationLength, out int bytesRead, out int charsWritten, bool replaceInvalidSequences)
    {
        int i = 0, w = 0;
        while (i < sourceLength)
        {
            byte b = source[i];
            if (b < 0x80)
            {
                if (w >= destinationLength)
                {
                    bytesRead = i;
                    charsWritten = w;
                    return OperationStatus.DestinationTooSmall;
                }

                destination[w++] = (char)b;
                i++;
                continue;
            }

            int n = Decode(source + i, sourceLength - i, out int scalar);
            if (n <= 0)
            {
                if (!replaceInvalidSequences)
                {
                    bytesRead = i;
                    charsWritten = w;
                    return OperationStatus.InvalidData;
                }

                scalar = 0xFFFD;
                n = Math.Max(-n, 1);
            }

            int needed = scalar >= 0x10000 ? 2 : 1;
            if (w + needed > destinationLength)
            {
                bytesRead = i;
                charsWritten = w;
                return OperationStatus.DestinationTooSmall;
            }

            if (needed == 2)
            {
                scalar -= 0x10000;
                destination[w++] = (char)(0xD800 + (scalar >> 10));
                destination[w++] = (char)(0xDC00 + (scalar & 0x3FF));
            }
            else
            {
                destination[w++] = (char)scalar;
            }

            i += n;
        }

        bytesRead = i;
        charsWritten = w;
        return OperationStatus.Done;
    }

    public static OperationStatus FromUtf16(ReadOnlySpan<char> source, Span<byte> destination, out int charsRead, out int bytesWritten, bool replaceInvalidSequences = true, bool isFinalBlock = true)
    {
        fixed (char* src = source)
        fixed (byte* dest = destination)
        {
            return FromUtf16(src, source.Length, dest, destination.Length, out charsRead, out bytesWritten, replaceInvalidSequences);
        }
    }

    private static OperationStatus FromUtf16(char* source, int sourceLength, byte* destination, int destinationLength, out int charsRead, out int bytesWritten, bool replaceInvalidSequences)
    {
        int i = 0, w = 0;
        while (i < sourceLength)
        {
            int scalar = source[i];
            int consumed = 1;
            if (scalar >= 0xD800 && scalar <= 0xDFFF)
            {
                if (scalar <= 0xDBFF && i + 1 < sourceLength && source[i + 1] >= 0xDC00 && source[i + 1] <= 0xDFFF)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (source[i + 1] - 0xDC00);
                    consumed = 2;
                }
                else if (replaceInvalidSequences)
                {
                    scalar = 0xFFFD;
                }
                else
                {
                    charsRead = i;
                    bytesWritten = w;
                    return OperationStatus.InvalidData;
                }
            }

            int needed = scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4;
            if (w + needed > destinationLength)
            {
                charsRead = i;
                bytesWritten = w;
                return OperationStatus.DestinationTooSmall;
            }

            switch (needed)
            {
                case 1:
                    destination[w] = (byte)scalar;
                    break;
                case 2:
                    destination[w] = (byte)(0xC0 | (scalar >> 6));
                    destination[w + 1] = (byte)(0x80 | (scalar & 0x3F));
                    break;
                case 3:
                    destination[w] = (byte)(0xE0 | (scalar >> 12));
                    destination[w + 1] = (byte)(0x80 | ((scalar >> 6) & 0x3F));
                    destination[w + 2] = (byte)(0x80 | (scalar & 0x3F));
                    break;
                default:
                    destination[w] = (byte)(0xF0 | (scalar >> 18));
                    destination[w + 1] = (byte)(0x80 | ((scalar >> 12) & 0x3F));
                    destination[w + 2] = (byte)(0x80 | ((scalar >> 6) & 0x3F));
                    destination[w + 3] = (byte)(0x80 | (scalar & 0x3F));
                    break;
            }

            w += needed;
            i += consumed;
        }

        charsRead = i;
        bytesWritten = w;
        return OperationStatus.Done;
    }

    /// <summary>Decodes one scalar: returns its byte length, or minus the length of the maximal invalid subpart (at least 1).</summary>
    private static int Decode(byte* s, int length, out int scalar)
    {
        byte b0 = s[0];
        scalar = b0;
        if (b0 < 0x80)
        {
            return 1;
        }

        int needed;
        int min;
        if ((b0 & 0xE0) == 0xC0)
        {
            needed = 2;
            min = 0x80;
            scalar = b0 & 0x1F;
        }
        else if ((b0 & 0xF0) == 0xE0)
        {
            needed = 3;
            min = 0x800;
            scalar = b0 & 0x0F;
        }
        else if ((b0 & 0xF8) == 0xF0)
        {
            needed = 4;
            min = 0x10000;
            scalar = b0 & 0x07;
        }
        else
        {
            return -1;
        }

        for (int k = 1; k < needed; k++)
        {
            if (k >= length || (s[k] & 0xC0) != 0x80)
            {
                return -k;
            }

            scalar = (scalar << 6) | (s[k] & 0x3F);
        }

        if (scalar < min || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF))
        {
            return -1;
        }

        return needed;
    }
}
