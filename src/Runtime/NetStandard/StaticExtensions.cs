using System;
using System.Buffers;
using System.Collections.Generic;
using System.Reflection;
using System.Threading.Tasks;

namespace Jsonable;

/// <summary>
/// netstandard2.0 stand-ins, as extension members, for the .NET 5-10 members the shared code calls: the call sites stay
/// as they are on net10.0 (where the real members win), and here resolve to these.
/// </summary>
internal static class StaticExtensions
{
    extension(ArgumentNullException)
    {
        public static void ThrowIfNull(object? argument, [System.Runtime.CompilerServices.CallerArgumentExpression(nameof(argument))] string? paramName = null)
        {
            if (argument is null)
            {
                throw new ArgumentNullException(paramName);
            }
        }
    }

    extension(ArgumentOutOfRangeException)
    {
        public static void ThrowIfNegative(int value, [System.Runtime.CompilerServices.CallerArgumentExpression(nameof(value))] string? paramName = null)
        {
            if (value < 0)
            {
                throw new ArgumentOutOfRangeException(paramName, value, $"{paramName} ('{value}') must be a non-negative value.");
            }
        }
    }

    extension(double)
    {
        public static bool IsFinite(double d) => d - d == 0; // NaN for NaN and the infinities: one comparison, no calls
    }

    extension(float)
    {
        public static bool IsFinite(float f) => f - f == 0;
    }

    extension(char)
    {
        public static bool IsAsciiDigit(char c) => (uint)(c - '0') <= 9;

        public static bool IsAsciiLetterOrDigit(char c) => (uint)(c - '0') <= 9 || (uint)((c | 0x20) - 'a') <= 'z' - 'a';
    }

    extension(BitConverter)
    {
        public static int SingleToInt32Bits(float value) => System.Runtime.CompilerServices.Unsafe.As<float, int>(ref value);
    }

    extension(decimal d)
    {
        public byte Scale => (byte)((decimal.GetBits(d)[3] >> 16) & 0xFF);
    }

    extension(Type type)
    {
        public bool IsSZArray => type.IsArray && type == type.GetElementType()!.MakeArrayType();
    }

    extension(Array)
    {
        /// <summary>The largest length of a byte array (.NET's <c>Array.MaxLength</c>).</summary>
        public static int MaxLength => 0x7FFFFFC7;
    }

    extension(System.Runtime.CompilerServices.RuntimeHelpers)
    {
        /// <summary>Conservative: true for anything but a primitive or an enum, so pooled arrays are cleared when in doubt.</summary>
        public static bool IsReferenceOrContainsReferences<T>() => !typeof(T).IsPrimitive && !typeof(T).IsEnum;
    }

    extension(ValueTask)
    {
        public static ValueTask CompletedTask => default;
    }

    extension<T>(Stack<T> stack)
    {
        public bool TryPop(out T result)
        {
            if (stack.Count == 0)
            {
                result = default!;
                return false;
            }

            result = stack.Pop();
            return true;
        }
    }

    extension<T>(IEnumerable<T> values)
    {
        public bool TryGetNonEnumeratedCount(out int count)
        {
            switch (values)
            {
                case ICollection<T> c:
                    count = c.Count;
                    return true;
                case IReadOnlyCollection<T> r:
                    count = r.Count;
                    return true;
                case System.Collections.ICollection c:
                    count = c.Count;
                    return true;
                default:
                    count = 0;
                    return false;
            }
        }
    }

    extension(ReadOnlySpan<char> span)
    {
        public bool ContainsAnyExceptInRange(char low, char high)
        {
            foreach (char c in span)
            {
                if ((uint)(c - low) > (uint)(high - low))
                {
                    return true;
                }
            }

            return false;
        }
    }

    extension(ReadOnlySequence<byte> sequence)
    {
        public ReadOnlySpan<byte> FirstSpan => sequence.First.Span;
    }

    extension(System.Text.Encoding)
    {
        /// <summary>ISO-8859-1: each byte is the char of the same value.</summary>
        public static System.Text.Encoding Latin1 => s_latin1;
    }

    private static readonly System.Text.Encoding s_latin1 = System.Text.Encoding.GetEncoding(28591);
}
