using System;
using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Text.Json;

namespace Jsonable.SystemTextJson;

/// <summary>
/// Compact JSON written again through a <see cref="Utf8JsonWriter"/>, token by token, so that the writer's options decide
/// layout (indentation) and escaping exactly as System.Text.Json's serializer, which writes through one, would: used
/// where an app's JSON options ask for other bytes than the generated writer's compact ones. Shared source: the runtime's
/// converter and Jsonable.AspNetCore's problem details both replay.
/// </summary>
internal static class JsonReplay
{
    /// <summary>Writes compact JSON through <paramref name="writer"/> token by token, so its options decide layout and escaping.</summary>
    public static void Write(ReadOnlySpan<byte> json, Utf8JsonWriter writer)
    {
        var reader = new Utf8JsonReader(json);
        bool indented = writer.Options.Indented;
        ulong arrays = 0; // bit d: the container at depth d is an array (an indented writer indents a raw value only after a name)
        byte[]? rented = null;
        try
        {
            while (reader.Read())
            {
                bool typed = indented && InArray(arrays, reader.CurrentDepth);
                switch (reader.TokenType)
                {
                    case JsonTokenType.StartObject: Mark(ref arrays, reader.CurrentDepth, array: false); writer.WriteStartObject(); break;
                    case JsonTokenType.EndObject: writer.WriteEndObject(); break;
                    case JsonTokenType.StartArray: Mark(ref arrays, reader.CurrentDepth, array: true); writer.WriteStartArray(); break;
                    case JsonTokenType.EndArray: writer.WriteEndArray(); break;
                    case JsonTokenType.PropertyName: writer.WritePropertyName(Unescaped(ref reader, ref rented)); break;
                    case JsonTokenType.String when !reader.ValueIsEscaped && IsDateWithOffset(reader.ValueSpan):
                        // System.Text.Json writes dates without its encoder: "+02:00" stays as it is under every encoder.
                        if (typed && reader.TryGetDateTimeOffset(out DateTimeOffset date))
                        {
                            writer.WriteStringValue(date);
                        }
                        else
                        {
                            writer.WriteRawValue(json.Slice(checked((int)reader.TokenStartIndex), reader.ValueSpan.Length + 2), skipInputValidation: true);
                        }

                        break;
                    case JsonTokenType.String: writer.WriteStringValue(Unescaped(ref reader, ref rented)); break;
                    case JsonTokenType.Number:
                        if (!typed || !TryWriteNumber(writer, reader.ValueSpan))
                        {
                            writer.WriteRawValue(reader.ValueSpan, skipInputValidation: true);
                        }

                        break;
                    case JsonTokenType.True: writer.WriteBooleanValue(true); break;
                    case JsonTokenType.False: writer.WriteBooleanValue(false); break;
                    case JsonTokenType.Null: writer.WriteNullValue(); break;
                }
            }
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }
    }

    private static bool InArray(ulong arrays, int depth) => depth is > 0 and <= 64 && (arrays & (1UL << (depth - 1))) != 0;

    private static void Mark(ref ulong arrays, int depth, bool array)
    {
        if (depth < 64)
        {
            arrays = array ? arrays | (1UL << depth) : arrays & ~(1UL << depth);
        }
    }

    /// <summary>
    /// Writes the number <paramref name="text"/> as a typed value (which an indented writer places on its own line), when
    /// System.Text.Json writes that value as exactly this text: integers, decimals without an exponent, doubles and
    /// floats in their shortest form. False for any other spelling, which the caller writes raw.
    /// </summary>
    private static bool TryWriteNumber(Utf8JsonWriter writer, ReadOnlySpan<byte> text)
    {
        Span<byte> formatted = stackalloc byte[64];
        int written;
        if (text.IndexOfAny((byte)'e', (byte)'E') < 0)
        {
            if (text.IndexOf((byte)'.') < 0 && Utf8Parser.TryParse(text, out long integer, out int read) && read == text.Length
                && Utf8Formatter.TryFormat(integer, formatted, out written) && formatted[..written].SequenceEqual(text))
            {
                writer.WriteNumberValue(integer);
                return true;
            }

            if (Utf8Parser.TryParse(text, out decimal number, out read) && read == text.Length
                && Utf8Formatter.TryFormat(number, formatted, out written) && formatted[..written].SequenceEqual(text))
            {
                writer.WriteNumberValue(number);
                return true;
            }

            return false;
        }

        if (double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double real)
            && real.TryFormat(formatted, out written, default, CultureInfo.InvariantCulture) && formatted[..written].SequenceEqual(text))
        {
            writer.WriteNumberValue(real);
            return true;
        }

        if (float.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out float single)
            && single.TryFormat(formatted, out written, default, CultureInfo.InvariantCulture) && formatted[..written].SequenceEqual(text))
        {
            writer.WriteNumberValue(single);
            return true;
        }

        return false;
    }

    /// <summary>
    /// Whether <paramref name="text"/> has the shape of a date and time with a positive offset as System.Text.Json
    /// writes them (<c>2024-01-02T03:04:05.1234567+02:00</c>), the one value it writes unescaped that holds a character
    /// (<c>+</c>) an encoder may escape. A string member holding exactly such text is written unescaped too.
    /// </summary>
    public static bool IsDateWithOffset(ReadOnlySpan<byte> text)
    {
        if (text.Length < 25 || text[4] != (byte)'-' || text[7] != (byte)'-' || text[10] != (byte)'T' || text[^6] != (byte)'+' || text[^3] != (byte)':')
        {
            return false;
        }

        foreach (byte b in text)
        {
            if (b is not ((>= (byte)'0' and <= (byte)'9') or (byte)'-' or (byte)':' or (byte)'.' or (byte)'T' or (byte)'+'))
            {
                return false;
            }
        }

        return true;
    }

    private static ReadOnlySpan<byte> Unescaped(ref Utf8JsonReader reader, ref byte[]? rented)
    {
        if (!reader.ValueIsEscaped)
        {
            return reader.ValueSpan;
        }

        // Unescaped text is never longer than its escaped form.
        if (rented is null || rented.Length < reader.ValueSpan.Length)
        {
            if (rented is not null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }

            rented = ArrayPool<byte>.Shared.Rent(reader.ValueSpan.Length);
        }

        int length = reader.CopyString(rented);
        return rented.AsSpan(0, length);
    }
}
